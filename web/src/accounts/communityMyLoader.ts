import { NUMBERED_LIST_PAGE_SIZE, USER_REPLIES_PAGE_SIZE } from '@domain/limits.js';
import CommunityMyPageQuery from '../__generated__/CommunityMyPageQuery$parameters';
import type { CommunityMyPageQuery as CommunityMyPageQueryType } from '../__generated__/CommunityMyPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import type { RouteLoaderArgs } from '../app/routing/navigation';

/**
 * /community/my, /my/posts and /my/comments: the viewer's posts and replies, both tabs in one request; /my/likes:
 * the viewer's liked posts. The member's own lists change on other screens (a post written, a like given), so each
 * visit shows what the store holds and reads them again.
 */
export function communityMyLoader({ request }: RouteLoaderArgs) {
  return loadRouteQuery<CommunityMyPageQueryType>(
    'community-my',
    CommunityMyPageQuery,
    { postCount: NUMBERED_LIST_PAGE_SIZE, replyCount: USER_REPLIES_PAGE_SIZE, likes: new URL(request.url).pathname === '/my/likes' },
    'store-and-network',
  );
}
