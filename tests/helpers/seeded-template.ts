import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openStore } from '../../upstream/src/db/client.js';

let loaded: Promise<Blob | undefined> | undefined;

/** The run's seeded store, built by `seeded-template-setup.ts` (read once per test process), or undefined where no global setup built one. */
export function seededTemplate(): Promise<Blob | undefined> {
  loaded ??= (async () => {
    const file = inject('seededPgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return loaded;
}

/**
 * A new PGlite folder holding the run's seeded store (empty where no global setup built one), for an upstream started
 * as its own program (`UPSTREAM_DATA_DIR`): it finds the migrations and the demo data done, as a restart does,
 * instead of building them again (initdb, migrations and seed: the most of a start).
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'upstream-seeded-'));
  const template = await seededTemplate();
  if (template) await (await openStore({ dataDir, pgliteTemplate: template })).close();
  return dataDir;
}
