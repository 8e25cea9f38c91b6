import {
  INQUIRY_ATTACHMENTS_MAX,
  INQUIRY_CATEGORIES,
  INQUIRY_COMMENT_MAX,
  INQUIRY_CONTENT_MAX,
  INQUIRY_CONTENT_MIN,
  INQUIRY_INTERNAL_NOTES_MAX,
  INQUIRY_PRIORITIES,
  INQUIRY_RESOLUTION_MAX,
  INQUIRY_SATISFACTION_MAX,
  INQUIRY_STATUSES,
  INQUIRY_TITLE_MAX,
  messagingTexts,
  inquiryCommentSchema,
  inquiryCreateSchema,
  inquirySatisfactionSchema,
  inquiryStatusUpdateSchema,
  type AttachmentJson,
  type InquiryCommentJson,
  type InquiryDetailJson,
  type InquiryJson,
  type InquiryUserJson,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import type { GatewayContext } from '../../graphql/context.js';
import { ConflictError, NotFoundError, WRITE_ERRORS } from '../../graphql/errors.js';
import { enumValues, labelledDescriptions } from '../../graphql/enums.js';
import { NUMERIC_ID_PATTERN, idempotencyKeyOf, targetIdOf, upstreamIdOf, validateInput } from '../../graphql/ids.js';
import { idempotencyKeyField, payloadMutation, targetIdFields } from '../../graphql/mutations.js';
import { byId, listConnection, resultsConnection } from '../../graphql/connections.js';
import { isViewer } from '../../graphql/viewer.js';
import { User } from '../../graphql/refs.js';
import { ATTACHMENT_THUMBNAIL_TEXT, attachedFilesOf } from './attachments.js';

/** The statuses in the order staff move an inquiry through them, one step at a time. */
const STATUS_STEPS = INQUIRY_STATUSES.map((status) => status.toUpperCase()).join(', ');

const InquiryStatusEnum = builder.enumType('InquiryStatus', {
  description: `Where an inquiry stands. Staff move it forward one step at a time: ${STATUS_STEPS}.`,
  values: enumValues(
    INQUIRY_STATUSES,
    labelledDescriptions(
      INQUIRY_STATUSES,
      { pending: 'Received, not yet taken up', in_progress: 'Being handled by staff', resolved: 'Answered', closed: 'Closed: no more comments' },
      messagingTexts.inquiryStatusLabels,
    ),
  ),
});
const InquiryCategoryEnum = builder.enumType('InquiryCategory', {
  description: 'What an inquiry is about.',
  values: enumValues(
    INQUIRY_CATEGORIES,
    labelledDescriptions(
      INQUIRY_CATEGORIES,
      { general: 'A general question', technical: 'A technical problem', account: "The member's account", payment: 'A payment', other: 'Anything else' },
      messagingTexts.inquiryCategoryLabels,
    ),
  ),
});
const InquiryPriorityEnum = builder.enumType('InquiryPriority', {
  description: 'How urgent the member says an inquiry is.',
  values: enumValues(
    INQUIRY_PRIORITIES,
    labelledDescriptions(INQUIRY_PRIORITIES, { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' }, messagingTexts.inquiryPriorityLabels),
  ),
});

/** Not a Node: a member as an inquiry shows them (name and picture), not a thing of its own; the member is a User. */
const InquiryPerson = builder.objectRef<InquiryUserJson>('InquiryPerson').implement({
  description: 'A member or staff member as an inquiry shows them.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The member's number (a User's `databaseId`)." }),
    name: t.exposeString('name', { description: "The member's nickname." }),
    profileImage: t.field({
      type: 'URL',
      nullable: true,
      description: "The member's profile picture; null when they have none.",
      resolve: (parent, _args, context) => context.mediaUrl(parent.profileImage),
    }),
  }),
});

/** Not a Node: the REST API reads a file only with its inquiry, which only its author and staff may read. */
const InquiryAttachment = builder.objectRef<AttachmentJson>('InquiryAttachment').implement({
  description: 'A file the member attached to an inquiry: a screenshot, a receipt.',
  fields: (t) => ({
    databaseId: t.exposeString('id', { description: "The file's id in the REST API (a UUID), unique within its inquiry." }),
    fileName: t.exposeString('fileName', { description: 'The name the file was uploaded with.' }),
    fileUrl: t.field({
      type: 'URL',
      description: 'Where to open the file: pictures show in place, anything else downloads.',
      resolve: (parent, _args, context) => context.mediaUrl(parent.fileUrl),
    }),
    thumbnailUrl: t.field({
      type: 'URL',
      nullable: true,
      description: ATTACHMENT_THUMBNAIL_TEXT,
      resolve: (parent, _args, context) => context.mediaUrl(parent.thumbnailUrl ?? null),
    }),
    fileSize: t.exposeInt('fileSize', { description: 'The size of the file, in bytes.' }),
    mimeType: t.exposeString('mimeType', { description: "The file's media type, such as `image/png`." }),
    uploadedAt: t.field({ type: 'DateTime', description: 'When the file was attached.', resolve: (file) => file.uploadedAt }),
  }),
});

type InquiryShape = InquiryJson & Partial<Omit<InquiryDetailJson, keyof InquiryJson>>;

/** The detail (comments, resolution) when the list's summary lacks it. */
const detailOf = async (inquiry: InquiryShape, context: GatewayContext): Promise<InquiryDetailJson> =>
  inquiry.comments ? (inquiry as InquiryDetailJson) : context.messaging.inquiry(inquiry.id);

export const Inquiry = upstreamNode<InquiryShape>('Inquiry', {
  id: (inquiry) => inquiry.id,
  read: (id, context) => context.messaging.inquiry(Number(id)),
  key: NUMERIC_ID_PATTERN,
});

/** The REST API reads a comment only with its inquiry: the key is `<inquiryId>/<commentId>`. */
const InquiryComment = upstreamNode<InquiryCommentJson>('InquiryComment', {
  id: (comment) => `${comment.inquiryId}/${comment.id}`,
  key: /^\d{1,10}\/\d{1,10}$/,
  read: async (key, context) => {
    const [inquiryId, id] = key.split('/').map(Number);
    const comment = (await detailOf(await Inquiry.getDataloader(context).load(String(inquiryId)), context)).comments.find((entry) => entry.id === id);
    if (!comment) throw new NotFoundError();
    return comment;
  },
});

InquiryComment.implement({
  description: 'A message in an inquiry, from the member or staff.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The comment's number, unique among inquiry comments." }),
    comment: t.exposeString('comment', { description: 'The text of the comment.' }),
    user: t.field({ type: InquiryPerson, description: 'Who wrote it: the member or a staff member.', resolve: (comment) => comment.user }),
    isAIGenerated: t.exposeBoolean('isAIGenerated', { description: 'Whether the comment was written by an automatic assistant rather than a person.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When the comment was written.', resolve: (comment) => comment.createdAt }),
  }),
});

