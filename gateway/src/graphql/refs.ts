import type { PostJson, ReplyJson, UserSummaryJson } from '../../../domain/api.js';
import { NUMERIC_ID_PATTERN } from './ids.js';
import type { GatewayContext } from './context.js';
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

/** The posts each request opened through the `post` field: its other reads of those posts reuse that reading. */
const openedPosts = new WeakMap<GatewayContext, Map<string, Promise<PostJson>>>();

export const Post = upstreamNode<PostJson>('Post', {
  id: (post) => post.id,
  // `node(id:)` and the fields that need a post read it without counting a view: only the `post` field is one.
  read: (id, context) => openedPosts.get(context)?.get(id) ?? context.community.post(Number(id), { countView: false }),
  key: NUMERIC_ID_PATTERN,
});

/**
 * Opens a post for the `post` field: the one read that counts a view. Loads of the same post in this request that are
 * still waiting for their batch (a `node(id:)` beside it) get this reading instead of one of their own.
 */
export function openPost(context: GatewayContext, id: number): Promise<PostJson> {
  const opened = context.community.post(id);
  let ofRequest = openedPosts.get(context);
  if (!ofRequest) openedPosts.set(context, (ofRequest = new Map()));
  ofRequest.set(String(id), opened);
  Post.getDataloader(context).prime(String(id), opened);
  return opened;
}

export const Reply = upstreamNode<ReplyJson>('Reply', {
  id: (reply) => reply.id,
  read: (id, context) => context.community.reply(Number(id)),
  key: NUMERIC_ID_PATTERN,
});
