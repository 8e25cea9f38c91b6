import type { CategoryRefJson } from '../../../domain/api.js';
import { and, arrayOverlaps, count, eq, gte, ilike, inArray, isNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PostListQuery, PostOrderingField, PostSort, SortOrder } from '../../../domain/community.js';
import { CATEGORY_IDS } from '../../../domain/community.js';
import type { Database } from '../db/client.js';
import { categories, images, postBlocks, postImages, postLikes, posts, userBlocks, users, type ImageRow, type PostRow } from '../db/schema.js';

export interface PostRecord {
  post: PostRow;
  category: CategoryRefJson | null;
  subCategory: CategoryRefJson | null;
}

/**
 * Trending score: engagement over age with gravity, so recent activity outranks old totals:
 * (likes*3 + replies*2 + views*0.1 + 1) / (age_hours + 2)^1.5.
 */
export const TRENDING = { likeWeight: 3, replyWeight: 2, viewWeight: 0.1, ageOffsetHours: 2, gravity: 1.5 } as const;

const subCategories = alias(categories, 'sub_categories');

const ageHours = sql`greatest(extract(epoch from (now() - ${posts.createdAt})) / 3600.0, 0)`;
const trendingScore = sql`((${posts.likeCount} * ${sql.raw(String(TRENDING.likeWeight))} + ${posts.replyCount} * ${sql.raw(String(TRENDING.replyWeight))} + ${posts.viewCount} * ${sql.raw(String(TRENDING.viewWeight))} + 1) / power(${ageHours} + ${sql.raw(String(TRENDING.ageOffsetHours))}, ${sql.raw(String(TRENDING.gravity))}))`;

const sortExpressions: Record<PostSort, SQL> = {
  latest: sql`${posts.createdAt}`,
  likes: sql`${posts.likeCount}`,
  views: sql`${posts.viewCount}`,
  replies: sql`${posts.replyCount}`,
  price: sql`${posts.price}`,
  trending: trendingScore,
};

const orderingExpressions: Record<PostOrderingField, SQL> = {
  created_at: sql`${posts.createdAt}`,
  updated_at: sql`${posts.updatedAt}`,
  like_count: sql`${posts.likeCount}`,
  view_count: sql`${posts.viewCount}`,
  reply_count: sql`${posts.replyCount}`,
  price: sql`${posts.price}`,
  // Byte order, so both stores (whatever their locale) and clients agree on it.
  title: sql`${posts.title} collate "C"`,
};

/** A post that readers may see: neither deleted nor hidden by moderation. */
const visible = and(isNull(posts.deletedAt), eq(posts.isHidden, false))!;

/**
 * One page of the list and the size of the whole filtered list, in one query: the total rides along as
 * a window count. Only a page past the end (no rows to carry it) costs a second, counting query.
 */
export async function listPosts(db: Database, query: PostListQuery, viewerId: number | null = null): Promise<{ records: PostRecord[]; total: number }> {
  const where = and(visible, ...filtersFor(query), ...hiddenFrom(viewerId));
  const offset = (query.page - 1) * query.page_size;
  const rows = await db
    .select({
      post: posts,
      category: { id: categories.id, name: categories.name, code: categories.code },
      subCategory: { id: subCategories.id, name: subCategories.name, code: subCategories.code },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, posts.subCategoryId))
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

function filtersFor(query: PostListQuery): SQL[] {
  const filters: (SQL | undefined)[] = [];
  if (query.post_type) filters.push(eq(posts.postType, query.post_type));
  if (query.category !== undefined && query.category !== CATEGORY_IDS.all) {
    filters.push(or(eq(posts.categoryId, query.category), eq(posts.subCategoryId, query.category)));
  }
  if (query.sub_category !== undefined) filters.push(eq(posts.subCategoryId, query.sub_category));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
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

/** What the viewer blocked stays out of their lists and search: posts they blocked, posts of members they blocked. */
function hiddenFrom(viewerId: number | null): SQL[] {
  if (viewerId === null) return [];
  return [
    notInArray(posts.authorId, sql`(select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId})`),
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
  return [sql`${expression} ${keyword} nulls last`, sql`${posts.id} ${keyword}`];
}

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
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
 * Opens a post: counts the view atomically and answers the post with the new count, or null when
 * the post does not exist, was deleted or is hidden.
 */
export async function openPost(db: Database, id: number): Promise<PostRecord | null> {
  const [post] = await db
    .update(posts)
    .set({ viewCount: sql`${posts.viewCount} + 1` })
    .where(and(eq(posts.id, id), visible))
    .returning();
  if (!post) return null;
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
  if (viewerId === null || !postIds.length) return new Set();
  const rows = await db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.userId, viewerId), inArray(postLikes.postId, postIds)));
  return new Set(rows.map((row) => row.postId));
}
