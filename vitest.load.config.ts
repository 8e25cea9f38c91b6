import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** `npm run test:load`: the long load runs, apart from `npm test` (same aliases, its own files). */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['tests/load/**/*.load.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
