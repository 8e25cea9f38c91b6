import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  HIGHLIGHT_TITLE_MAX,
  STORY_PRIVACY_LEVELS,
  STORY_REACTION_EMOJIS,
  STORY_REACTION_TYPES,
  STORY_TYPES,
  closeFriendCandidatesQuerySchema,
  closeFriendsSchema,
  highlightCreateSchema,
  storyCreateSchema,
  storyReactionSchema,
  storyReportSchema,
  storyTexts,
  storyUpdateSchema,
  storyViewSchema,
  type CloseFriendCandidateJson,
  type HiddenStoryMemberJson,
  type HighlightJson,
  type StoryGroupJson,
  type StoryJson,
  type StoryReactionJson,
  type StoryStatsJson,
  type StoryViewJson,
  type UserSummaryJson,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { findInPages, upstreamNode } from '../../graphql/nodes.js';
import type { GatewayContext } from '../../graphql/context.js';
import { ConflictError, ForbiddenError, NotAuthenticatedError, NotFoundError, WRITE_ERRORS } from '../../graphql/errors.js';
import {
  NUMERIC_ID_PATTERN,
  idempotencyKeyOf,
  inputIdOf,
  ownIdOf,
  targetIdOf,
  targetUpstreamIdOf,
  upstreamIdOf,
  validateInput,
  withoutNulls,
} from '../../graphql/ids.js';
import { idempotencyKeyField, payloadMutation, targetIdFields, type InputFieldBuilder } from '../../graphql/mutations.js';
import { enumValues } from '../../graphql/enums.js';
import { byField, byIdentity, listConnection, queryConnection, resultsConnection, sliceConnection } from '../../graphql/connections.js';
import { User } from '../../graphql/refs.js';
import { isViewer } from '../../graphql/viewer.js';

const StoryTypeEnum = builder.enumType('StoryType', { values: enumValues(STORY_TYPES) });
const StoryPrivacyEnum = builder.enumType('StoryPrivacy', {
  description: 'PUBLIC: 모두, FRIENDS: 서로 팔로우하는 친구, CLOSE_FRIENDS: 작성자가 지정한 친한 친구',
  values: enumValues(STORY_PRIVACY_LEVELS),
});
const StoryReactionTypeEnum = builder.enumType('StoryReactionType', { values: enumValues(STORY_REACTION_TYPES) });

export const Story = upstreamNode<StoryJson>('Story', {
  id: (story) => story.id,
  read: (id, context) => context.stories.story(Number(id)),
  key: NUMERIC_ID_PATTERN,
});

const StoryLocation = builder.objectRef<NonNullable<StoryJson['location']>>('StoryLocation').implement({
  fields: (t) => ({ name: t.exposeString('name'), latitude: t.exposeFloat('latitude'), longitude: t.exposeFloat('longitude') }),
});

/**
 * Not a Node: an author's own viewing of their story is not recorded and has no id, so a view has no identity in
 * every case; the viewer (a User) and the story are the Nodes.
 */
const StoryView = builder.objectRef<StoryViewJson>('StoryView').implement({
  description: 'A view of a story, recorded once per member.',
  fields: (t) => ({
    id: t.id({ nullable: true, resolve: (view) => (view.id === null ? null : encodeGlobalID('StoryView', view.id)) }),
    viewer: t.field({ type: User, nullable: true, resolve: (view) => view.user }),
    viewedAt: t.expose('viewedAt', { type: 'DateTime' }),
    duration: t.exposeFloat('duration', { nullable: true, description: '시청한 초' }),
    completionRate: t.exposeFloat('completionRate', { nullable: true, description: '0-100' }),
  }),
});

/**
 * The REST API reads a reaction only in its story's reaction list (author only): the key is `<storyId>/<reactionId>`.
 */
