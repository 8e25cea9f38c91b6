import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts, communityTexts } from '../../domain/messages.js';
import { follows, notifications } from '../../upstream/src/db/schema.js';
import { addMembers, follow } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

/**
 * Blocking works both ways: whoever blocked whom, the pair cannot reply to or follow each other, nothing one
 * does notifies the other, and neither sees the other's posts or replies in lists, search and detail.
 */
describe.each(backends())('blocking on %s', (backend) => {
  let upstream: RunningUpstream;
  let ids: Record<'blocker' | 'blocked' | 'bystander', number>;
  const tokens: Record<string, string> = {};
  const url = (path: string) => upstream.url + path;
  const as = (who: keyof typeof ids, method: string, path: string, body?: unknown) => send(method, url(path), body, tokens[who]);
  let blockerPost = 0;
  let blockedPost = 0;
  let bystanderPost = 0;
  let blockerReplyOnBystander = 0;

  const inboxFrom = async (userId: number, senderId: number) =>
    upstream.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.senderId, senderId)));

  beforeAll(async () => {
    upstream = await startUpstream({ backend, seed: false });
    const [blocker, blocked, bystander] = await addMembers(upstream.db, ['차단자', '차단됨', '구경꾼']);
    ids = { blocker, blocked, bystander };
    for (const [who, id] of Object.entries(ids)) tokens[who] = await upstream.issueToken(id);
    const write = async (who: keyof typeof ids, title: string) =>
      (await as(who, 'POST', '/v1/community/', { title, content: `${title} 내용`, post_type: 'general' })).body.id as number;
    blockerPost = await write('blocker', '차단자의 글');
    blockedPost = await write('blocked', '차단됨의 글');
    bystanderPost = await write('bystander', '구경꾼의 글');
    blockerReplyOnBystander = (await as('blocker', 'POST', `/v1/community/${bystanderPost}/reply/`, { content: '차단자의 댓글' })).body.id;
    await as('blocked', 'POST', `/v1/community/${bystanderPost}/reply/`, { content: '차단됨의 댓글' });
    // They followed each other before the block.
    await follow(upstream.db, blocker, blocked);
    await follow(upstream.db, blocked, blocker);
    expect((await as('blocker', 'POST', `/users/${blocked}/block`, { reason: '괴롭힘' })).status).toBe(201);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('a block ends the follows both ways, and neither can follow the other again (403)', async () => {
    const left = await upstream.db.select().from(follows).where(eq(follows.followerId, ids.blocked));
    expect(left.filter((row) => row.followingId === ids.blocker)).toEqual([]);
    expect((await upstream.db.select().from(follows).where(eq(follows.followerId, ids.blocker))).filter((row) => row.followingId === ids.blocked)).toEqual([]);
    for (const [who, target] of [
      ['blocked', ids.blocker],
      ['blocker', ids.blocked],
    ] as const) {
      const refused = await as(who, 'POST', `/users/${target}/follow`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(accountTexts.errors.followBlocked);
    }
    expect(await inboxFrom(ids.blocker, ids.blocked)).toEqual([]);
  });

  it('the blocked member cannot reply to the blocker’s posts or replies, nor the blocker to theirs (403, Korean)', async () => {
    const onPost = await as('blocked', 'POST', `/v1/community/${blockerPost}/reply/`, { content: '끼어들기' });
    expect(onPost.status).toBe(403);
    expect(onPost.body.message).toBe(communityTexts.errors.replyBlocked);
    const onReply = await as('blocked', 'POST', `/v1/community/${bystanderPost}/reply/`, { content: '답글', parent_id: blockerReplyOnBystander });
    expect(onReply.status).toBe(403);
    expect(onReply.body.message).toBe(communityTexts.errors.replyBlocked);
    expect((await as('blocker', 'POST', `/v1/community/${blockedPost}/reply/`, { content: '반대로' })).status).toBe(403);
    // Others still reply as before.
    expect((await as('bystander', 'POST', `/v1/community/${blockerPost}/reply/`, { content: '구경꾼 댓글' })).status).toBe(201);
  });

  it('neither sees the other’s posts in lists, search or detail (404 like a missing post); guests and others see both', async () => {
    const titles = async (who: keyof typeof ids | null, query = '') => {
      const answer = await send('GET', url(`/v1/community/?page_size=50${query}`), undefined, who ? tokens[who] : undefined);
      return answer.body.results.map((post: { title: string }) => post.title) as string[];
    };
    expect(await titles('blocked')).not.toContain('차단자의 글');
    expect(await titles('blocker')).not.toContain('차단됨의 글');
    expect(await titles('blocked', `&search=${encodeURIComponent('차단자')}&search_type=nickname`)).toEqual([]);
    expect(await titles('blocked', `&search=${encodeURIComponent('차단자의')}`)).toEqual([]);
    expect(await titles('blocked', `&target_user_id=${ids.blocker}`)).toEqual([]);
    expect(await titles('bystander')).toEqual(expect.arrayContaining(['차단자의 글', '차단됨의 글']));
    expect(await titles(null)).toEqual(expect.arrayContaining(['차단자의 글', '차단됨의 글']));

    expect((await as('blocked', 'GET', `/v1/community/${blockerPost}/`)).status).toBe(404);
    expect((await as('blocker', 'GET', `/v1/community/${blockedPost}/`)).status).toBe(404);
    expect((await as('blocked', 'GET', `/v1/community/${blockerPost}/reply/`)).status).toBe(404);
    expect((await as('bystander', 'GET', `/v1/community/${blockerPost}/`)).status).toBe(200);
  });

  it('neither sees the other’s replies, on third posts or in member reply lists', async () => {
    const authors = async (who: keyof typeof ids) =>
      (await as(who, 'GET', `/v1/community/${bystanderPost}/reply/`)).body.results.map((reply: { content: string }) => reply.content) as string[];
    expect(await authors('blocked')).not.toContain('차단자의 댓글');
    expect(await authors('blocker')).not.toContain('차단됨의 댓글');
    expect(await authors('bystander')).toEqual(expect.arrayContaining(['차단자의 댓글', '차단됨의 댓글']));
    expect((await as('blocked', 'GET', `/v1/community/reply/?target_user_id=${ids.blocker}`)).body.count).toBe(0);
  });

  it('likes, replies, mentions and follows between the pair notify no one; a like on the other’s post is 404', async () => {
    expect((await as('blocked', 'PATCH', `/v1/community/${blockerPost}/`)).status).toBe(404);
    // A mention of the blocker in a reply on a third member's post.
    expect((await as('blocked', 'POST', `/v1/community/${bystanderPost}/reply/`, { content: '@차단자 보세요' })).status).toBe(201);
    expect(await inboxFrom(ids.blocker, ids.blocked)).toEqual([]);
    // The other direction too (the one who was blocked hears nothing from the blocker).
    expect((await as('blocker', 'POST', `/v1/community/${bystanderPost}/reply/`, { content: '@차단됨 보세요' })).status).toBe(201);
    expect(await inboxFrom(ids.blocked, ids.blocker)).toEqual([]);
    // A bystander's mention still arrives.
    await as('bystander', 'POST', `/v1/community/${bystanderPost}/reply/`, { content: '@차단자 안녕하세요' });
    expect((await inboxFrom(ids.blocker, ids.bystander)).map((row) => row.type)).toContain('mention');
  });

  it('member search leaves the other out', async () => {
    const found = await as('blocked', 'GET', `/users/search?q=${encodeURIComponent('차단')}`);
    expect(found.body.results.map((user: { nickname: string }) => user.nickname)).toEqual(['차단됨']);
    const byBystander = await as('bystander', 'GET', `/users/search?q=${encodeURIComponent('차단')}`);
    expect(byBystander.body.results.map((user: { nickname: string }) => user.nickname).sort()).toEqual(['차단됨', '차단자']);
  });

  it('the other block route (/v1/user/block/) ends follows too', async () => {
    const [a, b] = await addMembers(upstream.db, ['팔로우하나', '팔로우둘']);
    await follow(upstream.db, a, b);
    await follow(upstream.db, b, a);
    const token = await upstream.issueToken(a);
    expect((await send('POST', url('/v1/user/block/'), { block_target_user: b }, token)).status).toBe(201);
    const rows = await upstream.db.select().from(follows).where(eq(follows.followerId, b));
    expect(rows.filter((row) => row.followingId === a)).toEqual([]);
  });
});
