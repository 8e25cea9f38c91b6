import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authTokens, users, type UserRow } from '../db/schema.js';

export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What the database keeps of a token (session, refresh, mailed): its SHA-256, so a copy of the tables logs no one in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session token for the member; login answers carry it, clients send `Authorization: token <t>`. */
export async function issueToken(db: Database, userId: number, ttlMs: number = TOKEN_TTL_MS): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.insert(authTokens).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

export async function revokeToken(db: Database, token: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(eq(authTokens.tokenHash, hashToken(token)));
}

/** The member a token stands for, or null when it is unknown, expired or revoked. */
export async function findUserByToken(db: Database, token: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, new Date())))
    .limit(1);
  return row?.user ?? null;
}

/**
 * Reads `Authorization: token <t>` or `Bearer <t>`. Returns undefined when there is no header (a guest)
 * and null when a header is present but not a usable credential.
 */
export function tokenFromHeader(header: string | undefined): string | null | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^(token|bearer)\s+(\S+)\s*$/i.exec(header.trim());
  return match ? match[2] : null;
}
