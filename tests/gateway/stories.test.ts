import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NICKNAME_MAX, STORY_COMMENT_MAX, STORY_LIFETIME_MS, STORY_REACTION_EMOJIS, storyTexts } from '../../domain/index.js';
import { setStoryClock } from '../../upstream/src/stories/clock.js';
import { useStack } from '../helpers/stack.js';
import { addMembers, follow, PNG_BYTES } from '../helpers/stories.js';

const stack = useStack();
let author: { id: number; token: string };
let friend: { id: number; token: string };
let stranger: { id: number; token: string };
let viewers: { id: number; token: string }[];

beforeAll(async () => {
  const ids = await addMembers(stack.upstream.db, ['스토리작가', '맞팔친구', '지나가는이', '관객1', '관객2', '관객3']);
  const [a, f, s, ...rest] = await Promise.all(ids.map(async (id) => ({ id, token: await stack.upstream.issueToken(id) })));
  [author, friend, stranger, viewers] = [a, f, s, rest];
  await follow(stack.upstream.db, author.id, friend.id);
  await follow(stack.upstream.db, friend.id, author.id);
}, 60_000);
afterEach(() => setStoryClock(null));

const CREATE = /* GraphQL */ `
  mutation ($input: CreateStoryInput!) {
    createStory(input: $input) {
      __typename
      ... on CreateStoryPayload { story { id databaseId type mediaUrl width height caption privacy duration hashtags location { name latitude } isMine author { databaseId } } }
      ... on ValidationError { issues { path message } }
      ... on NotAuthenticatedError { message }
    }
  }
`;

/** A GraphQL multipart request (the spec Yoga implements): operations, map, then the file. */
async function createStory(token: string | undefined, input: Record<string, unknown>, bytes: Buffer = PNG_BYTES, type = 'image/png') {
  return stack.upload(CREATE, { input: { ...input, media: null } }, { 'input.media': { bytes, type, name: 'story.png' } }, token);
}

const STORY_AUTHOR_FIELDS = /* GraphQL */ `
  query ($id: ID!) {
    node(id: $id) {
      ... on Story {
        viewCount
        likeCount
        stats { __typename ... on StoryStats { viewCount uniqueViewers completionRate averageViewDuration likeCount reactionCount } ... on ForbiddenError { message code } }
        viewers(first: 10) { __typename ... on StoryViewerConnection { totalCount edges { node { completionRate viewer { databaseId nickname } } } } ... on ForbiddenError { message } }
      }
    }
  }
`;

const VIEW = /* GraphQL */ `
  mutation ($input: ViewStoryInput!) {
    viewStory(input: $input) { __typename ... on ViewStoryPayload { view { id completionRate } story { id viewCount isViewed } } ... on NotFoundError { message } ... on ValidationError { issues { message } } }
  }
`;
const REACT = /* GraphQL */ `
  mutation ($input: ReactToStoryInput!) {
    reactToStory(input: $input) { __typename ... on ReactToStoryPayload { reaction { id type comment user { databaseId } } story { id likeCount isLiked } } ... on ValidationError { issues { path message } } ... on NotFoundError { message } }
  }
`;

