import { and, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { PreferencesJson, ProfileUpdateInput } from '../../../domain/account.js';
import { accountTexts } from '../../../domain/messages.js';
import type { Database } from '../db/client.js';
import { containing, offsetOf, selectPage, type PageRequest } from '../db/queries.js';
import { follows, postLikes, posts, replies, userBlocks, users, type UserBlockRow } from '../db/schema.js';
import { areBlocked, endFollowsBetween, notBlockedWith } from '../db/blocks.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { notifyFollow } from '../messaging/events.js';
import { DEFAULT_PREFERENCES, followCounts, profileRow, upsertProfile, userExists } from './repository.js';

/** A page of rows and the size of the whole list. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** The member must exist: 404 otherwise. */
export async function assertUser(db: Database, userId: number): Promise<void> {
  if (!(await userExists(db, userId))) throw new NotFoundError();
}

/** Another member than oneself (422 with `selfMessage` at `id`), and one that exists (404). */
export async function assertOtherUser(db: Database, viewerId: number, userId: number, selfMessage: string): Promise<void> {
  // Told at the path's `id`, as the community API tells a block of oneself at `block_target_user`.
  if (userId === viewerId) throw ValidationError.of('id', selfMessage);
  await assertUser(db, userId);
}

/** Profile fields (blank text clears a field), the nickname, and preferences merged over the stored ones. */
export async function updateProfile(db: Database, userId: number, input: ProfileUpdateInput): Promise<void> {
  const current = await profileRow(db, userId);
  await db.transaction(async (tx) => {
    if (input.nickname !== undefined) await tx.update(users).set({ nickname: input.nickname }).where(eq(users.id, userId));
    const blankToNull = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);
    const values = {
      bio: blankToNull(input.bio),
      birthDate: blankToNull(input.birthDate),
      gender: blankToNull(input.gender),
      location: blankToNull(input.location),
      website: blankToNull(input.website),
      ...(input.preferences ? { preferences: { ...DEFAULT_PREFERENCES, ...(current?.preferences as Partial<PreferencesJson>), ...input.preferences } } : {}),
    };
    const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    await upsertProfile(tx as unknown as Database, userId, defined);
  });
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The account and everything that belongs to it (the tables cascade). */
export async function deleteUser(db: Database, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Following is idempotent; the followed member hears of it (once while unread). A blocked pair cannot follow (403). */
export async function follow(db: Database, followerId: number, followingId: number) {
  await assertOtherUser(db, followerId, followingId, accountTexts.errors.cannotFollowSelf);
  if (await areBlocked(db, followerId, followingId)) throw new ForbiddenError(accountTexts.errors.followBlocked);
  await db.insert(follows).values({ followerId, followingId }).onConflictDoNothing();
  await notifyFollow(db, followerId, followingId);
  return followCounts(db, followingId);
}

export async function unfollow(db: Database, followerId: number, followingId: number) {
  await assertUser(db, followingId);
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
  return followCounts(db, followingId);
}

/** Who follows the member (`followers`) or whom they follow (`following`), newest first, by id. */
export async function followIds(db: Database, userId: number, direction: 'followers' | 'following', { page, pageSize }: PageRequest): Promise<Page<number>> {
  const [mine, other] = direction === 'followers' ? [follows.followingId, follows.followerId] : [follows.followerId, follows.followingId];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: other })
      .from(follows)
      .where(eq(mine, userId))
      .orderBy(desc(follows.createdAt), desc(other))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(follows).where(eq(mine, userId)),
  ]);
  return { rows: rows.map((row) => row.id), total: Number(total.n) };
}

/** Members whose nickname contains the term, by nickname; a blocked pair does not find each other. */
export async function searchUserIds(db: Database, term: string, { page, pageSize }: PageRequest, viewerId: number | null = null): Promise<Page<number>> {
  const match = and(ilike(users.nickname, containing(term)), notBlockedWith(viewerId, users.id));
  const [rows, [total]] = await Promise.all([
    db.select({ id: users.id }).from(users).where(match).orderBy(users.nickname, users.id).limit(pageSize).offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(users).where(match),
  ]);
  return { rows: rows.map((row) => row.id), total: Number(total.n) };
}

