import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

let loaded: Promise<Blob | undefined> | undefined;

/** The run's seeded store, built by `seeded-template-setup.ts` (read once per test process), or undefined where no global setup built one. */
export function seededTemplate(): Promise<Blob | undefined> {
  loaded ??= (async () => {
    const file = inject('seededPgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return loaded;
}
