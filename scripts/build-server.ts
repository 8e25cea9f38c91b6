import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

/** The server programs `npm run build` bundles into `dist/server`, by output name. */
export const SERVER_ENTRIES = {
  start: 'scripts/start.ts',
  gateway: 'gateway/src/main.ts',
  upstream: 'upstream/src/main.ts',
};

/**
 * Bundles the server code (ours only: every package stays an import of node_modules) into plain ES modules
 * that `node` runs as they are, so a production start compiles nothing. Files the code reads at run time
 * (migrations, demo pictures, the persisted-operation map, the web build) stay where they are: the code finds
 * them from the project folder. `entryPoints` other than the servers' are for the bench, which runs its peers built
 * the same way. Split into chunks, so what an entry imports by `import()` loads only then: each server's entry hears
 * the stop signals before its packages load (main.ts). Returns esbuild's account of the files and their imports.
 */
export async function buildServer(outdir = 'dist/server', entryPoints: Record<string, string> = SERVER_ENTRIES): Promise<Metafile> {
  await rm(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  return metafile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer(process.argv[2]);
