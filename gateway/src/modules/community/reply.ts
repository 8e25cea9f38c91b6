import { encodeGlobalID } from '@pothos/plugin-relay';
import type { PostJson, ReplyJson, UserReplyJson } from '../../../../domain/api.js';
import { REPLY_MAX, connectionArgsSchema, replyContentSchema } from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { publishPostChanged } from '../../server/pubsub.js';
import { ForbiddenError, NotAuthenticatedError, NotFoundError, ValidationError } from '../../graphql/errors.js';
import { connectionTotalCount, offsetConnection, offsetToCursor } from '../../graphql/connections.js';
import { upstreamIdOf, validateInput } from '../../graphql/ids.js';
import { Post } from './post.js';
import { User } from '../../graphql/refs.js';

export const Reply = builder.nodeRef<ReplyJson>('Reply', { id: { resolve: (reply) => reply.id } });

Reply.implement({
  description: '댓글 (000 §3). 답글은 한 단계로 이어집니다: 답글에 단 답글도 같은 댓글 아래에 놓입니다.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    content: t.exposeString('content'),
    author: t.field({ type: User, nullable: true, resolve: (reply) => reply.author }),
    postId: t.id({ resolve: (reply) => encodeGlobalID('Post', reply.post_id) }),
    parentId: t.id({ nullable: true, resolve: (reply) => (reply.parent_id === null ? null : encodeGlobalID('Reply', reply.parent_id)) }),
    likeCount: t.exposeInt('like_count'),
    isLiked: t.exposeBoolean('is_like'),
    isDeleted: t.exposeBoolean('is_deleted'),
    isEdited: t.exposeBoolean('is_edited'),
    postTitle: t.string({ nullable: true, resolve: (reply) => (reply as Partial<UserReplyJson>).post_title ?? null }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime' }),
    replies: t.connection(
      {
        type: Reply,
        description: '이 댓글에 달린 답글',
        validate: connectionArgsSchema,
        resolve: (reply, args) =>
          offsetConnection(args, async ({ page, pageSize }) => ({
            items: (reply.replies ?? []).slice((page - 1) * pageSize, page * pageSize),
            total: (reply.replies ?? []).length,
          })),
      },
      { name: 'ReplyConnection', ...connectionTotalCount },
      { name: 'ReplyEdge' },
    ),
  }),
});

builder.objectField(Post, 'replies', (t) =>
  t.connection(
    {
      type: Reply,
      description: '게시글의 댓글 (오래된 순, 답글 포함)',
      validate: connectionArgsSchema,
      resolve: (post, args, context) =>
        offsetConnection(args, async ({ page, pageSize }) => {
          const answer = await context.community.replies(post.id, page, pageSize);
          return { items: answer.results, total: answer.count };
        }),
    },
    { name: 'PostReplyConnection', ...connectionTotalCount },
    { name: 'PostReplyEdge' },
  ),
);

builder.objectField(User, 'replies', (t) =>
  t.connection(
    {
      type: Reply,
      description: '회원이 남긴 댓글 (최신 순)',
      validate: connectionArgsSchema,
      resolve: (user, args, context) =>
        offsetConnection(args, async ({ page, pageSize }) => {
          const answer = await context.community.userReplies(user.id, page, pageSize);
          return { items: answer.results, total: answer.count };
        }),
    },
    { name: 'UserReplyConnection', ...connectionTotalCount },
    { name: 'UserReplyEdge' },
  ),
);

const ReplyPayload = (name: string) =>
  builder.objectRef<{ reply: ReplyJson }>(name).implement({ fields: (t) => ({ reply: t.field({ type: Reply, resolve: (payload) => payload.reply }) }) });

const replyErrors = { types: [ValidationError, NotAuthenticatedError, NotFoundError, ForbiddenError], directResult: true };

const CreateReplyInput = builder.inputType('CreateReplyInput', {
  fields: (t) => ({
    postId: t.id({ required: true }),
    content: t.string({ required: true, description: `1-${REPLY_MAX}자` }),
    parentId: t.id({ description: '답글이면 그 댓글의 id' }),
  }),
});

