import type { UserSummaryJson } from '../../../domain/api.js';
import { upstreamNode } from './nodes.js';

/**
 * Types that more than one area uses, declared once here so that no module imports another area.
 * Each is implemented by the module that owns it (`User`: modules/accounts/user.ts); the others add fields to it.
 */
export const User = upstreamNode<UserSummaryJson>('User', {
  id: (user) => user.id,
  read: (id, context) => context.accounts.profile(Number(id)),
  // Not primed with resolved users: a post's author is a summary, and profile fields need the full profile.
  primeResolved: false,
});
