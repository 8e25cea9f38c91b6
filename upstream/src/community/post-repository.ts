import type { CategoryRefJson } from '../../../domain/api.js';
import { and, arrayOverlaps, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PostListQuery, PostOrderingField, PostSort, SortOrder } from '../../../domain/community.js';
import { CATEGORY_IDS } from '../../../domain/community.js';
import { VIEW_REPEAT_HOURS } from '../../../domain/limits.js';
import { communityTexts } from '../../../domain/messages.js';
import { isNoticePost, type PostCreate, type PostReport, type PostUpdate } from '../../../domain/post.js';
import type { Database } from '../db/client.js';
import { endFollowsBetween, notBlockedWith } from '../db/blocks.js';
import { containing, idsMarkedBy, isUniqueViolation, offsetOf, type PageRequest } from '../db/queries.js';
import {
  categories,
  images,
  postBlocks,
  postImages,
  postViews,
  postLikes,
  postReports,
  posts,
  userBlocks,
  users,
  type ImageRow,
  type PostBlockRow,
  type PostReportRow,
  type PostRow,
  type UserBlockRow,
} from '../db/schema.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { notifyPostLike } from '../messaging/events.js';
import { imageFiles, releaseUnusedImages } from '../uploads/images.js';

export interface PostRecord {
  post: PostRow;
  category: CategoryRefJson | null;
  subCategory: CategoryRefJson | null;
}

/**
 * Trending score: engagement over age with gravity, so recent activity outranks old totals:
 * (likes*3 + replies*2 + views*0.1) / (age_hours + 2)^1.5. A post nobody has liked, answered or opened scores 0: being
 * new is not being popular, so it never outranks one members engaged with (after them, newest first).
 */
export const TRENDING = { likeWeight: 3, replyWeight: 2, viewWeight: 0.1, ageOffsetHours: 2, gravity: 1.5 } as const;

const subCategories = alias(categories, 'sub_categories');

const ageHours = sql`greatest(extract(epoch from (now() - ${posts.createdAt})) / 3600.0, 0)`;
const trendingScore = sql`((${posts.likeCount} * ${sql.raw(String(TRENDING.likeWeight))} + ${posts.replyCount} * ${sql.raw(String(TRENDING.replyWeight))} + ${posts.viewCount} * ${sql.raw(String(TRENDING.viewWeight))}) / power(${ageHours} + ${sql.raw(String(TRENDING.ageOffsetHours))}, ${sql.raw(String(TRENDING.gravity))}))`;

const sortExpressions: Record<PostSort, SQL> = {
  latest: sql`${posts.createdAt}`,
  likes: sql`${posts.likeCount}`,
  views: sql`${posts.viewCount}`,
  replies: sql`${posts.replyCount}`,
  price: sql`${posts.price}`,
  trending: trendingScore,
};

/** DRF-style `ordering` names for the same columns. */
const orderingExpressions: Record<PostOrderingField, SQL> = {
  created_at: sortExpressions.latest,
  updated_at: sql`${posts.updatedAt}`,
  like_count: sortExpressions.likes,
  view_count: sortExpressions.views,
  reply_count: sortExpressions.replies,
  price: sortExpressions.price,
  // Byte order, so both stores (whatever their locale) and clients agree on it.
  title: sql`${posts.title} collate "C"`,
};

/** A post that readers may see: neither deleted nor hidden by moderation. */
export const visible = and(isNull(posts.deletedAt), eq(posts.isHidden, false))!;

/**
 * Post records (the post and its category references) with the size of the whole filtered list as a window
 * count; callers add their joins, filters, order and page.
 */
export function selectPostRecords(db: Database) {
  return db
    .select({
      post: posts,
      category: { id: categories.id, name: categories.name, code: categories.code },
      subCategory: { id: subCategories.id, name: subCategories.name, code: subCategories.code },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, posts.subCategoryId));
}

/**
 * One page of the list and the size of the whole filtered list, in one query: the total rides along as
 * a window count. Only a page past the end (no rows to carry it) costs a second, counting query.
 */
