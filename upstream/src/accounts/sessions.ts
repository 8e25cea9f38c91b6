import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ACCOUNT_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS, REMEMBERED_SESSION_TTL_MS, SESSION_TTL_MS } from '../../../domain/limits.js';
import type { Database } from '../db/client.js';
import { accountTokens, authTokens, refreshTokens } from '../db/schema.js';
import { hashToken } from './tokens.js';

export interface IssuedSession {
  token: string;
  refreshToken: string;
  expiresAt: Date;
}

const randomToken = () => randomBytes(32).toString('hex');

/** A session token (a day, or 30 days remembered) and the refresh token that can renew it. */
export async function issueSession(db: Database, userId: number, rememberMe: boolean): Promise<IssuedSession> {
  const expiresAt = new Date(Date.now() + (rememberMe ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS));
  const token = randomToken();
  const refreshToken = randomToken();
  await db.transaction(async (tx) => {
    const [access] = await tx
      .insert(authTokens)
      .values({ tokenHash: hashToken(token), userId, expiresAt })
      .returning({ id: authTokens.id });
    await tx.insert(refreshTokens).values({
      tokenHash: hashToken(refreshToken),
      userId,
      accessTokenId: access.id,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
  });
  return { token, refreshToken, expiresAt };
}

/** Logout: the session token and the refresh tokens issued with it stop working. */
export async function revokeSession(db: Database, token: string): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(authTokens)
      .set({ revokedAt: now })
      .where(eq(authTokens.tokenHash, hashToken(token)))
      .returning({ id: authTokens.id });
    if (revoked.length) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          inArray(
            refreshTokens.accessTokenId,
            revoked.map((row) => row.id),
          ),
        );
    }
  });
}

/** Every session of the member ends (password change, reset, account deletion). */
export async function revokeAllSessions(db: Database, userId: number, exceptToken?: string): Promise<void> {
  const now = new Date();
  const exceptHash = exceptToken === undefined ? undefined : hashToken(exceptToken);
  await db.transaction(async (tx) => {
    const live = await tx
      .select({ id: authTokens.id, tokenHash: authTokens.tokenHash })
      .from(authTokens)
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
    const ids = live.filter((row) => row.tokenHash !== exceptHash).map((row) => row.id);
    if (ids.length) await tx.update(authTokens).set({ revokedAt: now }).where(inArray(authTokens.id, ids));
    const keep = live.find((row) => row.tokenHash === exceptHash)?.id;
    const refreshRows = await tx
      .select({ id: refreshTokens.id, accessTokenId: refreshTokens.accessTokenId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    const refreshIds = refreshRows.filter((row) => row.accessTokenId !== keep || keep === undefined).map((row) => row.id);
    if (refreshIds.length) await tx.update(refreshTokens).set({ revokedAt: now }).where(inArray(refreshTokens.id, refreshIds));
  });
}

/**
 * Trades a live refresh token for a new session: the old session and refresh token are revoked (rotation),
 * so a stolen refresh token works at most once. Null when the token is unknown, used, revoked or expired.
 */
export async function refreshSession(db: Database, refreshToken: string): Promise<(IssuedSession & { userId: number }) | null> {
  const now = new Date();
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning();
    if (row?.accessTokenId) await tx.update(authTokens).set({ revokedAt: now }).where(eq(authTokens.id, row.accessTokenId));
    return row ?? null;
  });
  if (!claimed) return null;
  const session = await issueSession(db, claimed.userId, true);
  return { ...session, userId: claimed.userId };
}

export type AccountTokenPurpose = 'password_reset' | 'email_verification';

/** A one-time token for a mail; only its hash is stored. */
export async function createAccountToken(db: Database, userId: number, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomToken();
  await db.insert(accountTokens).values({ tokenHash: hashToken(token), userId, purpose, expiresAt: new Date(Date.now() + ACCOUNT_TOKEN_TTL_MS) });
  return token;
}

/** When an unused token stops working; null when unknown, used, expired or for another purpose. Marks nothing. */
export async function usableAccountTokenExpiry(db: Database, token: string, purpose: AccountTokenPurpose): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.expiresAt ?? null;
}

/** Marks the token used and answers its member; null when unknown, used, expired or for another purpose. */
export async function consumeAccountToken(db: Database, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const now = new Date();
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}
