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
      '게시글의 좋아요·댓글 수가 바뀔 때마다 게시글을 보냅니다 (게이트웨이의 mutation이 알립니다). 바꾼 mutation이 받은 게시글 그대로라 조회수는 오르지 않습니다. isLiked는 구독한 사람 본인의 값입니다: 비회원은 false, 회원이 고르면 알릴 때마다 그 회원으로 게시글을 다시 읽습니다 (조회수가 오릅니다).',
    args: { id: t.arg.id({ required: true, description: 'Post id' }) },
    subscribe: (_root, args, context) => context.pubSub.subscribe('postChanged', String(upstreamIdOf(String(args.id), 'Post', ['id']))),
    // The mutation's snapshot, no upstream call per subscriber; `isLiked` is still the subscriber's (post.ts).
    resolve: (change) => postFromSnapshot(change.post),
  }),
);
