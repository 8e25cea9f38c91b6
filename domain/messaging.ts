import { z } from './zod.js';
import { pageParam, pageSizeParam } from './paging.js';
import {
  ADMIN_NOTIFICATION_CONTENT_MAX,
  ADMIN_NOTIFICATION_TITLE_MAX,
  INQUIRY_COMMENT_MAX,
  INQUIRY_INTERNAL_NOTES_MAX,
  INQUIRY_PAGE_SIZE_DEFAULT,
  INQUIRY_RESOLUTION_MAX,
  INQUIRY_SATISFACTION_MAX,
  INQUIRY_STATUSES,
  NOTICE_CATEGORIES,
  NOTICE_CONTENT_MAX,
  NOTICE_PAGE_SIZE_DEFAULT,
  NOTICE_SORT_FIELDS,
  NOTICE_TITLE_MAX,
  NOTIFICATION_PAGE_SIZE_DEFAULT,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  PAGE_SIZE_MAX,
  SORT_ORDERS,
  TAGS_MAX,
  STORED_INT_MAX,
} from './limits.js';
import { messagingTexts as m } from './messages.js';

/* ---------- answers of the REST API (camelCase, as 001 §3 names them): zod schemas in ./api/messaging.ts ---------- */

export type {
  AdminSendJson,
  AttachmentJson,
  ChannelSettingsJson,
  DeletedJson,
  InquiryCommentJson,
  InquiryDetailJson,
  InquiryJson,
  InquiryListJson,
  InquiryUserJson,
  MarkReadJson,
  NoticeJson,
  NoticeListJson,
  NotificationJson,
  NotificationListJson,
  NotificationSettingsJson,
  NotificationStatsJson,
  SenderJson,
} from './api/messaging.js';

/** 001 §4: an id with a hyphen names a notice post; any other names a notification. */
export function isNoticeId(id: string | number): boolean {
  return String(id).includes('-');
}

/* ---------- input rules ---------- */

const page = pageParam;
const pageSize = pageSizeParam;
/** Query-string booleans: "true"/"false" (and 1/0). */
const queryFlag = z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value), z.boolean());
const notificationType = z.enum(NOTIFICATION_TYPES, { error: m.notificationType });
const notificationPriority = z.enum(NOTIFICATION_PRIORITIES, { error: m.notificationPriority });
const dateTime = z.iso.datetime({ offset: true, error: m.dateTime });
const url = z
  .string()
  .trim()
  .max(2000, { error: m.url })
  .regex(/^(https?:\/\/|\/)\S*$/, { error: m.url });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m.quietHoursTime });

export const notificationListQuerySchema = z.object({
  page,
  pageSize: pageSize(NOTIFICATION_PAGE_SIZE_DEFAULT),
  isRead: queryFlag.optional(),
  type: notificationType.optional(),
});

const notificationId = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = String(value);
  if (/^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= STORED_INT_MAX) return Number(text);
  ctx.addIssue({ code: 'custom', message: m.notificationId });
  return z.NEVER;
});

export const markReadSchema = z
  .object({ notificationIds: z.array(notificationId).max(PAGE_SIZE_MAX).optional(), markAll: z.boolean().optional() })
  .refine((input) => input.markAll === true || (input.notificationIds?.length ?? 0) > 0, { error: m.notificationIdsRequired, path: ['notificationIds'] });

export const deleteAllQuerySchema = z.object({ readOnly: queryFlag.default(true) });

const channelSettings = z.object({ enabled: z.boolean(), types: z.array(notificationType).max(NOTIFICATION_TYPES.length) }).partial();
export const notificationSettingsPatchSchema = z.object({
  channels: z.object({ email: channelSettings, push: channelSettings, inApp: channelSettings }).partial().optional(),
  quietHours: z.object({ enabled: z.boolean(), startTime: time, endTime: time }).partial().optional(),
});
export type NotificationSettingsPatch = z.output<typeof notificationSettingsPatchSchema>;

