import { loadQuery, type PreloadedQuery } from 'react-relay';
import type { GraphQLTaggedNode, OperationType, VariablesOf } from 'relay-runtime';
import { environment } from './environment';

const latestByRoute = new Map<string, PreloadedQuery<OperationType>>();

/**
 * Starts a route's query from its loader, before the route renders (render-as-you-fetch).
 * Each route keeps one live reference: loading it again releases the previous one. A mounted screen
 * holds its own retain, so releasing here never pulls data from under it.
 */
export function loadRouteQuery<TQuery extends OperationType>(
  routeKey: string,
  query: GraphQLTaggedNode,
  variables: VariablesOf<TQuery>,
): PreloadedQuery<TQuery> {
  latestByRoute.get(routeKey)?.dispose();
  const reference = loadQuery<TQuery>(environment, query, variables, { fetchPolicy: 'store-or-network' });
  latestByRoute.set(routeKey, reference as PreloadedQuery<OperationType>);
  return reference;
}
