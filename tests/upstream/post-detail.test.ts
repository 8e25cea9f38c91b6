import http from 'node:http';
import { and, eq, isNotNull, ne, notInArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_REPEAT_HOURS } from '../../domain/limits.js';
import { errorMessages, validationTexts } from '../../domain/messages.js';
import { authTokens, postLikes, posts, postViews, users } from '../../upstream/src/db/schema.js';
import { hashToken } from '../../upstream/src/accounts/tokens.js';
import { backends, startUpstream, type RunningUpstream, useUpstream } from '../helpers/upstream.js';
import { getJson, ISO_TIMESTAMP, visiblePostRows } from './support.js';

describe.each(backends())('post detail, members and tokens (%s)', (backend) => {
  const upstream = useUpstream({ backend });

  const expectNotFound = (answer: { status: number; body: any }, path: string) => {
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      code: 'NOT_FOUND',
      status: 404,
      message: errorMessages.NOT_FOUND,
      path,
      timestamp: expect.stringMatching(ISO_TIMESTAMP),
      details: [],
    });
  };

  describe('GET /v1/community/:id/', () => {
    it('answers the post and counts the view, answering the new count', async () => {
      const [row] = await visiblePostRows(upstream.db);
      const first = await getJson(`${upstream.url}/v1/community/${row.id}/`);
      expect(first.status).toBe(200);
      expect(first.body.id).toBe(row.id);
      expect(first.body.title).toBe(row.title);
      expect(first.body.view_count).toBe(row.viewCount + 1);
      const second = await getJson(`${upstream.url}/v1/community/${row.id}/`);
      expect(second.body.view_count).toBe(row.viewCount + 2);
      const [stored] = await upstream.db.select({ viewCount: posts.viewCount, updatedAt: posts.updatedAt }).from(posts).where(eq(posts.id, row.id));
      expect(stored.viewCount).toBe(row.viewCount + 2);
      // A view is not an edit.
      expect(stored.updatedAt.getTime()).toBe(row.updatedAt.getTime());
    });

    it("does not count its author's own opens as views; another member's open counts", async () => {
      const [row] = await visiblePostRows(upstream.db);
      const [before] = await upstream.db.select({ viewCount: posts.viewCount }).from(posts).where(eq(posts.id, row.id));
      const asMember = async (memberId: number) => getJson(`${upstream.url}/v1/community/${row.id}/`, await upstream.issueToken(memberId));
      const byAuthor = await asMember(row.authorId);
      expect(byAuthor.status).toBe(200);
      expect(byAuthor.body.view_count).toBe(before.viewCount);
      const [reader] = await upstream.db.select({ id: users.id }).from(users).where(ne(users.id, row.authorId)).limit(1);
      expect((await asMember(reader.id)).body.view_count).toBe(before.viewCount + 1);
    });

    it('counts a member once per VIEW_REPEAT_HOURS: reloads and returns are the same reader, opens at once count once', async () => {
      const [row] = await visiblePostRows(upstream.db);
      const viewCount = async () => (await upstream.db.select({ viewCount: posts.viewCount }).from(posts).where(eq(posts.id, row.id)))[0].viewCount;
      const [reader, other] = await upstream.db.select({ id: users.id }).from(users).where(ne(users.id, row.authorId)).limit(2);
      const [readerToken, otherToken] = await Promise.all([upstream.issueToken(reader.id), upstream.issueToken(other.id)]);
      await upstream.db.delete(postViews).where(eq(postViews.postId, row.id));
      const before = await viewCount();
      const opens = await Promise.all(Array.from({ length: 4 }, () => getJson(`${upstream.url}/v1/community/${row.id}/`, readerToken)));
      expect(opens.map((open) => open.status)).toEqual([200, 200, 200, 200]);
      expect((await getJson(`${upstream.url}/v1/community/${row.id}/`, readerToken)).body.view_count).toBe(before + 1);
      expect((await getJson(`${upstream.url}/v1/community/${row.id}/`, otherToken)).body.view_count).toBe(before + 2);
      expect(await viewCount()).toBe(before + 2);
      // Once the window has passed since the counted view, the member's next open counts again.
      await upstream.db
        .update(postViews)
        .set({ countedAt: new Date(Date.now() - VIEW_REPEAT_HOURS * 3_600_000 - 1000) })
        .where(and(eq(postViews.postId, row.id), eq(postViews.userId, reader.id)));
      expect((await getJson(`${upstream.url}/v1/community/${row.id}/`, readerToken)).body.view_count).toBe(before + 3);
      expect((await getJson(`${upstream.url}/v1/community/${row.id}/`, readerToken)).body.view_count).toBe(before + 3);
      // A post the member may not read records no view.
      expect((await getJson(`${upstream.url}/v1/community/987654/`, readerToken)).status).toBe(404);
      expect(await upstream.db.select().from(postViews).where(eq(postViews.postId, 987654))).toEqual([]);
    });

    it('reads the post without counting a view with count_view=false (a hidden post still 404); refuses a value that is not a flag', async () => {
      const [row] = await visiblePostRows(upstream.db);
      const [before] = await upstream.db.select({ viewCount: posts.viewCount }).from(posts).where(eq(posts.id, row.id));
      for (const flag of ['false', '0']) {
        const read = await getJson(`${upstream.url}/v1/community/${row.id}/?count_view=${flag}`);
        expect(read.status).toBe(200);
        expect(read.body.view_count).toBe(before.viewCount);
      }
      expect((await getJson(`${upstream.url}/v1/community/${row.id}/?count_view=true`)).body.view_count).toBe(before.viewCount + 1);
      const refused = await getJson(`${upstream.url}/v1/community/${row.id}/?count_view=maybe`);
      expect(refused.status).toBe(422);
      expect(refused.body.details.map((detail: { message: string }) => detail.message)).toEqual([validationTexts.boolean]);
      const [hidden] = await upstream.db.select().from(posts).where(eq(posts.isHidden, true));
      expectNotFound(await getJson(`${upstream.url}/v1/community/${hidden.id}/?count_view=false`), `/v1/community/${hidden.id}/?count_view=false`);
    });

    it('counts concurrent views atomically: every reader gets its own count', async () => {
      const [, row] = await visiblePostRows(upstream.db);
      const answers = await Promise.all(Array.from({ length: 12 }, () => getJson(`${upstream.url}/v1/community/${row.id}/`)));
      const counts = answers.map((answer) => answer.body.view_count).sort((a, b) => a - b);
      expect(counts).toEqual(Array.from({ length: 12 }, (_, i) => row.viewCount + 1 + i));
    });

    it('answers the catalogue 404 for a missing, deleted, hidden or non-numeric id', async () => {
      const unlisted = await upstream.db
        .select()
        .from(posts)
        .where(or(isNotNull(posts.deletedAt), eq(posts.isHidden, true)));
      expect(unlisted.some((row) => row.isHidden)).toBe(true);
      expect(unlisted.some((row) => row.deletedAt)).toBe(true);
      for (const row of unlisted) {
        expectNotFound(await getJson(`${upstream.url}/v1/community/${row.id}/`), `/v1/community/${row.id}/`);
        const [stored] = await upstream.db.select({ viewCount: posts.viewCount }).from(posts).where(eq(posts.id, row.id));
        expect(stored.viewCount).toBe(row.viewCount);
      }
      expectNotFound(await getJson(`${upstream.url}/v1/community/987654/`), '/v1/community/987654/');
      expectNotFound(await getJson(`${upstream.url}/v1/community/abc/`), '/v1/community/abc/');
      expectNotFound(await getJson(`${upstream.url}/v1/community/99999999999999/`), '/v1/community/99999999999999/');
    });
  });

  describe('tokens', () => {
    it('is_like is per viewer: true for a member who liked, false for another and for guests', async () => {
      const [like] = await upstream.db.select().from(postLikes).innerJoin(posts, eq(posts.id, postLikes.postId)).where(eq(posts.isHidden, false)).limit(1);
      const postId = like.post_likes.postId;
      const likerIds = (await upstream.db.select({ userId: postLikes.userId }).from(postLikes).where(eq(postLikes.postId, postId))).map((row) => row.userId);
      const [other] = await upstream.db.select().from(users).where(notInArray(users.id, likerIds)).limit(1);
      const likerToken = await upstream.issueToken(like.post_likes.userId);
      const otherToken = await upstream.issueToken(other.id);

      expect((await getJson(`${upstream.url}/v1/community/${postId}/`, likerToken)).body.is_like).toBe(true);
      expect((await getJson(`${upstream.url}/v1/community/${postId}/`, otherToken)).body.is_like).toBe(false);
      expect((await getJson(`${upstream.url}/v1/community/${postId}/`)).body.is_like).toBe(false);

      // The list agrees, and `Bearer` works as well as `token`.
      const listed = await getJson(`${upstream.url}/v1/community/?page_size=100`, likerToken, 'Bearer');
      expect(listed.status).toBe(200);
      const likedIds = new Set(
        (await upstream.db.select({ postId: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, like.post_likes.userId))).map((row) => row.postId),
      );
      for (const post of listed.body.results) expect(post.is_like, `post ${post.id}`).toBe(likedIds.has(post.id));
      expect(listed.body.results.some((post: any) => post.is_like)).toBe(true);
    });

    it('answers 401 in the catalogue shape for an unknown, expired or revoked token', async () => {
      const [member] = await upstream.db.select().from(users).limit(1);
      const expired = await upstream.issueToken(member.id);
      await upstream.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.tokenHash, hashToken(expired)));
      const revoked = await upstream.issueToken(member.id);
      await upstream.db
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(eq(authTokens.tokenHash, hashToken(revoked)));
      const valid = await upstream.issueToken(member.id);

      for (const token of ['not-a-token', expired, revoked]) {
        for (const path of ['/v1/community/', '/v1/community/categories/', `/v1/user/${member.id}/`]) {
          const answer = await getJson(`${upstream.url}${path}`, token);
          expect(answer.status, `${path} with ${token}`).toBe(401);
          expect(answer.body).toEqual({
            code: 'UNAUTHORIZED',
            status: 401,
            message: errorMessages.UNAUTHORIZED,
            path,
            timestamp: expect.stringMatching(ISO_TIMESTAMP),
            details: [],
          });
        }
      }
      const garbled = await fetch(`${upstream.url}/v1/community/`, { headers: { authorization: 'Basic abc' } });
      expect(garbled.status).toBe(401);
      expect((await getJson(`${upstream.url}/v1/community/`, valid)).status).toBe(200);
    });
  });

  describe('GET /v1/user/:id/', () => {
    it('answers the member summary with the represented badge; the e-mail only to its owner', async () => {
      const { body: page } = await getJson(`${upstream.url}/v1/community/?page_size=100`);
      const badged = page.results.find((post: any) => post.author.represent_badge).author;
      const [member] = await upstream.db.select().from(users).where(eq(users.id, badged.id));
      const [someoneElse] = await upstream.db.select().from(users).where(ne(users.id, member.id)).limit(1);

      const asGuest = await getJson(`${upstream.url}/v1/user/${member.id}/`);
      expect(asGuest.status).toBe(200);
      // The summary a post embeds, within the full public profile; private fields stay empty for others.
      expect(asGuest.body).toMatchObject({ ...badged, email: null, phone: null, birthDate: null });
      expect(asGuest.body.uuid).toBe(member.uuid);
      expect(Object.keys(asGuest.body.represent_badge).sort()).toEqual(['grade', 'hex_code', 'id', 'image', 'title']);

      const asOther = await getJson(`${upstream.url}/v1/user/${member.id}/`, await upstream.issueToken(someoneElse.id));
      expect(asOther.body.email).toBeNull();
      const asSelf = await getJson(`${upstream.url}/v1/user/${member.id}/`, await upstream.issueToken(member.id));
      expect(asSelf.body.email).toBe(member.email);
    });

    it('answers no represented badge when it expired', async () => {
      const rows = await upstream.db.query.userBadges.findMany({
        where: (badge, { and: all, eq: equals, isNotNull: set }) => all(equals(badge.isRepresent, true), set(badge.expiredAt)),
      });
      const expiredOnly = rows.filter((row) => row.expiredAt! < new Date());
      expect(expiredOnly.length).toBeGreaterThan(0);
      const answer = await getJson(`${upstream.url}/v1/user/${expiredOnly[0].userId}/`);
      expect(answer.body.represent_badge).toBeNull();
    });

    it('answers 404 for an unknown member', async () => {
      expectNotFound(await getJson(`${upstream.url}/v1/user/424242/`), '/v1/user/424242/');
      expectNotFound(await getJson(`${upstream.url}/v1/user/me-and-you/`), '/v1/user/me-and-you/');
    });
  });

  describe('media, health and unknown routes', () => {
    it('serves the pictures it links, with the size the image row states', async () => {
      const { body: page } = await getJson(`${upstream.url}/v1/community/?page_size=100`);
      const image = page.results.flatMap((post: any) => post.images)[0];
      expect(image.url).toMatch(/^\/media\//);
      const response = await fetch(upstream.url + image.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(image.size);
      expect(bytes.toString('utf8')).toContain(`width="${image.width}"`);
      expect(bytes.toString('utf8')).toContain(`height="${image.height}"`);
      const avatar = page.results.find((post: any) => post.author.profile_image).author.profile_image;
      expect((await fetch(upstream.url + avatar)).status).toBe(200);
    });

    it('never builds media URLs from the Host header: they stay root-relative', async () => {
      // fetch() will not send a foreign Host header; node:http will.
      const body = await new Promise<any>((resolve, reject) => {
        const request = http.get(`${upstream.url}/v1/community/?page_size=10`, { headers: { host: 'slime.example:8080' } }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(JSON.parse(text)));
        });
        request.on('error', reject);
      });
      const urls = body.results
        .flatMap((post: any) => [post.thumbnail, post.author.profile_image, ...post.images.map((image: any) => image.url)])
        .filter(Boolean);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url).toMatch(/^\/media\/[^/]/);
      expect(JSON.stringify(body.results)).not.toContain('slime.example');
      // Page links still follow the address the client used, as DRF's do.
      expect(body.next.startsWith('http://slime.example:8080/v1/community/?')).toBe(true);
    });

    it('answers /healthz, and /readyz once its database answers', async () => {
      expect(await getJson(`${upstream.url}/healthz`)).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await getJson(`${upstream.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready', database: 'reachable' } });
    });

    it('answers unknown routes and media with the catalogue 404', async () => {
      expectNotFound(await getJson(`${upstream.url}/v1/nothing-here/`), '/v1/nothing-here/');
      expectNotFound(await getJson(`${upstream.url}/media/slimes/none.svg`), '/media/slimes/none.svg');
    });

    it('answers a malformed JSON body with a 400 saying it is not JSON', async () => {
      const response = await fetch(`${upstream.url}/v1/community/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'BAD_REQUEST',
        status: 400,
        message: validationTexts.body.notJson,
        path: '/v1/community/',
        timestamp: expect.stringMatching(ISO_TIMESTAMP),
        details: [{ message: validationTexts.body.notJson, code: 'invalid_body' }],
      });
    });
  });
});

describe('a failing store', () => {
  let upstream: RunningUpstream;
  beforeAll(async () => {
    upstream = await startUpstream({ seed: false });
  });
  afterAll(async () => upstream?.stop());

  it('answers 500 with the generic text and no trace of the cause', async () => {
    await upstream.db.execute('drop table post_images' as never);
    await upstream.db.execute('drop table posts cascade' as never);
    const response = await fetch(`${upstream.url}/v1/community/`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      status: 500,
      message: errorMessages.INTERNAL_SERVER_ERROR,
      path: '/v1/community/',
      timestamp: expect.stringMatching(ISO_TIMESTAMP),
      details: [],
    });
    expect(text).not.toMatch(/posts|relation|stack|at /i);
  });
});
