import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AttachmentJson, ChannelSettingsJson } from '../../../../domain/messaging.js';
import type { InquiryCategory, InquiryPriority, InquiryStatus, NoticeCategory, NotificationPriority, NotificationType } from '../../../../domain/limits.js';
import { users } from './core.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A member's inbox entry (001 §3 "Notification"), written by events and by staff announcements. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').$type<NotificationType>().notNull(),
    priority: text('priority').$type<NotificationPriority>().notNull().default('normal'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    url: text('url'),
    imageUrl: text('image_url'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
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
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').$type<NoticeCategory>().notNull().default('general'),
    isImportant: boolean('is_important').notNull().default(false),
    isPinned: boolean('is_pinned').notNull().default(false),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    attachments: jsonb('attachments').$type<AttachmentJson[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_order_idx').on(t.isImportant, t.isPinned, t.createdAt)],
);

/** Support tickets (001 §3 "Inquiry"); internal notes are for staff only. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    status: text('status').$type<InquiryStatus>().notNull().default('pending'),
    category: text('category').$type<InquiryCategory>().notNull(),
    priority: text('priority').$type<InquiryPriority>().notNull().default('medium'),
    resolution: text('resolution'),
    internalNotes: text('internal_notes'),
    satisfaction: smallint('satisfaction'),
    assignedToId: integer('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    attachments: jsonb('attachments').$type<AttachmentJson[]>().notNull().default([]),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inquiries_user_idx').on(t.userId, t.id)],
);

export const inquiryComments = pgTable(
  'inquiry_comments',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    isAiGenerated: boolean('is_ai_generated').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('inquiry_comments_inquiry_idx').on(t.inquiryId, t.id)],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type InquiryRow = typeof inquiries.$inferSelect;