export async function listPosts(db: Database, query: PostListQuery, viewerId: number | null = null): Promise<{ records: PostRecord[]; total: number }> {
  const where = and(visible, ...filtersFor(query), ...hiddenFrom(viewerId));
  const offset = (query.page - 1) * query.page_size;
  const rows = await selectPostRecords(db)
    .where(where)
    .orderBy(...orderFor(query))
    .limit(query.page_size)
    .offset(offset);

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await db.select({ total: count() }).from(posts).where(where);
    total = counted?.total ?? 0;
  }
  return { records: rows.map(({ post, category, subCategory }) => ({ post, category, subCategory })), total };
}

/**
 * The posts a member liked, the newest like first, one page and the total. Posts since deleted or hidden, and
 * posts the member cannot see for a block (either way, or a post they blocked), are left out.
 */
export async function listLikedPosts(db: Database, viewerId: number, { page, pageSize }: PageRequest): Promise<{ records: PostRecord[]; total: number }> {
  const where = and(visible, eq(postLikes.userId, viewerId), ...hiddenFrom(viewerId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        post: posts,
        category: { id: categories.id, name: categories.name, code: categories.code },
        subCategory: { id: subCategories.id, name: subCategories.name, code: subCategories.code },
      })
      .from(postLikes)
      .innerJoin(posts, eq(posts.id, postLikes.postId))
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .leftJoin(subCategories, eq(subCategories.id, posts.subCategoryId))
      .where(where)
      .orderBy(desc(postLikes.createdAt), desc(postLikes.postId))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ total: count() }).from(postLikes).innerJoin(posts, eq(posts.id, postLikes.postId)).where(where),
  ]);
  return { records: rows, total: counted?.total ?? 0 };
}

function filtersFor(query: PostListQuery): SQL[] {
  const filters: (SQL | undefined)[] = [];
  if (query.post_type) filters.push(eq(posts.postType, query.post_type));
  if (query.category !== undefined && query.category !== CATEGORY_IDS.all) {
    filters.push(or(eq(posts.categoryId, query.category), eq(posts.subCategoryId, query.category)));
  }
  if (query.sub_category !== undefined) filters.push(eq(posts.subCategoryId, query.sub_category));
  if (query.search) {
    const pattern = containing(query.search);
    const byType = {
      title_content: or(ilike(posts.title, pattern), ilike(posts.content, pattern)),
      title: ilike(posts.title, pattern),
      content: ilike(posts.content, pattern),
      nickname: inArray(posts.authorId, usersMatching(pattern)),
    };
    filters.push(byType[query.search_type ?? 'title_content']);
  }
  if (query.author_id !== undefined) filters.push(eq(posts.authorId, query.author_id));
  if (query.target_user_id !== undefined) filters.push(eq(posts.authorId, query.target_user_id));
  if (query.date_from) filters.push(gte(posts.createdAt, parseDateParam(query.date_from)));
  if (query.date_to) {
    // A bare date means "through that day": everything before the next midnight.
    filters.push(
      isDateOnly(query.date_to)
        ? lt(posts.createdAt, new Date(parseDateParam(query.date_to).getTime() + 24 * 60 * 60 * 1000))
        : lte(posts.createdAt, parseDateParam(query.date_to)),
    );
  }
  if (query.is_sold !== undefined) filters.push(eq(posts.isSold, query.is_sold));
  if (query.trade_type) filters.push(eq(posts.tradeType, query.trade_type));
  if (query.price_min !== undefined) filters.push(gte(posts.price, query.price_min));
  if (query.price_max !== undefined) filters.push(lte(posts.price, query.price_max));
  if (query.tags?.length) filters.push(arrayOverlaps(posts.tags, query.tags));
  return filters.filter((filter): filter is SQL => filter !== undefined);
}

/** Authors of posts whose nickname matches a LIKE pattern. */
function usersMatching(pattern: string): SQL {
  return sql`(select ${users.id} from ${users} where ${users.nickname} ilike ${pattern})`;
}

/**
 * What stays out of the viewer's lists and search: posts they blocked, and posts of members they blocked or
 * who blocked them (blocking works both ways).
 */
export function hiddenFrom(viewerId: number | null): SQL[] {
  if (viewerId === null) return [];
  return [
    notBlockedWith(viewerId, posts.authorId)!,
    notInArray(posts.id, sql`(select ${postBlocks.postId} from ${postBlocks} where ${postBlocks.userId} = ${viewerId})`),
  ];
}

