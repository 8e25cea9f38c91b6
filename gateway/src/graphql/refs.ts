import type { PostJson, ReplyJson, UserSummaryJson } from '../../../domain/api.js';
import { NUMERIC_ID_PATTERN } from './ids.js';
import { upstreamNode } from './nodes.js';

/**
 * Types that more than one area uses, declared once here so that no module imports another area.
 * Each is implemented by the module that owns it (`User`: modules/accounts/user.ts, `Post` and `Reply`:
 * modules/community); the others add fields to it or point at it.
 */
export const User = upstreamNode<UserSummaryJson>('User', {
  id: (user) => user.id,
  read: (id, context) => context.accounts.profile(Number(id)),
  key: NUMERIC_ID_PATTERN,
  // Not primed with resolved users: a post's author is a summary, and profile fields need the full profile.
  primeResolved: false,
});

export const Post = upstreamNode<PostJson>('Post', {
  id: (post) => post.id,
  read: (id, context) => context.community.post(Number(id)),
  key: NUMERIC_ID_PATTERN,
});

export const Reply = upstreamNode<ReplyJson>('Reply', {
  id: (reply) => reply.id,
  read: (id, context) => context.community.reply(Number(id)),
  key: NUMERIC_ID_PATTERN,
});
