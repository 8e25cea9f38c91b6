import {
  messagingTexts,
  NOTICE_ATTACHMENT_ID_PATTERN,
  NOTICE_ATTACHMENTS_MAX,
  NOTICE_CATEGORIES,
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  TAGS_MAX,
  VIEW_REPEAT_HOURS,
  type NoticeCategory,
  noticeCreateSchema,
  noticeListQuerySchema,
  noticeUpdateSchema,
  type AttachmentJson,
  type NoticeJson,
  type NoticeSortField as NoticeSortFieldName,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { NotFoundError, ValidationError, invalidArgument } from '../../graphql/errors.js';
import { ATTACHMENT_THUMBNAIL_TEXT, attachedFilesOf } from './attachments.js';
import { enumValues, labelledDescriptions, OrderDirection } from '../../graphql/enums.js';
import { byIdentity, queryConnection, resultsConnection, type ListOrder, type SortDirection } from '../../graphql/connections.js';
import { localKeyOf, UUID_PATTERN, validateInput } from '../../graphql/ids.js';
import { payloadMutation } from '../../graphql/mutations.js';

const noticeCategoryMeanings: Record<NoticeCategory, string> = {
  general: 'General news',
  update: 'An update of the app',
  maintenance: 'Maintenance',
  event: 'An event',
  policy: 'A policy change',
  guide: 'A guide',
  other: 'Anything else',
};
export const NoticeCategoryEnum = builder.enumType('NoticeCategory', {
  description: 'What a notice is about.',
  values: enumValues(NOTICE_CATEGORIES, labelledDescriptions(NOTICE_CATEGORIES, noticeCategoryMeanings, messagingTexts.noticeCategoryLabels)),
});
const NoticeSortField = builder.enumType('NoticeSortField', {
  description: 'What notices are sorted by, after the important and then the pinned ones.',
  values: {
    CREATED_AT: { value: 'createdAt', description: 'When the notice was written.' },
    UPDATED_AT: { value: 'updatedAt', description: 'When the notice last changed.' },
    VIEW_COUNT: { value: 'viewCount', description: 'How often the notice was viewed.' },
    TITLE: { value: 'title', description: 'The title, alphabetically.' },
  } as const,
});

export const Notice = upstreamNode<NoticeJson>('Notice', {
  id: (notice) => notice.uuid,
  read: (uuid, context) => context.messaging.notice(uuid),
  key: UUID_PATTERN,
});

type NoticeAttachment = AttachmentJson & { noticeUuid: string };

/** The REST API reads an attachment only with its notice: the key is `<noticeUuid>/<attachmentId>`. */
const ATTACHMENT_KEY = new RegExp(`^${UUID_PATTERN.source.slice(1, -1)}/${NOTICE_ATTACHMENT_ID_PATTERN.source.slice(1, -1)}$`, 'i');
const Attachment = upstreamNode<NoticeAttachment>('Attachment', {
  id: (file) => `${file.noticeUuid}/${file.id}`,
  key: ATTACHMENT_KEY,
  read: async (key, context) => {
    const [noticeUuid, id] = key.split('/');
    const file = (await Notice.getDataloader(context).load(noticeUuid)).attachments.find((attachment) => attachment.id === id);
    if (!file) throw new NotFoundError();
    return { ...file, noticeUuid };
  },
});

Attachment.implement({
  description: 'A file attached to a notice.',
  fields: (t) => ({
    databaseId: t.exposeString('id', {
      description:
        "The file's id in the REST API (a notice's `attachments[].id`): a string key (a UUID for uploaded files), not a number, so unlike other `databaseId`s it is a String; unique within its notice.",
    }),
    fileName: t.exposeString('fileName', { description: 'The name the file was uploaded with.' }),
    fileUrl: t.field({ type: 'URL', description: 'Where to download the file.', resolve: (parent, _args, context) => context.mediaUrl(parent.fileUrl) }),
    thumbnailUrl: t.field({
      type: 'URL',
      nullable: true,
      description: ATTACHMENT_THUMBNAIL_TEXT,
      resolve: (parent, _args, context) => context.mediaUrl(parent.thumbnailUrl ?? null),
    }),
    fileSize: t.exposeInt('fileSize', { description: 'The size of the file, in bytes.' }),
    mimeType: t.exposeString('mimeType', { description: "The file's media type, such as `application/pdf`." }),
    uploadedAt: t.field({ type: 'DateTime', description: 'When the file was attached.', resolve: (file) => file.uploadedAt }),
  }),
});

Notice.implement({
  description: `A notice from the staff to every member (shown under "${messagingTexts.noticesTitle}"). Important and pinned notices come first.`,
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The notice's number, unique among notices." }),
    uuid: t.exposeString('uuid', { description: "The notice's UUID: the id the inbox lists it by (`inboxEntry`)." }),
    title: t.exposeString('title', { description: 'The title, in Korean.' }),
    content: t.exposeString('content', { description: 'The text of the notice, in Korean.' }),
    category: t.field({ type: NoticeCategoryEnum, description: 'What the notice is about.', resolve: (notice) => notice.category }),
    isImportant: t.exposeBoolean('isImportant', { description: 'Whether the notice is marked important: important notices are listed first.' }),
    isPinned: t.exposeBoolean('isPinned', { description: 'Whether the notice is pinned: pinned notices are listed right after the important ones.' }),
    authorNickname: t.string({
      nullable: true,
      description: 'The nickname of the staff member who wrote it; null when unknown.',
      resolve: (notice) => notice.author?.nickname ?? null,
    }),
    viewCount: t.exposeInt('viewCount', {
      description: `How many times it was opened: once per ${VIEW_REPEAT_HOURS} hours for each member (never by its author), each time for guests.`,
    }),
    startDate: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When members start to see the notice; null: from its writing.',
      resolve: (notice) => notice.startDate,
    }),
    endDate: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When members stop seeing the notice; null: never. Staff see every notice regardless.',
      resolve: (notice) => notice.endDate,
    }),
    attachments: t.field({
      type: [Attachment],
      description: 'The files attached to the notice, possibly none.',
      resolve: (notice) => notice.attachments.map((file) => ({ ...file, noticeUuid: notice.uuid })),
    }),
    tags: t.exposeStringList('tags', { description: "The notice's tags, possibly none." }),
    createdAt: t.field({ type: 'DateTime', description: 'When the notice was written.', resolve: (notice) => notice.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When the notice last changed.', resolve: (notice) => notice.updatedAt }),
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
    description:
      'The notices members can see now, for anyone: important ones first, then pinned ones, then in the order asked for. One of `first` or `last` is required.',
    args: {
      category: t.arg({ type: NoticeCategoryEnum, description: 'Only the notices of this category; all when left out.' }),
      search: t.arg.string({ description: 'Only the notices whose title or content contains this text, ignoring case.' }),
      sortBy: t.arg({ type: NoticeSortField, description: 'What to sort by after the important and pinned notices (default CREATED_AT).' }),
      sortOrder: t.arg({ type: OrderDirection, description: 'Which way to sort (default DESC).' }),
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
    description: 'A notice, for anyone; NotFoundError when there is none, or when it is outside its display period and the caller is not staff.',
    errors: { types: [ValidationError, NotFoundError], directResult: true },
    args: { id: t.arg.id({ required: true, description: "The notice's global id, or its `uuid`." }) },
    resolve: (_root, args, context) => context.messaging.notice(noticeUuidOf(String(args.id), ['id'])),
  }),
);

