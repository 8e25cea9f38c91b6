import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { posts, users } from './core.js';

/** A member's report of a post; one per member and post (a second one answers 409). */
export const postReports = pgTable(
  'post_reports',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reasonType: integer('reason_type').notNull().default(0),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('post_reports_post_reporter_unique').on(t.postId, t.reporterId), index('post_reports_post_idx').on(t.postId)],
);

/** A member hiding one post from their own lists and search. */
export const postBlocks = pgTable(
  'post_blocks',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('post_blocks_user_post_unique').on(t.userId, t.postId)],
);
