import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS and ESM builds; load one so schema objects come from one realm.
    alias: [
      { find: /^graphql$/, replacement: 'graphql/index.js' },
      { find: /^@domain\//, replacement: fileURLToPath(new URL('./domain/', import.meta.url)) },
    ],
  },
  test: {
    include: ['tests/**/*.test.ts', 'domain/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
