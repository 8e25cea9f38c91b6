import { and, count, desc, eq, gt, isNull, or, sql, sum } from 'drizzle-orm';
import { normalizePhone, isKoreanMobile } from '../../../domain/accountRules.js';
import type { PreferencesJson, RegisterInput } from '../../../domain/account.js';
import type { PrivacyLevel, SocialProvider } from '../../../domain/limits.js';
import type { Database } from '../db/client.js';
import {
  badges,
  follows,
  images,
  posts,
  socialIdentities,
  userBadges,
  userBlocks,
  userProfiles,
  users,
  type ImageRow,
  type UserProfileRow,
  type UserRow,
} from '../db/schema.js';
import { releaseUnusedImages } from '../uploads/images.js';
import { freeNickname } from './nicknames.js';
import { consumeAccountToken } from './sessions.js';
import type { SocialIdentity } from './social.js';
import { loadUsers } from './user-repository.js';

export const DEFAULT_PREFERENCES: PreferencesJson = { notifications: true, emailAlerts: true, pushAlerts: true, privacy: 'public' };

/** The member an identifier names: an e-mail address (any case) or a mobile number (hyphens optional). */
export async function findUserByIdentifier(db: Database, identifier: string): Promise<UserRow | null> {
  const trimmed = identifier.trim();
  if (isKoreanMobile(trimmed)) {
    const [row] = await db
      .select({ user: users })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(eq(userProfiles.phone, normalizePhone(trimmed)))
      .limit(1);
    return row?.user ?? null;
  }
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, trimmed.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function emailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return Boolean(row && row.id !== exceptUserId);
}

export async function phoneTaken(db: Database, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userProfiles.userId })
    .from(userProfiles)
    .where(eq(userProfiles.phone, normalizePhone(phone)))
    .limit(1);
  return Boolean(row);
}

interface Relation {
  isFollowing: boolean;
  isFollower: boolean;
  isBlocked: boolean;
}

async function relationOf(db: Database, viewerId: number | null, userId: number): Promise<Relation> {
  if (viewerId === null || viewerId === userId) return { isFollowing: false, isFollower: false, isBlocked: false };
  const [following, follower, blocked] = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followingId, userId)))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, userId), eq(follows.followingId, viewerId)))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, userId)))
      .limit(1),
  ]);
  return { isFollowing: following.length > 0, isFollower: follower.length > 0, isBlocked: blocked.length > 0 };
}

export async function followCounts(db: Database, userId: number): Promise<{ followersCount: number; followingCount: number }> {
  const [[followers], [following]] = await Promise.all([
    db.select({ n: count() }).from(follows).where(eq(follows.followingId, userId)),
    db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId)),
  ]);
  return { followersCount: Number(followers.n), followingCount: Number(following.n) };
}

async function statsOf(db: Database, userId: number) {
  const [[postStats], counts] = await Promise.all([
    db
      .select({ n: count(), likes: sum(posts.likeCount) })
      .from(posts)
      .where(and(eq(posts.authorId, userId), isNull(posts.deletedAt), eq(posts.isHidden, false))),
    followCounts(db, userId),
  ]);
  return { postsCount: Number(postStats.n), likesCount: Number(postStats.likes ?? 0), ...counts };
}

/**
 * Why the viewer sees only a member's nickname, picture and represented badge (README "Privacy and blocking"):
 * `private` for a private profile, `friends` for a friends-only one when the two do not follow each other;
 * null when the viewer sees everything (a public profile, the member themself, staff).
 */
export type ProfileRestriction = Exclude<PrivacyLevel, 'public'> | null;

export async function profileRestriction(db: Database, viewer: { id: number; isStaff: boolean } | null, userId: number): Promise<ProfileRestriction> {
  if (viewer && (viewer.id === userId || viewer.isStaff)) return null;
  const privacy = ((await profileRow(db, userId))?.preferences as Partial<PreferencesJson> | undefined)?.privacy ?? DEFAULT_PREFERENCES.privacy;
  if (privacy === 'public') return null;
  if (privacy === 'friends' && viewer) {
    const { isFollowing, isFollower } = await relationOf(db, viewer.id, userId);
    if (isFollowing && isFollower) return null;
  }
  return privacy;
}

export async function profileRow(db: Database, userId: number): Promise<UserProfileRow | null> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
  return row ?? null;
}

/** What a member's profile shows: the member, their profile row, stats and relation to the viewer; null when no such member. */
export async function profileFacts(db: Database, userId: number, viewerId: number | null) {
  const found = (await loadUsers(db, [userId])).get(userId);
  if (!found) return null;
  const [profile, stats, relation] = await Promise.all([profileRow(db, userId), statsOf(db, userId), relationOf(db, viewerId, userId)]);
  return { found, profile, stats, relation };
}

