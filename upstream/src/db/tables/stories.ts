import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core.js';
import { createdAt, id, ownedBy, timestamptz } from './columns.js';

const at = (name: string) => timestamptz(name).notNull();

/** A story (002 §3.5). Times come from the stories clock, so tests can move past the 24 h expiry. */
export const stories = pgTable(
  'stories',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
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
    id: id(),
    storyId: ownedBy('story_id', () => stories.id),
    viewerId: ownedBy('viewer_id', () => users.id),
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
    id: id(),
    storyId: ownedBy('story_id', () => stories.id),
    userId: ownedBy('user_id', () => users.id),
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
    id: id(),
    storyId: ownedBy('story_id', () => stories.id),
    reporterId: ownedBy('reporter_id', () => users.id),
    reason: text('reason').notNull(),
    createdAt: at('created_at'),
  },
  (t) => [unique('story_reports_story_reporter_unique').on(t.storyId, t.reporterId)],
);

/** A member hiding another member's stories from their story tray. */
export const storyHides = pgTable(
  'story_hides',
  {
    userId: ownedBy('user_id', () => users.id),
    hiddenUserId: ownedBy('hidden_user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hiddenUserId] })],
);

/** The friends an author marked close (DESIGN §5): they see `close_friends` stories while they stay mutual followers. */
export const closeFriends = pgTable(
  'close_friends',
  {
    userId: ownedBy('user_id', () => users.id),
    friendId: ownedBy('friend_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** A highlight keeps stories past their expiry (002 §3.10). */
export const highlights = pgTable(
  'highlights',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
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
    highlightId: ownedBy('highlight_id', () => highlights.id),
    storyId: ownedBy('story_id', () => stories.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.highlightId, t.storyId] })],
);

export type StoryRow = typeof stories.$inferSelect;
export type StoryViewRow = typeof storyViews.$inferSelect;
export type StoryReactionRow = typeof storyReactions.$inferSelect;
export type HighlightRow = typeof highlights.$inferSelect;
export type StoryHideRow = typeof storyHides.$inferSelect;
