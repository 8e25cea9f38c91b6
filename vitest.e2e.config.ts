import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    // One migrated, seeded demo store per run, which every seeded upstream a test starts is loaded from.
    globalSetup: ['tests/helpers/seeded-template-setup.ts'],
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at once (each its own stack and Chromium, on port 0): most of a browser test is waiting on a screen.
    maxWorkers: 2,
    // As in the unit suite (vitest.config.ts): a worker keeps the modules it loaded from file to file.
    isolate: false,
    // A screen in Chromium on a busy 2-core machine can take more than expect.poll's default second to settle.
    expect: { poll: { timeout: 10_000 } },
  },
});
