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
    // One migrated, seeded demo store per run, which every seeded upstream a test starts is loaded from.
    globalSetup: ['tests/helpers/seeded-template-setup.ts'],
    include: ['tests/**/*.test.ts', 'domain/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one process, keeping the modules it loaded (the gateway, the
    // upstream, PGlite): loading them again for each file was half of the suite's time. Each file starts its own
    // servers on port 0 and restores what it changes (vi.stubEnv, not process.env).
    isolate: false,
    // Vitest's default on a 2-core machine is one worker; most files wait on servers and timers, so two fill it.
    maxWorkers: 2,
    // Two files share the 2 cores with their servers and PGlite: a write reaching the store can take more than
    // expect.poll's default second (a like released from a held request, a notification fanned out).
    expect: { poll: { timeout: 10_000 } },
  },
});
