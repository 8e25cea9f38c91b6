import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core.js';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull();

/** A story (002 §3.5). Times come from the stories clock, so tests can move past the 24 h expiry. */
export const stories = pgTable(
  'stories',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Path under /media. */
    mediaPath: text('media_path').notNull(),
    mediaType: text('media_type').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    duration: real('duration').notNull(),
    caption: text('caption'),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    location: jsonb('location').$type<{ name: string; latitude: number; longitude: number } | null>(),
    musicId: text('music_id'),
    effects: jsonb('effects').$type<string[]>().notNull().default([]),
    privacy: text('privacy').notNull().default('public'),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [index('stories_user_expires_idx').on(t.userId, t.expiresAt), index('stories_expires_idx').on(t.expiresAt)],
);

/** One view per member and story: a second view keeps the first time and the best duration and completion. */
export const storyViews = pgTable(
  'story_views',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: at('viewed_at'),
    duration: real('duration'),
    completionRate: real('completion_rate'),
  },
  (t) => [unique('story_views_story_viewer_unique').on(t.storyId, t.viewerId), index('story_views_viewer_idx').on(t.viewerId)],
);

/** Likes (one per member and story), emoji and comments. */
export const storyReactions = pgTable(
  'story_reactions',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    emoji: text('emoji'),
    comment: text('comment'),
    createdAt: at('created_at'),
  },
  (t) => [
    index('story_reactions_story_idx').on(t.storyId),
    uniqueIndex('story_reactions_one_like_idx')
      .on(t.storyId, t.userId)
      .where(sql`${t.type} = 'like'`),
  ],
);

/** A member's report of a story; one per member and story (a second one answers 409). */
export const storyReports = pgTable(
  'story_reports',
  {
    id: serial('id').primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: at('created_at'),
  },
  (t) => [unique('story_reports_story_reporter_unique').on(t.storyId, t.reporterId)],
);

/** A member hiding another member's stories from their story tray. */
export const storyHides = pgTable(
  'story_hides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hiddenUserId: integer('hidden_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hiddenUserId] })],
);

/** The friends an author marked close (DESIGN §5): they see `close_friends` stories while they stay mutual followers. */
export const closeFriends = pgTable(
  'close_friends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** A highlight keeps stories past their expiry (002 §3.10). */
export const highlights = pgTable(
  'highlights',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    coverImage: text('cover_image'),
    isPrivate: boolean('is_private').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('highlights_user_idx').on(t.userId)],
);

export const highlightStories = pgTable(
  'highlight_stories',
  {
    highlightId: integer('highlight_id')
      .notNull()
      .references(() => highlights.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.highlightId, t.storyId] })],
);

export type StoryRow = typeof stories.$inferSelect;
export type StoryViewRow = typeof storyViews.$inferSelect;
export type StoryReactionRow = typeof storyReactions.$inferSelect;
export type HighlightRow = typeof highlights.$inferSelect;
