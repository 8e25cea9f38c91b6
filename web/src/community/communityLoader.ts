import type { RouteLoaderArgs } from '../app/routing/navigation';
import { POST_PAGE_SIZE_DEFAULT } from '@domain/limits.js';
import CommunityPageQuery from '../__generated__/CommunityPageQuery$parameters';
import type { CommunityPageQuery as CommunityPageQueryType } from '../__generated__/CommunityPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { categoryIdFrom } from './categoryParam';

/** Lives outside the lazily loaded screen so the query starts while the screen's code downloads. */
export function communityLoader({ request }: RouteLoaderArgs) {
  const categoryId = categoryIdFrom(new URL(request.url).searchParams);
  return loadRouteQuery<CommunityPageQueryType>(CommunityPageQuery, {
    categoryId,
    count: POST_PAGE_SIZE_DEFAULT,
  });
}
