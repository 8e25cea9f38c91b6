import { readFileSync } from 'node:fs';

/**
 * The path a built web module is served at (`/assets/<hash>.js`), found in the build's manifest by its source
 * (`src/community/PostDetailPage.tsx`): the app's chunks are named by their hash alone (web/vite.config.ts).
 */
export function builtChunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the web build's manifest (run npm run build)`);
  return `/${chunk.file}`;
}
