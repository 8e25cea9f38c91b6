import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { PERSISTED_OPERATIONS_PATH } from '../gateway/src/persisted-file.js';

/**
 * relay-compiler with persisted queries writes each operation's id and text into the map the gateway
 * accepts, but only into a file that already exists. The map is generated output, never committed.
 */
if (!existsSync(PERSISTED_OPERATIONS_PATH)) writeFileSync(PERSISTED_OPERATIONS_PATH, '{}\n');
const result = spawnSync('relay-compiler', process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
