import { loadQuery, type PreloadedQuery } from 'react-relay';
import type { RouteLoaderArgs } from '../app/routing/navigation';
import { PROBABILITY_KINDS, PROBABILITY_PAGE_SIZE, type ProbabilityKind } from '@domain/limits.js';
import ProbabilityDetailPageQuery from '../__generated__/ProbabilityDetailPageQuery$parameters';
import type { ProbabilityDetailPageQuery as ProbabilityDetailPageQueryType } from '../__generated__/ProbabilityDetailPageQuery.graphql';
import ProbabilityListPageQuery from '../__generated__/ProbabilityListPageQuery$parameters';
import type { ProbabilityListPageQuery as ProbabilityListPageQueryType } from '../__generated__/ProbabilityListPageQuery.graphql';
import { environment } from '../app/relay/environment';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { SEARCH_PARAM } from './searchParam';

export function probabilityKindOf(raw: string | undefined): ProbabilityKind | null {
  return (PROBABILITY_KINDS as readonly string[]).includes(raw ?? '') ? (raw as ProbabilityKind) : null;
}

export type GraphQLProbabilityKind = Uppercase<ProbabilityKind>;

/** /probability/{kind}: the first page of the table, filtered by the address's search if any. An unknown kind loads nothing. */
export function probabilityListLoader({ params, request }: RouteLoaderArgs): PreloadedQuery<ProbabilityListPageQueryType> | null {
  const kind = probabilityKindOf(params.kind);
  if (!kind) return null;
  return loadQuery<ProbabilityListPageQueryType>(
    // Not through loadRouteQuery: the screen takes over this reference and loads later pages itself.
    environment,
    ProbabilityListPageQuery,
    {
      kind: kind.toUpperCase() as GraphQLProbabilityKind,
      search: new URL(request.url).searchParams.get(SEARCH_PARAM)?.trim() ?? '',
      first: PROBABILITY_PAGE_SIZE,
    },
    { fetchPolicy: 'store-or-network' },
  );
}

/** /probability/{kind}/{id}: one row of a table. */
export function probabilityDetailLoader({ params }: RouteLoaderArgs): PreloadedQuery<ProbabilityDetailPageQueryType> | null {
  const kind = probabilityKindOf(params.kind);
  const databaseId = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  if (!kind || databaseId === null) return null;
  return loadRouteQuery<ProbabilityDetailPageQueryType>(ProbabilityDetailPageQuery, {
    kind: kind.toUpperCase() as GraphQLProbabilityKind,
    databaseId,
  });
}
