import { randomUUID } from 'node:crypto';
import { attachmentType } from '../uploads/media.js';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { INQUIRY_ATTACHMENTS_MAX, NOTICE_ATTACHMENT_MAX_BYTES, NOTICE_ATTACHMENTS_MAX } from '../../../domain/limits.js';
import { messagingTexts } from '../../../domain/messages.js';
import {
  adminSendSchema,
  deleteAllQuerySchema,
  inquiryCommentSchema,
  inquiryCreateSchema,
  inquiryListQuerySchema,
  inquirySatisfactionSchema,
  inquiryStatusUpdateSchema,
  markReadSchema,
  noticeCreateSchema,
  noticeListQuerySchema,
  noticeUpdateSchema,
  notificationListQuerySchema,
  notificationSettingsPatchSchema,
  type AttachmentJson,
  type InquiryListJson,
  type NoticeListJson,
  type NotificationListJson,
} from '../../../domain/messaging.js';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { member } from '../http/auth.js';
import { totalPagesOf } from '../http/page.js';
import { pathId, requestMedia, singleValuedQuery } from '../http/request.js';
import { validate } from '../http/validate.js';
import * as inquiryRepo from './inquiry-repository.js';
import * as noticeRepo from './notice-repository.js';
import * as inbox from './notification-repository.js';
import { presentInquiry, presentInquiryDetail, presentNotices, presentNotifications } from './present.js';
import { INQUIRY_UPLOADS_SUBFOLDER, StoredUploads, UPLOADS_FOLDER, attachmentThumbnail, readWithinLimit } from '../uploads/images.js';
import type { MediaStore } from '../uploads/store.js';
import { ATTACHMENT_UPLOAD_LIMIT } from '../../../domain/uploads.js';
import { operation } from '../http/openapi.js';
import {
  adminSendJson,
  deletedJson,
  inquiryDetailJson,
  inquiryListJson,
  markReadJson,
  noticeDeletedJson,
  noticeJson,
  noticeListJson,
  notificationJson,
  notificationListJson,
  notificationSettingsJson,
  notificationStatsJson,
} from '../../../domain/api/messaging.js';

const noticeFormText = 'Staff only. JSON, or multipart/form-data with the same fields plus file parts attachments[i]';

function staff(request: FastifyRequest): UserRow {
  const viewer = member(request);
  if (!viewer.isStaff) throw new ForbiddenError(messagingTexts.staffOnly);
  return viewer;
}

/**
 * Notifications, notice posts and inquiries (001 §7). The inbox list answers conditional requests
 * (ETag / If-None-Match → 304), so the gateway's pollers cost one aggregate query while nothing changed.
 */
