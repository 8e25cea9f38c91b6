import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, optionalRef, ownedBy, publicUuid, timestamptz, updatedAt } from './columns.js';

/** The unique index on `users.nickname_key`: a write that breaks it is a taken nickname (409). */
export const NICKNAME_KEY_INDEX = 'users_nickname_key_unique';

export const users = pgTable(
  'users',
  {
    id: id(),
    uuid: publicUuid(),
    email: text('email').notNull().unique(),
    nickname: text('nickname').notNull(),
    /**
     * The nickname as compared for uniqueness: NFKC (full-width and compatibility forms folded) and lower case,
     * computed by the store so no write can skip it; its unique index makes 말랑 and ｍａｌｌａｎｇ/MALLANG one name.
     */
    nicknameKey: text('nickname_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(normalize(nickname, NFKC))`),
    /** Path under /media, or null for members without a picture. */
    profileImage: text('profile_image'),
    /** Null for members who only log in through a social provider. */
    passwordHash: text('password_hash'),
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex(NICKNAME_KEY_INDEX).on(t.nicknameKey)],
);

/** A session token; only its SHA-256 is stored (the token itself is known only to the member's client). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** Small key/value facts about the data, e.g. the categories' update_code. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const badges = pgTable('badges', {
  id: id(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  image: text('image'),
  grade: text('grade').notNull(),
  hexCode: text('hex_code').notNull(),
});

export const userBadges = pgTable(
  'user_badges',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    badgeId: ownedBy('badge_id', () => badges.id),
    isPublic: boolean('is_public').notNull().default(true),
    isRepresent: boolean('is_represent').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    expiredAt: timestamptz('expired_at'),
    createdAt: createdAt(),
  },
  (t) => [index('user_badges_user_idx').on(t.userId)],
);

export const categories = pgTable(
  'categories',
  {
    /** Explicit: the spec fixes the ids (all 26, market 29, ...). */
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(0),
    code: text('code'),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'categories_parent_fk' }).onDelete('cascade'),
    index('categories_parent_idx').on(t.parentId),
  ],
);

export const images = pgTable(
  'images',
  {
    id: id(),
    /** Path under /media; answers carry absolute URLs built from the request's origin. */
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    /** The copy a post's detail shows (IMAGE_DISPLAY_MAX_PX); the picture itself when it is no larger, null for older rows. */
    displayUrl: text('display_url'),
    width: integer('width'),
    height: integer('height'),
    size: integer('size'),
    mimeType: text('mime_type'),
    ownerId: optionalRef('owner_id', () => users.id),
    createdAt: createdAt(),
  },
  // The sweep of unused uploads looks for old ones (uploads/images.ts `releaseUnusedImages`).
  (t) => [index('images_created_at_idx').on(t.createdAt)],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    uuid: publicUuid(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    postType: text('post_type').notNull(),
    categoryId: optionalRef('category_id', () => categories.id),
    subCategoryId: optionalRef('sub_category_id', () => categories.id),
    authorId: ownedBy('author_id', () => users.id),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    tradeType: text('trade_type'),
    price: integer('price'),
    location: text('location'),
    isSold: boolean('is_sold').notNull().default(false),
    thumbnailId: optionalRef('thumbnail_id', () => images.id),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPinned: boolean('is_pinned').notNull().default(false),
    isNotice: boolean('is_notice').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('posts_created_at_idx').on(t.createdAt, t.id),
    index('posts_author_idx').on(t.authorId),
    index('posts_category_idx').on(t.categoryId),
    index('posts_sub_category_idx').on(t.subCategoryId),
    index('posts_tags_idx').using('gin', t.tags),
    // Whether a picture is still some post's thumbnail (the release rule of uploads/images.ts).
    index('posts_thumbnail_idx').on(t.thumbnailId),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    postId: ownedBy('post_id', () => posts.id),
    imageId: ownedBy('image_id', () => images.id),
    position: integer('position').notNull().default(0),
  },
  // By picture: whether any post shows it (the release rule of uploads/images.ts); the key leads with the post.
  (t) => [primaryKey({ columns: [t.postId, t.imageId] }), index('post_images_image_idx').on(t.imageId)],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: ownedBy('post_id', () => posts.id),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

export const replies = pgTable(
  'replies',
  {
    id: id(),
    uuid: publicUuid(),
    postId: ownedBy('post_id', () => posts.id),
    parentId: integer('parent_id'),
    authorId: ownedBy('author_id', () => users.id),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'replies_parent_fk' }).onDelete('cascade'),
    index('replies_post_idx').on(t.postId, t.createdAt),
    index('replies_author_idx').on(t.authorId),
    index('replies_parent_idx').on(t.parentId),
  ],
);

export const replyLikes = pgTable(
  'reply_likes',
  {
    replyId: ownedBy('reply_id', () => replies.id),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] }), index('reply_likes_user_idx').on(t.userId)],
);

/** A member hiding another member: the blocked member's posts and replies leave the blocker's lists. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: ownedBy('blocker_id', () => users.id),
    blockedId: ownedBy('blocked_id', () => users.id),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type BadgeRow = typeof badges.$inferSelect;
export type UserBlockRow = typeof userBlocks.$inferSelect;