const StoryReaction = upstreamNode<StoryReactionJson>('StoryReaction', {
  id: (reaction) => `${reaction.storyId}/${reaction.id}`,
  key: /^\d{1,10}\/\d{1,10}$/,
  read: (key, context) => {
    const [storyId, id] = key.split('/').map(Number);
    return findInPages(
      async (page, pageSize) => {
        const answer = await context.stories.reactions(storyId, page, pageSize);
        return { items: answer.results, hasMore: answer.hasMore };
      },
      (reaction) => reaction.id === id,
    );
  },
});

StoryReaction.implement({
  description: "A like, emoji or message sent to a story. Its id names the story too: it is read through the story's reactions (author only).",
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    user: t.field({ type: User, nullable: true, resolve: (reaction) => reaction.user }),
    type: t.field({ type: StoryReactionTypeEnum, resolve: (reaction) => reaction.type }),
    emoji: t.exposeString('emoji', { nullable: true }),
    comment: t.exposeString('comment', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const StoryStats = builder.objectRef<StoryStatsJson>('StoryStats').implement({
  description: "A story's statistics, visible to its author only.",
  fields: (t) => ({
    viewCount: t.exposeInt('viewCount'),
    uniqueViewers: t.exposeInt('uniqueViewers'),
    completionRate: t.exposeFloat('completionRate', { description: '평균 시청률 0-100' }),
    averageViewDuration: t.exposeFloat('averageViewDuration', { description: '평균 시청 초' }),
    likeCount: t.exposeInt('likeCount'),
    reactionCount: t.exposeInt('reactionCount'),
    shareCount: t.exposeInt('shareCount'),
    clickThroughRate: t.exposeFloat('clickThroughRate', { nullable: true }),
  }),
});

/** The author-only fields refuse everyone else before any upstream call. */
function authorOnly(story: StoryJson, context: GatewayContext): void {
  if (!context.caller.token) throw new NotAuthenticatedError();
  if (!story.isMine) throw new ForbiddenError(storyTexts.errors.notAuthor);
}

Story.implement({
  description: 'A story (“스토리”): a photo or video that expires 24 hours after it is posted.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    author: t.field({ type: User, nullable: true, resolve: (story) => story.user }),
    type: t.field({ type: StoryTypeEnum, resolve: (story) => story.type }),
    mediaUrl: t.field({ type: 'URL', resolve: (parent, _args, context) => context.mediaUrl(parent.media) }),
    mimeType: t.exposeString('mimeType'),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    duration: t.exposeFloat('duration', { description: '보여 주는 초 (1-60)' }),
    caption: t.exposeString('caption', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    isExpired: t.exposeBoolean('isExpired'),
    viewCount: t.exposeInt('viewCount'),
    isViewed: t.exposeBoolean('isViewed'),
    likeCount: t.exposeInt('likes'),
    isLiked: t.exposeBoolean('isLiked'),
    isMine: t.exposeBoolean('isMine'),
    mentions: t.exposeStringList('mentions'),
    hashtags: t.exposeStringList('hashtags'),
    effects: t.exposeStringList('effects'),
    location: t.field({ type: StoryLocation, nullable: true, resolve: (story) => story.location }),
    musicId: t.exposeString('musicId', { nullable: true }),
    privacy: t.field({ type: StoryPrivacyEnum, resolve: (story) => story.privacy }),
    stats: t.field({
      type: StoryStats,
      description: '작성자만: 다른 회원에게는 ForbiddenError',
      errors: { types: [ForbiddenError, NotAuthenticatedError], directResult: true },
      resolve: (story, _args, context) => {
        authorOnly(story, context);
        return context.stories.stats(story.id);
      },
    }),
    viewers: listConnection(t, 'StoryViewer', {
      type: StoryView,
      description: '본 사람, 최근 순 (작성자만: 다른 회원에게는 ForbiddenError)',
      errors: { types: [ForbiddenError, NotAuthenticatedError], directResult: true },
      resolve: (story, args, context) => {
        authorOnly(story, context);
        return resultsConnection(args, ({ page, pageSize }) => context.stories.viewers(story.id, page, pageSize), byField<StoryViewJson>('viewedAt', 'desc'));
      },
    }),
    reactions: listConnection(t, 'StoryReaction', {
      type: StoryReaction,
      description: '받은 좋아요, 이모지, 메시지: 누가 무엇을 보냈는지, 최근 순 (작성자만: 다른 회원에게는 ForbiddenError)',
      errors: { types: [ForbiddenError, NotAuthenticatedError], directResult: true },
      resolve: (story, args, context) => {
        authorOnly(story, context);
        return resultsConnection(
          args,
          ({ page, pageSize }) => context.stories.reactions(story.id, page, pageSize),
          byField<StoryReactionJson>('createdAt', 'desc'),
        );
      },
    }),
  }),
});

/** The REST API reads a member's group only in the caller's story tray: the key is the member's id. */
const StoryGroup = upstreamNode<StoryGroupJson>('StoryGroup', {
  id: (group) => group.userId,
  key: NUMERIC_ID_PATTERN,
  read: (key, context) =>
    findInPages(
      async (page, pageSize) => {
        const answer = await context.stories.groups(page, pageSize);
        return { items: answer.results, hasMore: answer.hasMore };
      },
      (group) => group.userId === Number(key),
    ),
});

StoryGroup.implement({
  description: "One member's live stories in play order, as the caller's story tray shows them; its id is read through that tray.",
  fields: (t) => ({
    user: t.field({
      type: User,
      resolve: (group) => group.stories[0]?.user ?? ({ id: group.userId, nickname: group.username, profile_image: group.avatar } as UserSummaryJson),
    }),
    stories: t.field({ type: [Story], resolve: (group) => group.stories }),
    isViewed: t.exposeBoolean('isViewed'),
    hasNewStory: t.exposeBoolean('hasNewStory'),
    latestStoryTime: t.expose('latestStoryTime', { type: 'DateTime', nullable: true }),
    totalStories: t.exposeInt('totalStories'),
    unviewedCount: t.exposeInt('unviewedCount'),
  }),
});

/** The REST API reads a highlight only in its member's highlight list: the key is `<userId>/<highlightId>`. */
const Highlight = upstreamNode<HighlightJson>('Highlight', {
  id: (highlight) => `${highlight.userId}/${highlight.id}`,
  key: /^\d{1,10}\/\d{1,10}$/,
  read: async (key, context) => {
    const [userId, id] = key.split('/').map(Number);
    const found = (await context.stories.memberHighlights(userId)).find((highlight) => highlight.id === id);
    if (!found) throw new NotFoundError();
    return found;
  },
});

Highlight.implement({
  description: "A member's named collection of stories, kept after they expire. Its id names the member too: it is read through their highlights.",
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    coverImage: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.coverImage) }),
    stories: t.field({ type: [Story], resolve: (highlight) => highlight.stories }),
    isPrivate: t.exposeBoolean('isPrivate'),
    order: t.exposeInt('order'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('storyGroups', (t) =>
  queryConnection(t, 'StoryGroup', {
    type: StoryGroup,
    description: '스토리 트레이: 다른 회원의 묶음, 안 본 스토리가 있는 묶음 먼저 (숨긴 회원 제외)',
    // Unseen groups first, by what each member's stories hold now: re-anchored by id alone.
    resolve: (_root, args, context) => resultsConnection(args, ({ page, pageSize }) => context.stories.groups(page, pageSize), byIdentity),
  }),
);

builder.queryField('storyReactionEmojis', (t) =>
  t.stringList({
    description: '스토리에 보낼 수 있는 이모지 (reactToStory의 emoji는 이 중 하나)',
    resolve: () => [...STORY_REACTION_EMOJIS],
  }),
);

const CloseFriendCandidate = builder.objectRef<CloseFriendCandidateJson>('CloseFriendCandidate').implement({
  description: '친한 친구로 고를 수 있는 친구 (서로 팔로우)와 지금 친한 친구인지',
  fields: (t) => ({
    user: t.field({ type: User, resolve: (entry) => entry.user }),
    isCloseFriend: t.exposeBoolean('isCloseFriend'),
  }),
});

const HiddenStoryMember = builder.objectRef<HiddenStoryMemberJson>('HiddenStoryMember').implement({
  description: '스토리를 숨긴 회원과 숨긴 시각',
  fields: (t) => ({
    user: t.field({ type: User, resolve: (entry) => entry.user }),
    hiddenAt: t.expose('hiddenAt', { type: 'DateTime' }),
  }),
});

builder.objectFields(User, (t) => ({
  closeFriends: t.field({
    type: [User],
    nullable: true,
    description: '내 친한 친구 (본인만, 다른 회원에게는 null): CLOSE_FRIENDS 스토리를 보는 회원',
    resolve: async (user, _args, context) => {
      if (!isViewer(user, context)) return null;
      const ids = await context.stories.closeFriends();
      return (await Promise.all(ids.map((id) => User.getDataloader(context).load(String(id))))).filter((friend) => friend != null);
    },
  }),
  closeFriendCandidates: listConnection(t, 'CloseFriendCandidate', {
    type: CloseFriendCandidate,
    nullable: true,
    description: '친한 친구로 고를 수 있는 친구 (서로 팔로우), 닉네임 순; query는 닉네임 일부 (본인만, 다른 회원에게는 null)',
    args: { query: t.arg.string() },
    resolve: (user, args, context) => {
      if (!isViewer(user, context)) return null;
      const q = validateInput(closeFriendCandidatesQuerySchema.shape.q, args.query ?? undefined, ['query']);
      // Ordered by collated nickname, which the gateway cannot compare: re-anchored by the member's id alone.
      return resultsConnection(args, ({ page, pageSize }) => context.stories.closeFriendCandidates(q, page, pageSize), {
        id: (candidate) => candidate.user.id,
      });
    },
  }),
  hiddenStoryUsers: listConnection(t, 'HiddenStoryMember', {
    type: HiddenStoryMember,
    nullable: true,
    description: '내가 스토리를 숨긴 회원, 최근 순 (본인만, 다른 회원에게는 null); unhideUserStories로 다시 봅니다',
    resolve: (user, args, context) =>
      isViewer(user, context)
        ? resultsConnection(
            args,
            ({ page, pageSize }) => context.stories.hidden(page, pageSize),
            byField<HiddenStoryMemberJson>('hiddenAt', 'desc', (member) => member.user.id),
          )
        : null,
  }),
  stories: listConnection(t, 'Story', {
    type: Story,
    description: '이 회원의 살아 있는 스토리 중 볼 수 있는 것, 재생 순서 (viewer.stories는 내 스토리)',
    resolve: (user, args, context) => sliceConnection(args, () => context.stories.memberStories(user.id)),
  }),
  highlights: listConnection(t, 'Highlight', {
    type: Highlight,
    description: '하이라이트 (비공개는 본인에게만)',
    resolve: (user, args, context) => sliceConnection(args, () => context.stories.memberHighlights(user.id)),
  }),
}));

const storyIdOf = (input: { id?: string | number | null; storyId?: string | number | null }) => targetUpstreamIdOf(input, 'storyId', 'Story');
const storyInput = (f: InputFieldBuilder) => targetIdFields(f, 'storyId', 'story');

const StoryLocationInput = builder.inputType('StoryLocationInput', {
  fields: (f) => ({ name: f.string({ required: true }), latitude: f.float({ required: true }), longitude: f.float({ required: true }) }),
});

payloadMutation('createStory', {
  description: '스토리 올리기 (multipart): 사진(JPEG, PNG, GIF, WebP) 또는 동영상(MP4, WebM)을 내용으로 확인합니다.',
  input: (f) => ({
    media: f.field({ type: 'File', required: true }),
    type: f.field({ type: StoryTypeEnum, required: true }),
    caption: f.string(),
    duration: f.float({ description: '1-60초' }),
    mentions: f.stringList(),
    hashtags: f.stringList(),
    location: f.field({ type: StoryLocationInput }),
    musicId: f.string(),
    effects: f.stringList(),
    privacy: f.field({ type: StoryPrivacyEnum, description: '기본 PUBLIC' }),
    idempotencyKey: idempotencyKeyField(f),
  }),
  payload: { story: Story },
  resolve: async (input, context) => {
    const { media, idempotencyKey, ...fields } = input;
    const parsed = validateInput(storyCreateSchema, withoutNulls(fields), ['input']);
    return { story: await context.stories.create(media, parsed, idempotencyKeyOf({ idempotencyKey })) };
  },
});

payloadMutation('updateStory', {
  description: '내용, 언급, 해시태그, 공개 범위만 수정할 수 있습니다.',
  input: (f) => ({
    ...storyInput(f),
    caption: f.string(),
    mentions: f.stringList(),
    hashtags: f.stringList(),
    privacy: f.field({ type: StoryPrivacyEnum }),
  }),
  payload: { story: Story },
  resolve: async (input, context) => {
    const { id: _id, storyId: _storyId, ...fields } = input;
    const parsed = validateInput(storyUpdateSchema, withoutNulls(fields), ['input']);
    return { story: await context.stories.update(storyIdOf(input), parsed) };
  },
});

payloadMutation('deleteStory', {
  input: storyInput,
  payload: { deletedStoryId: 'ID' },
  resolve: async (input, context) => {
    await context.stories.remove(storyIdOf(input));
    return { deletedStoryId: targetIdOf(input, 'storyId').id };
  },
});

payloadMutation('viewStory', {
  description: '스토리를 봤다고 기록합니다 (회원당 한 번; 다시 봐도 조회수는 그대로).',
  input: (f) => ({ ...storyInput(f), duration: f.float(), completionRate: f.float({ description: '0-100' }) }),
  payload: { view: StoryView, story: Story },
  resolve: async (input, context) => {
    const id = storyIdOf(input);
    const parsed = validateInput(storyViewSchema, withoutNulls({ duration: input.duration, completionRate: input.completionRate }), ['input']);
    const view = await context.stories.view(id, parsed);
    return { view, story: await context.stories.story(id) };
  },
});

payloadMutation('reactToStory', {
  description: `좋아요(회원당 한 번), 이모지(${STORY_REACTION_EMOJIS.join(' ')} 중 하나), 댓글(200자 이하)`,
  input: (f) => ({ ...storyInput(f), type: f.field({ type: StoryReactionTypeEnum, required: true }), emoji: f.string(), comment: f.string() }),
  payload: { reaction: StoryReaction, story: Story },
  resolve: async (input, context) => {
    const id = storyIdOf(input);
    const parsed = validateInput(storyReactionSchema, withoutNulls({ type: input.type, emoji: input.emoji, comment: input.comment }), ['input']);
    const reaction = await context.stories.react(id, parsed);
    const story = await context.stories.story(id);
    if (story.user && !story.isMine) context.notificationBridge.hint({ userIds: [story.user.id] });
    return { reaction, story };
  },
});

payloadMutation('unlikeStory', {
  description: '내 좋아요를 취소합니다 (좋아요하지 않았으면 그대로). story의 isLiked와 likeCount가 바뀝니다.',
  input: storyInput,
  payload: { story: Story },
  resolve: async (input, context) => {
    const id = storyIdOf(input);
    await context.stories.unlike(id);
    return { story: await context.stories.story(id) };
  },
});

payloadMutation('removeStoryReaction', {
  input: (f) => ({ storyId: f.id({ required: true, description: 'The global id of the story the reaction is on.' }), reactionId: f.id({ required: true }) }),
  payload: { story: Story, deletedReactionId: 'ID' },
  resolve: async (input, context) => {
    const id = inputIdOf(input, 'storyId', 'Story');
    await context.stories.removeReaction(id, ownIdOf(String(input.reactionId), 'StoryReaction', ['input', 'reactionId']));
    return { story: await context.stories.story(id), deletedReactionId: String(input.reactionId) };
  },
});

payloadMutation('createHighlight', {
  description: `내 스토리로 하이라이트 만들기 (제목 ${HIGHLIGHT_TITLE_MAX}자 이하)`,
  input: (f) => ({
    title: f.string({ required: true }),
    storyIds: f.idList({ required: true }),
    coverImage: f.string(),
    isPrivate: f.boolean(),
    order: f.int(),
  }),
  payload: { highlight: Highlight },
  resolve: async (input, context) => {
    const storyIds = input.storyIds.map((id, index) => upstreamIdOf(String(id), 'Story', ['input', 'storyIds', String(index)]));
    const parsed = validateInput(
      highlightCreateSchema,
      withoutNulls({ title: input.title, storyIds, coverImage: input.coverImage, isPrivate: input.isPrivate, order: input.order }),
      ['input'],
    );
    return { highlight: await context.stories.createHighlight(parsed) };
  },
});

payloadMutation('deleteHighlight', {
  input: (f) => targetIdFields(f, 'highlightId', 'highlight'),
  payload: { deletedHighlightId: 'ID' },
  resolve: async (input, context) => {
    await context.stories.deleteHighlight(targetUpstreamIdOf(input, 'highlightId', 'Highlight'));
    return { deletedHighlightId: targetIdOf(input, 'highlightId').id };
  },
});

payloadMutation('reportStory', {
  description: '스토리 신고 (회원당 한 번). 두 번째 신고는 ConflictError.',
  errors: [...WRITE_ERRORS, ConflictError],
  input: (f) => ({ ...storyInput(f), reason: f.string({ required: true }) }),
  payload: { reportId: 'Int', reportedStoryId: 'ID', createdAt: 'DateTime' },
  resolve: async (input, context) => {
    const id = storyIdOf(input);
    const { reason } = validateInput(storyReportSchema, { reason: input.reason }, ['input']);
    const created = await context.stories.report(id, reason);
    return { reportedStoryId: targetIdOf(input, 'storyId').id, reportId: created.id, createdAt: created.created_at };
  },
});

for (const [name, hide] of [
  ['hideUserStories', true],
  ['unhideUserStories', false],
] as const) {
  payloadMutation(name, {
    description: hide ? '이 회원의 스토리를 스토리 트레이에서 숨깁니다.' : '숨긴 회원의 스토리를 다시 봅니다.',
    input: (f) => ({ userId: f.id({ required: true }) }),
    payload: {
      user: { type: User, resolve: (payload, context) => User.getDataloader(context).load(String(payload.userId)) },
      hidden: { type: 'Boolean', resolve: () => hide },
    },
    resolve: async (input, context) => {
      const userId = inputIdOf(input, 'userId', 'User');
      await (hide ? context.stories.hide(userId) : context.stories.unhide(userId));
      return { userId };
    },
  });
}

payloadMutation('setCloseFriends', {
  description: '친한 친구 목록을 바꿉니다 (서로 팔로우하는 친구만). CLOSE_FRIENDS 스토리는 이들만 봅니다.',
  input: (f) => ({ userIds: f.idList({ required: true }) }),
  payload: {
    closeFriends: {
      type: [User],
      resolve: (payload, context) => Promise.all((payload.userIds as number[]).map((id) => User.getDataloader(context).load(String(id)))),
    },
  },
  resolve: async (input, context) => {
    const userIds = input.userIds.map((id, index) => upstreamIdOf(String(id), 'User', ['input', 'userIds', String(index)]));
    const parsed = validateInput(closeFriendsSchema, { userIds }, ['input']);
    return { userIds: await context.stories.setCloseFriends(parsed.userIds) };
  },
});
