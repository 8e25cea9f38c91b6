import type { RouteLoaderArgs } from '../app/routing/navigation';
import { NUMBERED_LIST_PAGE_SIZE, TRENDING_PAGE_SIZE } from '@domain/limits.js';
import SearchHomePageQuery from '../__generated__/SearchHomePageQuery$parameters';
import type { SearchHomePageQuery as SearchHomePageQueryType } from '../__generated__/SearchHomePageQuery.graphql';
import SearchPostPageQuery from '../__generated__/SearchPostPageQuery$parameters';
import type { SearchPostPageQuery as SearchPostPageQueryType } from '../__generated__/SearchPostPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { afterCursorOfPage, isSearchable, searchRequestFrom } from './searchParams';

/** /community/search: the search box and the trending posts. */
export function searchHomeLoader() {
  return loadRouteQuery<SearchHomePageQueryType>('search-home', SearchHomePageQuery, { count: TRENDING_PAGE_SIZE });
}

/** /community/search/post?query=&type=&page=: one numbered page of results; a too short term is not sent. */
export function searchPostLoader({ request }: RouteLoaderArgs) {
  const search = searchRequestFrom(new URL(request.url).searchParams);
  if (!isSearchable(search.query)) return null;
  return loadRouteQuery<SearchPostPageQueryType>('search-post', SearchPostPageQuery, {
    query: search.query.trim(),
    type: search.type.toUpperCase() as SearchPostPageQueryType['variables']['type'],
    first: NUMBERED_LIST_PAGE_SIZE,
    after: afterCursorOfPage(search.page),
  });
}
