import { describe, expect, it } from 'vitest';
import {
  byField,
  byIdentity,
  decodeCursor,
  encodeCursor,
  planPages,
  resolveConnection,
  type Cursor,
  type ListOrder,
  type UpstreamPage,
} from '../../gateway/src/graphql/connections.js';

interface Row {
  id: number;
  created_at: string;
}

/** A newest-first list like the feed: the id is also the creation order. */
const rowOf = (id: number): Row => ({ id, created_at: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString() });
const newestFirst = (ids: Iterable<number>) => [...ids].sort((a, b) => b - a).map(rowOf);
const newestFirstOrder = byField<Row>('created_at', 'desc');
const LIST = 'list-name';

/** A page-based source over a list that may change between calls, answering like the upstream (empty page past the end). */
function pagedSource(initial: Row[]) {
  const source = { rows: initial, requested: [] as UpstreamPage[] };
  const fetchPage = async ({ page, pageSize }: UpstreamPage) => {
    source.requested.push({ page, pageSize });
    return { items: source.rows.slice((page - 1) * pageSize, page * pageSize), total: source.rows.length };
  };
  return { source, fetchPage };
}

const decoded = (cursor: string | null) => decodeCursor(cursor!, LIST) as Cursor;

/** Pages through the list to its end (or start), calling `between` after each page; answers what was seen in list order and the calls per page. */
async function walk(
  fetchPage: (page: UpstreamPage) => Promise<{ items: Row[]; total: number }>,
  source: { requested: UpstreamPage[] },
  size: number,
  direction: 'forward' | 'backward',
  order: ListOrder<Row>,
  between: (seen: number[]) => void = () => {},
) {
  const seen: number[] = [];
  const callsPerPage: number[] = [];
  let cursor: Cursor | null = null;
  for (let page = 0; page < 200; page++) {
    const before = source.requested.length;
    const connection = await resolveConnection(
      direction === 'forward' ? { first: size, after: cursor, list: LIST } : { last: size, before: cursor, list: LIST },
      fetchPage,
      order,
    );
    callsPerPage.push(source.requested.length - before);
    const ids = connection.edges.map((edge) => edge.node.id);
    if (direction === 'forward') seen.push(...ids);
    else seen.unshift(...ids);
    between(seen);
    const more = direction === 'forward' ? connection.pageInfo.hasNextPage : connection.pageInfo.hasPreviousPage;
    if (!more) break;
    cursor = decoded(direction === 'forward' ? connection.pageInfo.endCursor : connection.pageInfo.startCursor);
  }
  return { seen, callsPerPage };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

describe('the cursor codec', () => {
  it('round-trips the list, the id, the sort key and the offset, opaque as base64url', () => {
    const cursor: Cursor = { list: LIST, id: 42, offset: 17, key: ['2026-01-01T00:00:00.000Z', null, true, 3] };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, LIST)).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ list: LIST, id: 'a-uuid', offset: 0 }), LIST)).toEqual({ list: LIST, id: 'a-uuid', offset: 0 });
  });

  it('refuses a cursor of another list, a former offset cursor and anything else', () => {
    expect(decodeCursor(encodeCursor({ list: 'other', id: 1, offset: 0 }), LIST)).toBe('foreign');
    expect(decodeCursor(Buffer.from('offset:19').toString('base64url'), LIST)).toBe('outdated');
    expect(decodeCursor('bm90LWEtY3Vyc29y', LIST)).toBe('malformed');
    expect(decodeCursor(Buffer.from('{"l":"list-name","i":1,"o":-1}').toString('base64url'), LIST)).toBe('malformed');
    expect(decodeCursor(Buffer.from('[1,2]').toString('base64url'), LIST)).toBe('malformed');
  });
});