export const adminSendSchema = z.object({
  targetUsers: z.union([z.literal('all'), z.array(z.number().int().positive()).min(1).max(1000)], { error: m.targetUsers }),
  title: z
    .string({ error: m.adminTitle(ADMIN_NOTIFICATION_TITLE_MAX) })
    .trim()
    .min(1, { error: m.adminTitle(ADMIN_NOTIFICATION_TITLE_MAX) })
    .max(ADMIN_NOTIFICATION_TITLE_MAX, { error: m.adminTitle(ADMIN_NOTIFICATION_TITLE_MAX) }),
  content: z
    .string({ error: m.adminContent(ADMIN_NOTIFICATION_CONTENT_MAX) })
    .trim()
    .min(1, { error: m.adminContent(ADMIN_NOTIFICATION_CONTENT_MAX) })
    .max(ADMIN_NOTIFICATION_CONTENT_MAX, { error: m.adminContent(ADMIN_NOTIFICATION_CONTENT_MAX) }),
  type: notificationType.default('announcement'),
  priority: notificationPriority.default('normal'),
  url: url.nullish(),
  imageUrl: url.nullish(),
  expiresAt: dateTime.nullish(),
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export type AdminSendInput = z.output<typeof adminSendSchema>;

const noticeTitle = z
  .string({ error: m.noticeTitle(NOTICE_TITLE_MAX) })
  .trim()
  .min(1, { error: m.noticeTitle(NOTICE_TITLE_MAX) })
  .max(NOTICE_TITLE_MAX, { error: m.noticeTitle(NOTICE_TITLE_MAX) });
const noticeContent = z
  .string({ error: m.noticeContent(NOTICE_CONTENT_MAX) })
  .trim()
  .min(1, { error: m.noticeContent(NOTICE_CONTENT_MAX) })
  .max(NOTICE_CONTENT_MAX, { error: m.noticeContent(NOTICE_CONTENT_MAX) });
/** Multipart fields arrive as text: "true"/"false" and comma lists. */
const formFlag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());
const formTags = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean)
      : value,
  z.array(z.string().trim().min(1).max(30)).max(TAGS_MAX),
);
const noticeFields = {
  title: noticeTitle,
  content: noticeContent,
  category: z.enum(NOTICE_CATEGORIES, { error: m.noticeCategory }),
  isImportant: formFlag,
  isPinned: formFlag,
  startDate: dateTime.nullable(),
  endDate: dateTime.nullable(),
  tags: formTags,
};
const datesInOrder = (notice: { startDate?: string | null; endDate?: string | null }) =>
  !notice.startDate || !notice.endDate || new Date(notice.startDate) <= new Date(notice.endDate);
export const noticeCreateSchema = z
  .object({
    ...noticeFields,
    category: noticeFields.category.default('general'),
    isImportant: noticeFields.isImportant.default(false),
    isPinned: noticeFields.isPinned.default(false),
    startDate: noticeFields.startDate.optional(),
    endDate: noticeFields.endDate.optional(),
    tags: noticeFields.tags.default([]),
  })
  .refine(datesInOrder, { error: m.noticeDates, path: ['endDate'] });
/** An attachment's id in the REST API (a UUID for uploaded files): what an update names to remove. */
export const NOTICE_ATTACHMENT_ID_PATTERN = /^[\w-]{1,64}$/;
const attachmentIds = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').map((id) => id.trim()) : value),
  z.array(z.string({ error: m.attachmentNotFound }).regex(NOTICE_ATTACHMENT_ID_PATTERN, { error: m.attachmentNotFound })),
);
export const noticeUpdateSchema = z
  .object({
    ...noticeFields,
    // The attachments to take off the notice (a form sends them comma-separated, as tags); files sent are added.
    removeAttachments: attachmentIds,
  })
  .partial()
  .refine(datesInOrder, { error: m.noticeDates, path: ['endDate'] });
export type NoticeCreateInput = z.output<typeof noticeCreateSchema>;
export type NoticeUpdateInput = z.output<typeof noticeUpdateSchema>;

export const noticeListQuerySchema = z.object({
  page,
  pageSize: pageSize(NOTICE_PAGE_SIZE_DEFAULT),
  category: z.enum(NOTICE_CATEGORIES, { error: m.noticeCategory }).optional(),
  search: z.string().trim().max(100).optional(),
  isImportant: queryFlag.optional(),
  sortBy: z.enum(NOTICE_SORT_FIELDS, { error: m.noticeSort }).default('createdAt'),
  sortOrder: z.enum(SORT_ORDERS).default('desc'),
});

// Its own module, so the web app's inquiry form checks it without carrying every other messaging rule.
export { inquiryCreateSchema, type InquiryCreateInput } from './inquiry.js';

export const inquiryListQuerySchema = z.object({
  page,
  pageSize: pageSize(INQUIRY_PAGE_SIZE_DEFAULT),
  status: z.enum(INQUIRY_STATUSES, { error: m.inquiryStatus }).optional(),
});

export const inquiryCommentSchema = z.object({
  comment: z
    .string({ error: m.inquiryComment(INQUIRY_COMMENT_MAX) })
    .trim()
    .min(1, { error: m.inquiryComment(INQUIRY_COMMENT_MAX) })
    .max(INQUIRY_COMMENT_MAX, { error: m.inquiryComment(INQUIRY_COMMENT_MAX) }),
});

export const inquiryStatusUpdateSchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: m.inquiryStatus }),
  resolution: z
    .string()
    .trim()
    .max(INQUIRY_RESOLUTION_MAX, { error: m.resolution(INQUIRY_RESOLUTION_MAX) })
    .nullish(),
  internalNotes: z
    .string()
    .trim()
    .max(INQUIRY_INTERNAL_NOTES_MAX, { error: m.internalNotes(INQUIRY_INTERNAL_NOTES_MAX) })
    .nullish(),
});
export type InquiryStatusUpdate = z.output<typeof inquiryStatusUpdateSchema>;

export const inquirySatisfactionSchema = z.object({
  score: z
    .number({ error: m.satisfaction(INQUIRY_SATISFACTION_MAX) })
    .int({ error: m.satisfaction(INQUIRY_SATISFACTION_MAX) })
    .min(0, { error: m.satisfaction(INQUIRY_SATISFACTION_MAX) })
    .max(INQUIRY_SATISFACTION_MAX, { error: m.satisfaction(INQUIRY_SATISFACTION_MAX) }),
});