Inquiry.implement({
  description: `A one-to-one inquiry (shown as "${messagingTexts.inquiriesTitle}") from a member to the staff. Only its author and staff can read it.`,
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The inquiry's number, unique among inquiries." }),
    title: t.exposeString('title', { description: 'The title the member gave it.' }),
    content: t.exposeString('content', { description: "The member's question." }),
    status: t.field({ type: InquiryStatusEnum, description: 'Where the inquiry stands.', resolve: (inquiry) => inquiry.status }),
    category: t.field({ type: InquiryCategoryEnum, description: 'What the inquiry is about.', resolve: (inquiry) => inquiry.category }),
    priority: t.field({ type: InquiryPriorityEnum, description: 'How urgent the member says it is.', resolve: (inquiry) => inquiry.priority }),
    satisfaction: t.int({
      nullable: true,
      description: `The member's rating of the answer, 0 to ${INQUIRY_SATISFACTION_MAX}; null until they rate it.`,
      resolve: (inquiry) => inquiry.satisfaction,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When the member sent it.', resolve: (inquiry) => inquiry.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed, a new comment included.', resolve: (inquiry) => inquiry.updatedAt }),
    comments: t.field({
      type: [InquiryComment],
      description: 'The messages exchanged about it, oldest first.',
      resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).comments,
    }),
    attachments: t.field({
      type: [InquiryAttachment],
      description: 'The files the member attached when sending it, possibly none.',
      resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).attachments,
    }),
    resolution: t.string({
      nullable: true,
      description: "The staff's summary of the answer; null until they give one.",
      resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).resolution,
    }),
    resolvedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was resolved; null while it is not.',
      resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).resolvedAt,
    }),
    author: t.field({
      type: InquiryPerson,
      description: 'The member who sent it (only they can rate the answer).',
      resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).user,
    }),
    assignedTo: t.field({
      type: InquiryPerson,
      nullable: true,
      description: 'The staff member handling it; null until one takes it up.',
      resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).assignedTo,
    }),
    internalNotes: t.string({
      nullable: true,
      description: "The staff's notes, never shown to the member: null for anyone but staff.",
      resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).internalNotes ?? null,
    }),
  }),
});

