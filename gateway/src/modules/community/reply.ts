import { encodeGlobalID } from '@pothos/plugin-relay';
import type { ReplyJson, UserReplyJson } from '../../../../domain/api.js';
import { REPLY_MAX, replyContentSchema } from '../../../../domain/index.js';
import { mentionedNicknameKeys } from '../../../../domain/nickname.js';
import { builder } from '../../graphql/builder.js';
import { referencedNode } from '../../graphql/nodes.js';
import { byField, connectionListName, cursorOf, listConnection, pageConnection, resultsConnection } from '../../graphql/connections.js';
import type { GatewayContext } from '../../graphql/context.js';
import { idempotencyKeyOf, inputIdOf, validateInput } from '../../graphql/ids.js';
import { idempotencyKeyField, payloadMutation, RENAMED_INPUT_REMOVAL_DATE, type InputFieldBuilder } from '../../graphql/mutations.js';
import { Post, Reply, User } from '../../graphql/refs.js';

/** A post's replies and a reply's answers: oldest first. */
const oldestRepliesFirst = byField<ReplyJson>('created_at', 'asc');

Reply.implement({
  description: 'A reply (“댓글”) to a post. Answers nest one level deep: an answer to an answer is placed under the same top-level reply.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    content: t.exposeString('content'),
    author: t.field({ type: User, nullable: true, resolve: (reply) => reply.author }),
    post: t.field({
      type: Post,
      nullable: true,
      description: 'The post this reply is on; null when the post is gone.',
      resolve: (reply, _args, context) => referencedNode(Post.getDataloader(context).load(String(reply.post_id)), Post),
    }),
    postId: t.id({
      description: 'The global id of the post this reply is on.',
      deprecationReason: 'Use `post { id }`. Removal after 2027-03-01.',
      resolve: (reply) => encodeGlobalID('Post', reply.post_id),
    }),
    parent: t.field({
      type: Reply,
      nullable: true,
      description: 'The comment this answer replies to; null on a comment (or when the comment is gone).',
      resolve: (reply, _args, context) => (reply.parent_id === null ? null : referencedNode(Reply.getDataloader(context).load(String(reply.parent_id)), Reply)),
    }),
    parentId: t.id({
      nullable: true,
      description: 'The global id of the comment this answer replies to; null on a comment.',
      deprecationReason: 'Use `parent { id }`. Removal after 2027-03-01.',
      resolve: (reply) => (reply.parent_id === null ? null : encodeGlobalID('Reply', reply.parent_id)),
    }),
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
        pageConnection(
          args,
          async ({ page, pageSize }) => {
            const embedded = reply.replies ?? [];
            const total = reply.answer_count ?? embedded.length;
            const start = (page - 1) * pageSize;
            if (start + pageSize <= embedded.length || embedded.length >= total) return { items: embedded.slice(start, start + pageSize), total };
            const answers = await context.community.answers(reply.post_id, reply.id, page, pageSize);
            return { items: answers.results, total: answers.count };
          },
          oldestRepliesFirst,
        ),
    }),
  }),
});

builder.objectField(Post, 'replies', (t) =>
  listConnection(t, 'PostReply', {
    type: Reply,
    description: '게시글의 댓글 (오래된 순, 답글 포함)',
    resolve: (post, args, context) => resultsConnection(args, ({ page, pageSize }) => context.community.replies(post.id, page, pageSize), oldestRepliesFirst),
  }),
);

builder.objectField(User, 'replies', (t) =>
  listConnection(t, 'UserReply', {
    type: Reply,
    description: '회원이 남긴 댓글 (최신 순)',
    resolve: (user, args, context) =>
      resultsConnection(args, ({ page, pageSize }) => context.community.userReplies(user.id, page, pageSize), byField<ReplyJson>('created_at', 'desc')),
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
    const content = validateInput(replyContentSchema, input.content, ['input', 'content']);
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
    // The new reply ends its list: the post's replies, or the answers of the thread it joins.
    const list = reply.parent_id ? connectionListName('Reply', 'replies', { id: reply.parent_id }) : connectionListName('Post', 'replies', post);
    return { replyEdge: { cursor: cursorOf(list, reply, post.reply_count - 1, oldestRepliesFirst), node: reply }, post };
  },
});

/** A reply by its id; the post it is on, which the reply implies, was once required too and is ignored now. */
const replyAndPost = (t: InputFieldBuilder) => ({
  id: t.id({ required: true, description: 'The global id of the reply to act on.' }),
  postId: t.id({
    description: 'Ignored: the reply implies its post.',
    deprecationReason: `The reply id implies the post; omit it. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
  }),
});

/** The upstream's address of a reply: its post, found from the reply itself. */
async function replyAddress(input: { id: string | number }, context: GatewayContext) {
  const replyId = inputIdOf(input, 'id', 'Reply');
  const { post_id: postId } = await context.community.reply(replyId);
  return { replyId, postId };
}

payloadMutation('updateReply', {
  input: (t) => ({ ...replyAndPost(t), content: t.string({ required: true }) }),
  payload: { reply: Reply },
  resolve: async (input, context) => {
    const content = validateInput(replyContentSchema, input.content, ['input', 'content']);
    const { replyId, postId } = await replyAddress(input, context);
    return { reply: await context.community.updateReply(postId, replyId, { content }) };
  },
});

payloadMutation('deleteReply', {
  input: replyAndPost,
  payload: { deletedReplyId: 'ID', post: { type: Post, description: '줄어든 replyCount를 가진 게시글' } },
  resolve: async (input, context) => {
    const { replyId, postId } = await replyAddress(input, context);
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
