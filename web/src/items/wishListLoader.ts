import { loadQuery, type PreloadedQuery } from 'react-relay';
import type { RouteLoaderArgs } from '../app/routing/navigation';
import WishListPageQuery from '../__generated__/WishListPageQuery$parameters';
import type { WishListPageQuery as WishListPageQueryType } from '../__generated__/WishListPageQuery.graphql';
import { environment } from '../app/relay/environment';
import { WISH_PAGE_SIZE_DEFAULT } from '@domain/limits.js';

let latest: PreloadedQuery<WishListPageQueryType> | null = null;

/**
 * /my/wishes?type=buy|sell (buy by default). The lists change from other screens (the item modal adds to
 * them), so the stored copy shows at once and is always refreshed from the network.
 */
export function wishListLoader({ request }: RouteLoaderArgs): PreloadedQuery<WishListPageQueryType> {
  const type = new URL(request.url).searchParams.get('type') === 'sell' ? 'SELL' : 'BUY';
  latest?.dispose();
  latest = loadQuery<WishListPageQueryType>(environment, WishListPageQuery, { type, count: WISH_PAGE_SIZE_DEFAULT }, { fetchPolicy: 'store-and-network' });
  return latest;
}