builder.objectFields(User, (t) => ({
  inquiries: listConnection(t, 'Inquiry', {
    type: Inquiry,
    nullable: true,
    description:
      "The member's inquiries (for staff, every member's), newest first; readable by that member only: null for anyone else. One of `first` or `last` is required.",
    args: { status: t.arg({ type: InquiryStatusEnum, description: 'Only the inquiries with this status; all when left out.' }) },
    resolve: (user, args, context) =>
      isViewer(user, context)
        ? resultsConnection<InquiryShape>(args, (page) => context.messaging.inquiries({ ...page, status: args.status ?? undefined }), byId('desc'))
        : null,
  }),
}));

const inquiryErrors = [...WRITE_ERRORS, ConflictError] as const;
/** An Inquiry id, or the bare database id the upstream's notification links carry (`/my/inquiries/{id}`). */
const inquiryIdOf = (id: string | number, path: string[]) => (/^\d{1,10}$/.test(String(id)) ? Number(id) : upstreamIdOf(String(id), 'Inquiry', path));
/** The inquiry a mutation acts on, from `id` or its deprecated name `inquiryId`. */
const targetInquiryIdOf = (input: { id?: string | number | null; inquiryId?: string | number | null }) => {
  const { id, path } = targetIdOf(input, 'inquiryId');
  return inquiryIdOf(id, path);
};

builder.queryField('inquiry', (t) =>
  t.field({
    type: Inquiry,
    nullable: true,
    description: 'An inquiry, members only: its author and staff can read it; NotFoundError for anyone else and when there is none.',
    authScopes: { member: true },
    errors: { types: [...inquiryErrors], directResult: true },
    args: { id: t.arg.id({ required: true, description: "The inquiry's global id, or its `databaseId`." }) },
    resolve: (_root, args, context) => context.messaging.inquiry(inquiryIdOf(args.id, ['id'])),
  }),
);

/** Each inquiry mutation answers the inquiry as it now is. */
const inquiryPayload = { inquiry: Inquiry } as const;

