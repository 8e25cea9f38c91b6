import type { RouteLoaderArgs } from '../app/routing/navigation';
import PostDetailPageQuery from '../__generated__/PostDetailPageQuery$parameters';
import type { PostDetailPageQuery as PostDetailPageQueryType } from '../__generated__/PostDetailPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { loadIncrementalReader } from '../app/relay/fetchGraphQL';
import { routeNodeId } from '../app/relay/routeIds';

/** /community/detail?id=<global id or post number>. Without an id there is nothing to load: the screen says not found. */
export function postDetailLoader({ request }: RouteLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim();
  if (!id) return null;
  // The query defers the replies: the reader of its parts downloads beside it.
  void loadIncrementalReader();
  return loadRouteQuery<PostDetailPageQueryType>(PostDetailPageQuery, { id: routeNodeId(id, 'Post') });
}
