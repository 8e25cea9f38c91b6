// Lint rules that keep the layers apart (see README, "Where things live") and the code free of import cycles.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const gatewayAreas = ['community', 'accounts', 'items', 'messaging', 'stories'];

/** domain/ is the ground; upstream/, gateway/ and web/ stand on it and never import each other. */
const layers = [
  { target: './domain', from: ['./upstream', './gateway', './web'], message: 'domain/ imports no other layer.' },
  { target: './upstream', from: ['./gateway', './web'], message: 'upstream/ imports only domain/.' },
  { target: './gateway', from: ['./upstream', './web'], message: 'gateway/ imports only domain/: it reaches the upstream over HTTP.' },
  { target: './web', from: ['./upstream', './gateway'], message: 'web/ imports only domain/: it reaches the gateway over HTTP.' },
  // The GraphQL kit knows no area; the area modules use it (graphql/schema.ts, which assembles them, is the exception).
  { target: './gateway/src/graphql', from: './gateway/src/modules', except: [], message: 'graphql/ is the kit every module uses; it imports no module.' },
  // Each area module imports the kit and its own files, never another area: types several areas use are declared in graphql/refs.ts.
  ...gatewayAreas.map((area) => ({
    target: `./gateway/src/modules/${area}`,
    from: './gateway/src/modules',
    except: [`./${area}`],
    message: `modules/${area} imports no other area; a type several areas use belongs in graphql/refs.ts.`,
  })),
  // Modules reach the server's pieces through the context (typed in graphql/context.ts).
  {
    target: './gateway/src/modules',
    from: './gateway/src/server',
    message: 'A module uses what the server provides through the context (graphql/context.ts).',
  },
  // The web's small kit (ui/) knows no feature: screens use it, never the other way round.
  {
    target: './web/src/ui',
    from: ['./web/src/community', './web/src/accounts', './web/src/items', './web/src/messaging', './web/src/stories'],
    message: 'ui/ imports no area folder.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', '**/__generated__/**', 'web/src/app/relay/bundle/**', 'gateway/persisted-operations.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: { project: ['tsconfig.json', 'web/tsconfig.json'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      // A `let` read by a closure before its one assignment (a server's sockets, wired after its routes) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['gateway/src/graphql/schema.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
