import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** `npm run test:chaos`: the fleet behind HAProxy with its dependencies failing (its own processes, one file at a time). */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['tests/chaos/**/*.chaos.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
