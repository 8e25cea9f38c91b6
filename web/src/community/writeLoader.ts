import type { RouteLoaderArgs } from '../app/routing/navigation';
import WritePageQuery from '../__generated__/WritePageQuery$parameters';
import type { WritePageQuery as WritePageQueryType } from '../__generated__/WritePageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';

/** /community/write, and /community/write?id=<post id> to edit: the categories, the viewer and the post. */
export function writeLoader({ request }: RouteLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim() ?? '';
  return loadRouteQuery<WritePageQueryType>(WritePageQuery, { id, isEdit: id !== '' });
}
