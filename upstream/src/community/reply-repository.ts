import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { REPLY_ANSWERS_PAGE_SIZE } from '../../../domain/limits.js';
import { communityTexts } from '../../../domain/messages.js';
import { areBlocked, notBlockedWith } from '../db/blocks.js';
import type { Database } from '../db/client.js';
import { idsMarkedBy, offsetOf, selectPage } from '../db/queries.js';
import { posts, replies, replyLikes } from '../db/schema.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { notifyReply, refreshReplyNotifications, withdrawReplyNotifications } from '../messaging/events.js';

export type ReplyRow = typeof replies.$inferSelect;

/** Replies by members the viewer blocked, or who blocked the viewer, stay out of the viewer's lists. */
function notBlockedBy(viewerId: number | null): SQL | undefined {
  return notBlockedWith(viewerId, replies.authorId);
}

/** The post's author; 404 when the post is gone or hidden. */
async function livePost(db: Database, postId: number): Promise<{ authorId: number }> {
  const [post] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt), eq(posts.isHidden, false)));
  if (!post) throw new NotFoundError();
  return post;
}

/** The replies of a blocked pair's post are as missing as the post itself. */
async function readablePost(db: Database, postId: number, viewerId: number | null): Promise<void> {
  const post = await livePost(db, postId);
  if (viewerId !== null && (await areBlocked(db, viewerId, post.authorId))) throw new NotFoundError();
}

/** A deleted reply still heads its thread while a live answer is left under it. */
const hasLiveAnswers = sql`exists (select 1 from ${replies} as children where children.parent_id = ${replies.id} and children.is_deleted = false)`;

/** The live answers the viewer may see under these replies. */
const visibleAnswersOf = (parentIds: number[], viewerId: number | null) =>
  and(inArray(replies.parentId, parentIds), eq(replies.isDeleted, false), notBlockedBy(viewerId));

const oldestFirst = [asc(replies.createdAt), asc(replies.id)];

/**
 * One page of a post's top-level replies, oldest first, each with the first `REPLY_ANSWERS_PAGE_SIZE` of its
 * answers (one level deep: an answer to an answer joins the same thread). A deleted reply shows only while it
 * still has answers.
 */
export async function listReplies(db: Database, postId: number, page: number, pageSize: number, viewerId: number | null) {
  await readablePost(db, postId, viewerId);
  const where = and(eq(replies.postId, postId), isNull(replies.parentId), sql`(${replies.isDeleted} = false or ${hasLiveAnswers})`, notBlockedBy(viewerId));
  const { rows: roots, total } = await selectPage(db, replies, where, oldestFirst, { page, pageSize });
  return { roots, children: await firstAnswers(db, roots, viewerId), total };
}

/** The first page of answers of each of these replies, in one query. */
async function firstAnswers(db: Database, parents: ReplyRow[], viewerId: number | null): Promise<ReplyRow[]> {
  if (!parents.length) return [];
  const rank = sql<number>`row_number() over (partition by ${replies.parentId} order by ${replies.createdAt}, ${replies.id})`.as('rank');
  const ranked = db
    .select({ id: replies.id, rank })
    .from(replies)
    .where(
      visibleAnswersOf(
        parents.map((parent) => parent.id),
        viewerId,
      ),
    )
    .as('ranked');
  const rows = await db
    .select({ reply: replies })
    .from(replies)
    .innerJoin(ranked, eq(ranked.id, replies.id))
    .where(lte(ranked.rank, REPLY_ANSWERS_PAGE_SIZE))
    .orderBy(...oldestFirst);
  return rows.map((row) => row.reply);
}

/**
 * One reply as its post's list shows it to the viewer, with the first page of its answers: 404 when its post is
 * gone or hidden, when the viewer and the post's author, the reply's author or its thread's author are a blocked
 * pair, and for a deleted reply unless it still heads live answers.
 */
export async function findReply(db: Database, replyId: number, viewerId: number | null) {
  const [reply] = await db
    .select()
    .from(replies)
    .where(and(eq(replies.id, replyId), notBlockedBy(viewerId)));
  if (!reply) throw new NotFoundError();
  await readablePost(db, reply.postId, viewerId);
  if (reply.parentId !== null) {
    const [thread] = await db
      .select({ id: replies.id })
      .from(replies)
      .where(and(eq(replies.id, reply.parentId), notBlockedBy(viewerId)));
    if (!thread || reply.isDeleted) throw new NotFoundError();
    return { reply, children: [] };
  }
  const children = await firstAnswers(db, [reply], viewerId);
  if (reply.isDeleted && !children.length) throw new NotFoundError();
  return { reply, children };
}

/** One page of a reply's live answers, oldest first; 404 when the viewer may not see that reply (`findReply`). */
export async function listAnswers(db: Database, postId: number, parentId: number, page: number, pageSize: number, viewerId: number | null) {
  const { reply } = await findReply(db, parentId, viewerId);
  if (reply.postId !== postId) throw new NotFoundError();
  const { rows, total } = await selectPage(db, replies, visibleAnswersOf([parentId], viewerId), oldestFirst, { page, pageSize });
  return { rows, total };
}

