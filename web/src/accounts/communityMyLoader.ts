import { NUMBERED_LIST_PAGE_SIZE, USER_REPLIES_PAGE_SIZE } from '@domain/limits.js';
import CommunityMyPageQuery from '../__generated__/CommunityMyPageQuery$parameters';
import type { CommunityMyPageQuery as CommunityMyPageQueryType } from '../__generated__/CommunityMyPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';

/** /community/my: the viewer's posts and replies, both tabs in one request. */
export function communityMyLoader() {
  return loadRouteQuery<CommunityMyPageQueryType>('community-my', CommunityMyPageQuery, {
    postCount: NUMBERED_LIST_PAGE_SIZE,
    replyCount: USER_REPLIES_PAGE_SIZE,
  });
}
