import type { RouteLoaderArgs } from '../app/routing/navigation';
import { NUMBERED_LIST_PAGE_SIZE, TRENDING_PAGE_SIZE } from '@domain/limits.js';
import SearchHomePageQuery from '../__generated__/SearchHomePageQuery$parameters';
import type { SearchHomePageQuery as SearchHomePageQueryType } from '../__generated__/SearchHomePageQuery.graphql';
import SearchPostPageQuery from '../__generated__/SearchPostPageQuery$parameters';
import type { SearchPostPageQuery as SearchPostPageQueryType } from '../__generated__/SearchPostPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { isSearchable, offsetOfPage, POST_LIST_PATH, searchRequestFrom } from './searchParams';

/** /community/search: the search box and the trending posts. */
export function searchHomeLoader() {
  return loadRouteQuery<SearchHomePageQueryType>(SearchHomePageQuery, { count: TRENDING_PAGE_SIZE });
}

/**
 * /community/search/post?query=&type=&page=: one numbered page of results; a too short term is not sent.
 * /community/posts?page=: one numbered page of every post, or of a search when a term of 2 or more characters is given.
 */
export function searchPostLoader({ request }: RouteLoaderArgs) {
  const url = new URL(request.url);
  const search = searchRequestFrom(url.searchParams);
  const searching = isSearchable(search.query);
  if (!searching && url.pathname !== POST_LIST_PATH) return null;
  return loadRouteQuery<SearchPostPageQueryType>(SearchPostPageQuery, {
    searching,
    query: search.query.trim(),
    type: search.type.toUpperCase() as SearchPostPageQueryType['variables']['type'],
    first: NUMBERED_LIST_PAGE_SIZE,
    offset: offsetOfPage(search.page),
  });
}