/** How many live answers the viewer may see under each of these replies (absent: none). */
export async function answerCounts(db: Database, parentIds: number[], viewerId: number | null): Promise<Map<number, number>> {
  if (!parentIds.length) return new Map();
  const rows = await db
    .select({ parentId: replies.parentId, total: count() })
    .from(replies)
    .where(visibleAnswersOf(parentIds, viewerId))
    .groupBy(replies.parentId);
  return new Map(rows.map((row) => [row.parentId as number, row.total]));
}

/** A member's live replies, newest first, each naming its post (000 §7 `GET community/reply/`). */
export async function listUserReplies(db: Database, userId: number, page: number, pageSize: number, viewerId: number | null) {
  const where = and(
    eq(replies.authorId, userId),
    eq(replies.isDeleted, false),
    isNull(posts.deletedAt),
    eq(posts.isHidden, false),
    notBlockedBy(viewerId),
    notBlockedWith(viewerId, posts.authorId),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ reply: replies, postTitle: posts.title })
      .from(replies)
      .innerJoin(posts, eq(posts.id, replies.postId))
      .where(where)
      .orderBy(desc(replies.createdAt), desc(replies.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ total: count() }).from(replies).innerJoin(posts, eq(posts.id, replies.postId)).where(where),
  ]);
  return { rows, total };
}

/** Which of these replies the viewer has liked. */
export async function likedReplyIds(db: Database, viewerId: number | null, replyIds: number[]): Promise<Set<number>> {
  return idsMarkedBy(db, replyLikes.replyId, replyLikes.userId, viewerId, replyIds);
}

/**
 * A reply and the post's new count in one transaction (`reply_count + 1` in SQL: no lost update). A member
 * cannot reply to the post or the reply of a member they blocked or who blocked them (403).
 */
export async function createReply(db: Database, postId: number, authorId: number, content: string, parentId: number | undefined): Promise<ReplyRow> {
  const post = await livePost(db, postId);
  const refuseIfBlocked = async (otherId: number) => {
    if (await areBlocked(db, authorId, otherId)) throw new ForbiddenError(communityTexts.errors.replyBlocked);
  };
  await refuseIfBlocked(post.authorId);
  let threadId: number | null = null;
  if (parentId !== undefined) {
    const [parent] = await db
      .select()
      .from(replies)
      .where(and(eq(replies.id, parentId), eq(replies.postId, postId)));
    if (!parent) throw ValidationError.of('parent_id', communityTexts.errors.parentReply);
    await refuseIfBlocked(parent.authorId);
    threadId = parent.parentId ?? parent.id;
  }
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(replies).values({ postId, authorId, content, parentId: threadId }).returning();
    await tx
      .update(posts)
      .set({ replyCount: sql`${posts.replyCount} + 1` })
      .where(eq(posts.id, postId));
    await notifyReply(tx, created, parentId);
    return created;
  });
}

async function authoredReply(db: Database, postId: number, replyId: number, viewerId: number): Promise<ReplyRow> {
  const [reply] = await db
    .select()
    .from(replies)
    .where(and(eq(replies.id, replyId), eq(replies.postId, postId), eq(replies.isDeleted, false)));
  if (!reply) throw new NotFoundError();
  if (reply.authorId !== viewerId) throw new ForbiddenError(communityTexts.errors.notAuthor);
  return reply;
}

export async function updateReply(db: Database, postId: number, replyId: number, viewerId: number, content: string): Promise<ReplyRow> {
  await authoredReply(db, postId, replyId, viewerId);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(replies).set({ content, isEdited: true, updatedAt: new Date() }).where(eq(replies.id, replyId)).returning();
    await refreshReplyNotifications(tx, updated);
    return updated;
  });
}

/**
 * Deletes a reply: marked `is_deleted` (its thread stays readable, the list hides it once no live answer is
 * left), no longer counted in the post's reply_count, and the notifications it caused withdrawn.
 */
export async function deleteReply(db: Database, postId: number, replyId: number, viewerId: number): Promise<void> {
  await authoredReply(db, postId, replyId, viewerId);
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(replies)
      .set({ isDeleted: true, deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(replies.id, replyId), eq(replies.isDeleted, false)))
      .returning({ id: replies.id });
    if (!marked.length) return;
    await tx
      .update(posts)
      .set({ replyCount: sql`greatest(${posts.replyCount} - 1, 0)` })
      .where(eq(posts.id, postId));
    await withdrawReplyNotifications(tx, replyId);
  });
}

export async function toggleReplyLike(db: Database, replyId: number, viewerId: number): Promise<ReplyRow> {
  return db.transaction(async (tx) => {
    const [reply] = await tx
      .select({ id: replies.id })
      .from(replies)
      .where(and(eq(replies.id, replyId), eq(replies.isDeleted, false), notBlockedWith(viewerId, replies.authorId)));
    if (!reply) throw new NotFoundError();
    const inserted = await tx.insert(replyLikes).values({ replyId, userId: viewerId }).onConflictDoNothing().returning();
    const delta = inserted.length ? sql`${replies.likeCount} + 1` : sql`greatest(${replies.likeCount} - 1, 0)`;
    if (!inserted.length) await tx.delete(replyLikes).where(and(eq(replyLikes.replyId, replyId), eq(replyLikes.userId, viewerId)));
    const [updated] = await tx.update(replies).set({ likeCount: delta }).where(eq(replies.id, replyId)).returning();
    return updated;
  });
}
