import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import type { AttachmentJson, ChannelSettingsJson } from '../../../../domain/messaging.js';
import type { InquiryCategory, InquiryPriority, InquiryStatus, NoticeCategory, NotificationPriority, NotificationType } from '../../../../domain/limits.js';
import { users } from './core.js';
import { createdAt, id, optionalRef, ownedBy, publicUuid, timestamptz, updatedAt } from './columns.js';

/** A member's inbox entry (001 §3 "Notification"), written by events and by staff announcements. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    senderId: optionalRef('sender_id', () => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').$type<NotificationType>().notNull(),
    priority: text('priority').$type<NotificationPriority>().notNull().default('normal'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamptz('read_at'),
    url: text('url'),
    imageUrl: text('image_url'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamptz('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // A reply's notifications, found when it is edited or deleted (events.ts).
    index('notifications_reply_idx').on(sql`(${t.metadata}->>'replyId')`),
  ],
);

/** The inbox settings (channels and quiet hours); a member without a row has the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').$type<Record<'email' | 'push' | 'inApp', ChannelSettingsJson>>().notNull(),
  quietHours: jsonb('quiet_hours').$type<{ enabled: boolean; startTime: string; endTime: string }>().notNull(),
  updatedAt: updatedAt(),
});

/** Staff-written notice posts (001 §3 "Notice post"); their uuid is the id clients pass (it has hyphens, 001 §4). */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    uuid: publicUuid(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').$type<NoticeCategory>().notNull().default('general'),
    isImportant: boolean('is_important').notNull().default(false),
    isPinned: boolean('is_pinned').notNull().default(false),
    authorId: optionalRef('author_id', () => users.id),
    viewCount: integer('view_count').notNull().default(0),
    startDate: timestamptz('start_date'),
    endDate: timestamptz('end_date'),
    attachments: jsonb('attachments').$type<AttachmentJson[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_order_idx').on(t.isImportant, t.isPinned, t.createdAt)],
);

/**
 * When a member's open of a notice last counted as a view: as with posts (`post_views`), their opens within
 * `VIEW_REPEAT_HOURS` of it are the same reader.
 */
export const noticeViews = pgTable(
  'notice_views',
  {
    noticeId: ownedBy('notice_id', () => notices.id),
    userId: ownedBy('user_id', () => users.id),
    countedAt: timestamptz('counted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('notice_views_user_idx').on(t.userId)],
);

/** Support tickets (001 §3 "Inquiry"); internal notes are for staff only. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    status: text('status').$type<InquiryStatus>().notNull().default('pending'),
    category: text('category').$type<InquiryCategory>().notNull(),
    priority: text('priority').$type<InquiryPriority>().notNull().default('medium'),
    resolution: text('resolution'),
    internalNotes: text('internal_notes'),
    satisfaction: smallint('satisfaction'),
    assignedToId: optionalRef('assigned_to_id', () => users.id),
    attachments: jsonb('attachments').$type<AttachmentJson[]>().notNull().default([]),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inquiries_user_idx').on(t.userId, t.id)],
);

export const inquiryComments = pgTable(
  'inquiry_comments',
  {
    id: id(),
    inquiryId: ownedBy('inquiry_id', () => inquiries.id),
    userId: ownedBy('user_id', () => users.id),
    comment: text('comment').notNull(),
    isAiGenerated: boolean('is_ai_generated').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('inquiry_comments_inquiry_idx').on(t.inquiryId, t.id)],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type InquiryRow = typeof inquiries.$inferSelect;
