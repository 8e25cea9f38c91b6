import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { communityTexts } from '../../../domain/messages.js';
import type { PostCreate, PostReport, PostUpdate } from '../../../domain/post.js';
import type { Database } from '../db/client.js';
import { categories, images, postBlocks, postImages, postLikes, postReports, posts, userBlocks, users, type PostRow } from '../db/schema.js';
import { HttpError, RequestValidationError } from '../http/errors.js';
import type { PostRecord } from './post-repository.js';
import { notifyPostLike } from '../messaging/events.js';

/** Postgres' unique-violation code: the row a member tried to add already exists. */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  const cause = error as { cause?: { code?: string }; code?: string } | undefined;
  return cause?.code === UNIQUE_VIOLATION || cause?.cause?.code === UNIQUE_VIOLATION;
}

/** A live post (not deleted) with its category references, without counting a view. */
export async function loadPostRecord(db: Database, id: number): Promise<PostRecord | null> {
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
  if (!post) return null;
  return withCategories(db, post);
}

async function withCategories(db: Database, post: PostRow): Promise<PostRecord> {
  const ids = [post.categoryId, post.subCategoryId].filter((value): value is number => value !== null);
  const refs = ids.length
    ? await db.select({ id: categories.id, name: categories.name, code: categories.code }).from(categories).where(inArray(categories.id, ids))
    : [];
  const byId = new Map(refs.map((ref) => [ref.id, ref]));
  return {
    post,
    category: post.categoryId === null ? null : (byId.get(post.categoryId) ?? null),
    subCategory: post.subCategoryId === null ? null : (byId.get(post.subCategoryId) ?? null),
  };
}

/** The post a member may change: 404 when it is gone, 403 when someone else wrote it. */
async function authoredPost(db: Database, id: number, viewerId: number): Promise<PostRow> {
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
  if (!post) throw new HttpError(404);
  if (post.authorId !== viewerId) throw new HttpError(403, communityTexts.errors.notAuthor);
  return post;
}

/** Categories and pictures named by a post must exist (pictures: uploaded by the author). */
async function checkReferences(db: Database, input: Partial<PostCreate>, authorId: number): Promise<void> {
  const categoryIds = [input.category, input.sub_category].filter((value): value is number => value !== undefined);
  if (categoryIds.length) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds));
    const known = new Set(found.map((row) => row.id));
    const details = (['category', 'sub_category'] as const)
      .filter((key) => input[key] !== undefined && !known.has(input[key]!))
      .map((key) => ({ path: key, message: communityTexts.errors.unknownCategory, code: 'invalid_value' }));
    if (details.length) throw new RequestValidationError(details);
  }
  if (input.images?.length) {
    const found = await db.select({ id: images.id, ownerId: images.ownerId }).from(images).where(inArray(images.id, input.images));
    const usable = new Set(found.filter((row) => row.ownerId === authorId).map((row) => row.id));
    const unknown = input.images.findIndex((id) => !usable.has(id));
    if (unknown >= 0) throw new RequestValidationError([{ path: `images[${unknown}]`, message: communityTexts.errors.unknownImage, code: 'invalid_value' }]);
  }
}

function columnsFor(input: Partial<PostCreate> & { is_sold?: boolean }) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.content !== undefined && { content: input.content }),
    ...(input.post_type !== undefined && { postType: input.post_type }),
    ...(input.category !== undefined && { categoryId: input.category }),
    ...(input.sub_category !== undefined && { subCategoryId: input.sub_category }),
    ...(input.trade_type !== undefined && { tradeType: input.trade_type }),
    ...(input.price !== undefined && { price: input.price }),
    ...(input.location !== undefined && { location: input.location }),
    ...(input.tags !== undefined && { tags: input.tags }),
    ...(input.is_sold !== undefined && { isSold: input.is_sold }),
  };
}

