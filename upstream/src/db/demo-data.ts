import { DEMO_MEMBERS } from './seed-data.js';

/** What the start did about the demo data, for its one log line. */
export type DemoDataOutcome = 'loaded' | 'kept' | 'off';

export const DEMO_DATA_LOG: Record<DemoDataOutcome, string> = {
  loaded: `demo data loaded into the empty database: ${DEMO_MEMBERS.length} demo members, staff among them (DEMO_DATA=false keeps a database empty)`,
  kept: 'demo data not loaded: the database already holds data',
  off: 'demo data not loaded (DEMO_DATA is false; the default with DATABASE_URL)',
};
