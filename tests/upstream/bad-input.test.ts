import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_MAX, STORED_INT_MAX } from '../../domain/limits.js';
import { accountTexts, itemTexts, validationTexts } from '../../domain/messages.js';
import { users } from '../../upstream/src/db/schema.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

/** Every route of the upstream (method and path pattern), as its route files declare them. */
const ROUTES = `
delete /api/stories/:id
delete /api/stories/:id/reactions/:reactionId
delete /api/stories/hide/:userId
delete /api/stories/highlights/:id
delete /users/:id/block
delete /users/:id/follow
delete /users/me/profile-image
delete /v1/board/notice/:id/
delete /v1/community/:id/
delete /v1/community/:id/bookmark/
delete /v1/community/:id/reply/:replyId/
delete /v1/item/wish-items
delete /v1/user/notification/:id/
delete /v1/user/notification/all/
delete /v1/wishlist/:wishType/:id/
get /api/stories/:id
get /api/stories/:id/stats
get /api/stories/:id/viewers
get /api/stories/close-friends
get /api/stories/groups
get /api/stories/highlights/my
get /api/stories/highlights/user/:userId
get /api/stories/my
get /api/stories/user/:userId
get /users/:id/activities
get /users/me
get /users/me/activities
get /users/me/blocked
get /users/search
get /v1/board/notice/
get /v1/board/notice/:id/
get /v1/community/
get /v1/community/:id/
get /v1/community/:id/reply/
get /v1/community/bookmarks/
get /v1/community/categories/
get /v1/community/liked/
get /v1/community/reply/
get /v1/inquiry/
get /v1/inquiry/:id/
get /v1/item/:uuid/
get /v1/item/search-name/
get /v1/item/wish-items/:user/
get /v1/item/wish-items/stats/:user/
get /v1/item/wish-items/users/:item/
get /v1/probability/:kind/
get /v1/probability/:kind/:id/
get /v1/user/:id/
get /v1/user/:id/badge/
get /v1/user/notification/
get /v1/user/notification/:id/
get /v1/user/notification/settings/
get /v1/user/notification/stats/
patch /v1/board/notice/:id/
patch /v1/community/:id/
patch /v1/community/reply/:id/
patch /v1/inquiry/:id/
patch /v1/user/notification/settings/
post /api/stories/:id/reactions
post /api/stories/:id/report
post /api/stories/:id/view
post /api/stories/create
post /api/stories/hide
post /api/stories/highlights
post /auth/refresh
post /auth/register
post /auth/reset-password
post /auth/reset-password/confirm
post /users/:id/block
post /users/:id/follow
post /users/me/profile-image
post /v1/admin/notification/send/
post /v1/board/notice/
post /v1/community/
post /v1/community/:id/block/
post /v1/community/:id/reply/
post /v1/community/:id/report/
post /v1/community/images/
post /v1/inquiry/
post /v1/inquiry/:id/comments/
post /v1/inquiry/:id/satisfaction/
post /v1/item/:uuid/report/
post /v1/item/wish-items/manage/:item/
post /v1/user/block/
post /v1/user/login/
post /v1/user/notification/mark-read/
post /v1/wishlist/:wishType/:id/toggle/
post /v1/wishlist/buy
post /v1/wishlist/sell
put /api/stories/:id
put /api/stories/close-friends
put /users/me
put /users/me/password
put /v1/community/:id/
put /v1/community/:id/bookmark/
put /v1/community/:id/reply/:replyId/
put /v1/wishlist/:id/
`
  .trim()
  .split('\n')
  .map((line) => {
    const [method, path] = line.split(' ');
    return { method: method.toUpperCase(), path };
  });

/** Field names the domain's input schemas use: each bad body sets all of them to one wrong value. */
const FIELDS = `title content category sub_category tags images post_type trade_type price location parent_id reason reason_type
nickname email password passwordConfirm newPassword newPasswordConfirm currentPassword phone birthDate gender bio memo
agreeTerms agreePrivacy agreeMarketing identifier refreshToken token type status satisfaction rating_score comment message
block_target_user target_user_id wish_ids wish_type item_uuid notification_price target_price quantity is_sold
userIds storyIds media caption duration music musicId privacy isPrivate coverImage emoji latitude longitude metadata
notifications channels quietHours ids id user item search query page page_size priority targetUsers is_public is_pinned`.split(/\s+/);

