import type { UserSummaryJson } from '../../../domain/api.js';
import { builder } from './builder.js';

/**
 * Types that more than one area uses, declared once here so that no module imports another area.
 * Each is implemented by the module that owns it (`User`: modules/accounts/user.ts); the others add fields to it.
 */
export const User = builder.loadableNodeRef('User', {
  id: { resolve: (user: UserSummaryJson) => user.id },
  // Not primed with resolved users: a post's author is a summary, and profile fields need the full profile.
  load: (ids: string[], context) => Promise.all(ids.map((id) => context.accounts.profile(Number(id)).catch((error: Error) => error))),
});
