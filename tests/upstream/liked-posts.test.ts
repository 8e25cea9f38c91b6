import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationTexts } from '../../domain/messages.js';
import { posts } from '../../upstream/src/db/schema.js';
import { addMembers } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

/** `GET /v1/community/liked/`: the caller's liked posts, newest like first, in the usual page envelope. */
describe.each(backends())('liked posts on %s', (backend) => {
  let upstream: RunningUpstream;
  let ids: Record<'liker' | 'author' | 'blocker' | 'other', number>;
  const tokens: Record<string, string> = {};
  const as = (who: keyof typeof ids | null, method: string, path: string, body?: unknown) =>
    send(method, upstream.url + path, body, who ? tokens[who] : undefined);
  const liked = async (query = '') => {
    const answer = await as('liker', 'GET', `/v1/community/liked/${query}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const titles = async (query = '') => ((await liked(query)).results as { title: string }[]).map((post) => post.title);
  const postIds: Record<string, number> = {};

  beforeAll(async () => {
    upstream = await startUpstream({ backend, seed: false });
    const [liker, author, blocker, other] = await addMembers(upstream.db, ['좋아요러', '글쓴이', '차단하는회원', '다른회원']);
    ids = { liker, author, blocker, other };
    for (const [who, id] of Object.entries(ids)) tokens[who] = await upstream.issueToken(id);
    const write = async (who: keyof typeof ids, title: string) => {
      const created = await as(who, 'POST', '/v1/community/', { title, content: `${title} 내용`, post_type: 'general' });
      expect(created.status).toBe(201);
      postIds[title] = created.body.id;
    };
    for (const title of ['첫 글', '둘째 글', '셋째 글', '지울 글', '숨길 글', '가릴 글']) await write('author', title);
    await write('blocker', '차단하는회원의 글');
    await write('other', '안 누른 글');
    // Liked in this order, so the newest like is the last one.
    for (const title of ['둘째 글', '첫 글', '셋째 글', '지울 글', '숨길 글', '가릴 글', '차단하는회원의 글']) {
      expect((await as('liker', 'PATCH', `/v1/community/${postIds[title]}/`)).body.is_like).toBe(true);
    }
    await as('other', 'PATCH', `/v1/community/${postIds['안 누른 글']}/`);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('answers the liked posts, newest like first, as posts with is_like, in the page envelope', async () => {
    const page = await liked();
    expect(page.results.map((post: { title: string }) => post.title)).toEqual([
      '차단하는회원의 글',
      '가릴 글',
      '숨길 글',
      '지울 글',
      '셋째 글',
      '첫 글',
      '둘째 글',
    ]);
    expect(page.results.every((post: { is_like: boolean }) => post.is_like)).toBe(true);
    expect(page).toMatchObject({ count: 7, total_pages: 1, next: null, previous: null, meta: { page: 1, total: 7, hasNext: false } });
  });

  it('pages with page and page_size; a page past the end is empty with the total', async () => {
    const first = await liked('?page_size=3');
    expect(first.results).toHaveLength(3);
    expect(first.meta).toMatchObject({ page: 1, pageSize: 3, total: 7, totalPages: 3, hasNext: true });
    expect(new URL(first.next).searchParams.get('page')).toBe('2');
    expect(await titles('?page=3&page_size=3')).toEqual(['둘째 글']);
    const past = await liked('?page=9&page_size=3');
    expect(past.results).toEqual([]);
    expect(past.count).toBe(7);
  });

  it('leaves out deleted and hidden posts, posts the member blocked and posts of a blocked pair', async () => {
    expect((await as('author', 'DELETE', `/v1/community/${postIds['지울 글']}/`)).status).toBe(200);
    await upstream.db.update(posts).set({ isHidden: true }).where(eq(posts.id, postIds['숨길 글']));
    expect((await as('liker', 'POST', `/v1/community/${postIds['가릴 글']}/block/`)).status).toBe(201);
    expect((await as('blocker', 'POST', `/users/${ids.liker}/block`, {})).status).toBe(201);
    expect(await titles()).toEqual(['셋째 글', '첫 글', '둘째 글']);
    expect((await liked()).count).toBe(3);
  });

  it('an unliked post leaves the list', async () => {
    expect((await as('liker', 'PATCH', `/v1/community/${postIds['첫 글']}/`)).body.is_like).toBe(false);
    expect(await titles()).toEqual(['셋째 글', '둘째 글']);
    // Another member's likes are theirs only.
    expect(((await as('other', 'GET', '/v1/community/liked/')).body.results as { title: string }[]).map((post) => post.title)).toEqual(['안 누른 글']);
  });

  it('refuses guests (401) and bad paging (Korean issues)', async () => {
    expect((await as(null, 'GET', '/v1/community/liked/')).status).toBe(401);
    const bad = await as('liker', 'GET', '/v1/community/liked/?page=0');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(JSON.stringify(bad.body)).toContain(validationTexts.page);
  });
});