payloadMutation('createInquiry', {
  description: 'Sends an inquiry to the staff, members only. Attachments are sent as a multipart request.',
  errors: inquiryErrors,
  input: (f) => ({
    title: f.string({ required: true, description: `The title: 1 to ${INQUIRY_TITLE_MAX} characters after trimming.` }),
    content: f.string({ required: true, description: `The question: ${INQUIRY_CONTENT_MIN} to ${INQUIRY_CONTENT_MAX} characters after trimming.` }),
    category: f.field({ type: InquiryCategoryEnum, required: true, description: 'What it is about.' }),
    priority: f.field({ type: InquiryPriorityEnum, description: 'How urgent it is (default MEDIUM).' }),
    attachments: f.field({
      type: ['File'],
      description: `Files to attach (screenshots, a receipt), at most ${INQUIRY_ATTACHMENTS_MAX}, sent as a multipart request (the GraphQL multipart request spec).`,
    }),
    idempotencyKey: idempotencyKeyField(f),
  }),
  payload: inquiryPayload,
  resolve: async (input, context) => {
    const { idempotencyKey, attachments, ...fields } = input;
    const payload = validateInput(inquiryCreateSchema, { ...fields, priority: fields.priority ?? undefined }, ['input']);
    const files = await attachedFilesOf(attachments, INQUIRY_ATTACHMENTS_MAX);
    return { inquiry: await context.messaging.createInquiry(payload, files, idempotencyKeyOf({ idempotencyKey })) };
  },
});

payloadMutation('addInquiryComment', {
  description:
    'Adds a message to an inquiry, by its author or staff (NotFoundError for anyone else). ConflictError once the inquiry is closed. The author is notified of a staff answer.',
  errors: inquiryErrors,
  input: (f) => ({
    inquiryId: f.id({ required: true, description: "The inquiry's global id, or its `databaseId`." }),
    comment: f.string({ required: true, description: `The message: 1 to ${INQUIRY_COMMENT_MAX} characters after trimming.` }),
  }),
  payload: inquiryPayload,
  resolve: async (input, context) => {
    const id = inquiryIdOf(input.inquiryId, ['input', 'inquiryId']);
    const { comment } = validateInput(inquiryCommentSchema, { comment: input.comment }, ['input']);
    const inquiry = await context.messaging.addInquiryComment(id, comment);
    context.notificationBridge.hint({ userIds: [inquiry.user.id] });
    return { inquiry };
  },
});

payloadMutation('setInquiryStatus', {
  staff: true,
  description: `Moves an inquiry one step forward (${STATUS_STEPS}) or keeps its status while changing the notes, staff only: ForbiddenError for other members. ConflictError for any other step. The author is notified of a new status.`,
  errors: inquiryErrors,
  input: (f) => ({
    ...targetIdFields(f, 'inquiryId', 'inquiry'),
    status: f.field({ type: InquiryStatusEnum, required: true, description: 'The new status: the current one or the next.' }),
    resolution: f.string({ description: `A summary of the answer for the member, at most ${INQUIRY_RESOLUTION_MAX} characters.` }),
    internalNotes: f.string({ description: `Notes for the staff only, at most ${INQUIRY_INTERNAL_NOTES_MAX} characters.` }),
  }),
  payload: inquiryPayload,
  resolve: async (input, context) => {
    const id = targetInquiryIdOf(input);
    const payload = validateInput(inquiryStatusUpdateSchema, { status: input.status, resolution: input.resolution, internalNotes: input.internalNotes }, [
      'input',
    ]);
    const inquiry = await context.messaging.setInquiryStatus(id, payload);
    context.notificationBridge.hint({ userIds: [inquiry.user.id] });
    return { inquiry };
  },
});

payloadMutation('rateInquiry', {
  description:
    "Rates the answer to the member's own inquiry, by its author only: NotFoundError for other members, ForbiddenError for staff. ConflictError before it is resolved.",
  errors: inquiryErrors,
  input: (f) => ({
    ...targetIdFields(f, 'inquiryId', 'inquiry'),
    score: f.int({ required: true, description: `The rating, 0 to ${INQUIRY_SATISFACTION_MAX}.` }),
  }),
  payload: inquiryPayload,
  resolve: async (input, context) => {
    const id = targetInquiryIdOf(input);
    const { score } = validateInput(inquirySatisfactionSchema, { score: input.score }, ['input']);
    return { inquiry: await context.messaging.rateInquiry(id, score) };
  },
});
