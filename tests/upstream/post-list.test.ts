import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS, POST_ORDERING_FIELDS, POST_PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../domain/community.js';
import type { PageJson } from '../../domain/api.js';
import type { PostRow } from '../../upstream/src/db/schema.js';
import { TRENDING } from '../../upstream/src/community/post-repository.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { getJson, ISO_TIMESTAMP, newestFirst, visiblePostRows } from './support.js';

type ListAnswer = PageJson<any>;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

describe.each(backends())('GET /v1/community/ (%s)', (backend) => {
  let upstream: RunningUpstream;
  let rows: PostRow[];

  const list = async (query: string, token?: string) => {
    const answer = await getJson<ListAnswer>(`${upstream.url}/v1/community/?${query}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  /** Ids answered for a filter (all on one page), checked against the rows the filter selects. */
  const expectFilter = async (query: string, keep: (row: PostRow) => boolean) => {
    const answer = await list(`page_size=${PAGE_SIZE_MAX}&${query}`);
    const expected = newestFirst(rows.filter(keep));
    // A filter that keeps everything or nothing would prove nothing.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
    expect(answer.results.map((post) => post.id)).toEqual(expected);
    expect(answer.count).toBe(expected.length);
    return answer;
  };

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    rows = await visiblePostRows(upstream.db);
  });
  afterAll(async () => upstream?.stop());

  describe('paging', () => {
    it('answers the first page with count, total_pages, next/previous, links and meta', async () => {
      const answer = await list('');
      const total = rows.length;
      const totalPages = Math.ceil(total / POST_PAGE_SIZE_DEFAULT);
      expect(total).toBeGreaterThanOrEqual(70);
      expect(answer.results).toHaveLength(POST_PAGE_SIZE_DEFAULT);
      expect(answer.results.map((post) => post.id)).toEqual(newestFirst(rows).slice(0, POST_PAGE_SIZE_DEFAULT));
      expect(answer.count).toBe(total);
      expect(answer.total_pages).toBe(totalPages);
      expect(answer.previous).toBeNull();
      expect(answer.next).toBe(`${upstream.url}/v1/community/?page=2`);
      expect(answer.links).toEqual({ next: answer.next, previous: null });
      expect(answer.meta).toEqual({ page: 1, pageSize: POST_PAGE_SIZE_DEFAULT, total, totalPages, hasNext: true, hasPrev: false });
    });

    it('keeps the query in next/previous and walks the whole list exactly once', async () => {
      const pageSize = 7;
      const seen: number[] = [];
      let url: string | null = `${upstream.url}/v1/community/?sort=likes&page_size=${pageSize}`;
      let page = 0;
      while (url) {
        const { status, body }: { status: number; body: ListAnswer } = await getJson<ListAnswer>(url);
        expect(status).toBe(200);
        page++;
        expect(body.meta.page).toBe(page);
        expect(body.meta.pageSize).toBe(pageSize);
        expect(body.total_pages).toBe(Math.ceil(rows.length / pageSize));
        expect(body.meta.hasPrev).toBe(page > 1);
        expect(body.meta.hasNext).toBe(page < body.total_pages);
        expect(body.links).toEqual({ next: body.next, previous: body.previous });
        if (page > 1) {
          const previous = new URL(body.previous!);
          expect(previous.searchParams.get('page')).toBe(String(page - 1));
          expect(previous.searchParams.get('sort')).toBe('likes');
          expect(previous.searchParams.get('page_size')).toBe(String(pageSize));
        } else {
          expect(body.previous).toBeNull();
        }
        expect(body.results.length).toBe(page < body.total_pages ? pageSize : rows.length - pageSize * (page - 1));
        seen.push(...body.results.map((post) => post.id));
        url = body.next;
      }
      // Many posts share a like count: only a total order keeps offset pages from overlapping.
      expect(seen).toHaveLength(rows.length);
      expect(new Set(seen).size).toBe(rows.length);
      expect([...seen].sort((a, b) => a - b)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    });

    it('answers an empty page past the end, still with the totals', async () => {
      const totalPages = Math.ceil(rows.length / 10);
      const answer = await list(`page_size=10&page=${totalPages + 3}`);
      expect(answer.results).toEqual([]);
      expect(answer.count).toBe(rows.length);
      expect(answer.total_pages).toBe(totalPages);
      expect(answer.next).toBeNull();
      expect(answer.meta.hasNext).toBe(false);
    });

    it('never lists hidden or deleted posts', async () => {
      const answer = await list(`page_size=${PAGE_SIZE_MAX}`);
      const allRows = await upstream.db.query.posts.findMany();
      const unlisted = allRows.filter((row) => row.isHidden || row.deletedAt !== null);
      expect(unlisted.length).toBeGreaterThan(0);
      const listed = new Set(answer.results.map((post) => post.id));
      for (const row of unlisted) expect(listed.has(row.id)).toBe(false);
      expect(answer.count).toBe(allRows.length - unlisted.length);
    });
  });

  describe('post shape', () => {
    it('answers snake_case posts with absolute media URLs and a guest is_like', async () => {
      const answer = await list(`page_size=${PAGE_SIZE_MAX}`);
      const withImages = answer.results.find((post) => post.images.length > 0);
      const post = answer.results[0];
      expect(Object.keys(post).sort()).toEqual(
        [
          'author',
          'category',
          'content',
          'created_at',
          'deleted_at',
          'id',
          'images',
          'is_bookmarked',
          'is_hidden',
          'is_like',
          'is_notice',
          'is_pinned',
          'is_sold',
          'like_count',
          'location',
          'post_type',
          'price',
          'reply_count',
          'sub_category',
          'tags',
          'thumbnail',
          'title',
          'trade_type',
          'updated_at',
          'uuid',
          'view_count',
        ].sort(),
      );
      expect(post.created_at).toMatch(ISO_TIMESTAMP);
      expect(post.updated_at).toMatch(ISO_TIMESTAMP);
      expect(post.deleted_at).toBeNull();
      expect(Object.keys(post.author).sort()).toEqual(['email', 'id', 'nickname', 'profile_image', 'represent_badge', 'uuid']);
      expect(post.author.email).toBeNull();
      expect(answer.results.every((item) => item.is_like === false && item.is_bookmarked === false)).toBe(true);

      expect(withImages).toBeDefined();
      const image = withImages.images[0];
      expect(Object.keys(image).sort()).toEqual(['display_url', 'height', 'id', 'mime_type', 'size', 'thumbnail_url', 'url', 'width']);
      expect(image.url.startsWith('/media/')).toBe(true);
      expect(withImages.thumbnail.startsWith('/media/')).toBe(true);

      const badged = answer.results.find((item) => item.author.represent_badge);
      expect(badged.author.represent_badge.hex_code).toMatch(/^#[0-9A-F]{6}$/i);
      expect(badged.author.represent_badge.title.length).toBeGreaterThan(0);
    });
  });

  describe('filters', () => {
    it('post_type', async () => {
      await expectFilter('post_type=trade', (row) => row.postType === 'trade');
      await expectFilter('post_type=contest', (row) => row.postType === 'contest');
    });

    it('category matches the category or the sub category; all (26) does not filter', async () => {
      await expectFilter(`category=${CATEGORY_IDS.market}`, (row) => row.categoryId === CATEGORY_IDS.market || row.subCategoryId === CATEGORY_IDS.market);
      await expectFilter(`category=${CATEGORY_IDS.sell}`, (row) => row.categoryId === CATEGORY_IDS.sell || row.subCategoryId === CATEGORY_IDS.sell);
      const all = await list(`category=${CATEGORY_IDS.all}&page_size=${PAGE_SIZE_MAX}`);
      expect(all.count).toBe(rows.length);
    });

    it('sub_category', async () => {
      await expectFilter(`sub_category=${CATEGORY_IDS.buy}`, (row) => row.subCategoryId === CATEGORY_IDS.buy);
      await expectFilter(`sub_category=${CATEGORY_IDS.generalMentoring}`, (row) => row.subCategoryId === CATEGORY_IDS.generalMentoring);
    });

    it('search matches title or content, case-insensitively, with % and _ taken literally', async () => {
      const contains = (term: string) => (row: PostRow) =>
        row.title.toLowerCase().includes(term.toLowerCase()) || row.content.toLowerCase().includes(term.toLowerCase());
      await expectFilter(`search=${encodeURIComponent('포션')}`, contains('포션'));
      // Only in some contents, never in those titles: proves content is searched too.
      const contentOnly = '감사했어요';
      expect(rows.some((row) => row.content.includes(contentOnly) && !row.title.includes(contentOnly))).toBe(true);
      await expectFilter(`search=${encodeURIComponent(contentOnly)}`, contains(contentOnly));
      await expectFilter(`search=${encodeURIComponent('0%')}`, contains('0%'));
      expect(rows.filter(contains('0%')).length).toBeLessThan(rows.filter(contains('0')).length);
      await expectFilter(`search=${encodeURIComponent('슬라임_')}`, contains('슬라임_'));
    });

    it('author_id and target_user_id both select the author', async () => {
      const counts = new Map<number, number>();
      for (const row of rows) counts.set(row.authorId, (counts.get(row.authorId) ?? 0) + 1);
      const [author] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
      const answer = await expectFilter(`author_id=${author}`, (row) => row.authorId === author);
      expect(answer.results.every((post) => post.author.id === author)).toBe(true);
      await expectFilter(`target_user_id=${author}`, (row) => row.authorId === author);
    });

    it('date_from / date_to: date-times are bounds, a bare date_to includes its whole day', async () => {
      const sorted = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const middle = sorted[Math.floor(sorted.length / 2)].createdAt;
      await expectFilter(`date_from=${encodeURIComponent(middle.toISOString())}`, (row) => row.createdAt >= middle);
      await expectFilter(`date_to=${encodeURIComponent(middle.toISOString())}`, (row) => row.createdAt <= middle);

      // The busiest day that is neither the first nor the last, so each bound leaves posts on both sides.
      const perDay = rows.reduce((days, row) => days.set(dayOf(row.createdAt), (days.get(dayOf(row.createdAt)) ?? 0) + 1), new Map<string, number>());
      const days = [...perDay.keys()].sort();
      const busiest = days.slice(1, -1).sort((a, b) => perDay.get(b)! - perDay.get(a)! || a.localeCompare(b))[0];
      const onDay = await expectFilter(`date_from=${busiest}&date_to=${busiest}`, (row) => dayOf(row.createdAt) === busiest);
      expect(onDay.count).toBeGreaterThan(1);
      await expectFilter(`date_to=${busiest}`, (row) => dayOf(row.createdAt) <= busiest);
    });

    it('is_sold', async () => {
      await expectFilter('is_sold=true', (row) => row.isSold);
      await expectFilter('is_sold=false', (row) => !row.isSold);
    });

    it('trade_type', async () => {
      await expectFilter('trade_type=sell', (row) => row.tradeType === 'sell');
      await expectFilter('trade_type=buy', (row) => row.tradeType === 'buy');
      await expectFilter('trade_type=trade', (row) => row.tradeType === 'trade');
    });

    it('price_min / price_max', async () => {
      const prices = [...new Set(rows.filter((row) => row.price !== null).map((row) => row.price!))].sort((a, b) => a - b);
      const low = prices[1];
      const high = prices[prices.length - 2];
      await expectFilter(`price_min=${low}`, (row) => row.price !== null && row.price >= low);
      await expectFilter(`price_max=${high}`, (row) => row.price !== null && row.price <= high);
      await expectFilter(`price_min=${low}&price_max=${high}`, (row) => row.price !== null && row.price >= low && row.price <= high);
    });

    it('tags match any of a comma list', async () => {
      await expectFilter(`tags=${encodeURIComponent('포션')}`, (row) => row.tags.includes('포션'));
      await expectFilter(`tags=${encodeURIComponent('포션,콘테스트')}`, (row) => row.tags.includes('포션') || row.tags.includes('콘테스트'));
    });

    it('combines filters', async () => {
      await expectFilter('post_type=trade&is_sold=false&trade_type=sell', (row) => row.postType === 'trade' && !row.isSold && row.tradeType === 'sell');
    });
  });

  describe('order', () => {
    const compare = (a: number | string | Date | null, b: number | string | Date | null): number => {
      if (a === null || b === null) return 0;
      if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
      if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
      return (a as number) - (b as number);
    };
    const field = (row: PostRow, name: (typeof POST_ORDERING_FIELDS)[number]) =>
      ({
        created_at: row.createdAt,
        updated_at: row.updatedAt,
        like_count: row.likeCount,
        view_count: row.viewCount,
        reply_count: row.replyCount,
        price: row.price,
        title: row.title,
      })[name];
    /** Sorted by the value in that direction, nulls last, then by id in the same direction. */
    const expectedOrder = (value: (row: PostRow) => number | string | Date | null, direction: 'asc' | 'desc') =>
      [...rows]
        .sort((a, b) => {
          const va = value(a);
          const vb = value(b);
          if (va === null || vb === null) {
            if (va === null && vb !== null) return 1;
            if (vb === null && va !== null) return -1;
          } else {
            const byValue = compare(va, vb);
            if (byValue !== 0) return direction === 'asc' ? byValue : -byValue;
          }
          return direction === 'asc' ? a.id - b.id : b.id - a.id;
        })
        .map((row) => row.id);
    const ids = async (query: string) => (await list(`page_size=${PAGE_SIZE_MAX}&${query}`)).results.map((post) => post.id);

    it('ordering (DRF style) on every field, both directions', async () => {
      for (const name of POST_ORDERING_FIELDS) {
        expect(await ids(`ordering=${name}`), name).toEqual(expectedOrder((row) => field(row, name), 'asc'));
        expect(await ids(`ordering=-${name}`), `-${name}`).toEqual(expectedOrder((row) => field(row, name), 'desc'));
      }
    });

    it('sort with order asc/desc (desc by default)', async () => {
      const sorts = { latest: 'created_at', likes: 'like_count', views: 'view_count', replies: 'reply_count', price: 'price' } as const;
      for (const [sort, name] of Object.entries(sorts)) {
        expect(await ids(`sort=${sort}`), sort).toEqual(expectedOrder((row) => field(row, name), 'desc'));
        expect(await ids(`sort=${sort}&order=asc`), `${sort} asc`).toEqual(expectedOrder((row) => field(row, name), 'asc'));
      }
      expect(await ids('order=asc')).toEqual(expectedOrder((row) => row.createdAt, 'asc'));
    });

    it('ordering overrides sort and order', async () => {
      expect(await ids('sort=views&order=desc&ordering=like_count')).toEqual(expectedOrder((row) => row.likeCount, 'asc'));
    });

    it('trending follows the time-decayed score', async () => {
      const answer = await list(`sort=trending&page_size=${PAGE_SIZE_MAX}`);
      const now = Date.now();
      const score = (post: any) => {
        const ageHours = Math.max(0, (now - Date.parse(post.created_at)) / 3_600_000);
        return (
          (post.like_count * TRENDING.likeWeight + post.reply_count * TRENDING.replyWeight + post.view_count * TRENDING.viewWeight) /
          Math.pow(ageHours + TRENDING.ageOffsetHours, TRENDING.gravity)
        );
      };
      const scores = answer.results.map(score);
      expect(scores).toHaveLength(rows.length);
      for (let i = 1; i < scores.length; i++) {
        expect(scores[i], `position ${i}`).toBeLessThanOrEqual(scores[i - 1] * (1 + 1e-6));
      }
      // Not just another order in disguise.
      const trending = answer.results.map((post) => post.id);
      expect(trending).not.toEqual(newestFirst(rows));
      expect(trending).not.toEqual(expectedOrder((row) => row.likeCount, 'desc'));
    });

    it('trending: a post just written, that no one has liked, answered or opened, comes after every post someone did', async () => {
      const token = await upstream.issueToken(3);
      const written = await fetch(`${upstream.url}/v1/community/`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: '방금 쓴 글', content: '아직 아무도 보지 않았어요' }),
      });
      expect(written.status).toBe(201);
      const { id } = await written.json();
      try {
        const { results } = await list(`sort=trending&page_size=${PAGE_SIZE_MAX}`);
        const engaged = results.map((post: any) => post.like_count + post.reply_count + post.view_count > 0);
        const fresh = results.findIndex((post: any) => post.id === id);
        expect(engaged[fresh]).toBe(false);
        expect(fresh).toBeGreaterThan(engaged.lastIndexOf(true));
      } finally {
        await fetch(`${upstream.url}/v1/community/${id}/`, { method: 'DELETE', headers: { authorization: `token ${token}` } });
      }
    });
  });
});
