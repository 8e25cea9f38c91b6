import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_DATA_LOG } from '../../upstream/src/db/demo-data.js';
import { DEMO_MEMBERS } from '../../upstream/src/db/seed-data.js';
import { runUpstreamProgram, type ProgramRun } from '../helpers/upstream-program.js';

/**
 * Whether `npm run upstream` / `start:upstream` fills an empty database with the demo community (staff login
 * included): yes on the embedded PGlite, no on PostgreSQL unless DEMO_DATA=true says so.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const demoLine = (started: ProgramRun) => started.lines.filter((line) => 'demoData' in line);

it('the embedded PGlite gets the demo data by default, and says so on one line', async () => {
  const started = await runUpstreamProgram({});
  expect(started.listened, started.stderr).toBe(true);
  expect(demoLine(started)).toEqual([expect.objectContaining({ demoData: 'loaded', msg: DEMO_DATA_LOG.loaded })]);
}, 120_000);

it('a DEMO_DATA that is neither true nor false stops the start', async () => {
  const started = await runUpstreamProgram({ DEMO_DATA: 'flase' });
  expect(started.listened).toBe(false);
  expect(started.code).not.toBe(0);
  expect(started.stderr).toContain('upstream: DEMO_DATA="flase" is not usable: expected true or false');
}, 120_000);

describe.runIf(serverUrl)('on PostgreSQL (DATABASE_URL)', () => {
  async function freshDatabase(): Promise<{ url: string; members(): Promise<number> }> {
    const name = `upstream_demo_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const reader = new pg.Client({ connectionString: url.href });
    await reader.connect();
    cleanups.push(async () => {
      await reader.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
    return { url: url.href, members: async () => Number((await reader.query('select count(*) from users')).rows[0].count) };
  }

  it('an empty database stays empty unless DEMO_DATA=true asks for the demo members', async () => {
    const database = await freshDatabase();
    const plain = await runUpstreamProgram({ DATABASE_URL: database.url });
    expect(plain.listened, plain.stderr).toBe(true);
    expect(await database.members()).toBe(0);
    expect(demoLine(plain)).toEqual([expect.objectContaining({ demoData: 'off', msg: DEMO_DATA_LOG.off })]);

    const asked = await runUpstreamProgram({ DATABASE_URL: database.url, DEMO_DATA: 'true' });
    expect(asked.listened, asked.stderr).toBe(true);
    expect(await database.members()).toBe(DEMO_MEMBERS.length);
    expect(demoLine(asked)).toEqual([expect.objectContaining({ demoData: 'loaded', level: 40 })]);

    const again = await runUpstreamProgram({ DATABASE_URL: database.url, DEMO_DATA: 'true' });
    expect(demoLine(again)).toEqual([expect.objectContaining({ demoData: 'kept', msg: DEMO_DATA_LOG.kept })]);
  }, 120_000);
});
