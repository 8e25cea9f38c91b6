import { z } from 'zod';
import { StartupError } from '../errors.js';
import { DEMO_MEMBERS } from './seed-data.js';

/**
 * DEMO_DATA: whether an empty database gets the demo community (16 members, staff among them, all with one known
 * password). `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`); unset leaves the choice to `buildUpstream`'s
 * default: yes for the embedded PGlite (`npm start`, a fresh machine), no with DATABASE_URL (a real database).
 * Anything else stops the start: a misspelt `false` must not seed a production database with a staff login.
 */
export function demoDataSetting(value: string | undefined): boolean | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = z.stringbool().safeParse(value.trim());
  if (!parsed.success) throw new StartupError(`DEMO_DATA must be true or false, got ${JSON.stringify(value)}`);
  return parsed.data;
}

/** What the start did about the demo data, for its one log line. */
export type DemoDataOutcome = 'loaded' | 'kept' | 'off';

export const DEMO_DATA_LOG: Record<DemoDataOutcome, string> = {
  loaded: `demo data loaded into the empty database: ${DEMO_MEMBERS.length} demo members, staff among them (DEMO_DATA=false keeps a database empty)`,
  kept: 'demo data not loaded: the database already holds data',
  off: 'demo data not loaded (DEMO_DATA is false; the default with DATABASE_URL)',
};