/** A total order (the id breaks ties in the same direction), so offset pages never overlap or skip. */
function orderFor(query: PostListQuery): SQL[] {
  let expression: SQL;
  let direction: SortOrder;
  if (query.ordering) {
    const descending = query.ordering.startsWith('-');
    expression = orderingExpressions[query.ordering.replace(/^-/, '') as PostOrderingField];
    direction = descending ? 'desc' : 'asc';
  } else {
    expression = sortExpressions[query.sort ?? 'latest'];
    direction = query.order ?? 'desc';
  }
  const keyword = sql.raw(direction);
  const order = [sql`${expression} ${keyword} nulls last`, sql`${posts.id} ${keyword}`];
  // The notice board keeps its pinned notices on top in its own order; search and explicit orderings do not.
  const pinnedFirst = !query.ordering && !query.search && isNoticePost({ post_type: query.post_type, category: query.category });
  return pinnedFirst ? [sql`${posts.isPinned} desc`, ...order] : order;
}

function isDateOnly(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** Dates and date-times without a zone are read as UTC, whatever the server's own zone. */
export function parseDateParam(value: string): Date {
  const normalized = value.trim().replace(' ', 'T');
  if (isDateOnly(normalized)) return new Date(`${normalized}T00:00:00Z`);
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(normalized) ? normalized : `${normalized}Z`);
}

/**
 * Opens a post: counts the view atomically (unless `countView` is false, or the member already had a view of it counted
 * in the last `VIEW_REPEAT_HOURS`, or is its author: their own opens, and the returns after each edit, are not
 * readers) and answers the post with the new count, or null when the post does not exist, was deleted or is hidden, or
 * when the viewer and its author are a blocked pair (a blocked member's post reads like a missing one).
 */
export async function openPost(db: Database, id: number, viewerId: number | null = null, { countView = true } = {}): Promise<PostRecord | null> {
  const readable = and(eq(posts.id, id), visible, notBlockedWith(viewerId, posts.authorId));
  const counts = countView && (viewerId === null || (await countsMemberView(db, readable, viewerId)));
  const [post] = counts
    ? await db
        .update(posts)
        .set({ viewCount: sql`${posts.viewCount} + 1` })
        .where(readable)
        .returning()
    : await db.select().from(posts).where(readable).limit(1);
  return post ? withCategories(db, post) : null;
}

/**
 * Whether a member's open of the post `readable` selects is a view to count, recorded when it is: not its author's,
 * and their first in `VIEW_REPEAT_HOURS`. One statement, so a member's two opens at once count once.
 */
async function countsMemberView(db: Database, readable: SQL | undefined, viewerId: number): Promise<boolean> {
  const counted = await db
    .insert(postViews)
    .select(
      db
        .select({ postId: posts.id, userId: sql<number>`${viewerId}`.as('user_id'), countedAt: sql<Date>`now()`.as('counted_at') })
        .from(posts)
        .where(and(readable, ne(posts.authorId, viewerId))),
    )
    .onConflictDoUpdate({
      target: [postViews.postId, postViews.userId],
      set: { countedAt: sql`excluded.counted_at` },
      setWhere: sql`${postViews.countedAt} <= now() - make_interval(hours => ${VIEW_REPEAT_HOURS})`,
    })
    .returning({ postId: postViews.postId });
  return counted.length > 0;
}

export interface PostMedia {
  /** Each post's pictures in their order. */
  imagesByPost: Map<number, ImageRow[]>;
  /** Every picture loaded, thumbnails included, by id. */
  imagesById: Map<number, ImageRow>;
}

/** The pictures of many posts in one query (plus one more only for thumbnails that are not among them). */
export async function loadPostMedia(db: Database, postRows: PostRow[]): Promise<PostMedia> {
  const imagesByPost = new Map<number, ImageRow[]>();
  const imagesById = new Map<number, ImageRow>();
  if (!postRows.length) return { imagesByPost, imagesById };
  const rows = await db
    .select({ image: images, postId: postImages.postId })
    .from(postImages)
    .innerJoin(images, eq(images.id, postImages.imageId))
    .where(
      inArray(
        postImages.postId,
        postRows.map((post) => post.id),
      ),
    )
    .orderBy(postImages.postId, postImages.position, images.id);
  for (const { image, postId } of rows) {
    imagesById.set(image.id, image);
    const list = imagesByPost.get(postId) ?? [];
    list.push(image);
    imagesByPost.set(postId, list);
  }
  const missing = [...new Set(postRows.map((post) => post.thumbnailId).filter((id): id is number => id !== null && !imagesById.has(id)))];
  if (missing.length) {
    for (const image of await db.select().from(images).where(inArray(images.id, missing))) imagesById.set(image.id, image);
  }
  return { imagesByPost, imagesById };
}

