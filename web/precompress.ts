import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync, type ZopfliOptions } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);

/**
 * The `.gz` files are what browsers without brotli download and what scripts/web-budget.ts counts, so they are
 * written with zopfli: about 3 % smaller than zlib's level 9 on our chunks, readable by any gzip decoder. This
 * zopfli is WebAssembly on one thread, and the build must stay quick (`npm start` runs it on a fresh clone):
 * 5 iterations (15 take twice the time for some ten bytes per file), and block splitting (0.2-1 % more) only on
 * files from 64 kB, as it costs 0.1-0.8 s per file whatever its size (on every file: +7 s).
 */
const ZOPFLI: ZopfliOptions = { numiterations: 5 };
const SPLIT_BLOCKS_FROM_BYTES = 64 * 1024;

/**
 * Writes `.br` and `.gz` beside every built script, stylesheet and page, once at build time, so the gateway's
 * static server (`preCompressed`) answers with them and never compresses per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((file) => /\.(js|css|html|svg)$/.test(file));
      const built = await Promise.all(
        [...new Set(files)].map(async (file) => {
          const path = join(outDir, file);
          return { path, content: await readFile(path) };
        }),
      );
      // Brotli runs on libuv's thread pool while zopfli (synchronous WebAssembly) takes this thread, one file at a time.
      const brotliWritten = built.map(async ({ path, content }) =>
        writeFile(`${path}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
      );
      const gzipWritten = (async () => {
        for (const { path, content } of built) {
          const gzip = await gzipAsync(content, { ...ZOPFLI, blocksplitting: content.length >= SPLIT_BLOCKS_FROM_BYTES });
          await writeFile(`${path}.gz`, gzip);
        }
      })();
      await Promise.all([...brotliWritten, gzipWritten]);
    },
  };
}
