import { encodeGlobalID } from '@pothos/plugin-relay';
import type { ReplyJson, UserReplyJson } from '../../../../domain/api.js';
import { REPLY_MAX, replyContentSchema } from '../../../../domain/index.js';
import { mentionedNicknameKeys } from '../../../../domain/nickname.js';
import { builder } from '../../graphql/builder.js';
import { listConnection, offsetConnection, offsetToCursor, resultsConnection } from '../../graphql/connections.js';
import { idempotencyKeyOf, inputIdOf, validateInput } from '../../graphql/ids.js';
import { idempotencyKeyField, payloadMutation, type InputFieldBuilder } from '../../graphql/mutations.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { Post } from './post.js';
import { User } from '../../graphql/refs.js';

export const Reply = upstreamNode<ReplyJson>('Reply', { id: (reply) => reply.id, read: (id, context) => context.community.reply(Number(id)) });

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
    replies: listConnection(t, 'Reply', {
      type: Reply,
      description: '이 댓글에 달린 답글 (오래된 순). 댓글과 함께 온 첫 답글들 너머는 답글 목록에서 페이지 단위로 읽습니다.',
      resolve: (reply, args, context) =>
        offsetConnection(args, async ({ page, pageSize }) => {
          const embedded = reply.replies ?? [];
          const total = reply.answer_count ?? embedded.length;
          const start = (page - 1) * pageSize;
          if (start + pageSize <= embedded.length || embedded.length >= total) return { items: embedded.slice(start, start + pageSize), total };
          const answers = await context.community.answers(reply.post_id, reply.id, page, pageSize);
          return { items: answers.results, total: answers.count };
        }),
    }),
  }),
});

builder.objectField(Post, 'replies', (t) =>
  listConnection(t, 'PostReply', {
    type: Reply,
    description: '게시글의 댓글 (오래된 순, 답글 포함)',
    resolve: (post, args, context) => resultsConnection(args, ({ page, pageSize }) => context.community.replies(post.id, page, pageSize)),
  }),
);

builder.objectField(User, 'replies', (t) =>
  listConnection(t, 'UserReply', {
    type: Reply,
    description: '회원이 남긴 댓글 (최신 순)',
    resolve: (user, args, context) => resultsConnection(args, ({ page, pageSize }) => context.community.userReplies(user.id, page, pageSize)),
  }),
);

const CreatedReplyEdge = builder.objectRef<{ cursor: string; node: ReplyJson }>('CreatedReplyEdge').implement({
  description: '새 댓글의 edge (@appendEdge용)',
  fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: Reply, resolve: (edge) => edge.node }) }),
});

payloadMutation('createReply', {
  input: (t) => ({
    postId: t.id({ required: true }),
    content: t.string({ required: true, description: `1-${REPLY_MAX}자` }),
    parentId: t.id({ description: '답글이면 그 댓글의 id' }),
    idempotencyKey: idempotencyKeyField(t),
  }),
  payload: { replyEdge: CreatedReplyEdge, post: { type: Post, description: '늘어난 replyCount를 가진 게시글' } },
  resolve: async (input, context) => {
    const postId = inputIdOf(input, 'postId', 'Post');
    const parentId = input.parentId == null ? undefined : inputIdOf(input, 'parentId', 'Reply');
    const content = validateInput(replyContentSchema, input.content, 'input.content');
    // The answered reply's author is looked up beside the write (it existed before), for the inbox hint.
    const [{ post, ...reply }, answeredAuthorId] = await Promise.all([
      context.community.createReply(postId, { content, ...(parentId ? { parent_id: parentId } : {}) }, idempotencyKeyOf(input)),
      parentId ? context.community.replyAuthorId(postId, parentId) : null,
    ]);
    context.publishPostChanged(post);
    context.notificationBridge.hint({
      userIds: [post.author?.id, answeredAuthorId ?? undefined].filter((id): id is number => id !== undefined),
      nicknameKeys: mentionedNicknameKeys(content),
    });
    return { replyEdge: { cursor: offsetToCursor(post.reply_count - 1), node: reply }, post };
  },
});

/** A reply and its post, the upstream's address of a reply. */
const replyAndPost = (t: InputFieldBuilder) => ({ id: t.id({ required: true }), postId: t.id({ required: true }) });

payloadMutation('updateReply', {
  input: (t) => ({ ...replyAndPost(t), content: t.string({ required: true }) }),
  payload: { reply: Reply },
  resolve: async (input, context) => {
    const replyId = inputIdOf(input, 'id', 'Reply');
    const postId = inputIdOf(input, 'postId', 'Post');
    const content = validateInput(replyContentSchema, input.content, 'input.content');
    return { reply: await context.community.updateReply(postId, replyId, { content }) };
  },
});

payloadMutation('deleteReply', {
  input: replyAndPost,
  payload: { deletedReplyId: 'ID', post: { type: Post, description: '줄어든 replyCount를 가진 게시글' } },
  resolve: async (input, context) => {
    const replyId = inputIdOf(input, 'id', 'Reply');
    const postId = inputIdOf(input, 'postId', 'Post');
    const { post } = await context.community.deleteReply(postId, replyId);
    context.publishPostChanged(post);
    return { deletedReplyId: encodeGlobalID('Reply', replyId), post };
  },
});

payloadMutation('toggleReplyLike', {
  input: (t) => ({ id: t.id({ required: true }) }),
  payload: { reply: Reply },
  resolve: async (input, context) => ({ reply: await context.community.toggleReplyLike(inputIdOf(input, 'id', 'Reply')) }),
});
