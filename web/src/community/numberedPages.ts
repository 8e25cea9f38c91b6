import { NUMBERED_LIST_VISIBLE_PAGES } from '@domain/limits.js';
import type { SearchRequest } from './searchParams';

/*
 * Addresses and page buttons of the numbered post screens. Only screens use them (the loaders do not), so they
 * stay out of the first visit's JavaScript.
 */

/** The post search's results screen. */
export const SEARCH_POST_PATH = '/community/search/post';

/** The address of a search page on `basePath` (the search results, or the numbered list of /community/posts). */
export function searchPath({ query, type, page }: SearchRequest, basePath = SEARCH_POST_PATH): string {
  const params = new URLSearchParams(query.trim() ? { query: query.trim(), type } : {});
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** At most 5 page buttons around the current page, within 1…totalPages (000 §2). */
export function visiblePages(current: number, totalPages: number): number[] {
  const count = Math.min(NUMBERED_LIST_VISIBLE_PAGES, totalPages);
  let first = Math.max(1, current - Math.floor(NUMBERED_LIST_VISIBLE_PAGES / 2));
  first = Math.min(first, Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, index) => first + index);
}
