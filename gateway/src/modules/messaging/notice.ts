import {
  messagingTexts,
  NOTICE_ATTACHMENTS_MAX,
  NOTICE_CATEGORIES,
  noticeCreateSchema,
  noticeListQuerySchema,
  noticeUpdateSchema,
  type AttachmentJson,
  type NoticeJson,
  type NoticeSortField as NoticeSortFieldName,
} from '../../../../domain/index.js';
import { ATTACHMENT_UPLOAD_LIMIT } from '../../../../domain/uploads.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { ensureWithin } from '../../graphql/uploads.js';
import { NotFoundError, ValidationError, invalidArgument } from '../../graphql/errors.js';
import type { NoticeFile } from './messaging-api.js';
import { enumValues, OrderDirection } from '../../graphql/enums.js';
import { byIdentity, queryConnection, resultsConnection, type ListOrder, type SortDirection } from '../../graphql/connections.js';
import { localKeyOf, UUID_PATTERN, validateInput } from '../../graphql/ids.js';
import { payloadMutation } from '../../graphql/mutations.js';

export const NoticeCategoryEnum = builder.enumType('NoticeCategory', { values: enumValues(NOTICE_CATEGORIES) });
const NoticeSortField = builder.enumType('NoticeSortField', {
  values: { CREATED_AT: { value: 'createdAt' }, UPDATED_AT: { value: 'updatedAt' }, VIEW_COUNT: { value: 'viewCount' }, TITLE: { value: 'title' } } as const,
});

export const Notice = upstreamNode<NoticeJson>('Notice', {
  id: (notice) => notice.uuid,
  read: (uuid, context) => context.messaging.notice(uuid),
  key: UUID_PATTERN,
});

type NoticeAttachment = AttachmentJson & { noticeUuid: string };

/** The REST API reads an attachment only with its notice: the key is `<noticeUuid>/<attachmentId>`. */
const Attachment = upstreamNode<NoticeAttachment>('Attachment', {
  id: (file) => `${file.noticeUuid}/${file.id}`,
  key: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[\w-]{1,64}$/i,
  read: async (key, context) => {
    const [noticeUuid, id] = key.split('/');
    const file = (await Notice.getDataloader(context).load(noticeUuid)).attachments.find((attachment) => attachment.id === id);
    if (!file) throw new NotFoundError();
    return { ...file, noticeUuid };
  },
});

Attachment.implement({
  description: 'A file attached to a notice. Its id names the notice too: it is read through the notice.',
  fields: (t) => ({
    databaseId: t.exposeString('id', { description: "The upstream's id of the file within its notice." }),
    fileName: t.exposeString('fileName'),
    fileUrl: t.field({ type: 'URL', resolve: (parent, _args, context) => context.mediaUrl(parent.fileUrl) }),
    fileSize: t.exposeInt('fileSize'),
    mimeType: t.exposeString('mimeType'),
    uploadedAt: t.field({ type: 'DateTime', resolve: (file) => file.uploadedAt }),
  }),
});

Notice.implement({
  description: 'A notice (“공지사항”). Important and pinned notices come first.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    title: t.exposeString('title'),
    content: t.exposeString('content'),
    category: t.field({ type: NoticeCategoryEnum, resolve: (notice) => notice.category }),
    isImportant: t.exposeBoolean('isImportant'),
    isPinned: t.exposeBoolean('isPinned'),
    authorNickname: t.string({ nullable: true, resolve: (notice) => notice.author?.nickname ?? null }),
    viewCount: t.exposeInt('viewCount'),
    startDate: t.field({ type: 'DateTime', nullable: true, resolve: (notice) => notice.startDate }),
    endDate: t.field({ type: 'DateTime', nullable: true, resolve: (notice) => notice.endDate }),
    attachments: t.field({ type: [Attachment], resolve: (notice) => notice.attachments.map((file) => ({ ...file, noticeUuid: notice.uuid })) }),
    tags: t.exposeStringList('tags'),
    createdAt: t.field({ type: 'DateTime', resolve: (notice) => notice.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (notice) => notice.updatedAt }),
  }),
});

/** A Notice id, or the bare notice uuid (001 §4: ids with a hyphen are notices). */
export function noticeUuidOf(id: string, path: string[]): string {
  const uuid = localKeyOf(id, 'Notice', UUID_PATTERN) ?? (UUID_PATTERN.test(id) ? id : null);
  if (!uuid) throw invalidArgument(path, messagingTexts.noticeNotFound, 'invalid_format');
  return uuid;
}

/**
 * The upstream's notice order as far as notices show it: important, then pinned, then the chosen field, ties by id
 * (newest first). Titles sort by the store's collation, which the gateway cannot compare: re-anchored by id alone.
 */
function noticeOrderFor({ sortBy, sortOrder }: { sortBy: NoticeSortFieldName; sortOrder: SortDirection }): ListOrder<NoticeJson> {
  if (sortBy === 'title') return byIdentity;
  return {
    id: (notice) => notice.id,
    sort: { key: (notice) => [notice.isImportant, notice.isPinned, notice[sortBy]], directions: ['desc', 'desc', sortOrder, 'desc'] },
  };
}

