import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyLevel } from '../../domain/limits.js';
import { addMembers, follow } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

/** 말랑콩떡 (member 2): a bio, posts, replies, follows and two badges (슬라임 마스터 represented) in the demo data. */
const OWNER = 2;
const STAFF = 1;

/**
 * The profile privacy setting, enforced by the upstream: `private` shows others only the nickname, picture and
 * represented badge (every other field null, empty or zero; the member's lists empty); `friends` shows the rest
 * only to members who follow each other with the owner; the owner and staff always see everything.
 */
describe.each(backends())('profile privacy on %s', (backend) => {
  let upstream: RunningUpstream;
  const tokens: Record<'owner' | 'staff' | 'friend' | 'follower' | 'stranger', string> = { owner: '', staff: '', friend: '', follower: '', stranger: '' };
  type Who = keyof typeof tokens | 'guest';
  const get = (who: Who, path: string) => send('GET', upstream.url + path, undefined, who === 'guest' ? undefined : tokens[who]);

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    const [friend, follower, stranger] = await addMembers(upstream.db, ['맞팔친구', '한쪽팔로워', '지나가는이']);
    await follow(upstream.db, friend, OWNER);
    await follow(upstream.db, OWNER, friend);
    await follow(upstream.db, follower, OWNER);
    tokens.owner = await upstream.issueToken(OWNER);
    tokens.staff = await upstream.issueToken(STAFF);
    tokens.friend = await upstream.issueToken(friend);
    tokens.follower = await upstream.issueToken(follower);
    tokens.stranger = await upstream.issueToken(stranger);
    expect((await send('PUT', `${upstream.url}/users/me`, { bio: '말랑말랑한 하루' }, tokens.owner)).status).toBe(200);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const setPrivacy = async (privacy: PrivacyLevel) => {
    expect((await send('PUT', `${upstream.url}/users/me`, { preferences: { privacy } }, tokens.owner)).status).toBe(200);
  };

  /** What `who` sees of the owner: the profile and the size of each list. */
  async function seenBy(who: Who) {
    const profile = (await get(who, `/v1/user/${OWNER}/`)).body;
    const [posts, replies, followers, following, activities, badges] = await Promise.all([
      get(who, `/v1/community/?target_user_id=${OWNER}`),
      get(who, `/v1/community/reply/?target_user_id=${OWNER}`),
      get(who, `/users/${OWNER}/followers`),
      get(who, `/users/${OWNER}/following`),
      get(who, `/users/${OWNER}/activities`),
      get(who, `/v1/user/${OWNER}/badge/`),
    ]);
    return {
      profile,
      lists: {
        posts: posts.body.count,
        replies: replies.body.count,
        followers: followers.body.count,
        following: following.body.count,
        activities: activities.body.count,
        byAuthorId: (await get(who, `/v1/community/?author_id=${OWNER}`)).body.count,
      },
      badges: badges.body.map((entry: { badge: { title: string } }) => entry.badge.title),
    };
  }

  function expectRestricted(seen: Awaited<ReturnType<typeof seenBy>>, restriction: 'private' | 'friends') {
    expect(seen.profile).toMatchObject({
      id: OWNER,
      nickname: '말랑콩떡',
      profile_image: expect.stringContaining('avatar-mint'),
      represent_badge: { title: '슬라임 마스터' },
      bio: null,
      location: null,
      website: null,
      gender: null,
      socialLinks: {},
      stats: { postsCount: 0, followersCount: 0, followingCount: 0, likesCount: 0 },
      lastActiveAt: null,
      restriction,
    });
    expect(seen.lists).toEqual({ posts: 0, replies: 0, followers: 0, following: 0, activities: 0, byAuthorId: 0 });
    expect(seen.badges).toEqual(['슬라임 마스터']);
  }

  function expectEverything(seen: Awaited<ReturnType<typeof seenBy>>) {
    expect(seen.profile.restriction).toBeNull();
    expect(seen.profile.bio).toBe('말랑말랑한 하루');
    expect(seen.profile.stats.postsCount).toBeGreaterThan(0);
    for (const count of Object.values(seen.lists)) expect(count).toBeGreaterThan(0);
    expect(seen.badges.length).toBe(2);
  }

  it('public (the default): everyone sees everything', async () => {
    for (const who of ['guest', 'stranger', 'follower'] as const) expectEverything(await seenBy(who));
  });

  it('private: guests and members, friends included, see only nickname, picture and represented badge; owner and staff see all', async () => {
    await setPrivacy('private');
    for (const who of ['guest', 'stranger', 'follower', 'friend'] as const) expectRestricted(await seenBy(who), 'private');
    expectEverything(await seenBy('owner'));
    expectEverything(await seenBy('staff'));
    // The owner still reads their own privacy setting.
    expect((await get('owner', '/users/me')).body.preferences.privacy).toBe('private');
  });

  it('friends: only members who follow each other with the owner see the rest', async () => {
    await setPrivacy('friends');
    for (const who of ['guest', 'stranger', 'follower'] as const) expectRestricted(await seenBy(who), 'friends');
    expectEverything(await seenBy('friend'));
    expectEverything(await seenBy('staff'));
    await setPrivacy('public');
  });

  it('the feed itself is not a profile: a private member’s posts stay in the community list', async () => {
    await setPrivacy('private');
    const feed = (await get('guest', '/v1/community/?page_size=100')).body.results as { author: { id: number } }[];
    expect(feed.some((post) => post.author.id === OWNER)).toBe(true);
    await setPrivacy('public');
  });
});