describe('stories through the gateway', () => {
  it('starts with the Korean demo stories, privacy applied for guests, and a highlight', async () => {
    const answer = await stack.graphql(`{ storyGroups(first: 10) { edges { node { user { nickname } stories { caption privacy } } } } }`);
    const groups = Object.fromEntries(answer.data.storyGroups.edges.map((edge: any) => [edge.node.user.nickname, edge.node.stories]));
    expect(groups['말랑콩떡']).toEqual([
      { caption: '오늘 분홍 슬라임을 키웠어요 🩷', privacy: 'PUBLIC' },
      { caption: '드디어 킹슬라임 등장!', privacy: 'PUBLIC' },
    ]);
    expect(groups['젤리곰']).toBeUndefined();
    const highlights = await stack.graphql(
      `query ($id: ID!) { node(id: $id) { ... on User { highlights(first: 5) { edges { node { title stories { id } } } } } } }`,
      { id: encodeGlobalID('User', 2) },
    );
    expect(highlights.data.node.highlights.edges[0].node).toMatchObject({ title: '슬라임 성장기', stories: [{}, {}] });
  });

  it('creates an image story from a streamed upload, validated before the upstream', async () => {
    const answer = await createStory(author.token, {
      type: 'IMAGE',
      caption: '첫 스토리',
      hashtags: ['슬라임'],
      location: { name: '서울', latitude: 37.5, longitude: 127 },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createStory.story).toMatchObject({
      type: 'IMAGE',
      width: 1,
      height: 1,
      caption: '첫 스토리',
      privacy: 'PUBLIC',
      duration: 5,
      hashtags: ['슬라임'],
      isMine: true,
      author: { databaseId: author.id },
    });
    const fake = await createStory(author.token, { type: 'IMAGE' }, Buffer.from('<html>not media</html>'), 'image/png');
    expect(fake.data.createStory).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'media'], message: storyTexts.media.unsupported }] });
    const badDuration = await createStory(author.token, { type: 'IMAGE', duration: 61 });
    expect(badDuration.data.createStory).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'duration'], message: storyTexts.invalid.duration(1, 60) }],
    });
    const guest = await createStory(undefined, { type: 'IMAGE' });
    expect(guest.data.createStory.__typename).toBe('NotAuthenticatedError');
  });

  it('serves storyGroups, viewer.stories and User.stories by privacy', async () => {
    const friendsOnly = (await createStory(author.token, { type: 'IMAGE', privacy: 'FRIENDS' })).data.createStory.story;
    const TRAY = /* GraphQL */ `
      query ($user: ID!) {
        storyGroups(first: 10) { totalCount edges { node { user { databaseId } hasNewStory unviewedCount totalStories stories { id privacy } } } }
        viewer { stories(first: 10) { totalCount } }
        node(id: $user) { ... on User { stories(first: 10) { totalCount edges { node { id } } } } }
      }
    `;
    const user = encodeGlobalID('User', author.id);
    const asFriend = await stack.graphql(TRAY, { user }, friend.token);
    expect(asFriend.errors).toBeUndefined();
    const group = asFriend.data.storyGroups.edges.find((edge: any) => edge.node.user.databaseId === author.id).node;
    expect(group).toMatchObject({ hasNewStory: true, totalStories: 2, unviewedCount: 2 });
    expect(asFriend.data.node.stories.totalCount).toBe(2);
    const asStranger = await stack.graphql(TRAY, { user }, stranger.token);
    expect(asStranger.data.node.stories.edges.map((edge: any) => edge.node.id)).not.toContain(friendsOnly.id);
    expect(asStranger.data.storyGroups.edges.find((edge: any) => edge.node.user.databaseId === author.id).node.stories.map((s: any) => s.privacy)).toEqual([
      'PUBLIC',
    ]);
    const own = await stack.graphql(TRAY, { user }, author.token);
    expect(own.data.viewer.stories.totalCount).toBe(2);
    expect(own.data.storyGroups.edges.some((edge: any) => edge.node.user.databaseId === author.id)).toBe(false);
  });

  it('views are idempotent; stats and viewers are for the author only (ForbiddenError otherwise)', async () => {
    const story = (await createStory(author.token, { type: 'IMAGE' })).data.createStory.story;
    const rates = [40, 60, 80];
    for (const [index, viewer] of viewers.entries()) {
      const first = await stack.graphql(VIEW, { input: { storyId: story.id, duration: 5, completionRate: rates[index] } }, viewer.token);
      expect(first.data.viewStory.story.isViewed).toBe(true);
      const again = await stack.graphql(VIEW, { input: { storyId: story.id } }, viewer.token);
      expect(again.data.viewStory.view.id).toBe(first.data.viewStory.view.id);
    }
    for (const viewer of viewers.slice(0, 2)) {
      const liked = await stack.graphql(REACT, { input: { storyId: story.id, type: 'LIKE' } }, viewer.token);
      expect(liked.data.reactToStory.story.isLiked).toBe(true);
    }
    const comment = await stack.graphql(REACT, { input: { storyId: story.id, type: 'COMMENT', comment: '멋져요!' } }, viewers[2].token);
    const REMOVE = `mutation ($input: RemoveStoryReactionInput!) { removeStoryReaction(input: $input) { __typename ... on RemoveStoryReactionPayload { story { id } } ... on ForbiddenError { message } } }`;
    const emoji = await stack.graphql(REACT, { input: { storyId: story.id, type: 'EMOJI', emoji: '🔥' } }, viewers[2].token);
    const emojiId = emoji.data.reactToStory.reaction.id;
    expect((await stack.graphql(REMOVE, { input: { storyId: story.id, reactionId: emojiId } }, viewers[0].token)).data.removeStoryReaction).toEqual({
      __typename: 'ForbiddenError',
      message: storyTexts.errors.notOwnReaction,
    });
    expect((await stack.graphql(REMOVE, { input: { storyId: story.id, reactionId: emojiId } }, viewers[2].token)).data.removeStoryReaction.__typename).toBe(
      'RemoveStoryReactionPayload',
    );
    expect(comment.data.reactToStory.reaction).toMatchObject({ type: 'COMMENT', comment: '멋져요!', user: { databaseId: viewers[2].id } });
    const tooLong = await stack.graphql(
      REACT,
      { input: { storyId: story.id, type: 'COMMENT', comment: 'ㄱ'.repeat(STORY_COMMENT_MAX + 1) } },
      viewers[2].token,
    );
    expect(tooLong.data.reactToStory).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'comment'], message: storyTexts.invalid.comment(STORY_COMMENT_MAX) }],
    });

    const mine = await stack.graphql(STORY_AUTHOR_FIELDS, { id: story.id }, author.token);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.node).toMatchObject({ viewCount: 3, likeCount: 2 });
    expect(mine.data.node.stats).toEqual({
      __typename: 'StoryStats',
      viewCount: 3,
      uniqueViewers: 3,
      completionRate: 60,
      averageViewDuration: 5,
      likeCount: 2,
      reactionCount: 3,
    });
    expect(mine.data.node.viewers.totalCount).toBe(3);
    expect(mine.data.node.viewers.edges.map((edge: any) => edge.node.viewer.databaseId).sort()).toEqual(viewers.map((v) => v.id).sort());

    const calls = stack.upstreamCalls();
    const theirs = await stack.graphql(STORY_AUTHOR_FIELDS, { id: story.id }, viewers[0].token);
    expect(theirs.data.node.stats).toEqual({ __typename: 'ForbiddenError', message: storyTexts.errors.notAuthor, code: 'FORBIDDEN' });
    expect(theirs.data.node.viewers).toEqual({ __typename: 'ForbiddenError', message: storyTexts.errors.notAuthor });
    // One call loads the story; the author-only fields refuse without asking the upstream.
    expect(stack.upstreamCalls() - calls).toBe(1);
    const guest = await stack.graphql(STORY_AUTHOR_FIELDS.replace('... on ForbiddenError { message code }', '... on NotAuthenticatedError { code }'), {
      id: story.id,
    });
    expect(guest.data.node.stats).toEqual({ __typename: 'NotAuthenticatedError', code: 'UNAUTHORIZED' });
  });

  it('hides, reports once, builds highlights that outlive the 24 h expiry', async () => {
    const story = (await createStory(author.token, { type: 'IMAGE', caption: '추억' })).data.createStory.story;
    const HIDE = `mutation ($input: HideUserStoriesInput!) { hideUserStories(input: $input) { __typename ... on HideUserStoriesPayload { hidden user { databaseId } } } }`;
    const hidden = await stack.graphql(HIDE, { input: { userId: encodeGlobalID('User', author.id) } }, stranger.token);
    expect(hidden.data.hideUserStories).toEqual({ __typename: 'HideUserStoriesPayload', hidden: true, user: { databaseId: author.id } });
    const tray = await stack.graphql(`{ storyGroups(first: 10) { edges { node { user { databaseId } } } } }`, {}, stranger.token);
    expect(tray.data.storyGroups.edges.map((edge: any) => edge.node.user.databaseId)).not.toContain(author.id);
    const UNHIDE = `mutation ($input: UnhideUserStoriesInput!) { unhideUserStories(input: $input) { __typename } }`;
    expect((await stack.graphql(UNHIDE, { input: { userId: encodeGlobalID('User', author.id) } }, stranger.token)).data.unhideUserStories.__typename).toBe(
      'UnhideUserStoriesPayload',
    );

    const REPORT = `mutation ($input: ReportStoryInput!) { reportStory(input: $input) { __typename ... on ReportStoryPayload { reportId } ... on ConflictError { message } } }`;
    expect((await stack.graphql(REPORT, { input: { storyId: story.id, reason: '부적절해요' } }, stranger.token)).data.reportStory.__typename).toBe(
      'ReportStoryPayload',
    );
    expect((await stack.graphql(REPORT, { input: { storyId: story.id, reason: '부적절해요' } }, stranger.token)).data.reportStory).toEqual({
      __typename: 'ConflictError',
      message: storyTexts.errors.alreadyReported,
    });
    // One's own story is not reported.
    const own = await stack.graphql(
      `mutation ($input: ReportStoryInput!) { reportStory(input: $input) { __typename ... on Error { message } } }`,
      { input: { storyId: story.id, reason: '내 스토리' } },
      author.token,
    );
    expect(own.data.reportStory).toEqual({ __typename: 'ForbiddenError', message: storyTexts.errors.reportOwn });

    const HIGHLIGHT = `mutation ($input: CreateHighlightInput!) { createHighlight(input: $input) { __typename ... on CreateHighlightPayload { highlight { id title stories { id } } } ... on ValidationError { issues { path message } } } }`;
    const created = await stack.graphql(HIGHLIGHT, { input: { title: '여름 추억', storyIds: [story.id] } }, author.token);
    expect(created.data.createHighlight.highlight).toMatchObject({ title: '여름 추억', stories: [{ id: story.id }] });
    const tooLong = await stack.graphql(HIGHLIGHT, { input: { title: 'ㄱ'.repeat(51), storyIds: [story.id] } }, author.token);
    expect(tooLong.data.createHighlight.issues).toEqual([{ path: ['input', 'title'], message: storyTexts.invalid.highlightTitle(50) }]);

    setStoryClock(() => new Date(Date.now() + STORY_LIFETIME_MS + 60_000));
    const later = await stack.graphql(
      `query ($user: ID!) { storyGroups(first: 10) { totalCount } node(id: $user) { ... on User { stories(first: 10) { totalCount } highlights(first: 10) { edges { node { title stories { id isExpired } } } } } } }`,
      { user: encodeGlobalID('User', author.id) },
      friend.token,
    );
    expect(later.data.storyGroups.totalCount).toBe(0);
    expect(later.data.node.stories.totalCount).toBe(0);
    expect(later.data.node.highlights.edges[0].node).toEqual({ title: '여름 추억', stories: [{ id: story.id, isExpired: true }] });
    const expiredView = await stack.graphql(VIEW, { input: { storyId: story.id } }, friend.token);
    expect(expiredView.data.viewStory.__typename).toBe('NotFoundError');
  });

  it('close friends: only mutual followers can be marked, and they then see CLOSE_FRIENDS stories', async () => {
    const CLOSE = `mutation ($input: SetCloseFriendsInput!) { setCloseFriends(input: $input) { __typename ... on SetCloseFriendsPayload { closeFriends { databaseId } } ... on ValidationError { issues { path message } } } }`;
    const refused = await stack.graphql(CLOSE, { input: { userIds: [encodeGlobalID('User', stranger.id)] } }, author.token);
    expect(refused.data.setCloseFriends).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'userIds'], message: storyTexts.errors.closeFriendNotFriend }],
    });
    const story = (await createStory(author.token, { type: 'IMAGE', privacy: 'CLOSE_FRIENDS' })).data.createStory.story;
    const seen = () => stack.graphql(`query ($id: ID!) { node(id: $id) { id } }`, { id: story.id }, friend.token);
    expect((await seen()).data.node).toBeNull();
    const marked = await stack.graphql(CLOSE, { input: { userIds: [encodeGlobalID('User', friend.id)] } }, author.token);
    expect(marked.data.setCloseFriends).toEqual({ __typename: 'SetCloseFriendsPayload', closeFriends: [{ databaseId: friend.id }] });
    expect((await seen()).data.node).toEqual({ id: story.id });
  });

  it('update and delete are the author’s', async () => {
    const story = (await createStory(author.token, { type: 'IMAGE' })).data.createStory.story;
    const UPDATE = `mutation ($input: UpdateStoryInput!) { updateStory(input: $input) { __typename ... on UpdateStoryPayload { story { caption privacy } } ... on ForbiddenError { message } } }`;
    expect(
      (await stack.graphql(UPDATE, { input: { storyId: story.id, caption: '바뀜', privacy: 'CLOSE_FRIENDS' } }, author.token)).data.updateStory.story,
    ).toEqual({ caption: '바뀜', privacy: 'CLOSE_FRIENDS' });
    const DELETE = `mutation ($input: DeleteStoryInput!) { deleteStory(input: $input) { __typename ... on DeleteStoryPayload { deletedStoryId } ... on ForbiddenError { message } ... on NotFoundError { message } } }`;
    // The close friend sees the story but may not delete it; a stranger does not learn it exists.
    expect((await stack.graphql(DELETE, { input: { storyId: story.id } }, friend.token)).data.deleteStory.__typename).toBe('ForbiddenError');
    expect((await stack.graphql(DELETE, { input: { storyId: story.id } }, stranger.token)).data.deleteStory.__typename).toBe('NotFoundError');
    expect((await stack.graphql(DELETE, { input: { storyId: story.id } }, author.token)).data.deleteStory).toEqual({
      __typename: 'DeleteStoryPayload',
      deletedStoryId: story.id,
    });
  });
});