builder.queryField('notices', (t) =>
  queryConnection(t, 'Notice', {
    type: Notice,
    description: '공지사항 목록: 중요·고정 공지 먼저, 그다음 고른 순서',
    args: {
      category: t.arg({ type: NoticeCategoryEnum }),
      search: t.arg.string(),
      sortBy: t.arg({ type: NoticeSortField }),
      sortOrder: t.arg({ type: OrderDirection }),
    },
    resolve: (_root, args, context) => {
      const filters = validateInput(
        noticeListQuerySchema.pick({ category: true, search: true, sortBy: true, sortOrder: true }),
        { category: args.category ?? undefined, search: args.search ?? undefined, sortBy: args.sortBy ?? undefined, sortOrder: args.sortOrder ?? undefined },
        [],
      );
      return resultsConnection(args, (page) => context.messaging.notices({ ...filters, ...page }), noticeOrderFor(filters));
    },
  }),
);

builder.queryField('notice', (t) =>
  t.field({
    type: Notice,
    nullable: true,
    errors: { types: [ValidationError, NotFoundError], directResult: true },
    args: { id: t.arg.id({ required: true, description: 'Notice id 또는 공지 uuid' }) },
    resolve: (_root, args, context) => context.messaging.notice(noticeUuidOf(String(args.id), ['id'])),
  }),
);

const noticeFields = (f: PothosSchemaTypes.InputFieldBuilder<any, 'InputObject'>, required: boolean) => ({
  title: f.string({ required }),
  content: f.string({ required }),
  category: f.field({ type: NoticeCategoryEnum }),
  isImportant: f.boolean(),
  isPinned: f.boolean(),
  startDate: f.field({ type: 'DateTime' }),
  endDate: f.field({ type: 'DateTime' }),
  tags: f.stringList(),
  attachments: f.field({ type: ['File'], description: `첨부 파일 (최대 ${NOTICE_ATTACHMENTS_MAX}개)` }),
});

interface NoticeInput {
  title?: string | null;
  content?: string | null;
  category?: string | null;
  isImportant?: boolean | null;
  isPinned?: boolean | null;
  startDate?: Date | null;
  endDate?: Date | null;
  tags?: string[] | null;
  attachments?: File[] | null;
}

/** Only the fields the client sent (an update leaves the others as they are). */
function noticeBody(input: NoticeInput): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of ['title', 'content', 'category', 'isImportant', 'isPinned', 'tags'] as const) if (input[key] != null) body[key] = input[key];
  for (const key of ['startDate', 'endDate'] as const) if (input[key] !== undefined) body[key] = input[key] ? input[key].toISOString() : null;
  return body;
}

async function filesOf(files: File[] | null | undefined): Promise<NoticeFile[]> {
  if (!files?.length) return [];
  if (files.length > NOTICE_ATTACHMENTS_MAX) {
    throw invalidArgument(['input', 'attachments'], messagingTexts.tooManyAttachments(NOTICE_ATTACHMENTS_MAX), 'too_big');
  }
  files.forEach((file, index) => ensureWithin(file, ATTACHMENT_UPLOAD_LIMIT, ['input', 'attachments', String(index)]));
  return Promise.all(
    files.map(async (file) => ({ name: file.name || 'file', type: file.type || 'application/octet-stream', bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
}

payloadMutation('createNotice', {
  description: '운영자 전용: 공지 작성 (첨부 파일은 multipart로 전달)',
  input: (f) => noticeFields(f, true),
  payload: { notice: Notice },
  resolve: async (input, context) => {
    const body = noticeBody(input);
    validateInput(noticeCreateSchema, body, ['input']);
    return { notice: await context.messaging.writeNotice('POST', null, body, await filesOf(input.attachments)) };
  },
});

payloadMutation('updateNotice', {
  description: '운영자 전용: 공지 수정 (보낸 항목만 바뀝니다)',
  input: (f) => ({ id: f.id({ required: true }), ...noticeFields(f, false) }),
  payload: { notice: Notice },
  resolve: async (input, context) => {
    const uuid = noticeUuidOf(String(input.id), ['input', 'id']);
    const body = noticeBody(input);
    validateInput(noticeUpdateSchema, body, ['input']);
    return { notice: await context.messaging.writeNotice('PATCH', uuid, body, await filesOf(input.attachments)) };
  },
});

payloadMutation('deleteNotice', {
  description: '운영자 전용: 공지 삭제',
  input: (f) => ({ id: f.id({ required: true }) }),
  payload: { deletedNoticeId: 'ID' },
  resolve: async (input, context) => {
    const uuid = noticeUuidOf(String(input.id), ['input', 'id']);
    await context.messaging.deleteNotice(uuid);
    return { deletedNoticeId: Buffer.from(`Notice:${uuid}`).toString('base64') };
  },
});
