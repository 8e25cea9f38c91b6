import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** `%`, `_` and `\` match themselves in a LIKE pattern built from what a member typed. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching text that contains `term` anywhere. */
export function containing(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * A name that contains `term`, spaces aside either way: Korean names are written with and without them, so 반짝랜턴
 * finds 반짝 랜턴 (and 반짝 랜턴 finds 반짝랜턴). Case is ignored; LIKE's wildcards match themselves.
 */
export function nameContaining(name: PgColumn, term: string): SQL {
  return sql`replace(${name}, ' ', '') ilike ${containing(term.replace(/\s+/g, ''))}`;
}

/** Postgres' unique-violation code: the row a member tried to add already exists. */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  const cause = error as { cause?: { code?: string }; code?: string } | undefined;
  return cause?.code === UNIQUE_VIOLATION || cause?.cause?.code === UNIQUE_VIOLATION;
}

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The rows a page skips. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** Which page of a list to read. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** One page of a table's rows in the given order, and how many rows match in all: two queries, side by side. */
export async function selectPage<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  order: (PgColumn | SQL)[],
  { page, pageSize }: PageRequest,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total };
}

/** Which of `ids` the member has a row for in a (member, id) table: their likes among these posts or replies. */
export async function idsMarkedBy(db: Database, idColumn: PgColumn, userColumn: PgColumn, userId: number | null, ids: number[]): Promise<Set<number>> {
  if (userId === null || !ids.length) return new Set();
  const rows = await db
    .select({ id: idColumn })
    .from(idColumn.table)
    .where(and(eq(userColumn, userId), inArray(idColumn, ids)));
  return new Set(rows.map((row) => row.id as number));
}