async function replaceImages(tx: Database, postId: number, imageIds: number[]): Promise<void> {
  await tx.delete(postImages).where(eq(postImages.postId, postId));
  if (imageIds.length) await tx.insert(postImages).values(imageIds.map((imageId, position) => ({ postId, imageId, position })));
  await tx
    .update(posts)
    .set({ thumbnailId: imageIds[0] ?? null })
    .where(eq(posts.id, postId));
}

export async function createPost(db: Database, authorId: number, input: PostCreate): Promise<PostRecord> {
  await checkReferences(db, input, authorId);
  const post = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(posts)
      .values({ ...columnsFor(input), title: input.title, content: input.content, postType: input.post_type ?? 'general', authorId })
      .returning();
    const imageIds = input.no_image ? [] : (input.images ?? []);
    if (imageIds.length) await replaceImages(tx, created.id, imageIds);
    return created;
  });
  return (await loadPostRecord(db, post.id))!;
}

export async function updatePost(db: Database, id: number, viewerId: number, input: PostUpdate): Promise<PostRecord> {
  await authoredPost(db, id, viewerId);
  await checkReferences(db, input, viewerId);
  await db.transaction(async (tx) => {
    await tx
      .update(posts)
      .set({ ...columnsFor(input), updatedAt: new Date() })
      .where(eq(posts.id, id));
    if (input.no_image) await replaceImages(tx, id, []);
    else if (input.images !== undefined) await replaceImages(tx, id, input.images);
  });
  return (await loadPostRecord(db, id))!;
}

export async function deletePost(db: Database, id: number, viewerId: number): Promise<{ id: number; deleted_at: string }> {
  await authoredPost(db, id, viewerId);
  const [deleted] = await db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, id)).returning({ deletedAt: posts.deletedAt });
  return { id, deleted_at: deleted.deletedAt!.toISOString() };
}

/**
 * Likes or unlikes for the viewer. The like row and the counter change in one transaction, the counter
 * with `like_count ± 1` in SQL, so concurrent toggles never lose an update.
 */
export async function togglePostLike(db: Database, id: number, viewerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
    if (!post) throw new HttpError(404);
    const inserted = await tx.insert(postLikes).values({ postId: id, userId: viewerId }).onConflictDoNothing().returning();
    if (inserted.length) {
      await tx
        .update(posts)
        .set({ likeCount: sql`${posts.likeCount} + 1` })
        .where(eq(posts.id, id));
      await notifyPostLike(tx, id, viewerId);
      return;
    }
    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, id), eq(postLikes.userId, viewerId)))
      .returning();
    if (removed.length)
      await tx
        .update(posts)
        .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
        .where(eq(posts.id, id));
  });
}

export async function reportPost(db: Database, id: number, reporterId: number, report: PostReport): Promise<{ id: number; created_at: string }> {
  if (!(await loadPostRecord(db, id))) throw new HttpError(404);
  try {
    const [row] = await db.insert(postReports).values({ postId: id, reporterId, content: report.content, reasonType: report.reason_type }).returning();
    return { id: row.id, created_at: row.createdAt.toISOString() };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, communityTexts.errors.alreadyReported);
    throw error;
  }
}

export async function blockPost(db: Database, id: number, userId: number): Promise<{ id: number; created_at: string }> {
  if (!(await loadPostRecord(db, id))) throw new HttpError(404);
  const [row] = await db
    .insert(postBlocks)
    .values({ postId: id, userId })
    .onConflictDoUpdate({ target: [postBlocks.userId, postBlocks.postId], set: { postId: id } })
    .returning();
  return { id: row.id, created_at: row.createdAt.toISOString() };
}

/** Blocking is idempotent: blocking again keeps the first block (and answers it). */
export async function blockUser(db: Database, blockerId: number, blockedId: number, reason: string | undefined) {
  if (blockerId === blockedId)
    throw new RequestValidationError([{ path: 'block_target_user', message: communityTexts.errors.blockSelf, code: 'invalid_value' }]);
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!target) throw new HttpError(404);
  await db
    .insert(userBlocks)
    .values({ blockerId, blockedId, reason: reason ?? null })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return { id: blockedId, block_target_user: blockedId, reason: row.reason, created_at: row.createdAt.toISOString() };
}
