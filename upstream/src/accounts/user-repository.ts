import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { badges, userBadges, users, type BadgeRow, type UserRow } from '../db/schema.js';

export interface UserWithBadge {
  user: UserRow;
  /** The badge the member shows next to their name: represented, public, not hidden, not expired. */
  representBadge: BadgeRow | null;
}

/** Members and their represented badges, in one query. */
export async function loadUsers(db: Database, ids: number[]): Promise<Map<number, UserWithBadge>> {
  const found = new Map<number, UserWithBadge>();
  const unique = [...new Set(ids)];
  if (!unique.length) return found;
  const rows = await db
    .select({ user: users, badge: badges })
    .from(users)
    .leftJoin(
      userBadges,
      and(
        eq(userBadges.userId, users.id),
        eq(userBadges.isRepresent, true),
        eq(userBadges.isPublic, true),
        eq(userBadges.hidden, false),
        or(isNull(userBadges.expiredAt), gt(userBadges.expiredAt, new Date())),
      ),
    )
    .leftJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(inArray(users.id, unique))
    .orderBy(users.id, desc(userBadges.createdAt), desc(userBadges.id));
  for (const { user, badge } of rows) {
    // Rows come newest badge first: keep the first one per member.
    if (!found.has(user.id)) found.set(user.id, { user, representBadge: badge });
  }
  return found;
}
