import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';
import { follows, userBlocks } from './schema.js';

/**
 * Blocking works both ways (README "Privacy and blocking"): when either member blocked the other, the pair is
 * blocked. Neither sees the other's posts, replies or stories, neither can reply to or follow the other, and
 * nothing one does notifies the other.
 */

/** SQL that is true when `viewerId` and the member in `other` (a column or expression) are a blocked pair. */
export function blockedPair(viewerId: number, other: PgColumn | SQL): SQL {
  return sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${other}) or (${userBlocks.blockerId} = ${other} and ${userBlocks.blockedId} = ${viewerId}))`;
}

/** The filter that keeps rows of members not blocked with the viewer; nothing to filter for guests. */
export function notBlockedWith(viewerId: number | null, other: PgColumn | SQL): SQL | undefined {
  return viewerId === null ? undefined : sql`not ${blockedPair(viewerId, other)}`;
}

/** Did either of the two members block the other? */
export async function areBlocked(db: Pick<Database, 'select'>, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return Boolean(row);
}

/** A block ends the pair's follows, both ways (called in the transaction that records the block). */
export async function endFollowsBetween(db: Pick<Database, 'delete'>, a: number, b: number): Promise<void> {
  await db.delete(follows).where(or(and(eq(follows.followerId, a), eq(follows.followingId, b)), and(eq(follows.followerId, b), eq(follows.followingId, a))));
}