const noticeFields = (f: PothosSchemaTypes.InputFieldBuilder<any, 'InputObject'>, required: boolean) => ({
  title: f.string({ required, description: `The title: 1 to ${NOTICE_TITLE_MAX} characters after trimming.` }),
  content: f.string({ required, description: `The text: 1 to ${NOTICE_CONTENT_MAX} characters after trimming.` }),
  category: f.field({ type: NoticeCategoryEnum, description: 'What the notice is about (default GENERAL).' }),
  isImportant: f.boolean({ description: 'Whether to list it first, as important (default false).' }),
  isPinned: f.boolean({ description: 'Whether to pin it (default false).' }),
  startDate: f.field({ type: 'DateTime', description: 'When members start to see it; null: at once.' }),
  endDate: f.field({ type: 'DateTime', description: 'When members stop seeing it, not before `startDate`; null: never.' }),
  tags: f.stringList({ description: `Tags, at most ${TAGS_MAX}.` }),
  attachments: f.field({
    type: ['File'],
    description: `Files to attach, at most ${NOTICE_ATTACHMENTS_MAX}, sent as a multipart request (the GraphQL multipart request spec).`,
  }),
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

const filesOf = (files: File[] | null | undefined) => attachedFilesOf(files, NOTICE_ATTACHMENTS_MAX);

payloadMutation('createNotice', {
  staff: true,
  description: 'Writes a notice, staff only: ForbiddenError for other members. Attachments are sent as a multipart request.',
  input: (f) => noticeFields(f, true),
  payload: { notice: Notice },
  resolve: async (input, context) => {
    const body = noticeBody(input);
    validateInput(noticeCreateSchema, body, ['input']);
    return { notice: await context.messaging.writeNotice('POST', null, body, await filesOf(input.attachments)) };
  },
});

/** The upstream ids of the notice's attachments named by their global ids; a ValidationError for any other id. */
function attachmentIdsOf(globalIds: readonly (string | number)[], noticeUuid: string): string[] {
  return globalIds.map((globalId, index) => {
    const key = localKeyOf(String(globalId), 'Attachment', ATTACHMENT_KEY);
    const [ofNotice, id] = key?.split('/') ?? [];
    if (ofNotice?.toLowerCase() !== noticeUuid.toLowerCase()) {
      throw invalidArgument(['input', 'removeAttachmentIds', String(index)], messagingTexts.attachmentNotFound, 'invalid_value');
    }
    return id;
  });
}

payloadMutation('updateNotice', {
  staff: true,
  description:
    'Changes a notice, staff only: ForbiddenError for other members. Only the fields sent change; the attachments named in `removeAttachmentIds` are taken off (their files deleted) and those sent are added, at most ' +
    `${NOTICE_ATTACHMENTS_MAX} in all.`,
  input: (f) => ({
    id: f.id({ required: true, description: "The notice's global id, or its `uuid`." }),
    ...noticeFields(f, false),
    removeAttachmentIds: f.idList({ description: "Attachments of this notice to take off, by their global ids (an attachment's `id`)." }),
  }),
  payload: { notice: Notice },
  resolve: async (input, context) => {
    const uuid = noticeUuidOf(String(input.id), ['input', 'id']);
    const body = noticeBody(input);
    if (input.removeAttachmentIds?.length) body.removeAttachments = attachmentIdsOf(input.removeAttachmentIds, uuid);
    validateInput(noticeUpdateSchema, body, ['input']);
    return { notice: await context.messaging.writeNotice('PATCH', uuid, body, await filesOf(input.attachments)) };
  },
});

payloadMutation('deleteNotice', {
  staff: true,
  description: 'Deletes a notice, staff only: ForbiddenError for other members.',
  input: (f) => ({ id: f.id({ required: true, description: "The notice's global id, or its `uuid`." }) }),
  payload: { deletedNoticeId: 'ID' },
  resolve: async (input, context) => {
    const uuid = noticeUuidOf(String(input.id), ['input', 'id']);
    await context.messaging.deleteNotice(uuid);
    return { deletedNoticeId: Buffer.from(`Notice:${uuid}`).toString('base64') };
  },
});
