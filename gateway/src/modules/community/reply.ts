import { encodeGlobalID } from '@pothos/plugin-relay';
import type { ReplyJson, UserReplyJson } from '../../../../domain/api.js';
import { MENTIONS_NOTIFIED_MAX, REPLY_MAX, replyContentSchema } from '../../../../domain/index.js';
import { mentionedNicknameKeys } from '../../../../domain/nickname.js';
import { builder } from '../../graphql/builder.js';
import { nodeReference } from '../../graphql/nodes.js';
import { byField, connectionListName, cursorOf, listConnection, pageConnection, resultsConnection } from '../../graphql/connections.js';
import type { GatewayContext } from '../../graphql/context.js';
import { idempotencyKeyOf, inputIdOf, validateInput } from '../../graphql/ids.js';
import { idempotencyKeyField, payloadMutation, RENAMED_INPUT_REMOVAL_DATE, type InputFieldBuilder } from '../../graphql/mutations.js';
import { Post, Reply, User } from '../../graphql/refs.js';

/** A post's replies and a reply's answers: oldest first. */
const oldestRepliesFirst = byField<ReplyJson>('created_at', 'asc');

Reply.implement({
  description: 'A reply to a post (shown as "댓글"). Answers nest one level deep: an answer to an answer is placed under the same top-level reply.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The reply's numeric id (`id` is its global id)." }),
    uuid: t.exposeString('uuid', { description: "The reply's UUID: another stable identifier." }),
    content: t.exposeString('content', { description: 'The text, plain; empty on a deleted reply.' }),
    author: t.field({
      type: User,
      nullable: true,
      description: 'Who wrote it; null on a deleted reply or when the account is gone.',
      resolve: (reply) => reply.author,
    }),
    post: t.field({
      type: Post,
      nullable: true,
      description:
        'The post this reply is on; null when the post is gone. Asked for its `id` alone, it is answered without reading the post (reading a post counts a view).',
      resolve: (reply, _args, context, info) => nodeReference(Post, String(reply.post_id), context, info),
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
      resolve: (reply, _args, context, info) => (reply.parent_id === null ? null : nodeReference(Reply, String(reply.parent_id), context, info)),
    }),
    parentId: t.id({
      nullable: true,
      description: 'The global id of the comment this answer replies to; null on a comment.',
      deprecationReason: 'Use `parent { id }`. Removal after 2027-03-01.',
      resolve: (reply) => (reply.parent_id === null ? null : encodeGlobalID('Reply', reply.parent_id)),
    }),
    likeCount: t.exposeInt('like_count', { description: 'How many members like it.' }),
    isLiked: t.exposeBoolean('is_like', { description: 'Whether the caller likes it (false for guests).' }),
    isDeleted: t.exposeBoolean('is_deleted', { description: 'Whether it was deleted: it keeps its place and answers, without its text or author.' }),
    isEdited: t.exposeBoolean('is_edited', { description: 'Whether its author changed it after writing it.' }),
    postTitle: t.string({
      nullable: true,
      description: "The title of the post it is on, in a member's reply list (`User.replies`); null elsewhere (use `post`).",
      resolve: (reply) => (reply as Partial<UserReplyJson>).post_title ?? null,
    }),
    createdAt: t.expose('created_at', { type: 'DateTime', description: 'When it was written.' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime', description: 'When it was last changed.' }),
    replies: listConnection(t, 'Reply', {
      type: Reply,
      description: 'The answers to this reply, oldest first; empty on an answer.',
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
    description: "The post's top-level replies, oldest first, each with its answers under `replies`.",
    resolve: (post, args, context) => resultsConnection(args, ({ page, pageSize }) => context.community.replies(post.id, page, pageSize), oldestRepliesFirst),
  }),
);

builder.objectField(User, 'replies', (t) =>
  listConnection(t, 'UserReply', {
    type: Reply,
    description: 'The replies this member wrote, newest first.',
    resolve: (user, args, context) =>
      resultsConnection(args, ({ page, pageSize }) => context.community.userReplies(user.id, page, pageSize), byField<ReplyJson>('created_at', 'desc')),
  }),
);

const CreatedReplyEdge = builder.objectRef<{ cursor: string; node: ReplyJson }>('CreatedReplyEdge').implement({
  description: "The new reply as an edge of its list (the post's replies, or the answers of the reply it answers), to append to a client's connection.",
  fields: (t) => ({
    cursor: t.exposeString('cursor', { description: 'The cursor of the new reply in its list.' }),
    node: t.field({ type: Reply, description: 'The new reply.', resolve: (edge) => edge.node }),
  }),
});

payloadMutation('createReply', {
  description: `Reply to a post, or answer a reply. Members only; a block between the caller and the post's or the reply's author answers ForbiddenError. \`@nickname\` mentions notify those members (the first ${MENTIONS_NOTIFIED_MAX} distinct ones).`,
  input: (t) => ({
    postId: t.id({ required: true, description: 'The global id of the post to reply to.' }),
    content: t.string({ required: true, description: `The text, plain: 1-${REPLY_MAX} characters.` }),
    parentId: t.id({ description: 'To answer a reply: its global id. Omit for a top-level reply.' }),
    idempotencyKey: idempotencyKeyField(t),
  }),
  payload: {
    replyEdge: { type: CreatedReplyEdge, description: 'The new reply, as an edge to append to its list.' },
    post: { type: Post, description: 'The post, with its new `replyCount`.' },
  },
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
    context.publishReplyAdded(post, reply);
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
  description: 'Change the text of a reply. Only its author may (ForbiddenError otherwise).',
  input: (t) => ({ ...replyAndPost(t), content: t.string({ required: true, description: `The new text, plain: 1-${REPLY_MAX} characters.` }) }),
  payload: { reply: Reply },
  resolve: async (input, context) => {
    const content = validateInput(replyContentSchema, input.content, ['input', 'content']);
    const { replyId, postId } = await replyAddress(input, context);
    return { reply: await context.community.updateReply(postId, replyId, { content }) };
  },
});

payloadMutation('deleteReply', {
  description: 'Delete a reply; its answers stay. Only its author may (ForbiddenError otherwise).',
  input: replyAndPost,
  payload: { deletedReplyId: 'ID', post: { type: Post, description: 'The post, with its new `replyCount`.' } },
  resolve: async (input, context) => {
    const { replyId, postId } = await replyAddress(input, context);
    const { post } = await context.community.deleteReply(postId, replyId);
    context.publishPostChanged(post);
    return { deletedReplyId: encodeGlobalID('Reply', replyId), post };
  },
});

payloadMutation('toggleReplyLike', {
  description: "Like a reply, or take the caller's like back if they already like it. Answers the reply with its new `isLiked` and `likeCount`.",
  input: (t) => ({ id: t.id({ required: true, description: "The reply's global id." }) }),
  payload: { reply: Reply },
  resolve: async (input, context) => ({ reply: await context.community.toggleReplyLike(inputIdOf(input, 'id', 'Reply')) }),
});
