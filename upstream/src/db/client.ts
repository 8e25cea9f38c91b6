import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DATABASE_CONNECT_TIMEOUT_MS } from '../../../domain/limits.js';
import { StartupError } from '../errors.js';
import { MIGRATIONS_FOLDER } from '../paths.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** One query layer for both stores: PGlite and node-postgres share the pg-core database type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface StoreOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /**
   * PostgreSQL only: keep every table (and the migration journal) in this schema instead of `public`,
   * so several instances can share one database. Created when missing.
   */
  databaseSchema?: string;
  /** PGlite data directory, `memory://` for an in-memory database. */
  dataDir?: string;
  /**
   * PGlite only: a data directory dumped by PGlite's `dumpDataDir` to start the store from (already migrated and
   * seeded, say), so the migrations and `prepare` find their work done instead of building the database again.
   */
  pgliteTemplate?: Blob;
  /** Called with every SQL statement sent (diagnostics and query-count tests). */
  onQuery?: (query: string, params: unknown[]) => void;
  /**
   * Runs after the migrations and, on PostgreSQL, still under their lock (the demo seed): a process starting
   * beside another on the same empty database waits, then finds the work done.
   */
  prepare?: (db: Database) => Promise<void>;
  /**
   * PostgreSQL only: told when an idle pooled connection is lost (the server restarted, failed over, or ended it).
   * The pool drops that connection and opens a new one for the next query; without a listener, node-postgres
   * would throw the event and end the process.
   */
  onConnectionLost?: (error: Error) => void;
}

/** A PostgreSQL pool's connections: open, idle among them, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Store {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool's counts now (for /metrics). */
  poolStats?: () => PoolStats;
  /** PGlite only: the data directory as one file (PGlite's `dumpDataDir`), for `pgliteTemplate`. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export const DEFAULT_DATA_DIR = '.data/upstream';

export function isMemoryDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

export async function openStore(options: StoreOptions = {}): Promise<Store> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  const prepare = options.prepare ?? (async () => {});
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databaseSchema, logger, prepare, options.onConnectionLost);
  return openPglite(options.dataDir ?? DEFAULT_DATA_DIR, logger, prepare, options.pgliteTemplate);
}

type QueryLogger = { logQuery(query: string, params: unknown[]): void } | undefined;

/** PGlite is one process's database (its directory cannot be shared), so nothing else can be migrating it. */
async function openPglite(dataDir: string, logger: QueryLogger, prepare: (db: Database) => Promise<void>, template?: Blob): Promise<Store> {
  if (!isMemoryDir(dataDir)) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, template ? { loadDataDir: template } : {});
  const db = drizzlePglite({ client, schema, logger });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await prepare(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', dump: () => client.dumpDataDir('none'), close: () => client.close() };
}

async function openPostgres(
  databaseUrl: string,
  databaseSchema: string | undefined,
  logger: QueryLogger,
  prepare: (db: Database) => Promise<void>,
  onConnectionLost: (error: Error) => void = () => {},
): Promise<Store> {
  const named = nameOfDatabaseUrl(databaseUrl);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    ...(databaseSchema ? { options: `-c search_path=${quoteIdentifier(databaseSchema)}` } : {}),
  });
  pool.on('error', onConnectionLost);
  const db = drizzlePg({ client: pool, schema, logger });
  try {
    await whileLocked(databaseUrl, `${MIGRATION_LOCK}:${databaseSchema ?? 'public'}`, async () => {
      if (databaseSchema) {
        await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(databaseSchema)}`);
        await migrateIntoSchema(db, databaseSchema);
      } else {
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      }
      await prepare(db);
    });
  } catch (error) {
    await pool.end();
    const cause = innermost(error);
    // The driver's failures (network, server, timeout) are the operator's to fix; anything else is a bug, with its stack.
    if (!(cause instanceof Error && ('code' in cause || /timeout|terminated/i.test(cause.message)))) throw error;
    throw new StartupError(`cannot open the database of DATABASE_URL (${named}): ${describe(cause)}`, { cause: error });
  }
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * DATABASE_URL as an operator may see it in a log: a `postgres://` or `postgresql://` URL, its password left out.
 * Anything else stops the start (node-postgres would read it as a host name or a socket path and fail obscurely).
 */
function nameOfDatabaseUrl(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new StartupError('DATABASE_URL is not a URL: expected postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new StartupError(`DATABASE_URL must start with postgres:// or postgresql://, got ${url.protocol}//`);
  }
  url.password = '';
  return url.href;
}

/** Network failures on the way to PostgreSQL (Node's codes). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * The query failed because the database could not be reached or is going away, not because of what it asked: a
 * refused or cut connection, the connect timeout, SQLSTATE class 08 (connection exception), 57P01-57P03 (the server
 * shutting down or starting) or 53300 (too many connections). The request may succeed once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailabilityOf(error) !== null;
}

/**
 * Why the database could not be used, in a few words for a log line: the driver's or the network's code (when it has
 * one) and message, from the cause that tells (never Drizzle's wrapper, whose message holds the SQL and its
 * parameters). Null when the failure is not the database being unreachable.
 */
export function unavailabilityOf(error: unknown): { code?: string; message: string } | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$|^53300$/.test(code))) {
      // Node's AggregateError of a refused connection (one try per address) has no message of its own.
      return { code, message: cause.message ? describe(cause) : code };
    }
    // node-postgres's own words for a connection it lost or could not open (no code).
    if (/^(Connection terminated|timeout exceeded when trying to connect$|timeout expired$|Client has encountered a connection error)/.test(cause.message)) {
      return { message: describe(cause) };
    }
  }
  return null;
}

/** The driver's own error (Drizzle wraps a failed query's). */
function innermost(error: unknown): unknown {
  let cause = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return cause;
}

/** The driver's words for why the database could not be used. */
function describe(cause: Error): string {
  // node-postgres says only "timeout expired" (a client) or "timeout exceeded when trying to connect" (the pool).
  if (/^timeout (expired|exceeded when trying to connect)$/.test(cause.message))
    return `no answer within ${DATABASE_CONNECT_TIMEOUT_MS / 1000} s (connect timeout)`;
  return cause.message;
}

/** Names the advisory lock the processes sharing one database's schema take around migrating and seeding it. */
const MIGRATION_LOCK = 'slime-community:migrate';

/**
 * Runs `work` holding a PostgreSQL session advisory lock, taken on a connection of its own that does nothing
 * else: a second process blocks until the first is done. Closing that connection releases the lock, as the
 * server does when a process dies holding it. drizzle's migrator takes no lock, so two processes migrating
 * one empty database at once otherwise both create the journal and one of them fails.
 */
async function whileLocked(databaseUrl: string, name: string, work: () => Promise<void>): Promise<void> {
  const holder = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
  // A connection lost while migrating fails the migration's own queries or `end()`; the event adds nothing.
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    await work();
  } finally {
    await holder.end();
  }
}

/**
 * drizzle-kit writes foreign keys as `REFERENCES "public"."users"`; for an instance living in its own
 * schema those references must point at that schema. Same steps as drizzle's migrator otherwise.
 */
async function migrateIntoSchema(db: Database, databaseSchema: string): Promise<void> {
  const config: MigrationConfig = { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: databaseSchema };
  const target = `${quoteIdentifier(databaseSchema)}.`;
  const migrations = readMigrationFiles(config).map((migration) => ({
    ...migration,
    sql: migration.sql.map((statement) => statement.replaceAll('"public".', target)),
  }));
  await new PgDialect().migrate(migrations, db._.session as unknown as PgSession, config);
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
