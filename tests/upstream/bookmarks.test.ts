import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_PAGE_SIZE_DEFAULT } from '../../domain/limits.js';
import { validationTexts } from '../../domain/messages.js';
import { posts } from '../../upstream/src/db/schema.js';
import { addMembers } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

/**
 * Bookmarks: `PUT`/`DELETE /v1/community/{id}/bookmark/` add and remove the caller's bookmark (both idempotent,
 * both answer the post), `GET /v1/community/bookmarks/` lists the caller's bookmarked posts newest bookmark
 * first, and every post carries the caller's own `is_bookmarked`.
 */
describe.each(backends())('bookmarks on %s', (backend) => {
  let upstream: RunningUpstream;
  let ids: Record<'reader' | 'other' | 'author' | 'blocker', number>;
  const tokens: Record<string, string> = {};
  const url = (path: string) => upstream.url + path;
  const as = (who: keyof typeof ids | null, method: string, path: string, body?: unknown) => send(method, url(path), body, who ? tokens[who] : undefined);
  const write = async (who: keyof typeof ids, title: string) =>
    (await as(who, 'POST', '/v1/community/', { title, content: `${title} 내용`, post_type: 'general' })).body.id as number;
  const listed = async (who: keyof typeof ids, query = '') => {
    const answer = await as(who, 'GET', `/v1/community/bookmarks/${query}`);
    expect(answer.status).toBe(200);
    return answer.body as { results: { id: number; is_bookmarked: boolean }[]; count: number; next: string | null; total_pages: number };
  };
  const listedIds = async (who: keyof typeof ids) => (await listed(who, '?page_size=100')).results.map((post) => post.id);

  beforeAll(async () => {
    upstream = await startUpstream({ backend, seed: false });
    const [reader, other, author, blocker] = await addMembers(upstream.db, ['북마크독자', '다른독자', '북마크작가', '차단할회원']);
    ids = { reader, other, author, blocker };
    for (const [who, id] of Object.entries(ids)) tokens[who] = await upstream.issueToken(id);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('PUT bookmarks a post and answers it with is_bookmarked; again changes nothing; only the caller sees it as bookmarked', async () => {
    const postId = await write('author', '북마크할 글');
    const first = await as('reader', 'PUT', `/v1/community/${postId}/bookmark/`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: postId, is_bookmarked: true });
    const again = await as('reader', 'PUT', `/v1/community/${postId}/bookmark/`);
    expect(again.status).toBe(200);
    expect(again.body.is_bookmarked).toBe(true);
    expect((await listedIds('reader')).filter((id) => id === postId)).toHaveLength(1);

    expect((await as('reader', 'GET', `/v1/community/${postId}/`)).body.is_bookmarked).toBe(true);
    expect((await as('other', 'GET', `/v1/community/${postId}/`)).body.is_bookmarked).toBe(false);
    expect((await as(null, 'GET', `/v1/community/${postId}/`)).body.is_bookmarked).toBe(false);
    const feed = await as('reader', 'GET', '/v1/community/?page_size=100');
    expect(feed.body.results.find((post: { id: number }) => post.id === postId).is_bookmarked).toBe(true);
  });

  it('DELETE removes the bookmark and answers the post; removing again is still 200', async () => {
    const postId = await write('author', '북마크를 지울 글');
    await as('reader', 'PUT', `/v1/community/${postId}/bookmark/`);
    const removed = await as('reader', 'DELETE', `/v1/community/${postId}/bookmark/`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: postId, is_bookmarked: false });
    expect(await listedIds('reader')).not.toContain(postId);
    const again = await as('reader', 'DELETE', `/v1/community/${postId}/bookmark/`);
    expect(again.status).toBe(200);
    expect(again.body.is_bookmarked).toBe(false);
  });

  it('lists newest bookmark first (not newest post), in pages of the usual envelope', async () => {
    const [older, newer, newest] = [await write('author', '먼저 쓴 글'), await write('author', '나중 글'), await write('author', '가장 나중 글')];
    for (const postId of [newest, older, newer]) {
      expect((await as('other', 'PUT', `/v1/community/${postId}/bookmark/`)).status).toBe(200);
    }
    const all = await listed('other');
    expect(all.results.map((post) => post.id)).toEqual([newer, older, newest]);
    expect(all.count).toBe(3);
    expect(all.results.every((post) => post.is_bookmarked)).toBe(true);

    const firstPage = await listed('other', '?page=1&page_size=2');
    expect(firstPage.results.map((post) => post.id)).toEqual([newer, older]);
    expect(firstPage).toMatchObject({ count: 3, total_pages: 2 });
    expect(firstPage.next).toContain('page=2');
    const secondPage = await listed('other', '?page=2&page_size=2');
    expect(secondPage.results.map((post) => post.id)).toEqual([newest]);
    expect(secondPage.next).toBeNull();
    const pastTheEnd = await listed('other', '?page=3&page_size=2');
    expect(pastTheEnd).toMatchObject({ results: [], count: 3 });
  });

  it(`pages ${POST_PAGE_SIZE_DEFAULT} by default; bad page parameters are 422 with the Korean message`, async () => {
    expect((await listed('reader')).results.length).toBeLessThanOrEqual(POST_PAGE_SIZE_DEFAULT);
    const badPage = await as('reader', 'GET', '/v1/community/bookmarks/?page=0');
    expect(badPage.status).toBe(422);
    expect(JSON.stringify(badPage.body)).toContain(validationTexts.page);
    expect((await as('reader', 'GET', '/v1/community/bookmarks/?page_size=101')).status).toBe(422);
  });

  it('guests get 401 on every bookmark call', async () => {
    const postId = await write('author', '손님이 본 글');
    expect((await as(null, 'GET', '/v1/community/bookmarks/')).status).toBe(401);
    expect((await as(null, 'PUT', `/v1/community/${postId}/bookmark/`)).status).toBe(401);
    expect((await as(null, 'DELETE', `/v1/community/${postId}/bookmark/`)).status).toBe(401);
  });

  it('a missing, deleted, hidden or blocked post is 404 and nothing is stored', async () => {
    const deleted = await write('author', '지워진 글');
    await as('author', 'DELETE', `/v1/community/${deleted}/`);
    const hidden = await write('author', '숨겨진 글');
    await upstream.db.update(posts).set({ isHidden: true }).where(eq(posts.id, hidden));
    const byBlocker = await write('blocker', '차단된 회원의 글');
    expect((await as('blocker', 'POST', '/v1/user/block/', { block_target_user: ids.other })).status).toBe(201);
    for (const [postId, who] of [
      [999_999, 'reader'],
      [deleted, 'reader'],
      [hidden, 'reader'],
      [byBlocker, 'other'],
    ] as const) {
      const answer = await as(who, 'PUT', `/v1/community/${postId}/bookmark/`);
      expect(answer.status, `post ${postId}`).toBe(404);
      expect((await as(who, 'DELETE', `/v1/community/${postId}/bookmark/`)).status).toBe(404);
    }
    expect((await as('reader', 'PUT', '/v1/community/abc/bookmark/')).status).toBe(404);
    expect(await listedIds('other')).not.toContain(byBlocker);
  });

  it('a bookmarked post deleted, hidden or blocked later leaves the list (and its count); it comes back when unhidden', async () => {
    const [toDelete, toHide, toBlockAuthor, toBlockPost, kept] = [
      await write('author', '나중에 지울 글'),
      await write('author', '나중에 숨길 글'),
      await write('blocker', '나중에 차단할 회원의 글'),
      await write('author', '나중에 차단할 글'),
      await write('author', '남는 글'),
    ];
    for (const postId of [toDelete, toHide, toBlockAuthor, toBlockPost, kept]) await as('reader', 'PUT', `/v1/community/${postId}/bookmark/`);
    const before = await listed('reader', '?page_size=100');

    await as('author', 'DELETE', `/v1/community/${toDelete}/`);
    await upstream.db.update(posts).set({ isHidden: true }).where(eq(posts.id, toHide));
    expect((await as('reader', 'POST', '/v1/user/block/', { block_target_user: ids.blocker })).status).toBe(201);
    expect((await as('reader', 'POST', `/v1/community/${toBlockPost}/block/`)).status).toBe(201);

    const after = await listed('reader', '?page_size=100');
    const afterIds = after.results.map((post) => post.id);
    for (const gone of [toDelete, toHide, toBlockAuthor, toBlockPost]) expect(afterIds, `post ${gone}`).not.toContain(gone);
    expect(afterIds).toContain(kept);
    expect(after.count).toBe(before.count - 4);

    await upstream.db.update(posts).set({ isHidden: false }).where(eq(posts.id, toHide));
    expect(await listedIds('reader')).toContain(toHide);
  });
});
