import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  HIGHLIGHT_STORIES_MAX,
  HIGHLIGHT_TITLE_MAX,
  IMAGE_MIME_TYPES,
  REPORT_REASON_MAX,
  STORY_CAPTION_MAX,
  STORY_COMMENT_MAX,
  STORY_COMPLETION_MAX,
  STORY_DURATION_MAX,
  STORY_DURATION_MIN,
  STORY_IMAGE_DEFAULT_DURATION,
  STORY_IMAGE_MAX_BYTES,
  STORY_LIFETIME_MS,
  STORY_LOCATION_NAME_MAX,
  STORY_MUSIC_ID_MAX,
  STORY_TAG_LENGTH_MAX,
  STORY_TAGS_MAX,
  STORY_VIDEO_DEFAULT_DURATION,
  STORY_VIDEO_MAX_BYTES,
  STORY_VIDEO_MIME_TYPES,
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
import {
  RENAMED_INPUT_REMOVAL_DATE,
  idempotencyKeyField,
  payloadMutation,
  rawIdReplacedBy,
  referencedObject,
  targetIdFields,
  type InputFieldBuilder,
} from '../../graphql/mutations.js';
import { enumValues, labelledDescriptions } from '../../graphql/enums.js';
import { byField, byIdentity, listConnection, queryConnection, resultsConnection, sliceConnection } from '../../graphql/connections.js';
import { User } from '../../graphql/refs.js';
import { isViewer } from '../../graphql/viewer.js';

const LIFETIME_HOURS = STORY_LIFETIME_MS / 3_600_000;
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;
const mimeTypes = (types: readonly string[]) => types.join(', ');

const StoryTypeEnum = builder.enumType('StoryType', {
  description: 'What a story shows.',
  values: enumValues(STORY_TYPES, labelledDescriptions(STORY_TYPES, { image: 'A photo', video: 'A video' }, storyTexts.types)),
});
const StoryPrivacyEnum = builder.enumType('StoryPrivacy', {
  description: 'Who may see a story besides its author.',
  values: enumValues(
    STORY_PRIVACY_LEVELS,
    labelledDescriptions(
      STORY_PRIVACY_LEVELS,
      {
        public: 'Every member',
        friends: 'Friends: the members the author follows who follow the author back',
        close_friends: 'Close friends: the friends the author chose with `setCloseFriends`',
      },
      storyTexts.privacyLevels,
    ),
  ),
});
const StoryReactionTypeEnum = builder.enumType('StoryReactionType', {
  description: 'What kind of reaction was sent to a story.',
  values: enumValues(STORY_REACTION_TYPES, {
    like: 'A like, at most one per member and story.',
    emoji: 'One of the emojis `storyReactionEmojis` lists.',
    comment: 'A short message to the author.',
  }),
});

export const Story = upstreamNode<StoryJson>('Story', {
  id: (story) => story.id,
  read: (id, context) => context.stories.story(Number(id)),
  key: NUMERIC_ID_PATTERN,
});

const StoryLocation = builder.objectRef<NonNullable<StoryJson['location']>>('StoryLocation').implement({
  description: 'A named place a story was tagged with.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The name of the place.' }),
    latitude: t.exposeFloat('latitude', { description: 'Latitude in degrees, -90 to 90.' }),
    longitude: t.exposeFloat('longitude', { description: 'Longitude in degrees, -180 to 180.' }),
  }),
});

/**
 * Not a Node: an author's own viewing of their story is not recorded and has no id, so a view has no identity in
 * every case; the viewer (a User) and the story are the Nodes.
 */
