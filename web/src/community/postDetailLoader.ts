import type { RouteLoaderArgs } from '../app/routing/navigation';
import PostDetailPageQuery from '../__generated__/PostDetailPageQuery$parameters';
import type { PostDetailPageQuery as PostDetailPageQueryType } from '../__generated__/PostDetailPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { routeNodeId } from '../app/relay/routeIds';

/** /community/detail?id=<global id or post number>. Without an id there is nothing to load: the screen says not found. */
export function postDetailLoader({ request }: RouteLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim();
  if (!id) return null;
  return loadRouteQuery<PostDetailPageQueryType>(PostDetailPageQuery, { id: routeNodeId(id, 'Post') });
}
