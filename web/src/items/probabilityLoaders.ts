import type { PreloadedQuery } from 'react-relay';
import type { RouteLoaderArgs } from '../app/routing/navigation';
import { PROBABILITY_PAGE_SIZE, type ProbabilityKind } from '@domain/limits.js';
import ProbabilityDetailPageQuery from '../__generated__/ProbabilityDetailPageQuery$parameters';
import type { ProbabilityDetailPageQuery as ProbabilityDetailPageQueryType } from '../__generated__/ProbabilityDetailPageQuery.graphql';
import ProbabilityListPageQuery from '../__generated__/ProbabilityListPageQuery$parameters';
import type { ProbabilityListPageQuery as ProbabilityListPageQueryType } from '../__generated__/ProbabilityListPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { pageInAddress, probabilityKindOf, probabilitySearchProblem, SEARCH_PARAM } from './searchParam';

export type GraphQLProbabilityKind = Uppercase<ProbabilityKind>;

/**
 * /probability/{kind}?q=&page=: the page of the table the address names (page 1 by default), filtered by its search
 * if any, so Back to the table or a reload finds the same page. An unknown kind loads nothing, nor does a search the
 * gateway would refuse (the screen says its rule instead).
 */
export function probabilityListLoader({ params, request }: RouteLoaderArgs): PreloadedQuery<ProbabilityListPageQueryType> | null {
  const kind = probabilityKindOf(params.kind);
  if (!kind) return null;
  const address = new URL(request.url).searchParams;
  const search = address.get(SEARCH_PARAM)?.trim() ?? '';
  if (probabilitySearchProblem(search) !== null) return null;
  return loadRouteQuery<ProbabilityListPageQueryType>(ProbabilityListPageQuery, {
    kind: kind.toUpperCase() as GraphQLProbabilityKind,
    search,
    first: PROBABILITY_PAGE_SIZE,
    offset: (pageInAddress(address, PROBABILITY_PAGE_SIZE) - 1) * PROBABILITY_PAGE_SIZE,
  });
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
