/**
 * Screens a guest cannot use: the member's own area, writing, the inbox and story upload. Everywhere else (the
 * feed, posts, search, profiles, probability tables, stories, static pages) a guest reads what a member reads,
 * so a stale stored session there is dropped and the visitor stays on the page (002 §4.3 sends to the login
 * page only where there is nothing to read without a member).
 */
const MEMBER_ONLY = [/^\/my(\/|$)/, /^\/community\/(write|notice|my)(\/|$)/, /^\/stories\/new(\/|$)/];

export function isMemberOnlyPath(pathname: string): boolean {
  return MEMBER_ONLY.some((pattern) => pattern.test(pathname));
}
