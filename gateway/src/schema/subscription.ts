import { decodeGlobalID } from '@pothos/plugin-relay';
import { validationTexts } from '../../../domain/index.js';
import { builder } from '../builder.js';
import { ValidationError } from '../errors.js';
import { Post } from './post.js';

builder.subscriptionType({});

builder.subscriptionField('postChanged', (t) =>
  t.field({
    type: Post,
    description: '게시글의 좋아요·댓글 수가 바뀔 때마다 게시글을 보냅니다 (게이트웨이의 mutation이 알립니다).',
    args: { id: t.arg.id({ required: true, description: 'Post id' }) },
    subscribe: (_root, args, context) => context.pubSub.subscribe('postChanged', postIdOf(String(args.id))),
    // Read afresh for each subscriber with their own token: `isLiked` is theirs, never the publisher's.
    resolve: (change, _args, context) => context.community.post(Number(change.postId)),
  }),
);

function postIdOf(globalId: string): string {
  try {
    const { typename, id } = decodeGlobalID(globalId);
    if (typename === 'Post' && /^\d+$/.test(id)) return id;
  } catch {
    // not base64 of Type:id
  }
  throw new ValidationError([{ path: 'id', message: validationTexts.id, code: 'invalid_format' }]);
}
