import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SPECIAL_IDS } from '../../domain/community.js';
import { communityTexts } from '../../domain/messages.js';
import { issueSession } from '../../upstream/src/accounts/sessions.js';
import { posts, users } from '../../upstream/src/db/schema.js';
import { backends, useUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';
import { getJson } from './support.js';

describe.each(backends())('notices on the community board (%s)', (backend) => {
  const upstream = useUpstream({ backend });
  const tokenOf = async (staff: boolean) => {
    const [member] = await upstream.db.select({ id: users.id }).from(users).where(eq(users.isStaff, staff)).limit(1);
    return (await issueSession(upstream.db, member.id, false)).token;
  };
  const write = (token: string, body: Record<string, unknown>) =>
    send('POST', `${upstream.url}/v1/community/`, { title: '점검 안내', content: '오늘 밤 점검합니다.', ...body }, token);

  it('only staff file a post as a notice, by type or by the 공지 category; a member editing a post into one is refused too', async () => {
    const member = await tokenOf(false);
    for (const body of [{ post_type: 'notice' }, { category: SPECIAL_IDS.notice }, { post_type: 'general', sub_category: SPECIAL_IDS.notice }]) {
      const answer = await write(member, body);
      expect(answer.status, JSON.stringify(body)).toBe(403);
      expect(answer.body.message).toBe(communityTexts.errors.noticeStaffOnly);
    }
    const own = await write(member, { post_type: 'general' });
    expect(own.status).toBe(201);
    const edit = await send('PUT', `${upstream.url}/v1/community/${own.body.id}/`, { category: SPECIAL_IDS.notice }, member);
    expect(edit.status).toBe(403);
    const [stored] = await upstream.db.select({ categoryId: posts.categoryId }).from(posts).where(eq(posts.id, own.body.id));
    expect(stored.categoryId).not.toBe(SPECIAL_IDS.notice);

    const staff = await write(await tokenOf(true), { post_type: 'notice', category: SPECIAL_IDS.notice });
    expect(staff.status).toBe(201);
    expect(staff.body.is_notice).toBe(true);
  });

  it('the notice board lists pinned notices first, then the rest newest first; search keeps its own order', async () => {
    const board = await getJson(`${upstream.url}/v1/community/?category=${SPECIAL_IDS.notice}&page_size=100`);
    const results = board.body.results as { id: number; is_pinned: boolean; created_at: string }[];
    const pinned = results.filter((post) => post.is_pinned);
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned.length).toBeLessThan(results.length);
    expect(results.slice(0, pinned.length).every((post) => post.is_pinned)).toBe(true);
    const byNewest = (list: typeof results) => [...list].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id).map((post) => post.id);
    expect(results.slice(pinned.length).map((post) => post.id)).toEqual(byNewest(results.filter((post) => !post.is_pinned)));
    // Without the rule the newest post would come first: the seeded pinned notices are not all the newest.
    expect(
      byNewest(results)
        .slice(0, pinned.length)
        .every((id) => pinned.some((post) => post.id === id)),
    ).toBe(false);

    const searched = await getJson(`${upstream.url}/v1/community/?category=${SPECIAL_IDS.notice}&search=${encodeURIComponent('공지')}&page_size=100`);
    const found = searched.body.results as typeof results;
    expect(found.map((post) => post.id)).toEqual(byNewest(found));
  });
});
