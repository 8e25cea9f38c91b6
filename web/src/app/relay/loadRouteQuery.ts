import { loadQuery, type PreloadedQuery } from 'react-relay';
import type { OperationType, PreloadableConcreteRequest, VariablesOf } from 'relay-runtime';
import { environment } from './environment';

const latestByQuery = new Map<PreloadableConcreteRequest<OperationType>, PreloadedQuery<OperationType>>();

/**
 * Starts a route's query from its loader, before the route renders (render-as-you-fetch). The loader holds
 * only the query's parameters (`@preloadable`: its persisted id), so the entry carries no query artifacts;
 * the full artifact arrives with the route's screen and Relay normalizes the response then.
 * `store-and-network` shows what the store holds at once and reads the list again (a list others change).
 * Each query keeps one live reference: loading it again (for its route or another showing the same query) releases
 * the previous one. A mounted screen holds its own retain, so releasing here never pulls data from under it.
 */
export function loadRouteQuery<TQuery extends OperationType>(
  query: PreloadableConcreteRequest<TQuery>,
  variables: VariablesOf<TQuery>,
  fetchPolicy: 'store-or-network' | 'store-and-network' = 'store-or-network',
): PreloadedQuery<TQuery> {
  latestByQuery.get(query)?.dispose();
  const reference = loadQuery<TQuery>(environment, query, variables, { fetchPolicy });
  latestByQuery.set(query, reference as PreloadedQuery<OperationType>);
  return reference;
}