export const messagingRoutes: FastifyPluginAsync<{ db: Database; media: MediaStore }> = async (app, { db, media }) => {
  // One file more than either form takes, so that the forms' own count answers too many files in their words.
  const filesMax = Math.max(NOTICE_ATTACHMENTS_MAX, INQUIRY_ATTACHMENTS_MAX) + 1;
  await app.register(multipart, { limits: { fileSize: NOTICE_ATTACHMENT_MAX_BYTES, files: filesMax, fields: 50 } });

  // ---------- notifications ----------

  app.get(
    '/v1/user/notification/',
    operation({
      id: 'listNotifications',
      summary: 'List the caller’s notifications',
      area: 'messaging',
      member: true,
      query: notificationListQuerySchema,
      answer: notificationListJson,
      answerText: 'A page of the inbox (304 to a matching If-None-Match)',
    }),
    async (request, reply) => {
      const viewer = member(request);
      const rawQuery = singleValuedQuery(request.query);
      const query = validate(notificationListQuerySchema, rawQuery);
      const tag = await inbox.inboxTag(db, viewer.id, JSON.stringify(query));
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === tag) return reply.code(304).send();
      const { rows, total, unread } = await inbox.listNotifications(db, viewer.id, query, query.page, query.pageSize);
      const answer: NotificationListJson = {
        noread_count: unread,
        count: total,
        page: query.page,
        pageSize: query.pageSize,
        results: await presentNotifications(db, rows, requestMedia(request)),
      };
      return answer;
    },
  );

  app.get(
    '/v1/user/notification/settings/',
    operation({
      id: 'getNotificationSettings',
      summary: 'Get the caller’s notification settings',
      area: 'messaging',
      member: true,
      answer: notificationSettingsJson,
    }),
    async (request) => inbox.readSettings(db, member(request).id),
  );

  app.patch(
    '/v1/user/notification/settings/',
    operation({
      id: 'updateNotificationSettings',
      summary: 'Update the caller’s notification settings',
      area: 'messaging',
      member: true,
      body: notificationSettingsPatchSchema,
      answer: notificationSettingsJson,
    }),
    async (request) => {
      const viewer = member(request);
      return inbox.updateSettings(db, viewer.id, validate(notificationSettingsPatchSchema, request.body));
    },
  );

  app.get(
    '/v1/user/notification/stats/',
    operation({ id: 'getNotificationStats', summary: 'Get the caller’s notification counts', area: 'messaging', member: true, answer: notificationStatsJson }),
    async (request) => inbox.stats(db, member(request).id),
  );

  app.post(
    '/v1/user/notification/mark-read/',
    operation({
      id: 'markNotificationsRead',
      summary: 'Mark notifications as read',
      area: 'messaging',
      member: true,
      body: markReadSchema,
      answer: markReadJson,
    }),
    async (request) => {
      const viewer = member(request);
      const input = validate(markReadSchema, request.body);
      const updatedCount = await inbox.markRead(db, viewer.id, input.markAll ? 'all' : input.notificationIds!);
      return { success: true, updatedCount, message: messagingTexts.markedRead(updatedCount) };
    },
  );

  app.delete(
    '/v1/user/notification/all/',
    operation({
      id: 'deleteNotifications',
      summary: 'Delete the caller’s notifications',
      area: 'messaging',
      member: true,
      query: deleteAllQuerySchema,
      answer: deletedJson,
    }),
    async (request) => {
      const viewer = member(request);
      const { readOnly } = validate(deleteAllQuerySchema, singleValuedQuery(request.query));
      const deletedCount = await inbox.deleteNotifications(db, viewer.id, readOnly);
      return { success: true, deletedCount, message: messagingTexts.deleted(deletedCount) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v1/user/notification/:id/',
    operation({ id: 'getNotification', summary: 'Get a notification', area: 'messaging', member: true, answer: notificationJson }),
    async (request) => {
      const viewer = member(request);
      const row = await inbox.findNotification(db, viewer.id, pathId(request.params.id, messagingTexts.notificationNotFound));
      if (!row) throw new NotFoundError(messagingTexts.notificationNotFound);
      const [json] = await presentNotifications(db, [row], requestMedia(request));
      return json;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/user/notification/:id/',
    operation({ id: 'deleteNotification', summary: 'Delete a notification', area: 'messaging', member: true, answer: deletedJson }),
    async (request) => {
      const viewer = member(request);
      const deleted = await inbox.deleteNotification(db, viewer.id, pathId(request.params.id, messagingTexts.notificationNotFound));
      if (!deleted) throw new NotFoundError(messagingTexts.notificationNotFound);
      return { success: true, deletedCount: 1, message: messagingTexts.deleted(1) };
    },
  );

  app.post(
    '/v1/admin/notification/send/',
    operation({
      id: 'sendNotification',
      summary: 'Send a notification to members',
      area: 'messaging',
      member: true,
      body: adminSendSchema,
      description: 'Staff only',
      answer: adminSendJson,
    }),
    async (request) => {
      const sender = staff(request);
      const input = validate(adminSendSchema, request.body);
      const recipients = await inbox.recipientsOf(db, input.targetUsers);
      const sentCount = await inbox.notifyMany(db, recipients, {
        ...input,
        senderId: sender.id,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      });
      const requested = input.targetUsers === 'all' ? recipients.length : input.targetUsers.length;
      return { success: true, sentCount, failedCount: requested - sentCount, message: messagingTexts.sent(sentCount) };
    },
  );

  /**
   * JSON, or multipart fields plus `attachments[i]` files (at most `max`) saved to the media store under `folder`
   * (recorded in `stored`). A file keeps its original name in the JSON only; stored it is a random id with the
   * name's extension, and /media serves anything but a picture or video as a download (uploads/serve.ts).
   */
  async function readAttachedForm(
    request: FastifyRequest,
    stored: StoredUploads,
    { folder, max }: { folder: string; max: number },
  ): Promise<{ fields: Record<string, unknown>; attachments: AttachmentJson[] }> {
    if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, attachments: [] };
    const fields: Record<string, unknown> = {};
    const attachments: AttachmentJson[] = [];
    const tooMany = () => ValidationError.of('attachments', messagingTexts.tooManyAttachments(max), 'too_big');
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
          continue;
        }
        if (attachments.length === max) throw tooMany();
        const bytes = await readWithinLimit(part);
        if (!bytes) throw ValidationError.of('attachments', ATTACHMENT_UPLOAD_LIMIT.tooLarge, 'too_big');
        const { mimeType, extension } = attachmentType(bytes, part.mimetype, part.filename);
        const name = `${UPLOADS_FOLDER}/${folder}/${randomUUID()}`;
        const path = `${name}.${extension}`;
        stored.file(path);
        await media.save(path, bytes, mimeType);
        const thumbnail = await attachmentThumbnail(bytes);
        const thumbnailPath = thumbnail ? `${name}.thumb.webp` : null;
        if (thumbnail && thumbnailPath) {
          stored.file(thumbnailPath);
          await media.save(thumbnailPath, thumbnail, 'image/webp');
        }
        attachments.push({
          id: randomUUID(),
          fileName: part.filename,
          fileUrl: path,
          thumbnailUrl: thumbnailPath,
          fileSize: bytes.length,
          mimeType,
          uploadedAt: new Date().toISOString(),
        });
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw tooMany();
      throw error;
    }
    return { fields, attachments };
  }

  // ---------- notices ----------

  const readNoticeBody = (request: FastifyRequest, stored: StoredUploads) =>
    readAttachedForm(request, stored, { folder: 'notices', max: NOTICE_ATTACHMENTS_MAX });

  app.get(
    '/v1/board/notice/',
    operation({ id: 'listNotices', summary: 'List notices', area: 'messaging', query: noticeListQuerySchema, answer: noticeListJson }),
    async (request) => {
      const query = validate(noticeListQuerySchema, singleValuedQuery(request.query));
      const { rows, total } = await noticeRepo.listNotices(db, query, request.viewer?.isStaff ?? false);
      const pages = totalPagesOf(total, query.pageSize);
      const answer: NoticeListJson = {
        results: await presentNotices(db, rows, requestMedia(request)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totalPages: pages,
        hasNext: query.page < pages,
        hasPrevious: query.page > 1,
      };
      return answer;
    },
  );

  app.post(
    '/v1/board/notice/',
    operation({
      id: 'createNotice',
      summary: 'Create a notice',
      area: 'messaging',
      member: true,
      body: noticeCreateSchema,
      bodyAs: 'both',
      status: 201,
      description: noticeFormText,
      answer: noticeJson,
    }),
    async (request, reply) => {
      const author = staff(request);
      const stored = new StoredUploads(db, media);
      const row = await stored.keepIf(async () => {
        const { fields, attachments } = await readNoticeBody(request, stored);
        return noticeRepo.createNotice(db, author.id, validate(noticeCreateSchema, fields), attachments);
      });
      const [json] = await presentNotices(db, [row], requestMedia(request));
      return reply.code(201).send(json);
    },
  );

  /** The files of attachments a notice let go of; a seeded notice's files (not uploads) stay. */
  const removeUploadedFiles = (attachments: AttachmentJson[]) =>
    media.remove(
      attachments.flatMap((attachment) => [attachment.fileUrl, attachment.thumbnailUrl ?? '']).filter((path) => path.startsWith(`${UPLOADS_FOLDER}/`)),
    );

  const noticeOr404 = async (request: FastifyRequest, raw: string) => {
    const row = await noticeRepo.findNotice(db, raw, request.viewer?.isStaff ?? false);
    if (!row) throw new NotFoundError(messagingTexts.noticeNotFound);
    return row;
  };

  app.get<{ Params: { id: string } }>(
    '/v1/board/notice/:id/',
    operation({ id: 'getNotice', summary: 'Get a notice', area: 'messaging', answer: noticeJson }),
    async (request) => {
      const row = await noticeOr404(request, request.params.id);
      const counted = await noticeRepo.countView(db, row, request.viewer?.id ?? null);
      const [json] = await presentNotices(db, [{ ...row, viewCount: row.viewCount + (counted ? 1 : 0) }], requestMedia(request));
      return json;
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/v1/board/notice/:id/',
    operation({
      id: 'updateNotice',
      summary: 'Update a notice',
      area: 'messaging',
      member: true,
      body: noticeUpdateSchema,
      bodyAs: 'both',
      description: noticeFormText,
      answer: noticeJson,
    }),
    async (request) => {
      staff(request);
      const row = await noticeOr404(request, request.params.id);
      const stored = new StoredUploads(db, media);
      const updated = await stored.keepIf(async () => {
        const { fields, attachments } = await readNoticeBody(request, stored);
        return noticeRepo.updateNotice(db, row.id, validate(noticeUpdateSchema, fields), attachments);
      });
      await removeUploadedFiles(updated.removed);
      const [json] = await presentNotices(db, [updated.row], requestMedia(request));
      return json;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/board/notice/:id/',
    operation({ id: 'deleteNotice', summary: 'Delete a notice', area: 'messaging', member: true, description: 'Staff only', answer: noticeDeletedJson }),
    async (request) => {
      staff(request);
      const row = await noticeOr404(request, request.params.id);
      await removeUploadedFiles(await noticeRepo.deleteNotice(db, row.id));
      return { success: true, id: row.uuid, message: messagingTexts.noticeDeleted };
    },
  );

  // ---------- inquiries ----------

  /** Its author or staff; anyone else is told it does not exist. */
  const inquiryOf = async (request: FastifyRequest, raw: string) => {
    const viewer = member(request);
    const row = await inquiryRepo.findInquiry(db, pathId(raw, messagingTexts.inquiryNotFound));
    if (!row || (row.userId !== viewer.id && !viewer.isStaff)) throw new NotFoundError(messagingTexts.inquiryNotFound);
    return { viewer, row };
  };
  const detail = (request: FastifyRequest, row: Awaited<ReturnType<typeof inquiryRepo.findInquiry>> & object, viewer: UserRow) =>
    presentInquiryDetail(db, row, requestMedia(request), { id: viewer.id, isStaff: viewer.isStaff });

  app.get(
    '/v1/inquiry/',
    operation({
      id: 'listInquiries',
      summary: 'List the caller’s inquiries',
      area: 'messaging',
      member: true,
      query: inquiryListQuerySchema,
      answer: inquiryListJson,
    }),
    async (request) => {
      const viewer = member(request);
      const query = validate(inquiryListQuerySchema, singleValuedQuery(request.query));
      const { rows, total } = await inquiryRepo.listInquiries(db, viewer.isStaff ? null : viewer.id, query.status, query.page, query.pageSize);
      const answer: InquiryListJson = {
        results: rows.map(presentInquiry),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totalPages: totalPagesOf(total, query.pageSize),
      };
      return answer;
    },
  );

  app.post(
    '/v1/inquiry/',
    {
      config: { idempotent: true },
      ...operation({
        id: 'createInquiry',
        summary: 'Create an inquiry',
        area: 'messaging',
        member: true,
        body: inquiryCreateSchema,
        bodyAs: 'both',
        status: 201,
        description: `JSON, or multipart/form-data with the same fields plus up to ${INQUIRY_ATTACHMENTS_MAX} file parts attachments[i] (screenshots, a receipt)`,
        answer: inquiryDetailJson,
      }),
    },
    async (request, reply) => {
      const viewer = member(request);
      const stored = new StoredUploads(db, media);
      const row = await stored.keepIf(async () => {
        const { fields, attachments } = await readAttachedForm(request, stored, { folder: INQUIRY_UPLOADS_SUBFOLDER, max: INQUIRY_ATTACHMENTS_MAX });
        return inquiryRepo.createInquiry(db, viewer.id, validate(inquiryCreateSchema, fields), attachments);
      });
      return reply.code(201).send(await detail(request, row, viewer));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v1/inquiry/:id/',
    operation({ id: 'getInquiry', summary: 'Get an inquiry', area: 'messaging', member: true, answer: inquiryDetailJson }),
    async (request) => {
      const { viewer, row } = await inquiryOf(request, request.params.id);
      return detail(request, row, viewer);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/v1/inquiry/:id/',
    operation({
      id: 'updateInquiryStatus',
      summary: 'Move an inquiry to its next status',
      area: 'messaging',
      member: true,
      body: inquiryStatusUpdateSchema,
      description: 'Staff only',
      answer: inquiryDetailJson,
    }),
    async (request) => {
      const viewer = staff(request);
      const update = validate(inquiryStatusUpdateSchema, request.body);
      const { row } = await inquiryOf(request, request.params.id);
      const updated = await inquiryRepo.changeStatus(db, row, viewer.id, update);
      return detail(request, updated, viewer);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/v1/inquiry/:id/comments/',
    operation({
      id: 'commentOnInquiry',
      summary: 'Comment on an inquiry',
      area: 'messaging',
      member: true,
      body: inquiryCommentSchema,
      status: 201,
      answer: inquiryDetailJson,
    }),
    async (request, reply) => {
      const { comment } = validate(inquiryCommentSchema, request.body);
      const { viewer, row } = await inquiryOf(request, request.params.id);
      return reply.code(201).send(await detail(request, await inquiryRepo.addComment(db, row, viewer.id, comment), viewer));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/v1/inquiry/:id/satisfaction/',
    operation({
      id: 'rateInquiry',
      summary: 'Rate a resolved inquiry',
      area: 'messaging',
      member: true,
      body: inquirySatisfactionSchema,
      answer: inquiryDetailJson,
    }),
    async (request) => {
      const { score } = validate(inquirySatisfactionSchema, request.body);
      const { viewer, row } = await inquiryOf(request, request.params.id);
      return detail(request, await inquiryRepo.rate(db, row, viewer.id, score), viewer);
    },
  );
};