/** Blocking again keeps one block and takes the new reason; a block ends the pair's follows both ways. */
export async function blockMember(db: Database, blockerId: number, blockedId: number, reason: string | null): Promise<UserBlockRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userBlocks)
      .values({ blockerId, blockedId, reason })
      .onConflictDoUpdate({ target: [userBlocks.blockerId, userBlocks.blockedId], set: { reason } })
      .returning();
    await endFollowsBetween(tx, blockerId, blockedId);
    return row;
  });
}

/** Idempotent, as an unfollow is: a member not blocked stays unblocked; a member who does not exist is NotFound. */
export async function unblockMember(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await assertUser(db, blockedId);
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function blockedMembers(db: Database, blockerId: number, page: PageRequest): Promise<Page<UserBlockRow>> {
  return selectPage(db, userBlocks, eq(userBlocks.blockerId, blockerId), [desc(userBlocks.createdAt), desc(userBlocks.blockedId)], page);
}

/** One thing a member did, as stored: what kind, which row, its title and when. */
export interface ActivityRow {
  id: number;
  title: string;
  at: Date;
  /** The post a comment was made on. */
  postId?: number;
}

export interface MemberActivities {
  written: ActivityRow[];
  commented: ActivityRow[];
  liked: ActivityRow[];
  followed: ActivityRow[];
  /** Everything the member did, over all kinds. */
  total: number;
}

/**
 * The newest `take` of each kind of activity (posts written, replies, likes, follows) and the count of all;
 * posts deleted or hidden, and what was done on them, are left out.
 */
export async function memberActivities(db: Database, userId: number, take: number): Promise<MemberActivities> {
  const live = and(isNull(posts.deletedAt), eq(posts.isHidden, false));
  const [written, commented, liked, followed, totals] = await Promise.all([
    db
      .select({ id: posts.id, title: posts.title, at: posts.createdAt })
      .from(posts)
      .where(and(eq(posts.authorId, userId), live))
      .orderBy(desc(posts.createdAt))
      .limit(take),
    db
      .select({ id: replies.id, postId: replies.postId, title: posts.title, at: replies.createdAt })
      .from(replies)
      .innerJoin(posts, eq(posts.id, replies.postId))
      .where(and(eq(replies.authorId, userId), eq(replies.isDeleted, false), live))
      .orderBy(desc(replies.createdAt))
      .limit(take),
    db
      .select({ id: posts.id, title: posts.title, at: postLikes.createdAt })
      .from(postLikes)
      .innerJoin(posts, eq(posts.id, postLikes.postId))
      .where(and(eq(postLikes.userId, userId), live))
      .orderBy(desc(postLikes.createdAt))
      .limit(take),
    db
      .select({ id: users.id, title: users.nickname, at: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followingId))
      .where(eq(follows.followerId, userId))
      .orderBy(desc(follows.createdAt))
      .limit(take),
    db.execute<{ n: number }>(sql`select
          (select count(*) from ${posts} where ${posts.authorId} = ${userId} and ${posts.deletedAt} is null and ${posts.isHidden} = false)
        + (select count(*) from ${replies} join ${posts} on ${posts.id} = ${replies.postId} where ${replies.authorId} = ${userId} and ${replies.isDeleted} = false and ${posts.deletedAt} is null and ${posts.isHidden} = false)
        + (select count(*) from ${postLikes} join ${posts} on ${posts.id} = ${postLikes.postId} where ${postLikes.userId} = ${userId} and ${posts.deletedAt} is null and ${posts.isHidden} = false)
        + (select count(*) from ${follows} where ${follows.followerId} = ${userId}) as n`),
  ]);
  // PGlite answers { rows }, node-postgres the rows themselves.
  const counted = (totals as unknown as { rows?: { n: number }[] }).rows ?? (totals as unknown as { n: number }[]);
  const fetched = written.length + commented.length + liked.length + followed.length;
  return { written, commented, liked, followed, total: Number(counted[0]?.n ?? fetched) };
}
