import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import { FRESHNESS } from '@domain/limits.js';
import { fetchGraphQL } from './fetchGraphQL';
import { subscribeGraphQL } from './subscribe';

export const environment = new Environment({
  network: Network.create(fetchGraphQL, subscribeGraphQL),
  // Post lists go stale soonest (000 §9); a route whose data is older than this refetches on entry.
  store: new Store(new RecordSource(), { queryCacheExpirationTime: FRESHNESS.postLists }),
});