/** Writes profile fields, creating the row on first write. */
export async function upsertProfile(db: Database, userId: number, values: Partial<typeof userProfiles.$inferInsert>): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ userId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: new Date() } });
}

/** A member's badges others may see: public, not hidden, not expired; the represented one first. */
export async function visibleBadges(db: Database, userId: number) {
  return db
    .select({ userBadge: userBadges, badge: badges })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(
      and(
        eq(userBadges.userId, userId),
        eq(userBadges.isPublic, true),
        eq(userBadges.hidden, false),
        or(isNull(userBadges.expiredAt), gt(userBadges.expiredAt, new Date())),
      ),
    )
    .orderBy(desc(userBadges.isRepresent), desc(userBadges.createdAt), desc(userBadges.id));
}

export async function userExists(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

export async function userUuidExists(db: Database, uuid: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.uuid, uuid.toLowerCase())).limit(1);
  return Boolean(row);
}

/**
 * Sets the member's picture and lets go of the one it replaces by the one release rule of uploads
 * (`releaseUnusedImages`: an upload no post shows and no member has as their picture loses its record in this
 * transaction). Answers the released records, whose files (`imageFiles`: the picture and its copies) are for
 * `removeReleasedFiles` once this has committed. Other pictures (a provider's, the demo's) are only unlinked.
 */
export async function replaceProfileImage(db: Database, userId: number, next: string | null): Promise<ImageRow[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ path: users.profileImage }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ profileImage: next }).where(eq(users.id, userId));
    const previous = row?.path ?? null;
    if (!previous || previous === next) return [];
    const replaced = await tx.select({ id: images.id }).from(images).where(eq(images.url, previous));
    return releaseUnusedImages(tx, { ids: replaced.map((image) => image.id) });
  });
}

/** A new member with a password, and their profile, in one transaction; answers the member's id. */
export async function createMember(db: Database, input: RegisterInput, passwordHash: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(users).values({ email: input.email.toLowerCase(), nickname: input.nickname, passwordHash }).returning({ id: users.id });
    await upsertProfile(tx as unknown as Database, created.id, {
      phone: input.phone ? normalizePhone(input.phone) : null,
      birthDate: input.birthDate ?? null,
      gender: input.gender ?? null,
      agreeMarketing: input.agreeMarketing,
    });
    return created.id;
  });
}

/** Spends a reset token on a new password; answers the member, or null when the token is not usable. */
export async function resetPassword(db: Database, token: string, passwordHash: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const owner = await consumeAccountToken(tx as unknown as Database, token, 'password_reset');
    if (owner === null) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, owner));
    return owner;
  });
}

/** The member a provider identity is linked to, or null for an identity seen for the first time. */
export async function linkedMember(db: Database, identity: SocialIdentity): Promise<number | null> {
  const [known] = await db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)))
    .limit(1);
  return known?.userId ?? null;
}

/**
 * Links the identity to the member (who proved it is theirs: logged in, or with their password); answers the
 * member it is linked to, which is another one when a concurrent request linked it first.
 */
export async function linkIdentity(db: Database, identity: SocialIdentity, userId: number): Promise<number> {
  await db.insert(socialIdentities).values({ provider: identity.provider, subject: identity.subject, userId, email: identity.email }).onConflictDoNothing();
  return (await linkedMember(db, identity)) ?? userId;
}

/**
 * A new member (without a password) for an identity seen for the first time, named after the provider's
 * profile (made a usable, free nickname: a colliding name gets a number, never an error); the provider's e-mail
 * when no member has it, a placeholder otherwise.
 */
export async function createSocialMember(db: Database, identity: SocialIdentity): Promise<number> {
  return db.transaction(async (tx) => {
    const email =
      identity.email && !(await emailTaken(tx as unknown as Database, identity.email))
        ? identity.email.toLowerCase()
        : placeholderEmail(identity.provider, identity.subject);
    const [created] = await tx
      .insert(users)
      .values({ email, nickname: await freeNickname(tx, identity.nickname, fallbackNickname(identity)), profileImage: identity.profileImage })
      .returning({ id: users.id });
    await tx.insert(socialIdentities).values({ provider: identity.provider, subject: identity.subject, userId: created.id, email: identity.email });
    return created.id;
  });
}

function placeholderEmail(provider: SocialProvider, subject: string): string {
  return `${provider}_${subject.replace(/[^A-Za-z0-9._-]/g, '')}@social.slime.community`;
}

/** The nickname of a social member whose provider name is missing or unusable (invisible characters, a staff word). */
function fallbackNickname(identity: SocialIdentity): string {
  return `슬라임${identity.subject.replace(/\D/g, '').slice(-4).padStart(4, '0')}`;
}
