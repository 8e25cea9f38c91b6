import { z } from './zod.js';
import {
  CLOSE_FRIENDS_MAX,
  HIGHLIGHT_STORIES_MAX,
  NICKNAME_MAX,
  STORY_FRIENDS_PAGE_SIZE,
  HIGHLIGHT_TITLE_MAX,
  REPORT_REASON_MAX,
  STORY_CAPTION_MAX,
  STORY_COMMENT_MAX,
  STORY_COMPLETION_MAX,
  STORY_DEFAULT_PRIVACY,
  STORY_DURATION_MAX,
  STORY_DURATION_MIN,
  STORY_REACTION_EMOJIS,
  STORY_LOCATION_NAME_MAX,
  STORY_MUSIC_ID_MAX,
  STORY_PRIVACY_LEVELS,
  STORY_REACTION_TYPES,
  STORY_TAG_LENGTH_MAX,
  STORY_TAGS_MAX,
  STORY_TYPES,
  STORED_INT_MAX,
} from './limits.js';
import { storyTexts as t, validationTexts as v } from './messages.js';
import { pageQuerySchema } from './paging.js';

/** Multipart sends every field as text: '' counts as absent, JSON fields arrive as JSON text. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function jsonField<T extends z.ZodType>(name: string, schema: T) {
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return blankToUndefined(value);
    if (value.trim() === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      context.addIssue({ code: 'custom', message: t.invalid.json(name) });
      return z.NEVER;
    }
  }, schema.optional());
}

const tagList = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: t.invalid.tags(STORY_TAGS_MAX, STORY_TAG_LENGTH_MAX) })
      .max(STORY_TAG_LENGTH_MAX, { error: t.invalid.tags(STORY_TAGS_MAX, STORY_TAG_LENGTH_MAX) }),
    {
      error: t.invalid.tags(STORY_TAGS_MAX, STORY_TAG_LENGTH_MAX),
    },
  )
  .max(STORY_TAGS_MAX, { error: t.invalid.tags(STORY_TAGS_MAX, STORY_TAG_LENGTH_MAX) });

export const storyLocationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: t.invalid.locationName(STORY_LOCATION_NAME_MAX) })
    .max(STORY_LOCATION_NAME_MAX, { error: t.invalid.locationName(STORY_LOCATION_NAME_MAX) }),
  latitude: z.number({ error: t.invalid.latitude }).min(-90, { error: t.invalid.latitude }).max(90, { error: t.invalid.latitude }),
  longitude: z.number({ error: t.invalid.longitude }).min(-180, { error: t.invalid.longitude }).max(180, { error: t.invalid.longitude }),
});

const caption = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(STORY_CAPTION_MAX, { error: t.invalid.caption(STORY_CAPTION_MAX) })
    .optional(),
);
const privacy = z.enum(STORY_PRIVACY_LEVELS, { error: t.invalid.privacy });

/** Create (002 §5.3, §7.4): the fields beside the media file. */
export const storyCreateSchema = z.object({
  type: z.enum(STORY_TYPES, { error: t.invalid.type }),
  caption,
  duration: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: t.invalid.duration(STORY_DURATION_MIN, STORY_DURATION_MAX) })
      .min(STORY_DURATION_MIN, { error: t.invalid.duration(STORY_DURATION_MIN, STORY_DURATION_MAX) })
      .max(STORY_DURATION_MAX, { error: t.invalid.duration(STORY_DURATION_MIN, STORY_DURATION_MAX) })
      .optional(),
  ),
  mentions: jsonField('mentions', tagList),
  hashtags: jsonField('hashtags', tagList),
  location: jsonField('location', storyLocationSchema),
  musicId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(STORY_MUSIC_ID_MAX, { error: t.invalid.musicId(STORY_MUSIC_ID_MAX) })
      .optional(),
  ),
  effects: jsonField('effects', tagList),
  privacy: z.preprocess(blankToUndefined, privacy.default(STORY_DEFAULT_PRIVACY)),
});
export type StoryCreateInput = z.output<typeof storyCreateSchema>;

/** Update (002 §5.3): only caption, mentions, hashtags and privacy; anything else is refused. */
export const storyUpdateSchema = z.strictObject(
  { caption, mentions: tagList.optional(), hashtags: tagList.optional(), privacy: privacy.optional() },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? t.invalid.notEditable : undefined) },
);
export type StoryUpdateInput = z.output<typeof storyUpdateSchema>;

