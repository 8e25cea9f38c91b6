/**
 * After `vite build`: the JavaScript a first visit to /community downloads before it can render (the entry,
 * what it preloads, the route's lazy screen and that screen's static imports), gzipped, against
 * WEB_INITIAL_JS_BUDGET_KB. Counts the `.gz` files web/precompress.ts wrote: the bytes the gateway sends to a
 * browser asking for gzip. Prints the figure; with `--enforce` a build above the budget fails.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_INITIAL_JS_BUDGET_KB } from '../domain/limits.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const distDir = join(import.meta.dirname, '..', 'dist', 'web');
const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}

export function initialJsFor(routeModules: string[]): { files: { file: string; gzipBytes: number }[]; totalKb: number } {
  const keys = new Set<string>();
  for (const key of ['index.html', ...routeModules]) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    staticClosure(key, keys);
  }
  const files = [...keys]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: statSync(join(distDir, `${file}.gz`)).size }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, totalKb: files.reduce((sum, entry) => sum + entry.gzipBytes, 0) / 1000 };
}

const { files, totalKb } = initialJsFor(['src/community/CommunityPage.tsx']);
for (const { file, gzipBytes } of files) console.log(`  ${file}: ${(gzipBytes / 1000).toFixed(2)} kB gzip`);
const met = totalKb <= WEB_INITIAL_JS_BUDGET_KB;
console.log(`web initial JS for /community: ${totalKb.toFixed(3)} kB gzip (≤ ${WEB_INITIAL_JS_BUDGET_KB} kB)${met ? '' : '  <-- over budget'}`);
if (!met && process.argv.includes('--enforce')) process.exitCode = 1;