/** Fields that name rows or hold numbers: an integer column cannot store more than 2^31 - 1. */
const NUMBER_FIELDS = `category parent_id price block_target_user target_user_id notification_price target_price quantity id user item
priority duration latitude longitude rating_score satisfaction musicId page page_size wish_ids userIds storyIds images`.split(/\s+/);

const WRONG_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  1e308,
  -1,
  2 ** 53,
  99999999999,
  [],
  [[]],
  {},
  { a: '\u0000' },
  true,
  null,
  'x'.repeat(20_000),
  ['\u0000'],
];
const PATH_VALUES = ['1', 'abc', '99999999999999999999', '-1', '0', '%00', 'a%00b', '1e400'];
const QUERIES = [
  '',
  '?page=1e400&page_size=-1',
  '?search=%00&query=%00&q=%00',
  '?page=%00',
  '?search=' + 'x'.repeat(5000),
  '?tags=%00&category=%00&ordering=%00',
];

function fill(path: string, value: string): string {
  return path.replace(/:[a-zA-Z]+/g, value);
}

describe.each(backends())('bad input never answers 500 (%s)', (backend) => {
  let upstream: RunningUpstream;
  let staffToken: string;
  let memberToken: string;
  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    const [staff] = await upstream.db.select().from(users).where(eq(users.isStaff, true)).limit(1);
    const [someone] = await upstream.db.select().from(users).where(eq(users.isStaff, false)).limit(1);
    staffToken = await upstream.issueToken(staff.id);
    memberToken = await upstream.issueToken(someone.id);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const send = async (method: string, path: string, token: string | undefined, body?: string, contentType = 'application/json') => {
    const response = await fetch(upstream.url + path, {
      method,
      headers: { ...(token ? { authorization: `token ${token}` } : {}), ...(body !== undefined ? { 'content-type': contentType } : {}) },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };

  const json = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const response = await fetch(upstream.url + path, {
      method,
      headers: { ...(token ? { authorization: `token ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('wrong types, huge numbers and NUL bytes in bodies, paths and queries', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const check = async (method: string, path: string, token: string | undefined, body?: string) => {
      const status = await send(method, path, token, body);
      if (status >= 500) failures.push(`${status} ${method} ${path} ${body?.slice(0, 80) ?? ''}`);
    };
    for (const { method, path } of ROUTES) {
      for (const value of PATH_VALUES) await check(method, fill(path, value), staffToken);
      if (method === 'GET') {
        for (const query of QUERIES) await check(method, fill(path, '1') + query, staffToken);
        continue;
      }
      const target = fill(path, '1');
      for (const body of ['null', '[]', '"text"', '1', '{"a":', '{}']) await check(method, target, staffToken, body);
      for (const value of WRONG_VALUES) {
        const body = JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value])));
        await check(method, target, staffToken, body);
        await check(method, target, memberToken, body);
      }
    }
    expect(failures).toEqual([]);
  });

  it('one number-like field at a time, out of the stored range or not an integer', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const { method, path } of ROUTES) {
      if (method === 'GET' || method === 'DELETE') continue;
      const target = fill(path, '1');
      for (const field of NUMBER_FIELDS) {
        for (const value of [99999999999, 1.5]) {
          const body = JSON.stringify({ [field]: value });
          const status = await send(method, target, memberToken, body);
          if (status >= 500) failures.push(`${status} ${method} ${target} ${body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a trade price above PRICE_MAX (or the stored range) is refused with the range in words, and nothing is stored', async () => {
    const title = `너무 비싼 거래 ${Date.now()}`;
    for (const price of [PRICE_MAX + 1, STORED_INT_MAX + 1, 99_999_999_999_999]) {
      const created = await json('POST', '/v1/community/', memberToken, { title, content: '가격이 너무 커요', post_type: 'trade', trade_type: 'sell', price });
      expect(created.status).toBe(422);
      expect(created.body.details).toEqual([{ path: 'price', message: itemTexts.price(PRICE_MAX), code: 'too_big' }]);
    }
    const atMost = await json('POST', '/v1/community/', memberToken, {
      title,
      content: '딱 최대 가격',
      post_type: 'trade',
      trade_type: 'sell',
      price: PRICE_MAX,
    });
    expect(atMost.status).toBe(201);
    const listed = await json('GET', `/v1/community/?search=${encodeURIComponent(title)}`, undefined);
    expect(listed.body.results.map((post: { price: number }) => post.price)).toEqual([PRICE_MAX]);
  });

  it('a NUL character answers 422 naming the field, in JSON bodies, nested values and query strings', async () => {
    const created = await json('POST', '/v1/community/', memberToken, { title: 'a\u0000b', content: 'fine', tags: ['ok', 'x\u0000'] });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
    expect(created.body.details).toEqual([
      { path: 'title', message: validationTexts.nulCharacter, code: 'invalid_format' },
      { path: 'tags[1]', message: validationTexts.nulCharacter, code: 'invalid_format' },
    ]);
    const profile = await json('PUT', '/users/me', memberToken, { nickname: '슬라임\u0000' });
    expect(profile.status).toBe(422);
    expect(profile.body.details).toEqual([{ path: 'nickname', message: validationTexts.nulCharacter, code: 'invalid_format' }]);
    const search = await json('GET', '/v1/community/?search=ab%00cd', undefined);
    expect(search.status).toBe(422);
    expect(search.body.details).toEqual([{ path: 'search', message: validationTexts.nulCharacter, code: 'invalid_format' }]);
  });

  it('a title, content or reply of characters that show nothing (zero-width spaces, Hangul fillers) is as empty as one of spaces', async () => {
    const created = await json('POST', '/v1/community/', memberToken, { title: '\u200B\u200B\u200B', content: '\u3164\uFEFF' });
    expect(created.status).toBe(422);
    expect(created.body.details).toEqual([
      { path: 'title', message: validationTexts.titleRequired, code: 'custom' },
      { path: 'content', message: validationTexts.contentRequired, code: 'custom' },
    ]);
    const reply = await json('POST', '/v1/community/1/reply/', memberToken, { content: ' \u200B ' });
    expect(reply.status).toBe(422);
    expect(reply.body.details).toEqual([{ path: 'content', message: validationTexts.replyRequired, code: 'custom' }]);
    // Such characters inside a text that shows something stay allowed (a joined emoji, a word break hint).
    const fine = await json('POST', '/v1/community/', memberToken, { title: '슬라임\u200B가족 👨\u200D👩\u200D👧', content: '보이는 내용' });
    expect(fine.status).toBe(201);
  });

  it('a NUL character in a multipart field answers 422 too', async () => {
    const form = new FormData();
    form.append('title', 'multi\u0000part');
    form.append('content', 'fine');
    const response = await fetch(`${upstream.url}/v1/community/`, { method: 'POST', headers: { authorization: `token ${memberToken}` }, body: form });
    expect(response.status).toBe(422);
    expect((await response.json()).details).toEqual([{ path: 'title', message: validationTexts.nulCharacter, code: 'invalid_format' }]);
  });

  it('a multipart body cut off mid-file answers 400 on every upload route, and stores nothing', async () => {
    const boundary = 'cut-off-boundary';
    const whole = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\ncut off\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\ncut off\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(5000, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const cut = whole.subarray(0, whole.length - 3000);
    const before = await json('GET', '/v1/community/?search=cut+off', undefined);
    for (const [method, path] of [
      ['POST', '/v1/community/'],
      ['PUT', '/v1/community/1/'],
      ['POST', '/v1/community/images/'],
      ['POST', '/users/me/profile-image'],
      ['POST', '/api/stories/create'],
    ]) {
      const response = await fetch(upstream.url + path, {
        method,
        headers: { authorization: `token ${memberToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: cut,
      });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', message: validationTexts.multipartBroken });
    }
    expect((await json('GET', '/v1/community/?search=cut+off', undefined)).body.count).toBe(before.body.count);
  });

  it('two registrations of one e-mail at the same moment: one 201, one 409 with the taken-address text', async () => {
    const register = (nickname: string) =>
      json('POST', '/auth/register', undefined, {
        email: `racer-${backend}@example.com`,
        password: 'abcd1234',
        passwordConfirm: 'abcd1234',
        nickname,
        agreeTerms: true,
        agreePrivacy: true,
      });
    const answers = await Promise.all([register('경주자하나'), register('경주자둘')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'CONFLICT', status: 409, message: accountTexts.errors.emailTaken });
  });
});
