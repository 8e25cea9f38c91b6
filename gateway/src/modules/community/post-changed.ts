import { builder } from '../../graphql/builder.js';
import { upstreamIdOf } from '../../graphql/ids.js';
import { Post } from '../../graphql/refs.js';
import { postFromSnapshot } from './post.js';

/**
 * Subscription root fields whose events are the same for every subscriber and that send nothing on
 * subscribing: sockets asking the very same of one of them share one running operation (shared-subscriptions.ts).
 */
export const SHARED_SUBSCRIPTION_FIELDS: ReadonlySet<string> = new Set(['postChanged']);

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
    subscribe: async (_root, args, context) => {
      const postId = upstreamIdOf(String(args.id), 'Post', ['id']);
      // A post that does not exist (or the caller may not see) answers NOT_FOUND and completes, instead of a
      // subscription that never sends. Its first reply page is asked, not the post: reading the post counts a view.
      await context.community.replies(postId, 1, 1);
      return context.pubSub.subscribe('postChanged', String(postId));
    },
    // The mutation's snapshot, no upstream call per subscriber; `isLiked` is still the subscriber's (post.ts).
    resolve: (change) => postFromSnapshot(change.post),
  }),
);
