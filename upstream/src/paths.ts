import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const upstreamRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Committed SQL migrations written by `npm run db:generate`. */
export const MIGRATIONS_FOLDER = resolve(upstreamRoot, 'drizzle');
/** Demo pictures served under /media. */
export const ASSETS_DIR = resolve(upstreamRoot, 'assets');