/** A view (idempotent per viewer): seconds watched and how much of the story, in percent. */
export const storyViewSchema = z.object({
  duration: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: t.invalid.viewDuration })
      .min(0, { error: t.invalid.viewDuration })
      .max(24 * 60 * 60, { error: t.invalid.viewDuration })
      .optional(),
  ),
  completionRate: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: t.invalid.completionRate })
      .min(0, { error: t.invalid.completionRate })
      .max(STORY_COMPLETION_MAX, { error: t.invalid.completionRate })
      .optional(),
  ),
});
export type StoryViewInput = z.output<typeof storyViewSchema>;

/** A reaction: a like, an emoji of the fixed set (required for `emoji`) or a comment of 1-200 characters (required for `comment`). */
export const storyReactionSchema = z
  .object({
    type: z.enum(STORY_REACTION_TYPES, { error: t.invalid.reactionType }),
    emoji: z.preprocess(
      (value) => (typeof value === 'string' ? blankToUndefined(value.trim()) : blankToUndefined(value)),
      z.enum(STORY_REACTION_EMOJIS, { error: t.invalid.emoji(STORY_REACTION_EMOJIS) }).optional(),
    ),
    comment: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .min(1, { error: t.invalid.comment(STORY_COMMENT_MAX) })
        .max(STORY_COMMENT_MAX, { error: t.invalid.comment(STORY_COMMENT_MAX) })
        .optional(),
    ),
  })
  .superRefine((reaction, context) => {
    if (reaction.type === 'emoji' && !reaction.emoji) context.addIssue({ code: 'custom', path: ['emoji'], message: t.invalid.emoji(STORY_REACTION_EMOJIS) });
    if (reaction.type === 'comment' && !reaction.comment)
      context.addIssue({ code: 'custom', path: ['comment'], message: t.invalid.comment(STORY_COMMENT_MAX) });
  });
export type StoryReactionInput = z.output<typeof storyReactionSchema>;

const positiveId = z.coerce.number({ error: v.id }).int({ error: v.id }).positive({ error: v.id }).max(STORED_INT_MAX, { error: v.id });

/** A highlight (002 §3.10): title 1-50, the author's own stories, optional cover, private flag and order. */
export const highlightCreateSchema = z.object({
  title: z
    .string({ error: t.invalid.highlightTitle(HIGHLIGHT_TITLE_MAX) })
    .trim()
    .min(1, { error: t.invalid.highlightTitle(HIGHLIGHT_TITLE_MAX) })
    .max(HIGHLIGHT_TITLE_MAX, { error: t.invalid.highlightTitle(HIGHLIGHT_TITLE_MAX) }),
  coverImage: z.preprocess(blankToUndefined, z.url({ error: v.id }).max(2000).optional()),
  storyIds: z
    .array(positiveId, { error: t.invalid.highlightStories(HIGHLIGHT_STORIES_MAX) })
    .min(1, { error: t.invalid.highlightStories(HIGHLIGHT_STORIES_MAX) })
    .max(HIGHLIGHT_STORIES_MAX, { error: t.invalid.highlightStories(HIGHLIGHT_STORIES_MAX) }),
  isPrivate: z.boolean().default(false),
  order: z.number({ error: t.invalid.order }).int({ error: t.invalid.order }).min(0, { error: t.invalid.order }).default(0),
});
export type HighlightCreateInput = z.output<typeof highlightCreateSchema>;

export const storyReportSchema = z.object({
  reason: z
    .string({ error: t.invalid.reason(REPORT_REASON_MAX) })
    .trim()
    .min(1, { error: t.invalid.reason(REPORT_REASON_MAX) })
    .max(REPORT_REASON_MAX, { error: t.invalid.reason(REPORT_REASON_MAX) }),
});

export const storyHideSchema = z.object({ userId: positiveId });

/** The close-friends picker's page: the caller's friends, optionally those whose nickname contains `q`. */
export const closeFriendCandidatesQuerySchema = pageQuerySchema(STORY_FRIENDS_PAGE_SIZE).extend({
  q: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(NICKNAME_MAX, { error: t.invalid.friendQuery(NICKNAME_MAX) })
      .optional(),
  ),
});

/** The author's close friends (DESIGN §5): replaces the whole list; each must be a mutual follower. */
export const closeFriendsSchema = z.object({ userIds: z.array(positiveId).max(CLOSE_FRIENDS_MAX, { error: t.invalid.closeFriends(CLOSE_FRIENDS_MAX) }) });

/** Wire shapes of 002 §3.5-§3.11 (camelCase, as the stories API documents them): zod schemas in ./api/stories.ts. */
export type {
  CloseFriendCandidateJson,
  HiddenStoryMemberJson,
  HighlightJson,
  StoryGroupJson,
  StoryJson,
  StoryListJson,
  StoryLocationJson,
  StoryReactionJson,
  StoryStatsJson,
  StoryViewJson,
} from './api/stories.js';
