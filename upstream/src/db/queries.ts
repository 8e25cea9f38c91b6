/** `%`, `_` and `\` match themselves in a LIKE pattern built from what a member typed. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching text that contains `term` anywhere. */
export function containing(term: string): string {
  return `%${escapeLike(term)}%`;
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
