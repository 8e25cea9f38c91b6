// Lint rules that keep the layers apart (see README, "Where things live") and the code free of import cycles.
import js from '@eslint/js';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import { parse, print } from 'graphql';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * The directives relay-compiler declares for its users (`@connection`, `@refetchable`, `@appendEdge` …), from its
 * package, without its two internal ones (`@__clientField`, `@__debug`): names starting with `__` are reserved, so a
 * schema declaring them does not build.
 */
const relayExtensions = parse(readFileSync(createRequire(import.meta.url).resolve('relay-compiler/relay-extensions.graphql'), 'utf8'));
const relayDirectives = print({
  ...relayExtensions,
  definitions: relayExtensions.definitions.filter((definition) => !definition.name?.value.startsWith('__')),
});

/**
 * graphql-eslint keeps one GraphQL config for the whole run (its first), so both uses are projects of this one: the
 * public schema on its own, and the web's documents over that schema plus Relay's client directives.
 */
const graphQLConfig = {
  projects: {
    schema: { schema: 'schema.graphql', include: 'schema.graphql' },
    web: {
      schema: ['schema.graphql', relayDirectives, 'web/graphql/relay-directives.graphql'],
      documents: 'web/src/**/*.{ts,tsx}',
      include: 'web/src/**/*.{ts,tsx}',
    },
  },
};

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
  // The web's GraphQL documents (the graphql`...` templates relay-compiler reads), checked against the schema by
  // graphql-eslint's operations-recommended set: its processor lifts each template out as a .graphql block of the file.
  { files: ['web/src/**/*.{ts,tsx}'], processor: graphqlPlugin.processor },
  {
    files: ['web/src/**/*.graphql'],
    languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig } },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/operations-recommended'].rules,
      // Relay's names, which relay-compiler enforces: an operation is `<module><Query|Mutation|Subscription>` (a hook
      // module's name starts in lower case: `useStoryMutationsDeleteStoryMutation`), a fragment `<module>_<prop>`.
      '@graphql-eslint/naming-convention': [
        'error',
        {
          VariableDefinition: 'camelCase',
          'OperationDefinition[operation=query]': { requiredPattern: /^[A-Za-z][A-Za-z0-9]*Query$/ },
          'OperationDefinition[operation=mutation]': { requiredPattern: /^[A-Za-z][A-Za-z0-9]*Mutation$/ },
          'OperationDefinition[operation=subscription]': { requiredPattern: /^[A-Za-z][A-Za-z0-9]*Subscription$/ },
          FragmentDefinition: { requiredPattern: /^[A-Za-z][A-Za-z0-9]*_[A-Za-z][A-Za-z0-9]*$/ },
        },
      ],
      // relay-compiler adds `id` to every selection of a type that has one, so asking for it by hand is noise (the
      // rule's own documentation says so for Relay).
      '@graphql-eslint/require-selections': 'off',
      // graphql-js's rules know nothing of Relay's fragment arguments: `@argumentDefinitions(count: …)` takes any
      // argument names, and a fragment's `$count` is defined by it, not by the operation. relay-compiler checks
      // arguments and variables with Relay's rules on every `npm run relay` (typecheck, build), so nothing goes unchecked.
      '@graphql-eslint/known-argument-names': 'off',
      '@graphql-eslint/no-undefined-variables': 'off',
      // Relay's client field `__id` (a connection record's id, for @appendEdge/@deleteEdge) is in no schema and no
      // schema may declare it; relay-compiler checks every other field on every `npm run relay`.
      '@graphql-eslint/fields-on-correct-type': 'off',
      // The depth that matters is the gateway's limit (GRAPHQL_LIMITS in domain/limits.ts), which every web operation
      // meets in the browser tests; threads of replies to replies are deeper than the rule's default of 7.
      '@graphql-eslint/selection-set-depth': 'off',
    },
  },
  // The public schema, linted as a public-API reviewer would: graphql-eslint's schema-recommended and relay sets.
  {
    files: ['schema.graphql'],
    languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig } },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      ...graphqlPlugin.configs['flat/schema-relay'].rules,
      // Stricter than the recommended set (types and root fields only): every field, argument, input field and enum value.
      '@graphql-eslint/require-description': [
        'error',
        { types: true, rootField: true, DirectiveDefinition: true, FieldDefinition: true, InputValueDefinition: true, EnumValueDefinition: true },
      ],
      '@graphql-eslint/strict-id-in-types': [
        'error',
        {
          exceptions: {
            // The shapes around a thing, not things: mutation payloads and results, connections and edges, errors.
            suffixes: ['Payload', 'Result', 'Success', 'Connection', 'Edge', 'Error'],
            types: [
              'PageInfo',
              'ValidationIssue',
              // Values with no identity of their own: a relation to a user, counts, settings, a sprite frame, a place.
              'BlockedUser',
              'CloseFriendCandidate',
              'HiddenStoryMember',
              'ItemSprite',
              'LoginProvider',
              'NotificationChannelSettings',
              'NotificationCount',
              'NotificationSettings',
              'NotificationStats',
              'PasswordResetLink',
              'QuietHours',
              'StoryLocation',
              'StoryStats',
              'UserPreferences',
              'UserStats',
              'WishStats',
              'WishStatsEntry',
              // Upstream rows known by their `databaseId` that no client refetches on their own (not Nodes).
              'Activity',
              'Badge',
              'InquiryAttachment',
              'InquiryPerson',
              'NotificationSender',
              'StoryView',
              // What a subscription tells happened, around the things it names.
              'ReplyAdded',
            ],
          },
        },
      ],
      // Lists of plain values (a post's images, a category list) are not connections: the default allows only edges in
      // lists. Connections over relations (a blocked user and when, a story's viewer and how long) list values that
      // carry the User node inside and have no identity to refetch, so their edges' nodes need not be Nodes.
      '@graphql-eslint/relay-edge-types': ['error', { listTypeCanWrapOnlyEdgeType: false, shouldImplementNode: false }],
      // The rule cannot tell a deprecated field from a new one, and the old names (`Post.postType`, `Activity.activityId`,
      // `Item.itemType`, `Wish.wishType`) stay, deprecated, until their removal date (docs/schema-changes.md). The same
      // rule with that one exception is tests/schema/field-names.test.ts: a field named after its type must be deprecated.
      '@graphql-eslint/no-typename-prefix': 'off',
    },
  },
);