const CreatedReplyEdge = builder.objectRef<{ cursor: string; node: ReplyJson }>('CreatedReplyEdge').implement({
  description: '새 댓글의 edge (@appendEdge용)',
  fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: Reply, resolve: (edge) => edge.node }) }),
});

const CreateReplyPayload = builder.objectRef<{ replyEdge: { cursor: string; node: ReplyJson }; post: PostJson }>('CreateReplyPayload').implement({
  fields: (t) => ({
    replyEdge: t.field({ type: CreatedReplyEdge, resolve: (payload) => payload.replyEdge }),
    post: t.field({ type: Post, description: '늘어난 replyCount를 가진 게시글', resolve: (payload) => payload.post }),
  }),
});

builder.mutationField('createReply', (t) =>
  t.field({
    type: CreateReplyPayload,
    authScopes: { member: true },
    errors: replyErrors,
    args: { input: t.arg({ type: CreateReplyInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const postId = Number(upstreamIdOf(String(input.postId), 'Post', 'input.postId'));
      const parentId = input.parentId == null ? undefined : Number(upstreamIdOf(String(input.parentId), 'Reply', 'input.parentId'));
      const content = validateInput(replyContentSchema, input.content, 'input.content');
      const { post, ...reply } = await context.community.createReply(postId, { content, ...(parentId ? { parent_id: parentId } : {}) });
      publishPostChanged(context.pubSub, post);
      return { replyEdge: { cursor: offsetToCursor(post.reply_count - 1), node: reply }, post };
    },
  }),
);

const UpdateReplyInput = builder.inputType('UpdateReplyInput', {
  fields: (t) => ({ id: t.id({ required: true }), postId: t.id({ required: true }), content: t.string({ required: true }) }),
});

builder.mutationField('updateReply', (t) =>
  t.field({
    type: ReplyPayload('UpdateReplyPayload'),
    authScopes: { member: true },
    errors: replyErrors,
    args: { input: t.arg({ type: UpdateReplyInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const replyId = Number(upstreamIdOf(String(input.id), 'Reply', 'input.id'));
      const postId = Number(upstreamIdOf(String(input.postId), 'Post', 'input.postId'));
      const content = validateInput(replyContentSchema, input.content, 'input.content');
      return { reply: await context.community.updateReply(postId, replyId, { content }) };
    },
  }),
);

builder.mutationField('deleteReply', (t) =>
  t.field({
    type: builder.objectRef<{ deletedReplyId: string; post: PostJson }>('DeleteReplyPayload').implement({
      fields: (p) => ({
        deletedReplyId: p.exposeID('deletedReplyId'),
        post: p.field({ type: Post, description: '줄어든 replyCount를 가진 게시글', resolve: (payload) => payload.post }),
      }),
    }),
    authScopes: { member: true },
    errors: replyErrors,
    args: {
      input: t.arg({
        type: builder.inputType('DeleteReplyInput', { fields: (f) => ({ id: f.id({ required: true }), postId: f.id({ required: true }) }) }),
        required: true,
      }),
    },
    resolve: async (_root, { input }, context) => {
      const replyId = Number(upstreamIdOf(String(input.id), 'Reply', 'input.id'));
      const postId = Number(upstreamIdOf(String(input.postId), 'Post', 'input.postId'));
      const { post } = await context.community.deleteReply(postId, replyId);
      publishPostChanged(context.pubSub, post);
      return { deletedReplyId: encodeGlobalID('Reply', replyId), post };
    },
  }),
);

builder.mutationField('toggleReplyLike', (t) =>
  t.field({
    type: ReplyPayload('ToggleReplyLikePayload'),
    authScopes: { member: true },
    errors: replyErrors,
    args: {
      input: t.arg({ type: builder.inputType('ToggleReplyLikeInput', { fields: (f) => ({ id: f.id({ required: true }) }) }), required: true }),
    },
    resolve: async (_root, { input }, context) => ({
      reply: await context.community.toggleReplyLike(Number(upstreamIdOf(String(input.id), 'Reply', 'input.id'))),
    }),
  }),
);
