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
  /** Called with every SQL statement sent (diagnostics and query-count tests). */
  onQuery?: (query: string, params: unknown[]) => void;
}

export interface Store {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const DEFAULT_DATA_DIR = '.data/upstream';

export function isMemoryDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

export async function openStore(options: StoreOptions = {}): Promise<Store> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databaseSchema, logger);
  return openPglite(options.dataDir ?? DEFAULT_DATA_DIR, logger);
}

type QueryLogger = { logQuery(query: string, params: unknown[]): void } | undefined;

async function openPglite(dataDir: string, logger: QueryLogger): Promise<Store> {
  if (!isMemoryDir(dataDir)) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite({ client, schema, logger });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(databaseUrl: string, databaseSchema: string | undefined, logger: QueryLogger): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    ...(databaseSchema ? { options: `-c search_path=${quoteIdentifier(databaseSchema)}` } : {}),
  });
  const db = drizzlePg({ client: pool, schema, logger });
  try {
    if (databaseSchema) {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(databaseSchema)}`);
      await migrateIntoSchema(db, databaseSchema);
    } else {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
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
