import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERSISTED_OPERATIONS_PATH } from '../gateway/src/server/persisted-file.js';

/**
 * relay-compiler with persisted queries writes the id and text of each operation it (re)generates into the
 * map the gateway accepts, and only into a file that already exists. The map is generated output, never
 * committed: when it is missing, the artifacts go too, so every operation is generated and persisted again.
 */
const ARTIFACTS = 'web/src/__generated__';
if (!existsSync(PERSISTED_OPERATIONS_PATH)) {
  for (const file of existsSync(ARTIFACTS) ? readdirSync(ARTIFACTS) : []) {
    if (file.endsWith('.graphql.ts')) rmSync(join(ARTIFACTS, file));
  }
  writeFileSync(PERSISTED_OPERATIONS_PATH, '{}\n');
}
const result = spawnSync('relay-compiler', process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
