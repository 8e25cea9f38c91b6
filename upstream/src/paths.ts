import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { up } from 'empathic/package';

/**
 * The project folder (the nearest one above this code holding package.json): the same from the sources
 * (`upstream/src`) and from the production build's bundle (`dist/server`).
 */
const here = dirname(fileURLToPath(import.meta.url));
const packageJson = up({ cwd: here });
if (!packageJson) throw new Error(`No package.json above ${here}: the server code must run inside the project folder`);
const projectRoot = dirname(packageJson);
const upstreamRoot = resolve(projectRoot, 'upstream');

/** Committed SQL migrations written by `npm run db:generate`. */
export const MIGRATIONS_FOLDER = resolve(upstreamRoot, 'drizzle');
/** Demo pictures served under /media. */
export const ASSETS_DIR = resolve(upstreamRoot, 'assets');