/** Which of these posts the viewer has liked. */
export async function likedPostIds(db: Database, viewerId: number | null, postIds: number[]): Promise<Set<number>> {
  return idsMarkedBy(db, postLikes.postId, postLikes.userId, viewerId, postIds);
}

/** A post that is not deleted (hidden ones included: their authors still reach them). */
async function undeletedPost(db: Database, id: number): Promise<PostRow | undefined> {
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
  return post;
}

/** A live post (not deleted) with its category references, without counting a view. */
export async function loadPostRecord(db: Database, id: number): Promise<PostRecord | null> {
  const post = await undeletedPost(db, id);
  return post ? withCategories(db, post) : null;
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
  const post = await undeletedPost(db, id);
  if (!post) throw new NotFoundError();
  if (post.authorId !== viewerId) throw new ForbiddenError(communityTexts.errors.notAuthor);
  return post;
}

/** Categories named by a post must exist, and only staff file a post as a notice (pictures: `lockUsableImages`). */
async function checkReferences(db: Database, input: Partial<PostCreate>, authorId: number): Promise<void> {
  if (isNoticePost(input)) {
    const [author] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, authorId));
    if (!author?.isStaff) throw new ForbiddenError(communityTexts.errors.noticeStaffOnly);
  }
  const categoryIds = [input.category, input.sub_category].filter((value): value is number => value !== undefined);
  if (categoryIds.length) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds));
    const known = new Set(found.map((row) => row.id));
    const details = (['category', 'sub_category'] as const)
      .filter((key) => input[key] !== undefined && !known.has(input[key]!))
      .map((key) => ({ path: key, message: communityTexts.errors.unknownCategory, code: 'invalid_value' }));
    if (details.length) throw new ValidationError(details);
  }
}

/**
 * Pictures named by a post must exist and be uploads of its author. Checked inside the transaction that attaches
 * them, with each picture locked (in id order, as the sweep of unused uploads locks them) until it commits: a
 * picture the sweep releases at the same moment is either kept (the sweep waits, then finds it attached) or found
 * gone here, which refuses the post with the picture message rather than failing on its foreign key.
 */
