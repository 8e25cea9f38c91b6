import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { communityTexts } from '../../../domain/messages.js';
import { areBlocked, notBlockedWith } from '../db/blocks.js';
import type { Database } from '../db/client.js';
import { idsMarkedBy, offsetOf, selectPage } from '../db/queries.js';
import { posts, replies, replyLikes } from '../db/schema.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { notifyReply } from '../messaging/events.js';

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

/**
 * One page of a post's top-level replies, oldest first, each with its answers (one level deep: an answer
 * to an answer joins the same thread). A deleted reply shows only while it still has answers.
 */
export async function listReplies(db: Database, postId: number, page: number, pageSize: number, viewerId: number | null) {
  const post = await livePost(db, postId);
  // The replies of a blocked pair's post are as missing as the post itself.
  if (viewerId !== null && (await areBlocked(db, viewerId, post.authorId))) throw new NotFoundError();
  const hasLiveChildren = sql`exists (select 1 from ${replies} as children where children.parent_id = ${replies.id} and children.is_deleted = false)`;
  const where = and(eq(replies.postId, postId), isNull(replies.parentId), sql`(${replies.isDeleted} = false or ${hasLiveChildren})`, notBlockedBy(viewerId));
  const { rows: roots, total } = await selectPage(db, replies, where, [asc(replies.createdAt), asc(replies.id)], { page, pageSize });
  const children = roots.length
    ? await db
        .select()
        .from(replies)
        .where(
          and(
            inArray(
              replies.parentId,
              roots.map((root) => root.id),
            ),
            eq(replies.isDeleted, false),
            notBlockedBy(viewerId),
          ),
        )
        .orderBy(asc(replies.createdAt), asc(replies.id))
    : [];
  return { roots, children, total };
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
  const [updated] = await db.update(replies).set({ content, isEdited: true, updatedAt: new Date() }).where(eq(replies.id, replyId)).returning();
  return updated;
}

/**
 * Deletes a reply: marked `is_deleted` (its thread stays readable, the list hides it once no live answer is
 * left) and no longer counted in the post's reply_count.
 */
export async function deleteReply(db: Database, postId: number, replyId: number, viewerId: number): Promise<void> {
  await authoredReply(db, postId, replyId, viewerId);
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(replies)
      .set({ isDeleted: true, deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(replies.id, replyId), eq(replies.isDeleted, false)))
      .returning({ id: replies.id });
    if (marked.length)
      await tx
        .update(posts)
        .set({ replyCount: sql`greatest(${posts.replyCount} - 1, 0)` })
        .where(eq(posts.id, postId));
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
