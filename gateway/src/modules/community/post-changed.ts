import { builder } from '../../graphql/builder.js';
import type { GatewayContext, ReplyAddition } from '../../graphql/context.js';
import { upstreamIdOf } from '../../graphql/ids.js';
import { nodeReference } from '../../graphql/nodes.js';
import { Post, Reply } from '../../graphql/refs.js';
import { postFromSnapshot } from './post.js';

/**
 * Subscription root fields whose events are the same for every subscriber and that send nothing on
 * subscribing: sockets asking the very same of one of them share one running operation (shared-subscriptions.ts).
 */
export const SHARED_SUBSCRIPTION_FIELDS: ReadonlySet<string> = new Set(['postChanged', 'replyAdded']);

/**
 * The leaf fields of each shared root field's answer that are the same for every viewer (nothing like
 * `isLiked`): a subscription selecting only these shares one run with every socket asking the same, whoever
 * they are, and runs as a guest. An allow-list, so a field added later is never shared across viewers by mistake.
 */
export const VIEWER_INDEPENDENT_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['postChanged', new Set(['__typename', 'id', 'databaseId', 'likeCount', 'replyCount', 'viewCount'])],
]);

builder.subscriptionField('postChanged', (t) =>
  t.field({
    type: Post,
    description:
      "Sends the post each time its like count or reply count changes through this API (togglePostLike, createReply, deleteReply), as that mutation got it back: no read per subscriber, no view counted. Nothing is sent on subscribing; a post that does not exist answers NotFound and completes. `isLiked` and `isBookmarked` are the subscriber's own: false for a guest; for a member who selects them, the post is read again as that member on each event (counting no view), so select them only when you show them.",
    args: { id: t.arg.id({ required: true, description: "The post's global id." }) },
    subscribe: async (_root, args, context) => context.pubSub.subscribe('postChanged', await existingPost(String(args.id), ['id'], context)),
    // The mutation's snapshot, no upstream call per subscriber; `isLiked` is still the subscriber's (post.ts).
    resolve: (change) => postFromSnapshot(change.post),
  }),
);

/**
 * The post's upstream id, once it is known to exist: a post that does not (or that the caller may not see) answers
 * NOT_FOUND and completes, instead of a subscription that never sends. Its first reply page is asked, not the post:
 * reading the post counts a view.
 */
async function existingPost(globalId: string, argumentPath: string[], context: GatewayContext): Promise<string> {
  const postId = upstreamIdOf(globalId, 'Post', argumentPath);
  await context.community.replies(postId, 1, 1);
  return String(postId);
}

const ReplyAdded = builder.objectRef<ReplyAddition>('ReplyAdded').implement({
  description: 'A reply someone just wrote on a post: a top-level reply, or an answer in one of its threads.',
  fields: (t) => ({
    post: t.field({
      type: Post,
      description: 'The post with its new `replyCount`, as the writing mutation got it back (nothing read per subscriber).',
      resolve: (addition) => postFromSnapshot(addition.post),
    }),
    reply: t.field({
      type: Reply,
      nullable: true,
      description:
        "The new reply. Asked for its `id` alone it costs nothing; any other field reads it as the subscriber, and it is null for a subscriber who may not see it (a block between them and its author). To show it in a list, read the list's items after its last cursor.",
      resolve: (addition, _args, context, info) => nodeReference(Reply, String(addition.replyId), context, info),
    }),
    thread: t.field({
      type: Reply,
      nullable: true,
      description: 'The top-level reply whose answers the new reply joins; null when the new reply is a top-level one. Read as `reply` is.',
      resolve: (addition, _args, context, info) => (addition.threadId === null ? null : nodeReference(Reply, String(addition.threadId), context, info)),
    }),
  }),
});

builder.subscriptionField('replyAdded', (t) =>
  t.field({
    type: ReplyAdded,
    description:
      'Sends each reply written on the post through this API (createReply): top-level replies and answers, each with the thread it joins, so a client showing the post can add it where it belongs. Nothing is sent on subscribing; a post that does not exist answers NotFound and completes. A client that only shows counts needs `postChanged`.',
    args: { postId: t.arg.id({ required: true, description: "The post's global id." }) },
    subscribe: async (_root, args, context) => context.pubSub.subscribe('replyAdded', await existingPost(String(args.postId), ['postId'], context)),
    resolve: (addition) => addition,
  }),
);
