import { describe, expect, it } from 'vitest';
import { cursorToOffset, offsetToCursor, planPages, resolveOffsetConnection, type UpstreamPage } from '../../gateway/src/graphql/connections.js';

const list = Array.from({ length: 53 }, (_, index) => `item-${index}`);

/** A page-based source over a plain list, answering like the upstream (empty page past the end). */
function pagedSource(items: string[]) {
  const requested: UpstreamPage[] = [];
  const fetchPage = async ({ page, pageSize }: UpstreamPage) => {
    requested.push({ page, pageSize });
    return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length };
  };
  return { requested, fetchPage };
}

describe('offset cursors', () => {
  it('round-trip and reject foreign cursors', () => {
    expect(cursorToOffset(offsetToCursor(42))).toBe(42);
    expect(cursorToOffset('bm90LWEtY3Vyc29y')).toBeNull();
    expect(cursorToOffset(Buffer.from('offset:-1').toString('base64url'))).toBeNull();
  });
});

describe('planPages', () => {
  it('covers any window of up to 100 offsets with the fewest pages, each page within the limit', () => {
    for (let start = 0; start < 400; start += 7) {
      for (const length of [1, 3, 7, 20, 37, 64, 100]) {
        const pages = planPages(start, start + length);
        expect(pages.length).toBeLessThanOrEqual(2);
        const first = (pages[0].page - 1) * pages[0].pageSize;
        const last = pages.at(-1)!;
        expect(first).toBeLessThanOrEqual(start);
        expect(last.page * last.pageSize).toBeGreaterThanOrEqual(start + length);
        for (const page of pages) expect(page.pageSize).toBeLessThanOrEqual(100);
        if (pages.length === 2) {
          // Two pages only when no single page size up to 100 holds the window.
          for (let size = length; size <= 100; size++) expect(Math.floor(start / size)).not.toBe(Math.floor((start + length - 1) / size));
        }
      }
    }
  });

  it('uses one page for the first page of a feed', () => {
    expect(planPages(0, 20)).toEqual([{ page: 1, pageSize: 20 }]);
  });
});

describe('resolveOffsetConnection', () => {
  it.each([1, 3, 7, 20, 100])('pages forward with first=%i through every item exactly once', async (first) => {
    const { fetchPage } = pagedSource(list);
    const seen: string[] = [];
    let afterOffset: number | null = null;
    for (;;) {
      const connection = await resolveOffsetConnection({ first, afterOffset }, fetchPage);
      seen.push(...connection.edges.map((edge) => edge.node));
      expect(connection.totalCount).toBe(list.length);
      if (!connection.pageInfo.hasNextPage) break;
      afterOffset = cursorToOffset(connection.pageInfo.endCursor!);
    }
    expect(seen).toEqual(list);
  });

  it.each([1, 3, 7, 20, 100])('pages backward with last=%i through every item exactly once', async (last) => {
    const { fetchPage } = pagedSource(list);
    const seen: string[] = [];
    let beforeOffset: number | null = null;
    for (;;) {
      const connection = await resolveOffsetConnection({ last, beforeOffset }, fetchPage);
      seen.unshift(...connection.edges.map((edge) => edge.node));
      if (!connection.pageInfo.hasPreviousPage) break;
      beforeOffset = cursorToOffset(connection.pageInfo.startCursor!);
    }
    expect(seen).toEqual(list);
  });

  it('answers a short list asked with last from the single page that tells its length', async () => {
    const { fetchPage, requested } = pagedSource(list.slice(0, 5));
    const connection = await resolveOffsetConnection({ last: 20 }, fetchPage);
    expect(connection.edges.map((edge) => edge.node)).toEqual(list.slice(0, 5));
    expect(requested).toHaveLength(1);
  });

  it('answers an empty page past the end with the total', async () => {
    const { fetchPage } = pagedSource(list);
    const connection = await resolveOffsetConnection({ first: 10, afterOffset: 60 }, fetchPage);
    expect(connection.edges).toEqual([]);
    expect(connection.totalCount).toBe(list.length);
    expect(connection.pageInfo.hasNextPage).toBe(false);
  });
});