async function lockUsableImages(tx: Database, imageIds: readonly number[] | undefined, authorId: number): Promise<void> {
  if (!imageIds?.length) return;
  const found = await tx
    .select({ id: images.id, ownerId: images.ownerId })
    .from(images)
    .where(inArray(images.id, [...new Set(imageIds)]))
    .orderBy(images.id)
    .for('key share');
  const usable = new Set(found.filter((row) => row.ownerId === authorId).map((row) => row.id));
  const unknown = imageIds.findIndex((id) => !usable.has(id));
  if (unknown >= 0) throw ValidationError.of(`images[${unknown}]`, communityTexts.errors.unknownImage);
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

/**
 * Sets the post's pictures (and its thumbnail, the first). Answers the files of the pictures it no longer shows that
 * nothing else uses either (uploads/images.ts `releaseUnusedImages`: their rows are deleted in this transaction), for
 * the caller to remove with `removeReleasedFiles` once the transaction has committed.
 */
async function replaceImages(tx: Database, postId: number, imageIds: number[]): Promise<string[]> {
  const detached = await tx.delete(postImages).where(eq(postImages.postId, postId)).returning({ imageId: postImages.imageId });
  if (imageIds.length) await tx.insert(postImages).values(imageIds.map((imageId, position) => ({ postId, imageId, position })));
  await tx
    .update(posts)
    .set({ thumbnailId: imageIds[0] ?? null })
    .where(eq(posts.id, postId));
  const kept = new Set(imageIds);
  const released = await releaseUnusedImages(tx, { ids: detached.map((row) => row.imageId).filter((imageId) => !kept.has(imageId)) });
  return released.flatMap(imageFiles);
}

/** A changed post, and the files of the pictures it let go of (to remove once the change has committed). */
export interface PostChange<T> {
  result: T;
  releasedFiles: string[];
}

export async function createPost(db: Database, authorId: number, input: PostCreate): Promise<PostRecord> {
  await checkReferences(db, input, authorId);
  const post = await db.transaction(async (tx) => {
    await lockUsableImages(tx, input.images, authorId);
    const [created] = await tx
      .insert(posts)
      .values({
        ...columnsFor(input),
        title: input.title,
        content: input.content,
        postType: input.post_type ?? 'general',
        isNotice: isNoticePost(input),
        authorId,
      })
      .returning();
    const imageIds = input.no_image ? [] : (input.images ?? []);
    // A new post has no pictures to let go of.
    if (imageIds.length) await replaceImages(tx, created.id, imageIds);
    return created;
  });
  return (await loadPostRecord(db, post.id))!;
}

/** Changes the author's post; pictures its new list (or `no_image`) drops are released. */
export async function updatePost(db: Database, id: number, viewerId: number, input: PostUpdate): Promise<PostChange<PostRecord>> {
  await authoredPost(db, id, viewerId);
  await checkReferences(db, input, viewerId);
  const releasedFiles = await db.transaction(async (tx) => {
    await lockUsableImages(tx, input.images, viewerId);
    await tx
      .update(posts)
      .set({ ...columnsFor(input), updatedAt: new Date() })
      .where(eq(posts.id, id));
    if (input.no_image) return replaceImages(tx, id, []);
    if (input.images !== undefined) return replaceImages(tx, id, input.images);
    return [];
  });
  return { result: (await loadPostRecord(db, id))!, releasedFiles };
}

/**
 * Marks the author's post deleted; answers when. The post's text stays (a soft delete): reports and moderation may
 * still need to read it. Its pictures go: in the same transaction the post lets go of all of them (a deleted post
 * keeps no `post_images` rows, so a picture it shared with another post goes when that one goes), and those no other
 * post shows lose their rows, their files to be removed once the deletion has committed.
 */
export async function deletePost(db: Database, id: number, viewerId: number): Promise<PostChange<Date>> {
  await authoredPost(db, id, viewerId);
  return db.transaction(async (tx) => {
    const [deleted] = await tx.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, id)).returning({ deletedAt: posts.deletedAt });
    const releasedFiles = await replaceImages(tx, id, []);
    return { result: deleted.deletedAt!, releasedFiles };
  });
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
      .where(and(eq(posts.id, id), isNull(posts.deletedAt), notBlockedWith(viewerId, posts.authorId)));
    if (!post) throw new NotFoundError();
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

export async function reportPost(db: Database, id: number, reporterId: number, report: PostReport): Promise<PostReportRow> {
  const post = await loadPostRecord(db, id);
  if (!post) throw new NotFoundError();
  if (post.post.authorId === reporterId) throw new ForbiddenError(communityTexts.errors.reportOwn);
  try {
    const [row] = await db.insert(postReports).values({ postId: id, reporterId, content: report.content, reasonType: report.reason_type }).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(communityTexts.errors.alreadyReported);
    throw error;
  }
}

export async function blockPost(db: Database, id: number, userId: number): Promise<PostBlockRow> {
  if (!(await loadPostRecord(db, id))) throw new NotFoundError();
  const [row] = await db
    .insert(postBlocks)
    .values({ postId: id, userId })
    .onConflictDoUpdate({ target: [postBlocks.userId, postBlocks.postId], set: { postId: id } })
    .returning();
  return row;
}

/** Blocking is idempotent: blocking again keeps the first block (and answers it). */
export async function blockUser(db: Database, blockerId: number, blockedId: number, reason: string | undefined): Promise<UserBlockRow> {
  if (blockerId === blockedId) throw ValidationError.of('block_target_user', communityTexts.errors.blockSelf);
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!target) throw new NotFoundError();
  await db.transaction(async (tx) => {
    await tx
      .insert(userBlocks)
      .values({ blockerId, blockedId, reason: reason ?? null })
      .onConflictDoNothing();
    await endFollowsBetween(tx, blockerId, blockedId);
  });
  const [row] = await db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return row;
}
