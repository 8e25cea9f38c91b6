import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openStore } from '../../upstream/src/db/client.js';
import { seedIfEmpty } from '../../upstream/src/db/seed.js';

/**
 * Vitest global setup: builds the migrated, seeded demo store once per run. Every seeded in-memory upstream a test
 * starts is loaded from it instead of running PGlite's initdb, the migrations and the seed again (~2 s of CPU each,
 * about a tenth of the whole suite's).
 */
export default async function buildSeededTemplate(project: TestProject): Promise<() => Promise<void>> {
  const store = await openStore({ dataDir: 'memory://', prepare: async (db) => void (await seedIfEmpty(db)) });
  const file = join(tmpdir(), `seeded-upstream-${process.pid}.tar`);
  try {
    await writeFile(file, Buffer.from(await (await store.dump!()).arrayBuffer()));
  } finally {
    await store.close();
  }
  project.provide('seededPgliteTemplate', file);
  return () => rm(file, { force: true });
}
