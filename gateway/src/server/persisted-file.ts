import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { up } from 'empathic/package';

/** The project folder (the nearest one above this code holding package.json), from the sources or the built bundle in dist/server. */
const here = dirname(fileURLToPath(import.meta.url));
const packageJson = up({ cwd: here });
if (!packageJson) throw new Error(`No package.json above ${here}: the server code must run inside the project folder`);
const projectRoot = dirname(packageJson);

/** The persisted-operation map relay-compiler generates (`persistConfig.file` in relay.config.js names the same file). */
export const PERSISTED_OPERATIONS_PATH = resolve(projectRoot, 'gateway', 'persisted-operations.json');
