import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { notBlockedWith } from '../db/blocks.js';
import { idsMarkedBy, offsetOf, type PageRequest } from '../db/queries.js';
import { postBookmarks, posts } from '../db/schema.js';
import { NotFoundError } from '../errors.js';
import { hiddenFrom, selectPostRecords, visible, type PostRecord } from './post-repository.js';

/** A post the member may bookmark: one they can open (not deleted, hidden, or written by a member of a blocked pair). */
async function bookmarkablePost(db: Database, postId: number, userId: number): Promise<boolean> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), visible, notBlockedWith(userId, posts.authorId)));
  return Boolean(post);
}

/** Bookmarks the post for the member; bookmarking it again keeps the first bookmark (and its time). 404 when they cannot open it. */
export async function bookmarkPost(db: Database, postId: number, userId: number): Promise<void> {
  if (!(await bookmarkablePost(db, postId, userId))) throw new NotFoundError();
  await db.insert(postBookmarks).values({ userId, postId }).onConflictDoNothing();
}

/**
 * Removes the member's bookmark of the post, if there is one. A bookmark of a post that is gone is removed too,
 * and the answer is then 404 like every request about that post.
 */
export async function unbookmarkPost(db: Database, postId: number, userId: number): Promise<void> {
  await db.delete(postBookmarks).where(and(eq(postBookmarks.userId, userId), eq(postBookmarks.postId, postId)));
  if (!(await bookmarkablePost(db, postId, userId))) throw new NotFoundError();
}

/**
 * One page of the member's bookmarked posts, newest bookmark first, and how many there are. Posts deleted or
 * hidden since, posts of a member of a blocked pair and posts the member blocked stay out, as in every list.
 */
export async function listBookmarkedPosts(db: Database, userId: number, { page, pageSize }: PageRequest): Promise<{ records: PostRecord[]; total: number }> {
  const where = and(visible, ...hiddenFrom(userId));
  const bookmarked = and(eq(postBookmarks.postId, posts.id), eq(postBookmarks.userId, userId));
  const offset = offsetOf(page, pageSize);
  const rows = await selectPostRecords(db)
    .innerJoin(postBookmarks, bookmarked)
    .where(where)
    .orderBy(desc(postBookmarks.createdAt), desc(posts.id))
    .limit(pageSize)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await db.select({ total: count() }).from(posts).innerJoin(postBookmarks, bookmarked).where(where);
    total = counted?.total ?? 0;
  }
  return { records: rows.map(({ post, category, subCategory }) => ({ post, category, subCategory })), total };
}

/** Which of these posts the member has bookmarked. */
export async function bookmarkedPostIds(db: Database, userId: number | null, postIds: number[]): Promise<Set<number>> {
  return idsMarkedBy(db, postBookmarks.postId, postBookmarks.userId, userId, postIds);
}
