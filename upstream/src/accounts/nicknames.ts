import { and, eq, ne, sql } from 'drizzle-orm';
import { isReservedNickname, nicknameKey, usableNickname } from '../../../domain/nickname.js';
import { NICKNAME_MAX } from '../../../domain/limits.js';
import { accountTexts } from '../../../domain/messages.js';
import type { Database } from '../db/client.js';
import { NICKNAME_KEY_INDEX, users } from '../db/schema.js';
import { ConflictError, ValidationError } from '../errors.js';

type Reader = Pick<Database, 'select'>;

/** The store's key of a nickname, computed by the same expression as the `nickname_key` column. */
const keyOf = (nickname: string) => sql`lower(normalize(${nickname}::text, NFKC))`;

/** Is the nickname (any case or width) someone else's? */
export async function nicknameTaken(db: Reader, nickname: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.nicknameKey, keyOf(nickname)), exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

/**
 * A nickname a member may take (already valid by the domain schema): staff words only for staff (422), and
 * nobody else's nickname in any case or width (409).
 */
export async function assertNicknameAvailable(
  db: Reader,
  nickname: string,
  { isStaff, exceptUserId }: { isStaff: boolean; exceptUserId?: number },
): Promise<void> {
  if (!isStaff && isReservedNickname(nickname)) throw ValidationError.of('nickname', accountTexts.validation.nicknameReserved);
  if (await nicknameTaken(db, nickname, exceptUserId)) throw new ConflictError(accountTexts.errors.nicknameTaken);
}

/** A write that lost the race for a nickname: the store's unique index refused it. */
export function isNicknameConflict(error: unknown): boolean {
  const cause = error as { cause?: { code?: string; constraint?: string }; code?: string; constraint?: string } | undefined;
  const violation = cause?.code === '23505' ? cause : cause?.cause;
  return violation?.code === '23505' && violation.constraint === NICKNAME_KEY_INDEX;
}

/** Runs a write that sets a nickname; losing a race to the same nickname answers 409 like the check before it. */
export async function withNickname<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isNicknameConflict(error)) throw new ConflictError(accountTexts.errors.nicknameTaken);
    throw error;
  }
}

/**
 * A free nickname for a new social member: the provider's display name made usable (or `fallback`), with a
 * number added while it collides with someone's. Never an error.
 */
export async function freeNickname(db: Reader, wanted: string | null | undefined, fallback: string): Promise<string> {
  const base = usableNickname(wanted) ?? fallback;
  if (!(await nicknameTaken(db, base))) return base;
  for (let suffix = 2; ; suffix++) {
    const tail = String(suffix);
    const candidate = `${base.slice(0, NICKNAME_MAX - tail.length)}${tail}`;
    if (nicknameKey(candidate) !== nicknameKey(base) && !(await nicknameTaken(db, candidate))) return candidate;
  }
}
