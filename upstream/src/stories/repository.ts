import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { STORY_LIFETIME_MS, type StoryReactionType } from '../../../domain/limits.js';
import type { HighlightCreateInput, StoryCreateInput, StoryStatsJson, StoryUpdateInput, StoryViewInput } from '../../../domain/stories.js';
import { storyTexts } from '../../../domain/messages.js';
import type { Database } from '../db/client.js';
import { offsetOf, selectPage, type PageRequest } from '../db/queries.js';
import {
  closeFriends,
  follows,
  highlightStories,
  highlights,
  stories,
  storyHides,
  storyReactions,
  storyReports,
  storyViews,
  userBlocks,
  users,
  type HighlightRow,
  type StoryReactionRow,
  type StoryRow,
  type StoryViewRow,
} from '../db/schema.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { loadUsers, type UserWithBadge } from '../accounts/user-repository.js';
import { storyNow } from './clock.js';
import type { DetectedMedia } from './media.js';

/**
 * Who may see a story (DESIGN §5): the author always; nobody across a block; `public` everyone;
 * `friends` members who follow each other; `close_friends` those friends the author marked close.
 */
export function visibleTo(viewerId: number | null): SQL {
  if (viewerId === null) return eq(stories.privacy, 'public');
  const follows_ = (follower: SQL | number, following: SQL | number) =>
    sql`exists (select 1 from ${follows} where ${follows.followerId} = ${follower} and ${follows.followingId} = ${following})`;
  const mutual = sql`(${follows_(viewerId, sql`${stories.userId}`)} and ${follows_(sql`${stories.userId}`, viewerId)})`;
  const blocked = sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${stories.userId}) or (${userBlocks.blockerId} = ${stories.userId} and ${userBlocks.blockedId} = ${viewerId}))`;
  const close = sql`exists (select 1 from ${closeFriends} where ${closeFriends.userId} = ${stories.userId} and ${closeFriends.friendId} = ${viewerId})`;
  return sql`(${stories.userId} = ${viewerId} or (not ${blocked} and (${stories.privacy} = 'public' or (${stories.privacy} = 'friends' and ${mutual}) or (${stories.privacy} = 'close_friends' and ${mutual} and ${close}))))`;
}

const live = () => gt(stories.expiresAt, storyNow());
const notHiddenBy = (viewerId: number | null) =>
  viewerId === null
    ? sql`true`
    : sql`not exists (select 1 from ${storyHides} where ${storyHides.userId} = ${viewerId} and ${storyHides.hiddenUserId} = ${stories.userId})`;

/** What a story's JSON needs beyond its row: counts, the viewer's own views and likes, and authors. */
export interface StoryFacts {
  views: Map<number, number>;
  likes: Map<number, number>;
  viewed: Set<number>;
  /** The viewer's own like on each story they liked: story id to reaction id. */
  liked: Map<number, number>;
  authors: Map<number, UserWithBadge>;
}

/** The facts of a set of stories: a fixed number of queries, however many stories. */
export async function storyFacts(db: Database, rows: StoryRow[], viewerId: number | null): Promise<StoryFacts> {
  const ids = rows.map((row) => row.id);
  const [viewCounts, likeCounts, mine, authors] = await Promise.all([
    db.select({ storyId: storyViews.storyId, n: count() }).from(storyViews).where(inArray(storyViews.storyId, ids)).groupBy(storyViews.storyId),
    db
      .select({ storyId: storyReactions.storyId, n: count() })
      .from(storyReactions)
      .where(and(inArray(storyReactions.storyId, ids), eq(storyReactions.type, 'like')))
      .groupBy(storyReactions.storyId),
    viewerId === null
      ? Promise.resolve({ viewed: new Set<number>(), liked: new Map<number, number>() })
      : Promise.all([
          db
            .select({ storyId: storyViews.storyId })
            .from(storyViews)
            .where(and(inArray(storyViews.storyId, ids), eq(storyViews.viewerId, viewerId))),
          db
            .select({ storyId: storyReactions.storyId, id: storyReactions.id })
            .from(storyReactions)
            .where(and(inArray(storyReactions.storyId, ids), eq(storyReactions.userId, viewerId), eq(storyReactions.type, 'like'))),
        ]).then(([viewed, liked]) => ({ viewed: new Set(viewed.map((r) => r.storyId)), liked: new Map(liked.map((r) => [r.storyId, r.id])) })),
    loadUsers(
      db,
      rows.map((row) => row.userId),
    ),
  ]);
  return {
    views: new Map(viewCounts.map((r) => [r.storyId, Number(r.n)])),
    likes: new Map(likeCounts.map((r) => [r.storyId, Number(r.n)])),
    ...mine,
    authors,
  };
}

export async function createStory(
  db: Database,
  userId: number,
  input: StoryCreateInput,
  detected: DetectedMedia,
  mediaPath: string,
  size: number,
): Promise<StoryRow> {
  const now = storyNow();
  const [row] = await db
    .insert(stories)
    .values({
      userId,
      mediaPath,
      mediaType: detected.type,
      mimeType: detected.mimeType,
      size,
      width: detected.width,
      height: detected.height,
      duration: input.duration ?? (detected.type === 'video' ? 15 : 5),
      caption: input.caption ?? null,
      mentions: input.mentions ?? [],
      hashtags: input.hashtags ?? [],
      location: input.location ?? null,
      musicId: input.musicId ?? null,
      effects: input.effects ?? [],
      privacy: input.privacy,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + STORY_LIFETIME_MS),
    })
    .returning();
  return row;
}

/** The live story the viewer may see, or 404 (a story one may not see is not shown to exist). */
export async function findVisibleStory(db: Database, id: number, viewerId: number | null): Promise<StoryRow> {
  const [row] = await db
    .select()
    .from(stories)
    .where(and(eq(stories.id, id), live(), visibleTo(viewerId)));
  if (!row) throw new NotFoundError(storyTexts.errors.notFound);
  return row;
}

/** The viewer's own story (expired ones too: the author keeps their viewers and stats). */
export async function findOwnStory(db: Database, id: number, viewerId: number): Promise<StoryRow> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id));
  if (!row) throw new NotFoundError(storyTexts.errors.notFound);
  if (row.userId !== viewerId) {
    const [visible] = await db
      .select({ id: stories.id })
      .from(stories)
      .where(and(eq(stories.id, id), live(), visibleTo(viewerId)));
    throw visible ? new ForbiddenError(storyTexts.errors.notAuthor) : new NotFoundError(storyTexts.errors.notFound);
  }
  return row;
}

/** Live stories of one member the viewer may see, oldest first (the order they play in). */
export async function memberStories(db: Database, userId: number, viewerId: number | null): Promise<StoryRow[]> {
  return db
    .select()
    .from(stories)
    .where(and(eq(stories.userId, userId), live(), visibleTo(viewerId)))
    .orderBy(asc(stories.createdAt), asc(stories.id));
}

/** The tray's stories: other members' live stories the viewer may see, members they hid left out; oldest first. */
export async function trayStories(db: Database, viewerId: number | null): Promise<StoryRow[]> {
  const others = viewerId === null ? sql`true` : sql`${stories.userId} <> ${viewerId}`;
  return db
    .select()
    .from(stories)
    .where(and(live(), visibleTo(viewerId), notHiddenBy(viewerId), others))
    .orderBy(asc(stories.createdAt), asc(stories.id));
}

export async function updateStory(db: Database, story: StoryRow, input: StoryUpdateInput): Promise<StoryRow> {
  const [row] = await db
    .update(stories)
    .set({
      ...(input.caption !== undefined ? { caption: input.caption } : {}),
      ...(input.mentions !== undefined ? { mentions: input.mentions } : {}),
      ...(input.hashtags !== undefined ? { hashtags: input.hashtags } : {}),
      ...(input.privacy !== undefined ? { privacy: input.privacy } : {}),
      updatedAt: storyNow(),
    })
    .where(eq(stories.id, story.id))
    .returning();
  return row;
}

export async function deleteStory(db: Database, story: StoryRow): Promise<void> {
  await db.delete(stories).where(eq(stories.id, story.id));
}

/**
 * Records a view once per member: a repeated view keeps the first time and the longest duration and
 * highest completion seen. The author watching their own story is answered but not recorded.
 */
export async function recordView(db: Database, story: StoryRow, viewerId: number, input: StoryViewInput): Promise<StoryViewRow | null> {
  if (story.userId === viewerId) return null;
  const [view] = await db
    .insert(storyViews)
    .values({ storyId: story.id, viewerId, viewedAt: storyNow(), duration: input.duration ?? null, completionRate: input.completionRate ?? null })
    .onConflictDoUpdate({
      target: [storyViews.storyId, storyViews.viewerId],
      set: {
        duration: sql`greatest(${storyViews.duration}, excluded.duration)`,
        completionRate: sql`greatest(${storyViews.completionRate}, excluded.completion_rate)`,
      },
    })
    .returning();
  return view;
}

/** Views of the author's story, most recent first. */
export async function listStoryViews(db: Database, story: StoryRow, page: PageRequest) {
  return selectPage(db, storyViews, eq(storyViews.storyId, story.id), [desc(storyViews.viewedAt), desc(storyViews.id)], page);
}

export async function storyStats(db: Database, story: StoryRow): Promise<StoryStatsJson> {
  const [[views], reactions] = await Promise.all([
    db
      .select({
        n: count(),
        completion: sql<string | null>`avg(${storyViews.completionRate})`,
        duration: sql<string | null>`avg(${storyViews.duration})`,
      })
      .from(storyViews)
      .where(eq(storyViews.storyId, story.id)),
    db.select({ type: storyReactions.type, n: count() }).from(storyReactions).where(eq(storyReactions.storyId, story.id)).groupBy(storyReactions.type),
  ]);
  const round = (value: string | null) => (value === null ? 0 : Math.round(Number(value) * 100) / 100);
  const viewCount = Number(views.n);
  return {
    storyId: story.id,
    // Views are recorded once per member, so every view is a unique viewer.
    viewCount,
    uniqueViewers: viewCount,
    completionRate: round(views.completion),
    averageViewDuration: round(views.duration),
    likeCount: Number(reactions.find((r) => r.type === 'like')?.n ?? 0),
    reactionCount: reactions.reduce((sum, r) => sum + Number(r.n), 0),
    shareCount: 0,
    clickThroughRate: null,
  };
}

/** A like is kept once per member (liking again answers the existing like); emoji and comments add up. */
export async function addReaction(
  db: Database,
  story: StoryRow,
  userId: number,
  input: { type: StoryReactionType; emoji?: string; comment?: string },
): Promise<{ row: StoryReactionRow; created: boolean }> {
  const values = {
    storyId: story.id,
    userId,
    type: input.type,
    emoji: input.type === 'emoji' ? input.emoji! : null,
    comment: input.type === 'comment' ? input.comment! : null,
    createdAt: storyNow(),
  };
  const inserted =
    input.type === 'like'
      ? await db.insert(storyReactions).values(values).onConflictDoNothing().returning()
      : await db.insert(storyReactions).values(values).returning();
  const row =
    inserted[0] ??
    (
      await db
        .select()
        .from(storyReactions)
        .where(and(eq(storyReactions.storyId, story.id), eq(storyReactions.userId, userId), eq(storyReactions.type, 'like')))
    )[0];
  return { row, created: inserted.length > 0 };
}

/** Reactions and messages on the author's story, most recent first. */
export async function listStoryReactions(db: Database, story: StoryRow, page: PageRequest) {
  return selectPage(db, storyReactions, eq(storyReactions.storyId, story.id), [desc(storyReactions.createdAt), desc(storyReactions.id)], page);
}

export async function removeReaction(db: Database, story: StoryRow, reactionId: number, userId: number): Promise<void> {
  const [row] = await db
    .select()
    .from(storyReactions)
    .where(and(eq(storyReactions.id, reactionId), eq(storyReactions.storyId, story.id)));
  if (!row) throw new NotFoundError(storyTexts.errors.notFound);
  if (row.userId !== userId) throw new ForbiddenError(storyTexts.errors.notOwnReaction);
  await db.delete(storyReactions).where(eq(storyReactions.id, reactionId));
}

export async function reportStory(db: Database, story: StoryRow, reporterId: number, reason: string): Promise<{ id: number; createdAt: Date }> {
  if (story.userId === reporterId) throw new ForbiddenError(storyTexts.errors.reportOwn);
  const inserted = await db.insert(storyReports).values({ storyId: story.id, reporterId, reason, createdAt: storyNow() }).onConflictDoNothing().returning();
  if (!inserted.length) throw new ConflictError(storyTexts.errors.alreadyReported);
  return inserted[0];
}

export async function assertMember(db: Database, userId: number): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw new NotFoundError(storyTexts.errors.memberNotFound);
}

export async function hideStories(db: Database, userId: number, hiddenUserId: number): Promise<void> {
  if (userId === hiddenUserId) throw ValidationError.of('userId', storyTexts.errors.hideSelf);
  await assertMember(db, hiddenUserId);
  await db.insert(storyHides).values({ userId, hiddenUserId }).onConflictDoNothing();
}

export async function unhideStories(db: Database, userId: number, hiddenUserId: number): Promise<void> {
  await db.delete(storyHides).where(and(eq(storyHides.userId, userId), eq(storyHides.hiddenUserId, hiddenUserId)));
}

/** The members whose stories the member hid, most recently hidden first. */
export async function hiddenMembers(db: Database, userId: number, page: PageRequest) {
  return selectPage(db, storyHides, eq(storyHides.userId, userId), [desc(storyHides.createdAt), desc(storyHides.hiddenUserId)], page);
}

/**
 * The member's friends (they follow each other) who could be close friends, by nickname, each with whether
 * they are one now; `query` keeps those whose nickname contains it (without case).
 */
export async function closeFriendCandidates(db: Database, userId: number, query: string | undefined, { page, pageSize }: PageRequest) {
  const where = and(
    eq(follows.followerId, userId),
    sql`exists (select 1 from ${follows} back where back.follower_id = ${follows.followingId} and back.following_id = ${userId})`,
    query ? sql`strpos(lower(${users.nickname}), lower(${query})) > 0` : undefined,
  );
  const from = () => db.select({ id: users.id, nickname: users.nickname }).from(follows).innerJoin(users, eq(users.id, follows.followingId));
  const [rows, [{ total }], close] = await Promise.all([
    from().where(where).orderBy(asc(users.nickname), asc(users.id)).limit(pageSize).offset(offsetOf(page, pageSize)),
    db.select({ total: count() }).from(follows).innerJoin(users, eq(users.id, follows.followingId)).where(where),
    listCloseFriends(db, userId),
  ]);
  const closeIds = new Set(close);
  return { rows: rows.map((row) => ({ id: row.id, isCloseFriend: closeIds.has(row.id) })), total: Number(total) };
}

/** Replaces the author's close friends; each must follow the author and be followed back. */
export async function setCloseFriends(db: Database, userId: number, friendIds: number[]): Promise<number[]> {
  const unique = [...new Set(friendIds)];
  if (unique.length) {
    const mutual = await db
      .select({ id: follows.followingId })
      .from(follows)
      .where(
        and(
          eq(follows.followerId, userId),
          inArray(follows.followingId, unique),
          sql`exists (select 1 from ${follows} back where back.follower_id = ${follows.followingId} and back.following_id = ${userId})`,
        ),
      );
    if (mutual.length !== unique.length) throw ValidationError.of('userIds', storyTexts.errors.closeFriendNotFriend);
  }
  await db.transaction(async (tx) => {
    await tx.delete(closeFriends).where(eq(closeFriends.userId, userId));
    if (unique.length) await tx.insert(closeFriends).values(unique.map((friendId) => ({ userId, friendId })));
  });
  return unique;
}

export async function listCloseFriends(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ id: closeFriends.friendId }).from(closeFriends).where(eq(closeFriends.userId, userId)).orderBy(asc(closeFriends.createdAt));
  return rows.map((row) => row.id);
}

/** A highlight of the author's own stories (expired ones too); all written at once. */
/** The cover is stored as the first story's media path (or the given URL) and becomes a URL when presented. */
export async function createHighlight(db: Database, userId: number, input: HighlightCreateInput): Promise<HighlightRow> {
  const ids = [...new Set(input.storyIds)];
  const own = await db
    .select()
    .from(stories)
    .where(and(inArray(stories.id, ids), eq(stories.userId, userId)));
  if (own.length !== ids.length) throw ValidationError.of('storyIds', storyTexts.errors.notOwnStory);
  const first = own.find((story) => story.id === ids[0])!;
  const now = storyNow();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(highlights)
      .values({
        userId,
        title: input.title,
        coverImage: input.coverImage ?? first.mediaPath,
        isPrivate: input.isPrivate,
        sortOrder: input.order,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(highlightStories).values(ids.map((storyId, position) => ({ highlightId: row.id, storyId, position })));
    return row;
  });
}

/** A member's highlights as the viewer may see them (private ones only for the owner), with each one's stories the viewer may see. */
export async function memberHighlights(db: Database, ownerId: number, viewerId: number | null) {
  const rows = await db
    .select()
    .from(highlights)
    .where(and(eq(highlights.userId, ownerId), ownerId === viewerId ? sql`true` : eq(highlights.isPrivate, false)))
    .orderBy(asc(highlights.sortOrder), desc(highlights.createdAt), desc(highlights.id));
  if (!rows.length) return { rows, links: [] };
  const links = await db
    .select({ highlightId: highlightStories.highlightId, story: stories })
    .from(highlightStories)
    .innerJoin(stories, eq(stories.id, highlightStories.storyId))
    .where(
      and(
        inArray(
          highlightStories.highlightId,
          rows.map((row) => row.id),
        ),
        visibleTo(viewerId),
      ),
    )
    .orderBy(asc(highlightStories.position));
  return { rows, links };
}

export async function deleteHighlight(db: Database, id: number, userId: number): Promise<void> {
  const [row] = await db.select().from(highlights).where(eq(highlights.id, id));
  if (!row || (row.userId !== userId && row.isPrivate)) throw new NotFoundError(storyTexts.errors.highlightNotFound);
  if (row.userId !== userId) throw new ForbiddenError(storyTexts.errors.notAuthor);
  await db.delete(highlights).where(eq(highlights.id, id));
}
