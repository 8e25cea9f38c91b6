import { userSummaryJson } from '../api.js';
import { STORY_PRIVACY_LEVELS, STORY_REACTION_TYPES, STORY_TYPES } from '../limits.js';
import { z } from '../zod.js';

/**
 * The stories area's answers (002 §3.5-§3.11, camelCase as the stories API documents them) as zod schemas, named
 * in the upstream's /openapi.json; domain/stories.ts re-exports their types. The web app never imports this file
 * (it would add zod schemas to its bundle).
 */

export const storyLocationJson = z.object({ name: z.string(), latitude: z.number(), longitude: z.number() }).meta({ id: 'StoryLocation' });
export type StoryLocationJson = z.infer<typeof storyLocationJson>;

export const storyJson = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    user: userSummaryJson.nullable(),
    media: z.string(),
    mimeType: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    type: z.enum(STORY_TYPES),
    duration: z.number(),
    caption: z.string().nullable(),
    timestamp: z.string(),
    viewCount: z.number().int(),
    expiresAt: z.string(),
    isExpired: z.boolean(),
    isViewed: z.boolean(),
    likes: z.number().int(),
    isLiked: z.boolean(),
    likeId: z.number().int().nullable().describe('The caller’s own like (its reaction id, to take it back with DELETE …/reactions/{id}), or null.'),
    mentions: z.array(z.string()),
    hashtags: z.array(z.string()),
    location: storyLocationJson.nullable(),
    musicId: z.string().nullable().describe('No music catalogue exists: the chosen id is kept and returned; `music` stays null.'),
    music: z.null(),
    effects: z.array(z.string()),
    privacy: z.enum(STORY_PRIVACY_LEVELS),
    isMine: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Story' });
export type StoryJson = z.infer<typeof storyJson>;

export const storyGroupJson = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    avatar: z.string().nullable(),
    verified: z.boolean(),
    stories: z.array(storyJson),
    isViewed: z.boolean(),
    hasNewStory: z.boolean(),
    latestStoryTime: z.string().nullable(),
    totalStories: z.number().int(),
    unviewedCount: z.number().int(),
  })
  .meta({ id: 'StoryGroup' });
export type StoryGroupJson = z.infer<typeof storyGroupJson>;

export const storyViewJson = z
  .object({
    id: z.number().int().nullable().describe('Null for the author watching their own story: such views are not recorded.'),
    storyId: z.number().int(),
    userId: z.number().int(),
    user: userSummaryJson.nullable(),
    viewedAt: z.string(),
    duration: z.number().nullable(),
    completionRate: z.number().nullable(),
  })
  .meta({ id: 'StoryView' });
export type StoryViewJson = z.infer<typeof storyViewJson>;

export const storyReactionJson = z
  .object({
    id: z.number().int(),
    storyId: z.number().int(),
    userId: z.number().int(),
    user: userSummaryJson.nullable(),
    type: z.enum(STORY_REACTION_TYPES),
    emoji: z.string().nullable(),
    comment: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'StoryReaction' });
export type StoryReactionJson = z.infer<typeof storyReactionJson>;

export const storyStatsJson = z
  .object({
    storyId: z.number().int(),
    viewCount: z.number().int(),
    uniqueViewers: z.number().int(),
    completionRate: z.number(),
    averageViewDuration: z.number(),
    likeCount: z.number().int(),
    reactionCount: z.number().int(),
    shareCount: z.number().int(),
    clickThroughRate: z.number().nullable(),
  })
  .meta({ id: 'StoryStats' });
export type StoryStatsJson = z.infer<typeof storyStatsJson>;

export const highlightJson = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    title: z.string(),
    coverImage: z.string().nullable(),
    stories: z.array(storyJson),
    isPrivate: z.boolean(),
    order: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Highlight' });
export type HighlightJson = z.infer<typeof highlightJson>;

/** A friend in the close-friends picker (`GET /api/stories/close-friends/candidates`). */
export const closeFriendCandidateJson = z.object({ user: userSummaryJson, isCloseFriend: z.boolean() }).meta({ id: 'CloseFriendCandidate' });
export type CloseFriendCandidateJson = z.infer<typeof closeFriendCandidateJson>;

/** A member whose stories the caller hid (`GET /api/stories/hidden`). */
export const hiddenStoryMemberJson = z.object({ user: userSummaryJson, hiddenAt: z.string() }).meta({ id: 'HiddenStoryMember' });
export type HiddenStoryMemberJson = z.infer<typeof hiddenStoryMemberJson>;

/** The close friends' member ids, oldest first. */
export const closeFriendIdsJson = z.object({ results: z.array(z.number().int()) }).meta({ id: 'CloseFriendIds' });

/** A list of `item` without page numbers (002 §3.11), named `<id>` in the API description. */
export const storyListJsonOf = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ results: z.array(item), total: z.number().int(), hasMore: z.boolean() }).meta({ id });
export type StoryListJson<T> = Omit<z.infer<ReturnType<typeof storyListJsonOf>>, 'results'> & { results: T[] };

export const storyGroupListJson = storyListJsonOf(storyGroupJson, 'StoryGroupList');
export const closeFriendCandidateListJson = storyListJsonOf(closeFriendCandidateJson, 'CloseFriendCandidateList');
export const hiddenStoryMemberListJson = storyListJsonOf(hiddenStoryMemberJson, 'HiddenStoryMemberList');
export const storyViewListJson = storyListJsonOf(storyViewJson, 'StoryViewList');
export const storyReactionListJson = storyListJsonOf(storyReactionJson, 'StoryReactionList');
/** A member's highlights, all at once. */
export const highlightsJson = z.object({ results: z.array(highlightJson) }).meta({ id: 'Highlights' });
