import {
  INQUIRY_CATEGORIES,
  INQUIRY_PRIORITIES,
  INQUIRY_STATUSES,
  inquiryCommentSchema,
  inquiryCreateSchema,
  inquirySatisfactionSchema,
  inquiryStatusUpdateSchema,
  type InquiryCommentJson,
  type InquiryDetailJson,
  type InquiryJson,
  type InquiryUserJson,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import type { GatewayContext } from '../../graphql/context.js';
import { ConflictError, NotFoundError, WRITE_ERRORS } from '../../graphql/errors.js';
import { enumValues } from '../../graphql/enums.js';
import { NUMERIC_ID_PATTERN, idempotencyKeyOf, targetIdOf, upstreamIdOf, validateInput } from '../../graphql/ids.js';
import { idempotencyKeyField, payloadMutation, targetIdFields } from '../../graphql/mutations.js';
import { byId, listConnection, resultsConnection } from '../../graphql/connections.js';
import { isViewer } from '../../graphql/viewer.js';
import { User } from '../../graphql/refs.js';

const InquiryStatusEnum = builder.enumType('InquiryStatus', { values: enumValues(INQUIRY_STATUSES) });
const InquiryCategoryEnum = builder.enumType('InquiryCategory', { values: enumValues(INQUIRY_CATEGORIES) });
const InquiryPriorityEnum = builder.enumType('InquiryPriority', { values: enumValues(INQUIRY_PRIORITIES) });

/** Not a Node: a member as an inquiry shows them (name and picture), not a thing of its own; the member is a User. */
const InquiryPerson = builder.objectRef<InquiryUserJson>('InquiryPerson').implement({
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    profileImage: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.profileImage) }),
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
  description: 'A message in an inquiry, from the member or staff. Its id names the inquiry too: it is read through the inquiry.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    comment: t.exposeString('comment'),
    user: t.field({ type: InquiryPerson, resolve: (comment) => comment.user }),
    isAIGenerated: t.exposeBoolean('isAIGenerated'),
    createdAt: t.field({ type: 'DateTime', resolve: (comment) => comment.createdAt }),
  }),
});

Inquiry.implement({
  description: 'A one-to-one inquiry (“1:1 문의”) from a member to the staff.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    content: t.exposeString('content'),
    status: t.field({ type: InquiryStatusEnum, resolve: (inquiry) => inquiry.status }),
    category: t.field({ type: InquiryCategoryEnum, resolve: (inquiry) => inquiry.category }),
    priority: t.field({ type: InquiryPriorityEnum, resolve: (inquiry) => inquiry.priority }),
    satisfaction: t.int({ nullable: true, resolve: (inquiry) => inquiry.satisfaction }),
    createdAt: t.field({ type: 'DateTime', resolve: (inquiry) => inquiry.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (inquiry) => inquiry.updatedAt }),
    comments: t.field({ type: [InquiryComment], resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).comments }),
    resolution: t.string({ nullable: true, resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).resolution }),
    resolvedAt: t.field({ type: 'DateTime', nullable: true, resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).resolvedAt }),
    assignedTo: t.field({ type: InquiryPerson, nullable: true, resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).assignedTo }),
    internalNotes: t.string({
      nullable: true,
      description: '운영자에게만 보입니다',
      resolve: async (inquiry, _args, context) => (await detailOf(inquiry, context)).internalNotes ?? null,
    }),
  }),
});

builder.objectFields(User, (t) => ({
  inquiries: listConnection(t, 'Inquiry', {
    type: Inquiry,
    nullable: true,
    description: '나의 문의 (운영자는 모든 문의). 본인만, 다른 회원에게는 null.',
    args: { status: t.arg({ type: InquiryStatusEnum }) },
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
    authScopes: { member: true },
    errors: { types: [...inquiryErrors], directResult: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.messaging.inquiry(inquiryIdOf(args.id, ['id'])),
  }),
);

/** Each inquiry mutation answers the inquiry as it now is. */
const inquiryPayload = { inquiry: Inquiry } as const;

payloadMutation('createInquiry', {
  errors: inquiryErrors,
  input: (f) => ({
    title: f.string({ required: true }),
    content: f.string({ required: true }),
    category: f.field({ type: InquiryCategoryEnum, required: true }),
    priority: f.field({ type: InquiryPriorityEnum }),
    idempotencyKey: idempotencyKeyField(f),
  }),
  payload: inquiryPayload,
  resolve: async (input, context) => {
    const { idempotencyKey, ...fields } = input;
    const payload = validateInput(inquiryCreateSchema, { ...fields, priority: fields.priority ?? undefined }, ['input']);
    return { inquiry: await context.messaging.createInquiry(payload, idempotencyKeyOf({ idempotencyKey })) };
  },
});

payloadMutation('addInquiryComment', {
  errors: inquiryErrors,
  input: (f) => ({ inquiryId: f.id({ required: true }), comment: f.string({ required: true }) }),
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
  description: '운영자 전용: 접수 → 처리 중 → 해결 → 종료, 한 단계씩',
  errors: inquiryErrors,
  input: (f) => ({
    ...targetIdFields(f, 'inquiryId', 'inquiry'),
    status: f.field({ type: InquiryStatusEnum, required: true }),
    resolution: f.string(),
    internalNotes: f.string(),
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
  errors: inquiryErrors,
  input: (f) => ({ ...targetIdFields(f, 'inquiryId', 'inquiry'), score: f.int({ required: true, description: '0-5' }) }),
  payload: inquiryPayload,
  resolve: async (input, context) => {
    const id = targetInquiryIdOf(input);
    const { score } = validateInput(inquirySatisfactionSchema, { score: input.score }, ['input']);
    return { inquiry: await context.messaging.rateInquiry(id, score) };
  },
});
