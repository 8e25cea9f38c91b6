import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY, idempotencyTexts } from '../../domain/index.js';
import { idempotencyKeys, posts, replies, users } from '../../upstream/src/db/schema.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

describe.each(backends())('idempotent creates (%s)', (backend) => {
  let upstream: RunningUpstream;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    const [one, two] = await upstream.db.select().from(users).where(eq(users.isStaff, false)).orderBy(users.id).limit(2);
    token = await upstream.issueToken(one.id);
    otherToken = await upstream.issueToken(two.id);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const send = async (path: string, body: unknown, key: string | undefined, as = token) => {
    const response = await fetch(upstream.url + path, {
      method: 'POST',
      headers: { authorization: `token ${as}`, 'content-type': 'application/json', ...(key ? { [IDEMPOTENCY.header]: key } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, replayed: response.headers.get(IDEMPOTENCY.replayedHeader), body: (await response.json()) as any };
  };
  const postsTitled = async (title: string) => (await upstream.db.select().from(posts).where(eq(posts.title, title))).length;

  it('a repeat with the same key answers the first answer and creates nothing', async () => {
    const body = { title: `once-${backend}`, content: 'only one' };
    const first = await send('/v1/community/', body, 'post-key-1');
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    const repeat = await send('/v1/community/', body, 'post-key-1');
    expect(repeat.status).toBe(201);
    expect(repeat.replayed).toBe('true');
    expect(repeat.body.id).toBe(first.body.id);
    expect(await postsTitled(body.title)).toBe(1);
    // Without a key every submit creates, as before.
    await send('/v1/community/', body, undefined);
    expect(await postsTitled(body.title)).toBe(2);
  });

  it('identical requests at the same moment store one post, and all answer it', async () => {
    const body = { title: `race-${backend}`, content: 'double click' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send('/v1/community/', body, 'post-race-key')));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.replayed === null)).toHaveLength(1);
    expect(await postsTitled(body.title)).toBe(1);
  });

  it('two identical replies at the same moment store one reply', async () => {
    const [post] = await upstream.db.select().from(posts).limit(1);
    const content = `reply race ${backend}`;
    const answers = await Promise.all([1, 2, 3].map(() => send(`/v1/community/${post.id}/reply/`, { content }, 'reply-race-key')));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await upstream.db.select().from(replies).where(eq(replies.content, content))).toHaveLength(1);
  });

  it('the same key with another body answers 422 with a clear message', async () => {
    await send('/v1/community/', { title: `first-${backend}`, content: 'a' }, 'reused-key');
    const other = await send('/v1/community/', { title: `second-${backend}`, content: 'b' }, 'reused-key');
    expect(other.status).toBe(422);
    expect(other.body.details).toEqual([{ path: 'idempotencyKey', message: idempotencyTexts.reused, code: 'invalid_value' }]);
    expect(await postsTitled(`second-${backend}`)).toBe(0);
  });

  it('keys belong to a member and a route', async () => {
    const body = { title: `scoped-${backend}`, content: 'x' };
    const mine = await send('/v1/community/', body, 'shared-key');
    const theirs = await send('/v1/community/', body, 'shared-key', otherToken);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    const inquiry = await send('/v1/inquiry/', { title: '문의 제목', content: '문의 내용입니다', category: 'account' }, 'shared-key');
    expect(inquiry.replayed).toBeNull();
  });

  it('a key that is not a key answers 422', async () => {
    const answer = await send('/v1/community/', { title: 't', content: 'c' }, 'has spaces and ü');
    expect(answer.status).toBe(422);
    expect(answer.body.details).toEqual([{ path: 'idempotencyKey', message: idempotencyTexts.key, code: 'invalid_value' }]);
  });

  it('a refused create is answered the same for its repeat; a key older than a day is forgotten', async () => {
    const refused = await send('/v1/community/', { title: '', content: 'c' }, 'refused-key');
    expect(refused.status).toBe(422);
    expect((await send('/v1/community/', { title: '', content: 'c' }, 'refused-key')).replayed).toBe('true');

    const body = { title: `old-${backend}`, content: 'x' };
    await send('/v1/community/', body, 'old-key');
    await upstream.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'old-key'));
    const later = await send('/v1/community/', body, 'old-key');
    expect(later.replayed).toBeNull();
    expect(await postsTitled(body.title)).toBe(2);
  });
});
