import { NUMBERED_LIST_PAGE_SIZE, NUMBERED_LIST_VISIBLE_PAGES, POST_SEARCH_TYPES, SEARCH_MIN_LENGTH, type PostSearchType } from '@domain/limits.js';

export interface SearchRequest {
  query: string;
  type: PostSearchType;
  page: number;
}

/** `?query=…&type=…&page=…` of /community/search/post; unknown types fall back to title+content, pages to 1. */
export function searchRequestFrom(search: string | URLSearchParams): SearchRequest {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = params.get('type') as PostSearchType | null;
  const page = Number(params.get('page'));
  return {
    query: params.get('query') ?? '',
    type: type && (POST_SEARCH_TYPES as readonly string[]).includes(type) ? type : POST_SEARCH_TYPES[0],
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The post search's results screen. */
export const SEARCH_POST_PATH = '/community/search/post';
/** The numbered list of every post; its search box searches in place. */
export const POST_LIST_PATH = '/community/posts';

/** The address of a search page on `basePath` (the search results, or the numbered list of /community/posts). */
export function searchPath({ query, type, page }: SearchRequest, basePath = SEARCH_POST_PATH): string {
  const params = new URLSearchParams(query.trim() ? { query: query.trim(), type } : {});
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** 000 §5: the search runs only when the trimmed term has at least 2 characters. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_LENGTH;
}

/**
 * The `after` cursor of a numbered page: the gateway's connection cursors are offsets (`offset:<n>`,
 * base64url), so page p starts after offset (p-1)·10-1.
 */
export function afterCursorOfPage(page: number): string | null {
  if (page <= 1) return null;
  const offset = (page - 1) * NUMBERED_LIST_PAGE_SIZE - 1;
  return btoa(`offset:${offset}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** At most 5 page buttons around the current page, within 1…totalPages (000 §2). */
export function visiblePages(current: number, totalPages: number): number[] {
  const count = Math.min(NUMBERED_LIST_VISIBLE_PAGES, totalPages);
  let first = Math.max(1, current - Math.floor(NUMBERED_LIST_VISIBLE_PAGES / 2));
  first = Math.min(first, Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, index) => first + index);
}
