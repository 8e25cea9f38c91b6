import { NUMBERED_LIST_PAGE_SIZE, USER_REPLIES_PAGE_SIZE } from '@domain/limits.js';
import CommunityMyPageQuery from '../__generated__/CommunityMyPageQuery$parameters';
import type { CommunityMyPageQuery as CommunityMyPageQueryType } from '../__generated__/CommunityMyPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import type { RouteLoaderArgs } from '../app/routing/navigation';

/**
 * /community/my, /my/posts and /my/comments: the viewer's posts and replies, both tabs in one request; /my/likes:
 * the viewer's liked posts; /my/bookmarks: their bookmarked posts. The member's own lists change on other screens
 * (a post written, a like given, a bookmark taken back), so each visit shows what the store holds and reads them again.
 */
export function communityMyLoader({ request }: RouteLoaderArgs) {
  const path = new URL(request.url).pathname;
  const likes = path === '/my/likes';
  const bookmarks = path === '/my/bookmarks';
  return loadRouteQuery<CommunityMyPageQueryType>(
    CommunityMyPageQuery,
    { postCount: NUMBERED_LIST_PAGE_SIZE, replyCount: USER_REPLIES_PAGE_SIZE, likes, bookmarks, own: !likes && !bookmarks },
    'store-and-network',
  );
}
