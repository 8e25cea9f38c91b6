import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Unit tests of the web client's pure rules: `npx vitest run --config web/vitest.config.ts`. */
export default defineConfig({
  resolve: {
    alias: { '@domain': `${repoRoot}domain` },
  },
  test: {
    root: repoRoot,
    include: ['web/src/**/*.test.ts'],
  },
});
