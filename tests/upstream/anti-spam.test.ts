import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENTIONS_NOTIFIED_MAX, type NotificationType } from '../../domain/limits.js';
import { notifications } from '../../upstream/src/db/schema.js';
import { addMembers } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

/** One "liked your post" notice per liker and post for good; a reply notifies at most MENTIONS_NOTIFIED_MAX mentioned members. */
describe.each(backends())('notification anti-spam on %s', (backend) => {
  let upstream: RunningUpstream;
  let author = 0;
  let liker = 0;
  let authorToken = '';
  let likerToken = '';
  const url = (path: string) => upstream.url + path;
  const inbox = (userId: number, senderId: number, type: NotificationType) =>
    upstream.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.senderId, senderId), eq(notifications.type, type)));

  beforeAll(async () => {
    upstream = await startUpstream({ backend, seed: false });
    [author, liker] = await addMembers(upstream.db, ['글쓴이', '좋아요꾼']);
    [authorToken, likerToken] = await Promise.all([upstream.issueToken(author), upstream.issueToken(liker)]);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('20 like toggles give one "liked your post" notification, even after the author deleted it', async () => {
    const post = (await send('POST', url('/v1/community/'), { title: '좋아요 연타', content: '내용', post_type: 'general' }, authorToken)).body.id;
    for (let toggle = 0; toggle < 20; toggle++) expect((await send('PATCH', url(`/v1/community/${post}/`), undefined, likerToken)).status).toBe(200);
    expect(await inbox(author, liker, 'like')).toHaveLength(1);
    // The author clears the inbox; liking again still does not announce itself a second time.
    await send('DELETE', url('/v1/user/notification/all/?readOnly=false'), undefined, authorToken);
    await send('PATCH', url(`/v1/community/${post}/`), undefined, likerToken);
    expect(await inbox(author, liker, 'like')).toHaveLength(0);
    // Another post is another first like.
    const other = (await send('POST', url('/v1/community/'), { title: '두 번째 글', content: '내용', post_type: 'general' }, authorToken)).body.id;
    await send('PATCH', url(`/v1/community/${other}/`), undefined, likerToken);
    expect(await inbox(author, liker, 'like')).toHaveLength(1);
  });

  it(`a reply notifies only the first ${MENTIONS_NOTIFIED_MAX} distinct members it mentions (any case or width), and is saved whole`, async () => {
    const names = Array.from({ length: MENTIONS_NOTIFIED_MAX + 3 }, (_, index) => `Mention${index}`);
    const mentioned = await addMembers(upstream.db, names);
    const post = (await send('POST', url('/v1/community/'), { title: '언급 글', content: '내용', post_type: 'general' }, authorToken)).body.id;
    // The first member twice (once full-width upper case), then every member once.
    const content = `@ＭＥＮＴＩＯＮ0 ${names.map((name) => `@${name}`).join(' ')}`;
    const created = await send('POST', url(`/v1/community/${post}/reply/`), { content }, likerToken);
    expect(created.status).toBe(201);
    expect(created.body.content).toBe(content);
    const told = await Promise.all(mentioned.map(async (id) => (await inbox(id, liker, 'mention')).length));
    expect(told).toEqual(mentioned.map((_, index) => (index < MENTIONS_NOTIFIED_MAX ? 1 : 0)));
  });
});