const StoryView = builder.objectRef<StoryViewJson>('StoryView').implement({
  description: 'A view of a story, recorded once per member.',
  fields: (t) => ({
    id: t.id({
      nullable: true,
      description: "An opaque id of the view; null for the author's own viewing, which is not recorded. Not an identity `node` loads.",
      deprecationReason: `A view is not an object of its own: it is its story and its viewer. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
      resolve: (view) => (view.id === null ? null : encodeGlobalID('StoryView', view.id)),
    }),
    viewer: t.field({ type: User, nullable: true, description: 'Who viewed it; null when the member is gone.', resolve: (view) => view.user }),
    viewedAt: t.expose('viewedAt', { type: 'DateTime', description: 'When they first viewed it.' }),
    duration: t.exposeFloat('duration', { nullable: true, description: 'How long they watched, in seconds; null when not reported.' }),
    completionRate: t.exposeFloat('completionRate', {
      nullable: true,
      description: `How much of the story they watched, in percent (0 to ${STORY_COMPLETION_MAX}); null when not reported.`,
    }),
  }),
});

/**
 * The REST API reads a reaction only in its story's reaction list (author only): the key is `<storyId>/<reactionId>`.
 * Another member's refusal (403) answers as a missing node: saying FORBIDDEN would tell them the reaction exists.
 */
const StoryReaction = upstreamNode<StoryReactionJson>('StoryReaction', {
  id: (reaction) => `${reaction.storyId}/${reaction.id}`,
  key: /^\d{1,10}\/\d{1,10}$/,
  read: async (key, context) => {
    const [storyId, id] = key.split('/').map(Number);
    try {
      return await findInPages(
        async (page, pageSize) => {
          const answer = await context.stories.reactions(storyId, page, pageSize);
          return { items: answer.results, hasMore: answer.hasMore };
        },
        (reaction) => reaction.id === id,
      );
    } catch (error) {
      if (error instanceof ForbiddenError) throw new NotFoundError();
      throw error;
    }
  },
});

StoryReaction.implement({
  description: "A like, emoji or message sent to a story. Only the story's author can read it.",
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The reaction's number, unique among story reactions." }),
    user: t.field({ type: User, nullable: true, description: 'Who sent it; null when the member is gone.', resolve: (reaction) => reaction.user }),
    type: t.field({ type: StoryReactionTypeEnum, description: 'What kind of reaction it is.', resolve: (reaction) => reaction.type }),
    emoji: t.exposeString('emoji', { nullable: true, description: 'The emoji of an EMOJI reaction; null for the others.' }),
    comment: t.exposeString('comment', { nullable: true, description: 'The message of a COMMENT reaction; null for the others.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was sent.' }),
  }),
});

const StoryStats = builder.objectRef<StoryStatsJson>('StoryStats').implement({
  description: "A story's statistics, visible to its author only.",
  fields: (t) => ({
    viewCount: t.exposeInt('viewCount', { description: 'How many views were recorded (one per member).' }),
    uniqueViewers: t.exposeInt('uniqueViewers', { description: 'How many different members viewed it.' }),
    completionRate: t.exposeFloat('completionRate', {
      description: `How much of the story viewers watched on average, in percent (0 to ${STORY_COMPLETION_MAX}).`,
    }),
    averageViewDuration: t.exposeFloat('averageViewDuration', { description: 'How long viewers watched on average, in seconds.' }),
    likeCount: t.exposeInt('likeCount', { description: 'How many members liked it.' }),
    reactionCount: t.exposeInt('reactionCount', { description: 'How many reactions of any kind it received.' }),
    shareCount: t.exposeInt('shareCount', { description: 'How often it was shared.' }),
    clickThroughRate: t.exposeFloat('clickThroughRate', {
      nullable: true,
      description: 'The share of viewers who opened its link, in percent; null when it has no link or no views.',
    }),
  }),
});

/** The author-only fields refuse everyone else before any upstream call. */
function authorOnly(story: StoryJson, context: GatewayContext): void {
  if (!context.caller.token) throw new NotAuthenticatedError();
  if (!story.isMine) throw new ForbiddenError(storyTexts.errors.notAuthor);
}

Story.implement({
  description: `A story: a photo or video that expires ${LIFETIME_HOURS} hours after it is posted.`,
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The story's number, unique among stories." }),
    author: t.field({ type: User, nullable: true, description: 'Who posted it; null when the member is gone.', resolve: (story) => story.user }),
    type: t.field({ type: StoryTypeEnum, description: 'A photo or a video.', resolve: (story) => story.type }),
    mediaUrl: t.field({ type: 'URL', description: 'The photo or video.', resolve: (parent, _args, context) => context.mediaUrl(parent.media) }),
    mimeType: t.exposeString('mimeType', { description: "The media's type, such as `image/jpeg` or `video/mp4`." }),
    width: t.exposeInt('width', { nullable: true, description: 'The width of the media, in pixels; null when unknown.' }),
    height: t.exposeInt('height', { nullable: true, description: 'The height of the media, in pixels; null when unknown.' }),
    duration: t.exposeFloat('duration', {
      description: `How long the story shows, in seconds: ${STORY_DURATION_MIN} to ${STORY_DURATION_MAX}.`,
    }),
    caption: t.exposeString('caption', { nullable: true, description: 'The text shown over the story; null when there is none.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was posted.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: `When it expires: ${LIFETIME_HOURS} hours after it was posted.` }),
    isExpired: t.exposeBoolean('isExpired', { description: 'Whether it has expired (then only its highlights show it).' }),
    viewCount: t.exposeInt('viewCount', { description: 'How many members viewed it.' }),
    isViewed: t.exposeBoolean('isViewed', { description: 'Whether the signed-in member has viewed it; false for guests.' }),
    likeCount: t.exposeInt('likes', { description: 'How many members liked it.' }),
    isLiked: t.exposeBoolean('isLiked', { description: 'Whether the signed-in member has liked it; false for guests.' }),
    isMine: t.exposeBoolean('isMine', { description: 'Whether the signed-in member posted it.' }),
    mentions: t.exposeStringList('mentions', { description: 'The nicknames mentioned in it, possibly none.' }),
    hashtags: t.exposeStringList('hashtags', { description: 'Its hashtags, without the #, possibly none.' }),
    effects: t.exposeStringList('effects', { description: 'The names of the visual effects applied to it, possibly none.' }),
    location: t.field({
      type: StoryLocation,
      nullable: true,
      description: 'The place it was tagged with; null when none.',
      resolve: (story) => story.location,
    }),
    musicId: t.exposeString('musicId', { nullable: true, description: 'The id of the music that plays with it; null when none.' }),
    privacy: t.field({ type: StoryPrivacyEnum, description: 'Who may see it.', resolve: (story) => story.privacy }),
    stats: t.field({
      type: StoryStats,
      description: 'Its statistics, for its author only: ForbiddenError for other members, NotAuthenticatedError for guests.',
      errors: { types: [ForbiddenError, NotAuthenticatedError], directResult: true },
      resolve: (story, _args, context) => {
        authorOnly(story, context);
        return context.stories.stats(story.id);
      },
    }),
    viewers: listConnection(t, 'StoryViewer', {
      type: StoryView,
      description:
        'Who viewed it, most recent first, for its author only: ForbiddenError for other members, NotAuthenticatedError for guests. One of `first` or `last` is required.',
      errors: { types: [ForbiddenError, NotAuthenticatedError], directResult: true },
      resolve: (story, args, context) => {
        authorOnly(story, context);
        return resultsConnection(args, ({ page, pageSize }) => context.stories.viewers(story.id, page, pageSize), byField<StoryViewJson>('viewedAt', 'desc'));
      },
    }),
    reactions: listConnection(t, 'StoryReaction', {
      type: StoryReaction,
      description:
        'The likes, emojis and messages it received, most recent first, for its author only: ForbiddenError for other members, NotAuthenticatedError for guests. One of `first` or `last` is required.',
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
  description: "One member's live stories in play order, as the signed-in member's story tray shows them.",
  fields: (t) => ({
    user: t.field({
      type: User,
      description: 'Whose stories these are.',
      resolve: (group) => group.stories[0]?.user ?? ({ id: group.userId, nickname: group.username, profile_image: group.avatar } as UserSummaryJson),
    }),
    stories: t.field({ type: [Story], description: 'The live stories the signed-in member may see, in play order.', resolve: (group) => group.stories }),
    isViewed: t.exposeBoolean('isViewed', { description: 'Whether the signed-in member has viewed every story of the group.' }),
    hasNewStory: t.exposeBoolean('hasNewStory', { description: 'Whether the group holds a story the signed-in member has not viewed.' }),
    latestStoryTime: t.expose('latestStoryTime', {
      type: 'DateTime',
      nullable: true,
      description: 'When the newest story of the group was posted; null when it holds none.',
    }),
    totalStories: t.exposeInt('totalStories', { description: 'How many stories the group holds.' }),
    unviewedCount: t.exposeInt('unviewedCount', { description: 'How many of them the signed-in member has not viewed.' }),
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
  description: "A member's named collection of their stories, kept after the stories expire.",
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The highlight's number, unique among highlights." }),
    title: t.exposeString('title', { description: 'Its title.' }),
    coverImage: t.field({
      type: 'URL',
      nullable: true,
      description: 'The picture shown for it; null when none was chosen.',
      resolve: (parent, _args, context) => context.mediaUrl(parent.coverImage),
    }),
    stories: t.field({ type: [Story], description: 'The stories it keeps, in order.', resolve: (highlight) => highlight.stories }),
    isPrivate: t.exposeBoolean('isPrivate', { description: 'Whether only its owner can see it.' }),
    order: t.exposeInt('order', { description: "Its place among the member's highlights, from 0." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
  }),
});

builder.queryField('storyGroups', (t) =>
  queryConnection(t, 'StoryGroup', {
    type: StoryGroup,
    description:
      "The signed-in member's story tray: other members' live stories grouped by member, groups with unviewed stories first, members whose stories they hid left out. One of `first` or `last` is required.",
    // Unseen groups first, by what each member's stories hold now: re-anchored by id alone.
    resolve: (_root, args, context) => resultsConnection(args, ({ page, pageSize }) => context.stories.groups(page, pageSize), byIdentity),
  }),
);

builder.queryField('storyReactionEmojis', (t) =>
  t.stringList({
    description: 'The emojis a story reaction may carry: the `emoji` of `reactToStory` is one of these. For anyone.',
    resolve: () => [...STORY_REACTION_EMOJIS],
  }),
);

const CloseFriendCandidate = builder.objectRef<CloseFriendCandidateJson>('CloseFriendCandidate').implement({
  description: 'A friend (a mutual follower) who can be chosen as a close friend, and whether they are one now.',
  fields: (t) => ({
    user: t.field({ type: User, description: 'The friend.', resolve: (entry) => entry.user }),
    isCloseFriend: t.exposeBoolean('isCloseFriend', { description: 'Whether they are a close friend now.' }),
  }),
});

const HiddenStoryMember = builder.objectRef<HiddenStoryMemberJson>('HiddenStoryMember').implement({
  description: 'A member whose stories the signed-in member hid from their story tray, and when.',
  fields: (t) => ({
    user: t.field({ type: User, description: 'The member whose stories are hidden.', resolve: (entry) => entry.user }),
    hiddenAt: t.expose('hiddenAt', { type: 'DateTime', description: 'When they were hidden.' }),
  }),
});

builder.objectFields(User, (t) => ({
  closeFriends: t.field({
    type: [User],
    nullable: true,
    description: "The member's close friends, who see their CLOSE_FRIENDS stories; readable by that member only: null for anyone else.",
    resolve: async (user, _args, context) => {
      if (!isViewer(user, context)) return null;
      const ids = await context.stories.closeFriends();
      return (await Promise.all(ids.map((id) => User.getDataloader(context).load(String(id))))).filter((friend) => friend != null);
    },
  }),
  closeFriendCandidates: listConnection(t, 'CloseFriendCandidate', {
    type: CloseFriendCandidate,
    nullable: true,
    description:
      "The member's friends (mutual followers) who can be chosen as close friends, by nickname; readable by that member only: null for anyone else. One of `first` or `last` is required.",
    args: { query: t.arg.string({ description: 'Only the friends whose nickname contains this text.' }) },
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
    description:
      'The members whose stories the member hid, most recent first (`unhideUserStories` shows them again); readable by that member only: null for anyone else. One of `first` or `last` is required.',
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
    description:
      "The member's live stories the caller may see, in play order (`viewer.stories`: the signed-in member's own). One of `first` or `last` is required.",
    resolve: (user, args, context) => sliceConnection(args, () => context.stories.memberStories(user.id)),
  }),
  highlights: listConnection(t, 'Highlight', {
    type: Highlight,
    description: "The member's highlights, in their order; private ones only for the member themselves. One of `first` or `last` is required.",
    resolve: (user, args, context) => sliceConnection(args, () => context.stories.memberHighlights(user.id)),
  }),
}));

const storyIdOf = (input: { id?: string | number | null; storyId?: string | number | null }) => targetUpstreamIdOf(input, 'storyId', 'Story');
const storyInput = (f: InputFieldBuilder) => targetIdFields(f, 'storyId', 'story');

const StoryLocationInput = builder.inputType('StoryLocationInput', {
  description: 'A named place to tag a story with.',
  fields: (f) => ({
    name: f.string({ required: true, description: `The name of the place: 1 to ${STORY_LOCATION_NAME_MAX} characters.` }),
    latitude: f.float({ required: true, description: 'Latitude in degrees, -90 to 90.' }),
    longitude: f.float({ required: true, description: 'Longitude in degrees, -180 to 180.' }),
  }),
});

/** The rule every list of mentions, hashtags or effects follows. */
const tagListRule = `at most ${STORY_TAGS_MAX}, each 1 to ${STORY_TAG_LENGTH_MAX} characters`;

payloadMutation('createStory', {
  description:
    'Posts a story, members only, as a multipart request (the GraphQL multipart request spec). The file is checked by its content: a file that is not what it claims is refused with a validation error.',
  input: (f) => ({
    media: f.field({
      type: 'File',
      required: true,
      description: `The photo (${mimeTypes(IMAGE_MIME_TYPES)}, at most ${megabytes(STORY_IMAGE_MAX_BYTES)}) or video (${mimeTypes(STORY_VIDEO_MIME_TYPES)}, at most ${megabytes(STORY_VIDEO_MAX_BYTES)}).`,
    }),
    type: f.field({ type: StoryTypeEnum, required: true, description: 'Whether `media` is a photo or a video.' }),
    caption: f.string({ description: `Text shown over the story, at most ${STORY_CAPTION_MAX} characters.` }),
    duration: f.float({
      description: `How long the story shows, in seconds: ${STORY_DURATION_MIN} to ${STORY_DURATION_MAX} (default ${STORY_IMAGE_DEFAULT_DURATION} for a photo, ${STORY_VIDEO_DEFAULT_DURATION} for a video).`,
    }),
    mentions: f.stringList({ description: `Nicknames to mention: ${tagListRule}.` }),
    hashtags: f.stringList({ description: `Hashtags, without the #: ${tagListRule}.` }),
    location: f.field({ type: StoryLocationInput, description: 'A place to tag it with.' }),
    musicId: f.string({ description: `The id of music to play with it, at most ${STORY_MUSIC_ID_MAX} characters.` }),
    effects: f.stringList({ description: `Names of visual effects to apply: ${tagListRule}.` }),
    privacy: f.field({ type: StoryPrivacyEnum, description: 'Who may see it (default PUBLIC).' }),
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
  description:
    "Changes the signed-in member's own story: only its caption, mentions, hashtags and privacy can change; a field left out stays as it is. ForbiddenError for another member's story.",
  input: (f) => ({
    ...storyInput(f),
    caption: f.string({ description: `Text shown over the story, at most ${STORY_CAPTION_MAX} characters.` }),
    mentions: f.stringList({ description: `Nicknames to mention, replacing the current list: ${tagListRule}.` }),
    hashtags: f.stringList({ description: `Hashtags without the #, replacing the current list: ${tagListRule}.` }),
    privacy: f.field({ type: StoryPrivacyEnum, description: 'Who may see it.' }),
  }),
  payload: { story: Story },
  resolve: async (input, context) => {
    const { id: _id, storyId: _storyId, ...fields } = input;
    const parsed = validateInput(storyUpdateSchema, withoutNulls(fields), ['input']);
    return { story: await context.stories.update(storyIdOf(input), parsed) };
  },
});

payloadMutation('deleteStory', {
  description: "Deletes the signed-in member's own story, members only; ForbiddenError for another member's story.",
  input: storyInput,
  payload: { deletedStoryId: 'ID' },
  resolve: async (input, context) => {
    await context.stories.remove(storyIdOf(input));
    return { deletedStoryId: targetIdOf(input, 'storyId').id };
  },
});

payloadMutation('viewStory', {
  description:
    "Records that the signed-in member viewed a story, members only: once per member, so viewing again leaves the view count as it is. The author's own viewing is not recorded.",
  input: (f) => ({
    ...storyInput(f),
    duration: f.float({ description: 'How long the member watched, in seconds.' }),
    completionRate: f.float({ description: `How much of the story the member watched, in percent: 0 to ${STORY_COMPLETION_MAX}.` }),
  }),
  payload: {
    view: { type: StoryView, description: "The member's view: one per member, keeping the longest duration and completion rate reported." },
    story: Story,
  },
  resolve: async (input, context) => {
    const id = storyIdOf(input);
    const parsed = validateInput(storyViewSchema, withoutNulls({ duration: input.duration, completionRate: input.completionRate }), ['input']);
    const view = await context.stories.view(id, parsed);
    return { view, story: await context.stories.story(id) };
  },
});

payloadMutation('reactToStory', {
  description:
    'Sends a reaction to a story, members only: a like (once per member; liking again changes nothing), an emoji, or a message. The author is notified.',
  input: (f) => ({
    ...storyInput(f),
    type: f.field({ type: StoryReactionTypeEnum, required: true, description: 'What kind of reaction.' }),
    emoji: f.string({ description: `Required for EMOJI: one of ${STORY_REACTION_EMOJIS.join(' ')}.` }),
    comment: f.string({ description: `Required for COMMENT: the message, 1 to ${STORY_COMMENT_MAX} characters.` }),
  }),
  payload: { reaction: { type: StoryReaction, description: 'The reaction sent (for a repeated like, the existing one).' }, story: Story },
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
  description:
    "Takes back the signed-in member's like of a story, members only (nothing changes when they had not liked it). The story's `isLiked` and `likeCount` follow.",
  input: storyInput,
  payload: { story: Story },
  resolve: async (input, context) => {
    const id = storyIdOf(input);
    await context.stories.unlike(id);
    return { story: await context.stories.story(id) };
  },
});

payloadMutation('removeStoryReaction', {
  description: "Deletes a reaction the signed-in member sent, members only: ForbiddenError for another member's reaction.",
  input: (f) => ({
    storyId: f.id({ required: true, description: 'The global id of the story the reaction is on.' }),
    reactionId: f.id({ required: true, description: "The reaction's global id." }),
  }),
  payload: { story: Story, deletedReactionId: 'ID' },
  resolve: async (input, context) => {
    const id = inputIdOf(input, 'storyId', 'Story');
    await context.stories.removeReaction(id, ownIdOf(String(input.reactionId), 'StoryReaction', ['input', 'reactionId']));
    return { story: await context.stories.story(id), deletedReactionId: String(input.reactionId) };
  },
});

payloadMutation('createHighlight', {
  description: "Makes a highlight of the signed-in member's own stories, members only.",
  input: (f) => ({
    title: f.string({ required: true, description: `The title: 1 to ${HIGHLIGHT_TITLE_MAX} characters after trimming.` }),
    storyIds: f.idList({ required: true, description: `The global ids of the member's stories to keep, 1 to ${HIGHLIGHT_STORIES_MAX}.` }),
    coverImage: f.string({ description: 'The address of a picture to show for it.' }),
    isPrivate: f.boolean({ description: 'Whether only the member can see it (default false).' }),
    order: f.int({ description: "Its place among the member's highlights, from 0 (default 0)." }),
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
  description: "Deletes the signed-in member's own highlight (its stories stay), members only; ForbiddenError for another member's highlight.",
  input: (f) => targetIdFields(f, 'highlightId', 'highlight'),
  payload: { deletedHighlightId: 'ID' },
  resolve: async (input, context) => {
    await context.stories.deleteHighlight(targetUpstreamIdOf(input, 'highlightId', 'Highlight'));
    return { deletedHighlightId: targetIdOf(input, 'highlightId').id };
  },
});

payloadMutation('reportStory', {
  description: 'Reports a story to the moderators, members only, once per member: a second report of the same story answers ConflictError.',
  errors: [...WRITE_ERRORS, ConflictError],
  input: (f) => ({
    ...storyInput(f),
    reason: f.string({ required: true, description: `What is wrong, in the reporter's words: 1 to ${REPORT_REASON_MAX} characters after trimming.` }),
  }),
  payload: {
    reportId: { type: 'Int', description: "The report's number." },
    reportedStory: referencedObject('reportedStoryId', Story, 'The story reported; null once it is gone.'),
    reportedStoryId: rawIdReplacedBy('reportedStory'),
    createdAt: 'DateTime',
  },
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
    description: hide
      ? "Hides a member's stories from the signed-in member's story tray, members only. Hiding again changes nothing."
      : "Shows a hidden member's stories in the signed-in member's story tray again, members only.",
    input: (f) => ({ userId: f.id({ required: true, description: "The member's global id." }) }),
    payload: {
      user: {
        type: User,
        description: 'The member whose stories were hidden or shown.',
        resolve: (payload, context) => User.getDataloader(context).load(String(payload.userId)),
      },
      hidden: { type: 'Boolean', description: "Whether the member's stories are now hidden.", resolve: () => hide },
    },
    resolve: async (input, context) => {
      const userId = inputIdOf(input, 'userId', 'User');
      await (hide ? context.stories.hide(userId) : context.stories.unhide(userId));
      return { userId };
    },
  });
}

payloadMutation('setCloseFriends', {
  description:
    "Replaces the signed-in member's list of close friends, members only. Only friends (mutual followers) can be chosen; the CLOSE_FRIENDS stories are for them alone.",
  input: (f) => ({ userIds: f.idList({ required: true, description: 'The global ids of the close friends: the whole new list, possibly empty.' }) }),
  payload: {
    closeFriends: {
      type: [User],
      description: 'The close friends as they now are.',
      resolve: (payload, context) => Promise.all((payload.userIds as number[]).map((id) => User.getDataloader(context).load(String(id)))),
    },
  },
  resolve: async (input, context) => {
    const userIds = input.userIds.map((id, index) => upstreamIdOf(String(id), 'User', ['input', 'userIds', String(index)]));
    const parsed = validateInput(closeFriendsSchema, { userIds }, ['input']);
    return { userIds: await context.stories.setCloseFriends(parsed.userIds) };
  },
});
