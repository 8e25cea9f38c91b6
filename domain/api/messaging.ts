import { INQUIRY_CATEGORIES, INQUIRY_PRIORITIES, INQUIRY_STATUSES, NOTICE_CATEGORIES, NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../limits.js';
import { z } from '../zod.js';

/**
 * The messaging area's answers (camelCase, as 001 §3 names them) as zod schemas, named in the upstream's
 * /openapi.json; domain/messaging.ts re-exports their types. The web app never imports this file (it would add
 * zod schemas to its bundle).
 */

export const senderJson = z.object({ id: z.number().int(), nickname: z.string(), profileImage: z.string().nullable() }).meta({ id: 'Sender' });
export type SenderJson = z.infer<typeof senderJson>;

export const notificationJson = z
  .object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    priority: z.enum(NOTIFICATION_PRIORITIES),
    isRead: z.boolean(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    url: z.string().nullable(),
    imageUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    sender: senderJson.nullable(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type NotificationJson = z.infer<typeof notificationJson>;

export const notificationListJson = z
  .object({ noread_count: z.number().int(), count: z.number().int(), page: z.number().int(), pageSize: z.number().int(), results: z.array(notificationJson) })
  .meta({ id: 'NotificationList' });
export type NotificationListJson = z.infer<typeof notificationListJson>;

export const markReadJson = z.object({ success: z.boolean(), updatedCount: z.number().int(), message: z.string() }).meta({ id: 'MarkRead' });
export type MarkReadJson = z.infer<typeof markReadJson>;

export const deletedJson = z.object({ success: z.boolean(), deletedCount: z.number().int(), message: z.string() }).meta({ id: 'Deleted' });
export type DeletedJson = z.infer<typeof deletedJson>;

export const channelSettingsJson = z.object({ enabled: z.boolean(), types: z.array(z.enum(NOTIFICATION_TYPES)) }).meta({ id: 'ChannelSettings' });
export type ChannelSettingsJson = z.infer<typeof channelSettingsJson>;

export const notificationSettingsJson = z
  .object({
    userId: z.number().int(),
    channels: z.object({ email: channelSettingsJson, push: channelSettingsJson, inApp: channelSettingsJson }),
    quietHours: z.object({ enabled: z.boolean(), startTime: z.string(), endTime: z.string() }),
    updatedAt: z.string(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettingsJson = z.infer<typeof notificationSettingsJson>;

export const notificationStatsJson = z
  .object({
    totalNotifications: z.number().int(),
    unreadCount: z.number().int(),
    readCount: z.number().int(),
    byType: z.record(z.string(), z.number().int()),
    byPriority: z.record(z.string(), z.number().int()),
    lastNotificationAt: z.string().nullable(),
    averageReadTime: z.number().nullable().describe('Seconds from creation to reading, over the read ones; null when none was read.'),
  })
  .meta({ id: 'NotificationStats' });
export type NotificationStatsJson = z.infer<typeof notificationStatsJson>;

export const adminSendJson = z
  .object({ success: z.boolean(), sentCount: z.number().int(), failedCount: z.number().int(), message: z.string() })
  .meta({ id: 'AdminSend' });
export type AdminSendJson = z.infer<typeof adminSendJson>;

export const attachmentJson = z
  .object({
    id: z.string(),
    fileName: z.string(),
    fileUrl: z.string(),
    thumbnailUrl: z
      .string()
      .nullable()
      .optional()
      .describe('A small WebP copy of a picture for lists and tiles; null for any other file and for a picture small already (use fileUrl).'),
    fileSize: z.number().int(),
    mimeType: z.string(),
    uploadedAt: z.string(),
  })
  .meta({ id: 'Attachment' });
export type AttachmentJson = z.infer<typeof attachmentJson>;

export const noticeJson = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    title: z.string(),
    content: z.string(),
    category: z.enum(NOTICE_CATEGORIES),
    isImportant: z.boolean(),
    isPinned: z.boolean(),
    author: senderJson.nullable(),
    viewCount: z.number().int(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    attachments: z.array(attachmentJson),
    tags: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Notice' });
export type NoticeJson = z.infer<typeof noticeJson>;

export const noticeListJson = z
  .object({
    results: z.array(noticeJson),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
    hasNext: z.boolean(),
    hasPrevious: z.boolean(),
  })
  .meta({ id: 'NoticeList' });
export type NoticeListJson = z.infer<typeof noticeListJson>;

export const noticeDeletedJson = z.object({ success: z.literal(true), id: z.string(), message: z.string() }).meta({ id: 'NoticeDeleted' });

export const inquiryUserJson = z
  .object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), profileImage: z.string().nullable() })
  .meta({ id: 'InquiryUser' });
export type InquiryUserJson = z.infer<typeof inquiryUserJson>;

export const inquiryCommentJson = z
  .object({
    id: z.number().int(),
    inquiryId: z.number().int(),
    userId: z.number().int(),
    user: inquiryUserJson,
    comment: z.string(),
    isAIGenerated: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'InquiryComment' });
export type InquiryCommentJson = z.infer<typeof inquiryCommentJson>;

export const inquiryJson = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    status: z.enum(INQUIRY_STATUSES),
    category: z.enum(INQUIRY_CATEGORIES),
    priority: z.enum(INQUIRY_PRIORITIES),
    createdAt: z.string(),
    updatedAt: z.string(),
    satisfaction: z.number().int().nullable(),
  })
  .meta({ id: 'Inquiry' });
export type InquiryJson = z.infer<typeof inquiryJson>;

export const inquiryDetailJson = inquiryJson
  .extend({
    user: inquiryUserJson,
    comments: z.array(inquiryCommentJson),
    attachments: z.array(attachmentJson),
    assignedTo: inquiryUserJson.nullable(),
    resolvedAt: z.string().nullable(),
    resolution: z.string().nullable(),
    internalNotes: z.string().nullable().optional().describe('Staff only; absent from a member’s answer.'),
  })
  .meta({ id: 'InquiryDetail' });
export type InquiryDetailJson = z.infer<typeof inquiryDetailJson>;

export const inquiryListJson = z
  .object({ results: z.array(inquiryJson), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int() })
  .meta({ id: 'InquiryList' });
export type InquiryListJson = z.infer<typeof inquiryListJson>;
