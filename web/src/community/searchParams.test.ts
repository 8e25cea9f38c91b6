import { describe, expect, it } from 'vitest';
import { NUMBERED_LIST_PAGE_SIZE, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, STORED_INT_MAX } from '@domain/limits.js';
import { validationTexts } from '@domain/messages.js';
import { isSearchable, offsetOfPage, POST_LIST_PATH, searchRequestFrom } from './searchParams';
import { postSearchProblem } from './SearchBox';
import { searchPath, visiblePages } from './numberedPages';

describe('search parameters', () => {
  it('reads the query, a known type and a page, with defaults', () => {
    expect(searchRequestFrom('query=%EC%8A%AC&type=nickname&page=3')).toEqual({ query: '슬', type: 'nickname', page: 3 });
    expect(searchRequestFrom('type=everything&page=-2')).toEqual({ query: '', type: 'title_content', page: 1 });
    expect(searchPath({ query: ' 젤리 ', type: 'title', page: 1 })).toBe('/community/search/post?query=%EC%A0%A4%EB%A6%AC&type=title');
  });

  it('builds the pages of the numbered post list on its own path, the term kept only when there is one', () => {
    expect(searchPath({ query: '', type: 'title_content', page: 1 }, POST_LIST_PATH)).toBe('/community/posts');
    expect(searchPath({ query: '  ', type: 'title', page: 3 }, POST_LIST_PATH)).toBe('/community/posts?page=3');
    expect(searchPath({ query: '젤리', type: 'nickname', page: 2 }, POST_LIST_PATH)).toBe('/community/posts?query=%EC%A0%A4%EB%A6%AC&type=nickname&page=2');
  });

  it('reads a huge page number as the last page the API can be asked for, not a refused request', () => {
    expect(searchRequestFrom('page=99999999999').page).toBe(Math.floor(STORED_INT_MAX / NUMBERED_LIST_PAGE_SIZE));
    expect(offsetOfPage(searchRequestFrom('page=2147483648').page)).toBeLessThanOrEqual(STORED_INT_MAX);
  });

  it('searches only for 2 to 100 trimmed characters, an emoji counted as one, as the gateway counts', () => {
    expect(isSearchable(' 젤 ')).toBe(false);
    expect(isSearchable('젤리')).toBe(true);
    expect(postSearchProblem('😀')).toBe(validationTexts.searchMin(SEARCH_MIN_LENGTH));
    expect(postSearchProblem('😀😀')).toBeNull();
    expect(postSearchProblem('👍'.repeat(SEARCH_MAX_LENGTH))).toBeNull();
    expect(postSearchProblem('가'.repeat(SEARCH_MAX_LENGTH + 1))).toBe(validationTexts.searchMax(SEARCH_MAX_LENGTH));
  });

  it('shows at most 5 page buttons around the current page', () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(visiblePages(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(visiblePages(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('starts page p at offset (p-1)*10', () => {
    expect(offsetOfPage(1)).toBe(0);
    expect(offsetOfPage(2)).toBe(10);
    expect(offsetOfPage(3)).toBe(20);
  });
});
