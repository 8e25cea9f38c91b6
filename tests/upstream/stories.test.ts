import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSE_FRIENDS_MAX,
  HIGHLIGHT_STORIES_MAX,
  HIGHLIGHT_TITLE_MAX,
  NICKNAME_MAX,
  REPORT_REASON_MAX,
  STORY_CAPTION_MAX,
  STORY_COMMENT_MAX,
  STORY_IMAGE_MAX_BYTES,
  STORY_LIFETIME_MS,
  STORY_REACTION_EMOJIS,
} from '../../domain/limits.js';
import { messagingTexts as m, storyTexts } from '../../domain/messages.js';
import { userBlocks } from '../../upstream/src/db/schema.js';
import { setStoryClock } from '../../upstream/src/stories/clock.js';
import { addMembers, follow, MP4_BYTES, PNG_BYTES, storyForm, WEBM_BYTES } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

const t = storyTexts;

describe.each(backends())('stories (%s)', (backend) => {
  let upstream: RunningUpstream;
  // author, mutual friend, close friend, follower only, stranger, hider (mutual), blocked by the author
  let ids: Record<'author' | 'mutual' | 'close' | 'follower' | 'stranger' | 'hider' | 'blocked', number>;
  const tokens: Record<string, string> = {};
  const story: Record<'public' | 'friends' | 'close_friends', number> = { public: 0, friends: 0, close_friends: 0 };
  let highlightId = 0;

  async function call(method: string, path: string, who: string | null, body?: unknown) {
    const headers: Record<string, string> = who ? { authorization: `token ${tokens[who]}` } : {};
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(upstream.url + path, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  const messages = (answer: { body: any }) => (answer.body?.details ?? []).map((detail: { message: string }) => detail.message);
  const upload = (
    who: string,
    fields: Record<string, string>,
    media: { bytes: Buffer; name: string; type: string } | null = { bytes: PNG_BYTES, name: 'a.png', type: 'image/png' },
  ) => call('POST', '/api/stories/create', who, storyForm(fields, media ?? undefined));

  beforeAll(async () => {
    upstream = await startUpstream({ backend, seed: false });
    const [author, mutual, close, follower, stranger, hider, blocked] = await addMembers(upstream.db, [
      '작가',
      '맞팔',
      '친한친구',
      '팔로워',
      '낯선이',
      '숨김',
      '차단됨',
    ]);
    ids = { author, mutual, close, follower, stranger, hider, blocked };
    for (const [name, id] of Object.entries(ids)) tokens[name] = await upstream.issueToken(id);
    for (const friend of [mutual, close, hider, blocked]) {
      await follow(upstream.db, friend, author);
      await follow(upstream.db, author, friend);
    }
    await follow(upstream.db, follower, author);
    expect((await call('PUT', '/api/stories/close-friends', 'author', { userIds: [close] })).status).toBe(200);
    await upstream.db.insert(userBlocks).values({ blockerId: author, blockedId: blocked });
    expect((await call('POST', '/api/stories/hide', 'hider', { userId: author })).status).toBe(200);
    for (const privacy of ['public', 'friends', 'close_friends'] as const) {
      const created = await upload('author', { type: 'image', caption: `${privacy} 스토리`, privacy });
      expect(created.status).toBe(201);
      story[privacy] = created.body.id;
    }
    const highlight = await call('POST', '/api/stories/highlights', 'author', { title: '여름', storyIds: [story.public, story.friends, story.close_friends] });
    expect(highlight.status).toBe(201);
    highlightId = highlight.body.id;
  }, 90_000);
  afterEach(() => setStoryClock(null));
  afterAll(async () => upstream?.stop());

  describe('create', () => {
    it('stores an image story with its measured size, defaults and a 24 h expiry', async () => {
      const now = new Date('2030-01-01T00:00:00Z');
      setStoryClock(() => now);
      const created = await upload('stranger', {
        type: 'image',
        caption: '안녕',
        mentions: '["말랑"]',
        hashtags: '["슬라임"]',
        location: JSON.stringify({ name: '서울', latitude: 37.5, longitude: 127 }),
        musicId: 'm1',
        effects: '["blur"]',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        userId: ids.stranger,
        type: 'image',
        mimeType: 'image/png',
        width: 1,
        height: 1,
        duration: 5,
        caption: '안녕',
        privacy: 'public',
        mentions: ['말랑'],
        hashtags: ['슬라임'],
        location: { name: '서울', latitude: 37.5, longitude: 127 },
        musicId: 'm1',
        effects: ['blur'],
        viewCount: 0,
        likes: 0,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + STORY_LIFETIME_MS).toISOString(),
      });
      expect(created.body.media).toMatch(/^\/media\/stories\//);
      const media = await fetch(upstream.url + created.body.media);
      expect(media.status).toBe(200);
      expect(Buffer.from(await media.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
      expect((await call('DELETE', `/api/stories/${created.body.id}`, 'stranger')).status).toBe(200);
    });

    it('accepts an MP4 video by its ftyp box', async () => {
      const created = await upload('stranger', { type: 'video', duration: '12' }, { bytes: MP4_BYTES, name: 'clip.mp4', type: 'video/mp4' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ type: 'video', mimeType: 'video/mp4', duration: 12 });
      expect((await call('DELETE', `/api/stories/${created.body.id}`, 'stranger')).status).toBe(200);
      const webm = await upload('stranger', { type: 'video' }, { bytes: WEBM_BYTES, name: 'clip.webm', type: 'video/webm' });
      expect(webm.body).toMatchObject({ type: 'video', mimeType: 'video/webm', duration: 15 });
      expect((await call('DELETE', `/api/stories/${webm.body.id}`, 'stranger')).status).toBe(200);
      // A Matroska file that is not WebM is not a story video.
      const mkv = Buffer.concat([WEBM_BYTES.subarray(0, 12), Buffer.from('matroska', 'latin1')]);
      expect(messages(await upload('stranger', { type: 'video' }, { bytes: mkv, name: 'clip.webm', type: 'video/webm' }))).toEqual([t.media.unsupported]);
    });

    it('refuses a file that is not an image or video, whatever its name and declared type', async () => {
      const text = await upload('stranger', { type: 'image' }, { bytes: Buffer.from('hello, not a picture'), name: 'photo.png', type: 'image/png' });
      expect(text.status).toBe(422);
      expect(messages(text)).toEqual([t.media.unsupported]);
      const mismatch = await upload('stranger', { type: 'video' });
      expect(messages(mismatch)).toEqual([t.media.typeMismatch]);
      const missing = await upload('stranger', { type: 'image' }, null);
      expect(messages(missing)).toEqual([t.media.missing]);
      const big = Buffer.concat([PNG_BYTES, Buffer.alloc(STORY_IMAGE_MAX_BYTES)]);
      const tooBig = await upload('stranger', { type: 'image' }, { bytes: big, name: 'big.png', type: 'image/png' });
      expect(messages(tooBig)).toEqual([t.media.imageTooLarge(STORY_IMAGE_MAX_BYTES / (1024 * 1024))]);
      expect((await call('GET', '/api/stories/my', 'stranger')).body).toEqual([]);
    });

    it('rejects every broken rule with its Korean message, storing nothing', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ type: 'gif' }, t.invalid.type],
        [{ type: 'image', caption: 'ㄱ'.repeat(STORY_CAPTION_MAX + 1) }, t.invalid.caption(STORY_CAPTION_MAX)],
        [{ type: 'image', duration: '0' }, t.invalid.duration(1, 60)],
        [{ type: 'image', duration: '61' }, t.invalid.duration(1, 60)],
        [{ type: 'image', privacy: 'secret' }, t.invalid.privacy],
        [{ type: 'image', mentions: '[말랑' }, t.invalid.json('mentions')],
        [{ type: 'image', location: JSON.stringify({ name: '북극 너머', latitude: 91, longitude: 0 }) }, t.invalid.latitude],
        [{ type: 'image', location: JSON.stringify({ name: '어딘가', latitude: 0, longitude: -181 }) }, t.invalid.longitude],
      ];
      for (const [fields, message] of cases) {
        const answer = await upload('stranger', fields);
        expect(answer.status, JSON.stringify(fields)).toBe(422);
        expect(messages(answer), JSON.stringify(fields)).toContain(message);
      }
      expect((await call('GET', '/api/stories/my', 'stranger')).body).toEqual([]);
      expect((await call('GET', '/api/stories/my', null)).status).toBe(401);
    });
  });

  describe('privacy on every read path', () => {
    type Privacy = keyof typeof story;
    const expected: Record<string, Privacy[]> = {
      author: ['public', 'friends', 'close_friends'],
      close: ['public', 'friends', 'close_friends'],
      mutual: ['public', 'friends'],
      hider: ['public', 'friends'],
      follower: ['public'],
      stranger: ['public'],
      blocked: [],
    };
    const ownedByAuthor = (list: { userId: number; id: number }[]) =>
      list
        .filter((s) => s.userId === ids.author)
        .map((s) => s.id)
        .sort((a, b) => a - b);
    const idsOf = (names: (keyof typeof story)[]) => names.map((name) => story[name]).sort((a, b) => a - b);

    it("a member's stories and each story by id", async () => {
      for (const [who, names] of [...Object.entries(expected), ['guest', ['public'] as Privacy[]] as const]) {
        const viewer = who === 'guest' ? null : who;
        const list = await call('GET', `/api/stories/user/${ids.author}`, viewer);
        expect(ownedByAuthor(list.body), who).toEqual(idsOf([...names]));
        for (const name of Object.keys(story) as (keyof typeof story)[]) {
          const single = await call('GET', `/api/stories/${story[name]}`, viewer);
          expect(single.status, `${who} ${name}`).toBe(names.includes(name) ? 200 : 404);
        }
      }
    });

    it('the tray (groups): others only, the hider and the blocked see no group of the author', async () => {
      for (const [who, names] of Object.entries(expected)) {
        const groups = (await call('GET', '/api/stories/groups', who)).body;
        const group = groups.results.find((g: { userId: number }) => g.userId === ids.author);
        const visible = who === 'author' || who === 'hider' || who === 'blocked' ? [] : names;
        expect(group ? group.stories.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b) : [], who).toEqual(idsOf(visible));
      }
      const guest = (await call('GET', '/api/stories/groups', null)).body;
      expect(guest.results.find((g: { userId: number }) => g.userId === ids.author).stories.map((s: { id: number }) => s.id)).toEqual([story.public]);
      const mine = await call('GET', '/api/stories/my', 'author');
      expect(ownedByAuthor(mine.body)).toEqual(idsOf(expected.author));
    });

    it('view, react and report only what one may see', async () => {
      for (const [who, names] of Object.entries(expected)) {
        if (who === 'author') continue;
        for (const name of Object.keys(story) as (keyof typeof story)[]) {
          const allowed = names.includes(name);
          const reaction = await call('POST', `/api/stories/${story[name]}/reactions`, who, { type: 'emoji', emoji: '😂' });
          expect(reaction.status, `${who} reacts ${name}`).toBe(allowed ? 201 : 404);
          if (allowed) expect((await call('DELETE', `/api/stories/${story[name]}/reactions/${reaction.body.id}`, who)).status).toBe(200);
          const view = await call('POST', `/api/stories/${story[name]}/view`, who, {});
          expect(view.status, `${who} views ${name}`).toBe(allowed ? 200 : 404);
        }
      }
      expect((await call('POST', `/api/stories/${story.friends}/report`, 'follower', { reason: '부적절' })).status).toBe(404);
    });

    it('highlights: each story by its privacy; the highlight list of the author', async () => {
      for (const [who, names] of [...Object.entries(expected), ['guest', ['public'] as Privacy[]] as const]) {
        const viewer = who === 'guest' ? null : who;
        const answer = await call('GET', `/api/stories/highlights/user/${ids.author}`, viewer);
        const highlight = answer.body.results.find((h: { id: number }) => h.id === highlightId);
        expect(
          highlight.stories.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b),
          who,
        ).toEqual(idsOf([...names]));
      }
    });

    it('viewers and stats: the author only (403 for those who see it, 404 for the rest)', async () => {
      expect((await call('GET', `/api/stories/${story.public}/viewers`, 'author')).status).toBe(200);
      expect((await call('GET', `/api/stories/${story.public}/stats`, 'author')).status).toBe(200);
      const mutual = await call('GET', `/api/stories/${story.public}/stats`, 'mutual');
      expect(mutual.status).toBe(403);
      expect(mutual.body.message).toBe(t.errors.notAuthor);
      expect((await call('GET', `/api/stories/${story.friends}/viewers`, 'stranger')).status).toBe(404);
      expect((await call('GET', `/api/stories/${story.public}/viewers`, null)).status).toBe(401);
    });
  });

  describe('views, reactions and stats', () => {
    it('records one view per member, however often they watch, keeping the best figures', async () => {
      const created = await upload('author', { type: 'image' });
      const id = created.body.id;
      const first = await call('POST', `/api/stories/${id}/view`, 'stranger', { duration: 2, completionRate: 40 });
      const again = await call('POST', `/api/stories/${id}/view`, 'stranger', { duration: 4, completionRate: 80 });
      const third = await call('POST', `/api/stories/${id}/view`, 'stranger', {});
      expect(again.body.id).toBe(first.body.id);
      expect(third.body).toMatchObject({ id: first.body.id, viewedAt: first.body.viewedAt, duration: 4, completionRate: 80 });
      const own = await call('POST', `/api/stories/${id}/view`, 'author', {});
      expect(own.body.id).toBeNull();
      expect((await call('GET', `/api/stories/${id}`, 'author')).body.viewCount).toBe(1);
      expect((await call('GET', `/api/stories/${id}`, 'stranger')).body.isViewed).toBe(true);
      const viewers = await call('GET', `/api/stories/${id}/viewers`, 'author');
      expect(viewers.body).toMatchObject({ total: 1, hasMore: false });
      expect(viewers.body.results[0]).toMatchObject({ userId: ids.stranger, user: { nickname: '낯선이' } });
    });

    it('stats add up after N views and reactions from distinct members', async () => {
      const id = (await upload('author', { type: 'image' })).body.id;
      const watchers = [
        ['mutual', 2, 50],
        ['close', 4, 100],
        ['follower', 6, 90],
        ['stranger', 8, 60],
      ] as const;
      for (const [who, duration, completionRate] of watchers) await call('POST', `/api/stories/${id}/view`, who, { duration, completionRate });
      await call('POST', `/api/stories/${id}/view`, 'mutual', { duration: 1, completionRate: 10 });
      for (const who of ['mutual', 'close', 'follower']) expect((await call('POST', `/api/stories/${id}/reactions`, who, { type: 'like' })).status).toBe(201);
      const likeAgain = await call('POST', `/api/stories/${id}/reactions`, 'mutual', { type: 'like' });
      expect(likeAgain.status).toBe(200);
      await call('POST', `/api/stories/${id}/reactions`, 'stranger', { type: 'comment', comment: '멋져요' });
      await call('POST', `/api/stories/${id}/reactions`, 'stranger', { type: 'emoji', emoji: '🔥' });
      const stats = await call('GET', `/api/stories/${id}/stats`, 'author');
      expect(stats.body).toEqual({
        storyId: id,
        viewCount: 4,
        uniqueViewers: 4,
        completionRate: 75,
        averageViewDuration: 5,
        likeCount: 3,
        reactionCount: 5,
        shareCount: 0,
        clickThroughRate: null,
      });
      const seen = await call('GET', `/api/stories/${id}`, 'mutual');
      expect(seen.body).toMatchObject({ likes: 3, isLiked: true, viewCount: 4 });
      const removed = await call('DELETE', `/api/stories/${id}/reactions/${likeAgain.body.id}`, 'close');
      expect(removed.status).toBe(403);
      expect(removed.body.message).toBe(t.errors.notOwnReaction);
      expect((await call('DELETE', `/api/stories/${id}/reactions/${likeAgain.body.id}`, 'mutual')).status).toBe(200);
      expect((await call('GET', `/api/stories/${id}/stats`, 'author')).body.likeCount).toBe(2);
    });

    it('the author sees who sent which emoji and message, and is notified once per like and for every emoji and message', async () => {
      const id = (await upload('author', { type: 'image' })).body.id;
      const inbox = async () =>
        (await call('GET', '/v1/user/notification/?type=story&pageSize=50', 'author')).body.results.filter(
          (n: { type: string; metadata: { storyId?: number } }) => n.type === 'story' && n.metadata.storyId === id,
        );
      expect((await call('POST', `/api/stories/${id}/reactions`, 'stranger', { type: 'emoji', emoji: '😂' })).status).toBe(201);
      expect((await call('POST', `/api/stories/${id}/reactions`, 'stranger', { type: 'comment', comment: '사진 예뻐요!' })).status).toBe(201);
      const like = await call('POST', `/api/stories/${id}/reactions`, 'mutual', { type: 'like' });
      // Taking the like back and liking again tells the author nothing new; the author's own reaction tells no one.
      await call('DELETE', `/api/stories/${id}/reactions/${like.body.id}`, 'mutual');
      await call('POST', `/api/stories/${id}/reactions`, 'mutual', { type: 'like' });
      await call('POST', `/api/stories/${id}/reactions`, 'author', { type: 'emoji', emoji: '🔥' });

      const listed = await call('GET', `/api/stories/${id}/reactions`, 'author');
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ total: 4, hasMore: false });
      expect(
        listed.body.results.map((r: { type: string; emoji: string | null; comment: string | null; user: { nickname: string } }) => [
          r.user.nickname,
          r.type,
          r.emoji ?? r.comment,
        ]),
      ).toEqual([
        ['작가', 'emoji', '🔥'],
        ['맞팔', 'like', null],
        ['낯선이', 'comment', '사진 예뻐요!'],
        ['낯선이', 'emoji', '😂'],
      ]);
      // Only the author reads them.
      expect((await call('GET', `/api/stories/${id}/reactions`, 'stranger')).status).toBe(403);
      expect((await call('GET', `/api/stories/${id}/reactions`, null)).status).toBe(401);

      const told = await inbox();
      expect(told.map((n: { title: string; content: string }) => [n.title, n.content])).toEqual([
        [m.storyLiked('맞팔'), '♥'],
        [m.storyMessage('낯선이'), '사진 예뻐요!'],
        [m.storyEmoji('낯선이', '😂'), '😂'],
      ]);
      // Each opens the author's stories at the story reacted to, in the web app's global ids.
      const authorId = (await call('GET', `/api/stories/${id}`, 'author')).body.userId;
      const userParam = encodeURIComponent(Buffer.from(`User:${authorId}`).toString('base64'));
      const storyParam = encodeURIComponent(Buffer.from(`Story:${id}`).toString('base64'));
      expect(told.map((n: { url: string }) => n.url)).toEqual(Array(3).fill(`/stories/${userParam}?story=${storyParam}`));
    });

    it("each story names the caller's own like, so it can be taken back; every emoji of the set is accepted", async () => {
      const id = (await upload('author', { type: 'image' })).body.id;
      expect((await call('GET', `/api/stories/${id}`, 'mutual')).body).toMatchObject({ isLiked: false, likeId: null, likes: 0 });
      const like = await call('POST', `/api/stories/${id}/reactions`, 'mutual', { type: 'like' });
      await call('POST', `/api/stories/${id}/reactions`, 'close', { type: 'like' });
      const liked = (await call('GET', `/api/stories/${id}`, 'mutual')).body;
      expect(liked).toMatchObject({ isLiked: true, likeId: like.body.id, likes: 2 });
      // Another member's like is not theirs to name.
      expect((await call('GET', `/api/stories/${id}`, 'stranger')).body).toMatchObject({ isLiked: false, likeId: null, likes: 2 });
      expect((await call('GET', `/api/stories/user/${ids.author}`, 'mutual')).body.find((s: { id: number }) => s.id === id).likeId).toBe(like.body.id);
      expect((await call('DELETE', `/api/stories/${id}/reactions/${liked.likeId}`, 'mutual')).status).toBe(200);
      expect((await call('GET', `/api/stories/${id}`, 'mutual')).body).toMatchObject({ isLiked: false, likeId: null, likes: 1 });
      for (const emoji of STORY_REACTION_EMOJIS) {
        const sent = await call('POST', `/api/stories/${id}/reactions`, 'stranger', { type: 'emoji', emoji });
        expect(sent.status, emoji).toBe(201);
        expect(sent.body).toMatchObject({ type: 'emoji', emoji, userId: ids.stranger });
      }
      expect((await call('GET', `/api/stories/${id}/stats`, 'author')).body).toMatchObject({ likeCount: 1, reactionCount: 1 + STORY_REACTION_EMOJIS.length });
    });

    it('orders groups unviewed first and counts what is new', async () => {
      const [first, second, reader] = await addMembers(upstream.db, ['첫째', '둘째', '독자']);
      for (const [name, id] of Object.entries({ first, second, reader })) tokens[name] = await upstream.issueToken(id);
      setStoryClock(() => new Date(Date.now() - 60_000));
      const older = (await upload('first', { type: 'image' })).body.id;
      await upload('first', { type: 'image' });
      setStoryClock(null);
      const newer = (await upload('second', { type: 'image' })).body.id;
      let groups = (await call('GET', '/api/stories/groups', 'reader')).body.results.filter((g: { userId: number }) => [first, second].includes(g.userId));
      expect(groups.map((g: { userId: number }) => g.userId)).toEqual([second, first]);
      expect(groups[1]).toMatchObject({ totalStories: 2, unviewedCount: 2, hasNewStory: true, isViewed: false, username: '첫째' });
      await call('POST', `/api/stories/${newer}/view`, 'reader', {});
      await call('POST', `/api/stories/${older}/view`, 'reader', {});
      groups = (await call('GET', '/api/stories/groups', 'reader')).body.results.filter((g: { userId: number }) => [first, second].includes(g.userId));
      expect(groups.map((g: { userId: number }) => g.userId)).toEqual([first, second]);
      expect(groups[0]).toMatchObject({ unviewedCount: 1, hasNewStory: true });
      expect(groups[1]).toMatchObject({ unviewedCount: 0, hasNewStory: false, isViewed: true });
      const paged = (await call('GET', '/api/stories/groups?page=1&page_size=1', 'reader')).body;
      expect(paged.results).toHaveLength(1);
      expect(paged.hasMore).toBe(true);
    });

    it('rejects broken view, reaction, highlight and report input with clear errors', async () => {
      const id = story.public;
      const cases: [string, string, unknown, string][] = [
        ['POST', `/api/stories/${id}/view`, { completionRate: 101 }, t.invalid.completionRate],
        ['POST', `/api/stories/${id}/view`, { duration: -1 }, t.invalid.viewDuration],
        ['POST', `/api/stories/${id}/reactions`, { type: 'wow' }, t.invalid.reactionType],
        ['POST', `/api/stories/${id}/reactions`, { type: 'comment', comment: 'ㄱ'.repeat(STORY_COMMENT_MAX + 1) }, t.invalid.comment(STORY_COMMENT_MAX)],
        ['POST', `/api/stories/${id}/reactions`, { type: 'comment' }, t.invalid.comment(STORY_COMMENT_MAX)],
        ['POST', `/api/stories/${id}/reactions`, { type: 'emoji' }, t.invalid.emoji(STORY_REACTION_EMOJIS)],
        ['POST', `/api/stories/${id}/reactions`, { type: 'emoji', emoji: '😀' }, t.invalid.emoji(STORY_REACTION_EMOJIS)],
        ['POST', `/api/stories/${id}/reactions`, { type: 'emoji', emoji: '하트' }, t.invalid.emoji(STORY_REACTION_EMOJIS)],
        ['POST', `/api/stories/${id}/report`, { reason: '  ' }, t.invalid.reason(REPORT_REASON_MAX)],
        ['POST', '/api/stories/highlights', { title: 'ㄱ'.repeat(HIGHLIGHT_TITLE_MAX + 1), storyIds: [id] }, t.invalid.highlightTitle(HIGHLIGHT_TITLE_MAX)],
        ['POST', '/api/stories/highlights', { title: '빈 하이라이트', storyIds: [] }, t.invalid.highlightStories(HIGHLIGHT_STORIES_MAX)],
        ['PUT', `/api/stories/${id}`, { type: 'video' }, t.invalid.notEditable],
        ['PUT', `/api/stories/${id}`, { caption: 'ㄱ'.repeat(STORY_CAPTION_MAX + 1) }, t.invalid.caption(STORY_CAPTION_MAX)],
        ['PUT', '/api/stories/close-friends', { userIds: [ids.follower] }, t.errors.closeFriendNotFriend],
        [
          'PUT',
          '/api/stories/close-friends',
          { userIds: Array.from({ length: CLOSE_FRIENDS_MAX + 1 }, (_, index) => index + 1) },
          t.invalid.closeFriends(CLOSE_FRIENDS_MAX),
        ],
        ['POST', '/api/stories/hide', { userId: ids.author }, t.errors.hideSelf],
      ];
      for (const [method, path, body, message] of cases) {
        const answer = await call(method, path, 'author', body);
        expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(422);
        expect(messages(answer), path).toContain(message);
      }
      const foreign = await call('POST', '/api/stories/highlights', 'mutual', { title: '남의 것', storyIds: [story.public] });
      expect(messages(foreign)).toEqual([t.errors.notOwnStory]);
    });
  });

  describe('update, delete, report, hide', () => {
    it('the author updates caption and privacy; others cannot', async () => {
      const id = (await upload('author', { type: 'image', caption: '처음' })).body.id;
      const updated = await call('PUT', `/api/stories/${id}`, 'author', { caption: '수정됨', privacy: 'friends', hashtags: ['여름'] });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ caption: '수정됨', privacy: 'friends', hashtags: ['여름'] });
      expect((await call('GET', `/api/stories/${id}`, 'stranger')).status).toBe(404);
      expect((await call('PUT', `/api/stories/${id}`, 'mutual', { caption: '해킹' })).status).toBe(403);
      expect((await call('DELETE', `/api/stories/${id}`, 'mutual')).status).toBe(403);
      expect((await call('DELETE', `/api/stories/${id}`, 'author')).status).toBe(200);
      expect((await call('GET', `/api/stories/${id}`, 'author')).status).toBe(404);
    });

    it('reports once per member (then 409)', async () => {
      const first = await call('POST', `/api/stories/${story.public}/report`, 'stranger', { reason: '스팸입니다' });
      expect(first.status).toBe(201);
      expect(first.body.id).toBeGreaterThan(0);
      const again = await call('POST', `/api/stories/${story.public}/report`, 'stranger', { reason: '스팸입니다' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(t.errors.alreadyReported);
    });

    it('hiding leaves the tray only until unhidden', async () => {
      const inTray = async () => (await call('GET', '/api/stories/groups', 'stranger')).body.results.some((g: { userId: number }) => g.userId === ids.author);
      expect(await inTray()).toBe(true);
      expect((await call('POST', '/api/stories/hide', 'stranger', { userId: ids.author })).status).toBe(200);
      expect((await call('POST', '/api/stories/hide', 'stranger', { userId: ids.author })).status).toBe(200);
      expect(await inTray()).toBe(false);
      expect((await call('DELETE', `/api/stories/hide/${ids.author}`, 'stranger')).status).toBe(200);
      expect(await inTray()).toBe(true);
      expect((await call('POST', '/api/stories/hide', 'stranger', { userId: 999_999 })).status).toBe(404);
    });

    it('lists the members one hid, most recent first, until unhidden; only for oneself', async () => {
      const hidden = async () => (await call('GET', '/api/stories/hidden', 'stranger')).body;
      expect(await hidden()).toEqual({ results: [], total: 0, hasMore: false });
      await call('POST', '/api/stories/hide', 'stranger', { userId: ids.author });
      await call('POST', '/api/stories/hide', 'stranger', { userId: ids.mutual });
      const both = await hidden();
      expect(both).toMatchObject({ total: 2, hasMore: false });
      expect(both.results.map((entry: { user: { id: number } }) => entry.user.id).sort()).toEqual([ids.author, ids.mutual].sort());
      expect(both.results[0]).toMatchObject({ user: { nickname: expect.any(String) }, hiddenAt: expect.any(String) });
      const paged = (await call('GET', '/api/stories/hidden?page=1&page_size=1', 'stranger')).body;
      expect(paged).toMatchObject({ total: 2, hasMore: true });
      expect(paged.results).toHaveLength(1);
      await call('DELETE', `/api/stories/hide/${ids.author}`, 'stranger');
      await call('DELETE', `/api/stories/hide/${ids.mutual}`, 'stranger');
      expect(await hidden()).toEqual({ results: [], total: 0, hasMore: false });
      // The hider set up at the start sees theirs; a guest is asked to log in.
      expect((await call('GET', '/api/stories/hidden', 'hider')).body.results.map((entry: { user: { id: number } }) => entry.user.id)).toEqual([ids.author]);
      expect((await call('GET', '/api/stories/hidden', null)).status).toBe(401);
    });

    it('the close-friends picker lists mutual friends by nickname with the close ones marked, filtered by nickname', async () => {
      const picker = async (query = '') => (await call('GET', `/api/stories/close-friends/candidates${query}`, 'author')).body;
      const all = await picker();
      const byId = new Map(all.results.map((entry: { user: { id: number }; isCloseFriend: boolean }) => [entry.user.id, entry.isCloseFriend]));
      expect(byId.get(ids.close)).toBe(true);
      expect(byId.get(ids.mutual)).toBe(false);
      expect(byId.has(ids.follower)).toBe(false);
      expect(byId.has(ids.stranger)).toBe(false);
      const nicknames = all.results.map((entry: { user: { nickname: string } }) => entry.user.nickname);
      expect(nicknames).toEqual([...nicknames].sort());
      expect(all.total).toBe(all.results.length);
      const found = await picker(`?q=${encodeURIComponent('친한')}`);
      expect(found).toMatchObject({ total: 1, results: [{ user: { id: ids.close }, isCloseFriend: true }] });
      expect((await picker('?page=1&page_size=1')).hasMore).toBe(true);
      const tooLong = await call('GET', `/api/stories/close-friends/candidates?q=${'ㄱ'.repeat(NICKNAME_MAX + 1)}`, 'author');
      expect(tooLong.status).toBe(422);
      expect(messages(tooLong)).toEqual([t.invalid.friendQuery(NICKNAME_MAX)]);
      expect((await call('GET', '/api/stories/close-friends/candidates', null)).status).toBe(401);
      expect((await call('GET', '/api/stories/close-friends', 'author')).body).toEqual({ results: [ids.close] });
    });
  });

  describe('expiry (24 h)', () => {
    it('expired stories leave every list and cannot be viewed; highlights keep them; the author keeps stats', async () => {
      const later = Date.now() + STORY_LIFETIME_MS + 60_000;
      setStoryClock(() => new Date(later));
      expect((await call('GET', '/api/stories/my', 'author')).body).toEqual([]);
      expect((await call('GET', `/api/stories/user/${ids.author}`, 'close')).body).toEqual([]);
      const groups = (await call('GET', '/api/stories/groups', 'close')).body;
      expect(groups.results.some((g: { userId: number }) => g.userId === ids.author)).toBe(false);
      expect((await call('GET', `/api/stories/${story.public}`, 'close')).status).toBe(404);
      expect((await call('POST', `/api/stories/${story.public}/view`, 'close', {})).status).toBe(404);
      expect((await call('POST', `/api/stories/${story.public}/reactions`, 'close', { type: 'like' })).status).toBe(404);
      expect((await call('PUT', `/api/stories/${story.public}`, 'author', { caption: '늦음' })).status).toBe(404);
      const highlight = (await call('GET', '/api/stories/highlights/my', 'author')).body.results.find((h: { id: number }) => h.id === highlightId);
      expect(highlight.stories).toHaveLength(3);
      expect(highlight.stories.every((s: { isExpired: boolean }) => s.isExpired)).toBe(true);
      expect((await call('GET', `/api/stories/${story.public}/stats`, 'author')).status).toBe(200);
      setStoryClock(() => new Date(later - 120_000));
      expect((await call('GET', `/api/stories/${story.public}`, 'close')).status).toBe(200);
    });

    it('private highlights are the owner’s; only the owner deletes', async () => {
      const own = await call('POST', '/api/stories/highlights', 'author', { title: '나만', storyIds: [story.public], isPrivate: true, order: 1 });
      expect(own.body).toMatchObject({ title: '나만', isPrivate: true, order: 1 });
      expect((await call('GET', `/api/stories/highlights/user/${ids.author}`, 'mutual')).body.results.some((h: { id: number }) => h.id === own.body.id)).toBe(
        false,
      );
      expect((await call('DELETE', `/api/stories/highlights/${own.body.id}`, 'mutual')).status).toBe(404);
      expect((await call('DELETE', `/api/stories/highlights/${highlightId}`, 'mutual')).status).toBe(403);
      expect((await call('DELETE', `/api/stories/highlights/${own.body.id}`, 'author')).status).toBe(200);
    });
  });
});
