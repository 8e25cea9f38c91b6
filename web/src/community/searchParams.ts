import { NUMBERED_LIST_PAGE_SIZE, POST_SEARCH_TYPES, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, searchTermProblem, type PostSearchType } from '@domain/limits.js';
import { pageNumberFrom } from '../app/routing/pageNumber';

export interface SearchRequest {
  query: string;
  type: PostSearchType;
  page: number;
}

/** `?query=…&type=…&page=…` of /community/search/post; unknown types fall back to title+content, pages to 1. */
export function searchRequestFrom(search: string | URLSearchParams): SearchRequest {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = params.get('type') as PostSearchType | null;
  return {
    query: params.get('query') ?? '',
    type: type && (POST_SEARCH_TYPES as readonly string[]).includes(type) ? type : POST_SEARCH_TYPES[0],
    page: pageNumberFrom(params.get('page'), NUMBERED_LIST_PAGE_SIZE),
  };
}

/** The numbered list of every post; its search box searches in place. */
export const POST_LIST_PATH = '/community/posts';

/** 000 §5: the search runs only for 2 to 100 characters after trimming, counted as the gateway counts (an emoji is one). */
export const isSearchable = (query: string): boolean => searchTermProblem(query, SEARCH_MIN_LENGTH, SEARCH_MAX_LENGTH) === null;

/** Where a numbered page starts in its list: the connection's `offset` (cursors name items, not places). */
export function offsetOfPage(page: number): number {
  return (Math.max(1, page) - 1) * NUMBERED_LIST_PAGE_SIZE;
}