describe('taking a like back, emoji reactions, close friends and hidden members', () => {
  const UNLIKE = /* GraphQL */ `
    mutation ($input: UnlikeStoryInput!) { unlikeStory(input: $input) { __typename ... on UnlikeStoryPayload { story { id isLiked likeCount } } ... on NotFoundError { message } } }
  `;

  it('unlikeStory takes back the viewer’s own like and leaves the others’; again it changes nothing', async () => {
    const story = (await createStory(author.token, { type: 'IMAGE' })).data.createStory.story;
    for (const viewer of viewers.slice(0, 2)) await stack.graphql(REACT, { input: { storyId: story.id, type: 'LIKE' } }, viewer.token);
    const taken = await stack.graphql(UNLIKE, { input: { storyId: story.id } }, viewers[0].token);
    expect(taken.data.unlikeStory).toEqual({ __typename: 'UnlikeStoryPayload', story: { id: story.id, isLiked: false, likeCount: 1 } });
    const again = await stack.graphql(UNLIKE, { input: { storyId: story.id } }, viewers[0].token);
    expect(again.data.unlikeStory.story).toEqual({ id: story.id, isLiked: false, likeCount: 1 });
    const other = await stack.graphql(`query ($id: ID!) { node(id: $id) { ... on Story { isLiked likeCount } } }`, { id: story.id }, viewers[1].token);
    expect(other.data.node).toEqual({ isLiked: true, likeCount: 1 });
    const hidden = (await createStory(author.token, { type: 'IMAGE', privacy: 'FRIENDS' })).data.createStory.story;
    expect((await stack.graphql(UNLIKE, { input: { storyId: hidden.id } }, stranger.token)).data.unlikeStory).toEqual({
      __typename: 'NotFoundError',
      message: storyTexts.errors.notFound,
    });
  });

  it('the author reads who sent which emoji and message; others get ForbiddenError', async () => {
    const story = (await createStory(author.token, { type: 'IMAGE' })).data.createStory.story;
    await stack.graphql(REACT, { input: { storyId: story.id, type: 'EMOJI', emoji: '😮' } }, friend.token);
    await stack.graphql(REACT, { input: { storyId: story.id, type: 'COMMENT', comment: '사진 예뻐요!' } }, stranger.token);
    const REACTIONS = `query ($id: ID!) { node(id: $id) { ... on Story { reactions(first: 10) { __typename ... on StoryReactionConnection { totalCount edges { node { type emoji comment user { nickname } } } } ... on ForbiddenError { message } } } } }`;
    const own = await stack.graphql(REACTIONS, { id: story.id }, author.token);
    expect(own.data.node.reactions.totalCount).toBe(2);
    expect(own.data.node.reactions.edges.map((edge: any) => edge.node)).toEqual([
      { type: 'COMMENT', emoji: null, comment: '사진 예뻐요!', user: { nickname: '지나가는이' } },
      { type: 'EMOJI', emoji: '😮', comment: null, user: { nickname: '맞팔친구' } },
    ]);
    const other = await stack.graphql(REACTIONS, { id: story.id }, friend.token);
    expect(other.data.node.reactions).toEqual({ __typename: 'ForbiddenError', message: storyTexts.errors.notAuthor });
  });

  it('emoji reactions come from the fixed set, which clients can read; others are refused in Korean', async () => {
    const story = (await createStory(author.token, { type: 'IMAGE' })).data.createStory.story;
    const set = await stack.graphql(`{ storyReactionEmojis }`);
    expect(set.data.storyReactionEmojis).toEqual([...STORY_REACTION_EMOJIS]);
    const sent = await stack.graphql(REACT, { input: { storyId: story.id, type: 'EMOJI', emoji: STORY_REACTION_EMOJIS[0] } }, friend.token);
    expect(sent.data.reactToStory.reaction).toMatchObject({ type: 'EMOJI', user: { databaseId: friend.id } });
    const calls = stack.upstreamCalls();
    const refused = await stack.graphql(REACT, { input: { storyId: story.id, type: 'EMOJI', emoji: '😀' } }, friend.token);
    expect(refused.data.reactToStory).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'emoji'], message: storyTexts.invalid.emoji(STORY_REACTION_EMOJIS) }],
    });
    expect(stack.upstreamCalls() - calls).toBe(0);
  });

  it('viewer.closeFriendCandidates and closeFriends: the picker’s list, for the viewer only', async () => {
    const [second] = await addMembers(stack.upstream.db, ['두번째맞팔']);
    await follow(stack.upstream.db, author.id, second);
    await follow(stack.upstream.db, second, author.id);
    const CLOSE = `mutation ($input: SetCloseFriendsInput!) { setCloseFriends(input: $input) { __typename } }`;
    expect((await stack.graphql(CLOSE, { input: { userIds: [encodeGlobalID('User', second)] } }, author.token)).data.setCloseFriends.__typename).toBe(
      'SetCloseFriendsPayload',
    );
    const PICKER = /* GraphQL */ `
      query ($query: String, $user: ID!) {
        viewer {
          closeFriends { databaseId }
          closeFriendCandidates(first: 10, query: $query) { totalCount edges { node { isCloseFriend user { databaseId nickname } } } }
        }
        node(id: $user) { ... on User { closeFriends { databaseId } closeFriendCandidates(first: 10) { totalCount } hiddenStoryUsers(first: 10) { totalCount } } }
      }
    `;
    const answer = await stack.graphql(PICKER, { user: encodeGlobalID('User', friend.id) }, author.token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.viewer.closeFriends).toEqual([{ databaseId: second }]);
    expect(answer.data.viewer.closeFriendCandidates.edges.map((edge: any) => [edge.node.user.databaseId, edge.node.isCloseFriend])).toEqual([
      [second, true],
      [friend.id, false],
    ]);
    // Another member's lists are not theirs to read.
    expect(answer.data.node).toEqual({ closeFriends: null, closeFriendCandidates: null, hiddenStoryUsers: null });
    const filtered = await stack.graphql(PICKER, { query: '맞팔친', user: encodeGlobalID('User', friend.id) }, author.token);
    expect(filtered.data.viewer.closeFriendCandidates.edges.map((edge: any) => edge.node.user.databaseId)).toEqual([friend.id]);
    const tooLong = await stack.graphql(PICKER, { query: 'ㄱ'.repeat(NICKNAME_MAX + 1), user: encodeGlobalID('User', friend.id) }, author.token);
    expect(JSON.stringify(tooLong.errors)).toContain(storyTexts.invalid.friendQuery(NICKNAME_MAX));
  });

  it('viewer.hiddenStoryUsers lists the members one hid until unhidden', async () => {
    const HIDDEN = `{ viewer { hiddenStoryUsers(first: 10) { totalCount edges { node { hiddenAt user { databaseId } } } } } }`;
    expect((await stack.graphql(HIDDEN, {}, viewers[1].token)).data.viewer.hiddenStoryUsers).toEqual({ totalCount: 0, edges: [] });
    const HIDE = `mutation ($input: HideUserStoriesInput!) { hideUserStories(input: $input) { __typename } }`;
    const UNHIDE = `mutation ($input: UnhideUserStoriesInput!) { unhideUserStories(input: $input) { __typename ... on UnhideUserStoriesPayload { hidden } } }`;
    await stack.graphql(HIDE, { input: { userId: encodeGlobalID('User', author.id) } }, viewers[1].token);
    const listed = (await stack.graphql(HIDDEN, {}, viewers[1].token)).data.viewer.hiddenStoryUsers;
    expect(listed.totalCount).toBe(1);
    expect(listed.edges[0].node).toMatchObject({ user: { databaseId: author.id }, hiddenAt: expect.any(String) });
    const unhidden = await stack.graphql(UNHIDE, { input: { userId: encodeGlobalID('User', author.id) } }, viewers[1].token);
    expect(unhidden.data.unhideUserStories.hidden).toBe(false);
    expect((await stack.graphql(HIDDEN, {}, viewers[1].token)).data.viewer.hiddenStoryUsers.totalCount).toBe(0);
  });
});