describe('planPages', () => {
  it('covers any window of up to 100 offsets with the fewest pages, each page within the limit', () => {
    for (let start = 0; start < 400; start += 7) {
      for (const length of [1, 3, 7, 20, 37, 64, 100, 101, 250]) {
        const pages = planPages(start, start + length);
        expect(pages.length).toBeLessThanOrEqual(length > 100 ? Math.ceil(length / 100) + 1 : 2);
        const first = (pages[0].page - 1) * pages[0].pageSize;
        const last = pages.at(-1)!;
        expect(first).toBeLessThanOrEqual(start);
        expect(last.page * last.pageSize).toBeGreaterThanOrEqual(start + length);
        for (const page of pages) expect(page.pageSize).toBeLessThanOrEqual(100);
        if (pages.length === 2 && length <= 100) {
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

describe('resolveConnection over a list that does not change', () => {
  const ids = range(1, 54);

  it.each([1, 3, 7, 20, 100])('pages forward with first=%i through every item exactly once, one upstream call a page', async (size) => {
    const { source, fetchPage } = pagedSource(newestFirst(ids));
    const { seen, callsPerPage } = await walk(fetchPage, source, size, 'forward', newestFirstOrder);
    expect(seen).toEqual(newestFirst(ids).map((row) => row.id));
    // A page of 100 with its anchor is 101 offsets: two pages.
    for (const calls of callsPerPage) expect(calls).toBeLessThanOrEqual(size === 100 ? 2 : 1);
  });

  it.each([1, 3, 7, 20, 100])('pages backward with last=%i through every item exactly once', async (size) => {
    const { source, fetchPage } = pagedSource(newestFirst(ids));
    const { seen, callsPerPage } = await walk(fetchPage, source, size, 'backward', newestFirstOrder);
    expect(seen).toEqual(newestFirst(ids).map((row) => row.id));
    // The first page from the end asks for the length first.
    for (const calls of callsPerPage.slice(1)) expect(calls).toBeLessThanOrEqual(size === 100 ? 2 : 1);
  });

  it('answers a short list asked with last from the single page that tells its length', async () => {
    const { source, fetchPage } = pagedSource(newestFirst(range(1, 6)));
    const connection = await resolveConnection({ last: 20 }, fetchPage, newestFirstOrder);
    expect(connection.edges.map((edge) => edge.node.id)).toEqual([5, 4, 3, 2, 1]);
    expect(source.requested).toHaveLength(1);
  });

  it('answers an empty page after the last item with the total', async () => {
    const { fetchPage } = pagedSource(newestFirst(ids));
    const last = encodeCursor({ list: LIST, id: 1, offset: 52, key: [rowOf(1).created_at] });
    const connection = await resolveConnection({ first: 10, after: decodeCursor(last, LIST) as Cursor, list: LIST }, fetchPage, newestFirstOrder);
    expect(connection.edges).toEqual([]);
    expect(connection.totalCount).toBe(ids.length);
    expect(connection.pageInfo.hasNextPage).toBe(false);
  });
});

describe('resolveConnection while the list changes', () => {
  it('sees every item that stayed exactly once, forward, while new items arrive on top and others go', async () => {
    const live = new Set(range(1, 101));
    let next = 101;
    const { source, fetchPage } = pagedSource(newestFirst(live));
    const deleted = new Set<number>();
    const { seen } = await walk(fetchPage, source, 10, 'forward', newestFirstOrder, (seenSoFar) => {
      for (let count = 0; count < 3; count++) live.add(next++);
      // The item the cursor names goes, and one not yet seen.
      for (const id of [seenSoFar.at(-1)!, seenSoFar.at(-1)! - 5]) if (live.delete(id)) deleted.add(id);
      source.rows = newestFirst(live);
    });
    expect(new Set(seen).size).toBe(seen.length);
    const stayed = range(1, 101).filter((id) => !deleted.has(id));
    for (const id of stayed) expect(seen).toContain(id);
    expect(seen.every((id) => id <= 100)).toBe(true);
  });

  it('sees every item that stayed exactly once, backward, while items go before and after the cursor', async () => {
    const live = new Set(range(1, 101));
    const { source, fetchPage } = pagedSource(newestFirst(live));
    const deleted = new Set<number>();
    let next = 101;
    const { seen } = await walk(fetchPage, source, 10, 'backward', newestFirstOrder, (seenSoFar) => {
      live.add(next++).add(next++);
      // The item the cursor names goes, and one not yet seen.
      for (const id of [seenSoFar[0], seenSoFar[0] + 4]) if (live.delete(id)) deleted.add(id);
      source.rows = newestFirst(live);
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of range(1, 101).filter((id) => !deleted.has(id))) expect(seen).toContain(id);
  });

  it('finds an anchor pushed far past the margin by the sort key, in a bounded number of calls', async () => {
    const live = new Set(range(1, 201));
    const { source, fetchPage } = pagedSource(newestFirst(live));
    const first = await resolveConnection({ first: 20, list: LIST }, fetchPage, newestFirstOrder);
    for (let id = 201; id < 351; id++) live.add(id);
    source.rows = newestFirst(live);
    const before = source.requested.length;
    const second = await resolveConnection({ first: 20, after: decoded(first.pageInfo.endCursor), list: LIST }, fetchPage, newestFirstOrder);
    expect(second.edges.map((edge) => edge.node.id)).toEqual(range(161, 181).reverse());
    expect(source.requested.length - before).toBeLessThanOrEqual(6);
  });

  it('continues where a deleted anchor was, by its sort key', async () => {
    const live = new Set(range(1, 61));
    const { source, fetchPage } = pagedSource(newestFirst(live));
    const first = await resolveConnection({ first: 20, list: LIST }, fetchPage, newestFirstOrder);
    // The anchor (41) and its neighbour go, two new items arrive.
    for (const id of [41, 40]) live.delete(id);
    live.add(61).add(62);
    source.rows = newestFirst(live);
    const second = await resolveConnection({ first: 5, after: decoded(first.pageInfo.endCursor), list: LIST }, fetchPage, newestFirstOrder);
    expect(second.edges.map((edge) => edge.node.id)).toEqual([39, 38, 37, 36, 35]);
  });

  describe('ordered by a count that changes (most liked first)', () => {
    interface Liked {
      id: number;
      like_count: number;
    }
    const mostLiked = byField<Liked>('like_count', 'desc');
    /** The upstream's order: likes descending, ties by id descending. */
    const sorted = (rows: Liked[]) => [...rows].sort((a, b) => b.like_count - a.like_count || b.id - a.id);
    const likedSource = (rows: Liked[]) => {
      const source = { rows: sorted(rows), requested: [] as UpstreamPage[] };
      const fetchPage = async ({ page, pageSize }: UpstreamPage) => ({
        items: source.rows.slice((page - 1) * pageSize, page * pageSize),
        total: source.rows.length,
      });
      const setLikes = (id: number, likes: number) => {
        source.rows = sorted(source.rows.map((row) => (row.id === id ? { ...row, like_count: likes } : row)));
      };
      return { source, fetchPage, setLikes };
    };
    const likesOf = (id: number) => 2 * id;

    it.each([
      ['liked more, moving up', 7],
      ['liked less, moving down within the next page', -5],
    ])('continues after where the last post seen was, when it was %s since', async (_case, change) => {
      const { source, fetchPage, setLikes } = likedSource(range(1, 61).map((id) => ({ id, like_count: likesOf(id) })));
      const first = await resolveConnection({ first: 10, list: LIST }, fetchPage, mostLiked);
      const last = first.edges.at(-1)!.node;
      expect(last.id).toBe(51);
      setLikes(last.id, last.like_count + change);
      const second = await resolveConnection({ first: 10, after: decoded(first.pageInfo.endCursor), list: LIST }, fetchPage, mostLiked);
      // Neither the posts above it again nor itself again: the ten that came after it.
      expect(second.edges.map((edge) => edge.node.id)).toEqual(range(41, 51).reverse());
      expect(second.pageInfo.hasNextPage).toBe(true);
      expect(source.requested.length).toBeLessThanOrEqual(2);
    });

    it('sees every post exactly once, forward and backward, while the post each cursor names is liked and unliked', async () => {
      for (const direction of ['forward', 'backward'] as const) {
        const { source, fetchPage, setLikes } = likedSource(range(1, 101).map((id) => ({ id, like_count: likesOf(id) })));
        let turn = 0;
        const { seen } = await walk(fetchPage as never, source, 10, direction, mostLiked as never, (seenSoFar) => {
          const named = direction === 'forward' ? seenSoFar.at(-1)! : seenSoFar[0];
          const row = source.rows.find((candidate) => candidate.id === named)!;
          // A few places up or down: liked by several members, or unliked.
          setLikes(named, row.like_count + (turn++ % 2 === 0 ? 9 : -7));
        });
        expect(seen.length).toBe(100);
        expect(new Set(seen).size).toBe(100);
      }
    });
  });

  it('re-anchors by id in a list whose items do not show its order', async () => {
    const live = new Set(range(1, 61));
    const { source, fetchPage } = pagedSource(newestFirst(live));
    const first = await resolveConnection({ first: 20, list: LIST }, fetchPage, byIdentity);
    live.add(61).add(62).add(63);
    source.rows = newestFirst(live);
    const second = await resolveConnection({ first: 5, after: decoded(first.pageInfo.endCursor), list: LIST }, fetchPage, byIdentity);
    expect(second.edges.map((edge) => edge.node.id)).toEqual([40, 39, 38, 37, 36]);
  });
});
