import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TracerProvider } from '@opentelemetry/api';
import pg from 'pg';
import { buildUpstream, issueToken, type MailSettings } from '../../upstream/src/app.js';
import type { Database } from '../../upstream/src/db/client.js';
import type { MediaStore } from '../../upstream/src/uploads/store.js';
import type { SweepTiming } from '../../upstream/src/uploads/sweeps.js';
import { seededTemplate } from './seeded-template.js';
import type { FastifyBaseLogger } from 'fastify';

export type Backend = 'pglite' | 'postgres';

export interface StartUpstreamOptions {
  /** Fill the new database with the demo community (default true). */
  seed?: boolean;
  /** `postgres` needs TEST_DATABASE_URL; default `pglite` (in memory). */
  backend?: Backend;
  /** The upstream's public address for media URLs (default: root-relative `/media/...`). */
  publicUrl?: string;
  /** Account mail settings (default: `.eml` files in a temporary folder, `mailDir`). */
  mail?: MailSettings;
  /** Where the upstream's server spans go (default: no tracing). */
  tracerProvider?: TracerProvider;
  /** Where the upstream's JSON log lines go (default: no logging), at `logLevel` (default `info`). */
  logStream?: { write(line: string): void };
  logLevel?: string;
  /** When the upstream sweeps unused uploads (default: as in production, the first sweep a minute after the start; `false`: never). */
  unusedUploadsSweep?: SweepTiming | false;
}

export interface RunningUpstream {
  /** http://127.0.0.1:<port> */
  url: string;
  db: Database;
  /** The folder uploads are written to. */
  mediaDir: string;
  /** The upstream's media store, and its logger: for calling its periodic work (the unused-upload sweep) directly. */
  media: MediaStore;
  log: FastifyBaseLogger;
  /** The folder account mails are written to as `.eml` files (a temporary one; `tests/helpers/mail.ts` reads them); '' with SMTP. */
  mailDir: string;
  issueToken(userId: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The stores to run the upstream suites against: always the embedded PGlite, plus PostgreSQL when
 * TEST_DATABASE_URL is set (a server that is then unreachable fails the suite, it is never skipped).
 */
export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Starts the real upstream on a free port: in-memory PGlite, or on PostgreSQL in a schema of its own
 * (dropped on stop), so test files never see each other's data.
 */
export async function startUpstream(options: StartUpstreamOptions = {}): Promise<RunningUpstream> {
  const postgres = options.backend === 'postgres' ? postgresTarget() : null;
  const seed = options.seed ?? true;
  const upstream = await buildUpstream({
    seed,
    dataDir: 'memory://',
    pgliteTemplate: seed && !postgres ? await seededTemplate() : undefined,
    publicUrl: options.publicUrl,
    mail: options.mail,
    tracerProvider: options.tracerProvider,
    logStream: options.logStream,
    logLevel: options.logLevel,
    unusedUploadsSweep: options.unusedUploadsSweep,
    ...(postgres ? { databaseUrl: postgres.databaseUrl, databaseSchema: postgres.schema } : {}),
  });
  try {
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await upstream.close();
    if (postgres) await postgres.drop();
    throw error;
  }
  const { port } = upstream.app.server.address() as AddressInfo;
  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}`,
    db: upstream.db,
    mediaDir: upstream.mediaDir,
    media: upstream.media,
    log: upstream.app.log,
    mailDir: upstream.mailDir ?? '',
    issueToken: (userId) => issueToken(upstream.db, userId),
    async stop() {
      if (stopped) return;
      stopped = true;
      await upstream.close();
      if (postgres) await postgres.drop();
    },
  };
}

/** `startUpstream` for the enclosing suite (file or describe block): started before its first test, stopped after its last. */
export function useUpstream(options: StartUpstreamOptions = {}): RunningUpstream {
  const upstream = {} as RunningUpstream;
  beforeAll(async () => void Object.assign(upstream, await startUpstream(options)), 60_000);
  afterAll(async () => upstream.stop?.());
  return upstream;
}

export interface PostgresTarget {
  databaseUrl: string;
  schema: string;
  drop(): Promise<void>;
}

/** A fresh schema name on the TEST_DATABASE_URL server (the upstream creates it), and how to drop it. */
export function postgresTarget(): PostgresTarget {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: the postgres backend needs a PostgreSQL server');
  const schema = `upstream_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  return {
    databaseUrl,
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
