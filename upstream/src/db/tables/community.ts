import { index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { posts, users } from './core.js';
import { createdAt, id, ownedBy, timestamptz } from './columns.js';

/** A member's report of a post; one per member and post (a second one answers 409). */
export const postReports = pgTable(
  'post_reports',
  {
    id: id(),
    postId: ownedBy('post_id', () => posts.id),
    reporterId: ownedBy('reporter_id', () => users.id),
    reasonType: integer('reason_type').notNull().default(0),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('post_reports_post_reporter_unique').on(t.postId, t.reporterId), index('post_reports_post_idx').on(t.postId)],
);

/** A member hiding one post from their own lists and search. */
export const postBlocks = pgTable(
  'post_blocks',
  {
    id: id(),
    postId: ownedBy('post_id', () => posts.id),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [unique('post_blocks_user_post_unique').on(t.userId, t.postId)],
);

/**
 * The "liked your post" notices already sent, one per liker and post for good: un-liking and liking again
 * notifies no one a second time (anti-spam), even after the notice was read or deleted.
 */
export const postLikeNotices = pgTable(
  'post_like_notices',
  {
    postId: ownedBy('post_id', () => posts.id),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/**
 * A member's bookmark of a post (the posts they keep for later, listed newest bookmark first); one per member
 * and post, so bookmarking again changes nothing.
 */
export const postBookmarks = pgTable(
  'post_bookmarks',
  {
    userId: ownedBy('user_id', () => users.id),
    postId: ownedBy('post_id', () => posts.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('post_bookmarks_user_created_idx').on(t.userId, t.createdAt)],
);

export type PostReportRow = typeof postReports.$inferSelect;
export type PostBlockRow = typeof postBlocks.$inferSelect;

/**
 * When a member's open of a post last counted as a view: their opens within `VIEW_REPEAT_HOURS` of it (a reload, a
 * return from another screen) are the same reader and do not count again.
 */
export const postViews = pgTable(
  'post_views',
  {
    postId: ownedBy('post_id', () => posts.id),
    userId: ownedBy('user_id', () => users.id),
    countedAt: timestamptz('counted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_views_user_idx').on(t.userId)],
);
