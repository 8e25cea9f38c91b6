import type { StoryPrivacy, StoryReactionType, StoryType } from '../../../domain/limits.js';
import type {
  CloseFriendCandidateJson,
  HiddenStoryMemberJson,
  HighlightJson,
  StoryGroupJson,
  StoryJson,
  StoryReactionJson,
  StoryViewInput,
  StoryViewJson,
} from '../../../domain/stories.js';
import type { Database } from '../db/client.js';
import type { HighlightRow, StoryHideRow, StoryReactionRow, StoryRow, StoryViewRow } from '../db/schema.js';
import { serializeUser, type MediaUrl } from '../serializers.js';
import { userSummaries } from '../accounts/present.js';
import { storyNow } from './clock.js';
import { storyFacts } from './repository.js';

const iso = (date: Date) => date.toISOString();

/** Stories as answered, with their counts, the viewer's own views and likes, and authors. */
export async function presentStories(db: Database, rows: StoryRow[], viewerId: number | null, media: MediaUrl): Promise<StoryJson[]> {
  if (!rows.length) return [];
  const facts = await storyFacts(db, rows, viewerId);
  const now = storyNow().getTime();
  return rows.map((row) => {
    const author = facts.authors.get(row.userId);
    return {
      id: row.id,
      userId: row.userId,
      user: author ? serializeUser(author, media, viewerId) : null,
      media: media(row.mediaPath)!,
      mimeType: row.mimeType,
      width: row.width,
      height: row.height,
      type: row.mediaType as StoryType,
      duration: row.duration,
      caption: row.caption,
      timestamp: iso(row.createdAt),
      viewCount: facts.views.get(row.id) ?? 0,
      expiresAt: iso(row.expiresAt),
      isExpired: row.expiresAt.getTime() <= now,
      isViewed: row.userId === viewerId || facts.viewed.has(row.id),
      likes: facts.likes.get(row.id) ?? 0,
      isLiked: facts.liked.has(row.id),
      likeId: facts.liked.get(row.id) ?? null,
      mentions: row.mentions,
      hashtags: row.hashtags,
      location: row.location ?? null,
      musicId: row.musicId,
      music: null,
      effects: row.effects,
      privacy: row.privacy as StoryPrivacy,
      isMine: row.userId === viewerId,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  });
}

/** One group per author; groups with unviewed stories first, then the most recent. */
export async function presentTray(db: Database, rows: StoryRow[], viewerId: number | null, media: MediaUrl): Promise<StoryGroupJson[]> {
  const presented = await presentStories(db, rows, viewerId, media);
  const byAuthor = new Map<number, StoryJson[]>();
  for (const story of presented) byAuthor.set(story.userId, [...(byAuthor.get(story.userId) ?? []), story]);
  const groups = [...byAuthor.entries()].map(([userId, list]): StoryGroupJson => {
    const unviewedCount = list.filter((story) => !story.isViewed).length;
    const author = list[0].user;
    return {
      id: userId,
      userId,
      username: author?.nickname ?? '',
      avatar: author?.profile_image ?? null,
      verified: false,
      stories: list,
      isViewed: unviewedCount === 0,
      hasNewStory: unviewedCount > 0,
      latestStoryTime: list.at(-1)!.createdAt,
      totalStories: list.length,
      unviewedCount,
    };
  });
  return groups.sort(
    (a, b) => Number(b.hasNewStory) - Number(a.hasNewStory) || (b.latestStoryTime ?? '').localeCompare(a.latestStoryTime ?? '') || a.userId - b.userId,
  );
}

function viewJson(view: StoryViewRow, user: StoryViewJson['user']): StoryViewJson {
  return {
    id: view.id,
    storyId: view.storyId,
    userId: view.viewerId,
    user,
    viewedAt: iso(view.viewedAt),
    duration: view.duration,
    completionRate: view.completionRate,
  };
}

/** A recorded view; the author watching their own story is answered as a view that was not recorded. */
export function presentOwnView(view: StoryViewRow | null, story: StoryRow, viewerId: number, input: StoryViewInput): StoryViewJson {
  if (view) return viewJson(view, null);
  return {
    id: null,
    storyId: story.id,
    userId: viewerId,
    user: null,
    viewedAt: iso(storyNow()),
    duration: input.duration ?? null,
    completionRate: input.completionRate ?? null,
  };
}

/** Viewers of the author's story with their summaries. */
export async function presentViewers(db: Database, rows: StoryViewRow[], viewerId: number, media: MediaUrl): Promise<StoryViewJson[]> {
  const people = await userSummaries(
    db,
    rows.map((row) => row.viewerId),
    media,
    viewerId,
  );
  return rows.map((row) => viewJson(row, people.get(row.viewerId) ?? null));
}

function reactionJson(row: StoryReactionRow, user: StoryReactionJson['user']): StoryReactionJson {
  return {
    id: row.id,
    storyId: row.storyId,
    userId: row.userId,
    user,
    type: row.type as StoryReactionType,
    emoji: row.emoji,
    comment: row.comment,
    createdAt: iso(row.createdAt),
  };
}

/** Reactions on the author's story with who sent each. */
export async function presentReactions(db: Database, rows: StoryReactionRow[], viewerId: number, media: MediaUrl): Promise<StoryReactionJson[]> {
  const people = await userSummaries(
    db,
    rows.map((row) => row.userId),
    media,
    viewerId,
  );
  return rows.map((row) => reactionJson(row, people.get(row.userId) ?? null));
}

export async function presentReaction(db: Database, row: StoryReactionRow, userId: number, media: MediaUrl): Promise<StoryReactionJson> {
  const people = await userSummaries(db, [userId], media, userId);
  return reactionJson(row, people.get(userId) ?? null);
}

/** Highlights with the stories the viewer may see in each. */
export async function presentHighlights(
  db: Database,
  { rows, links }: { rows: HighlightRow[]; links: { highlightId: number; story: StoryRow }[] },
  viewerId: number | null,
  media: MediaUrl,
): Promise<HighlightJson[]> {
  if (!rows.length) return [];
  const presented = new Map(
    (
      await presentStories(
        db,
        links.map((link) => link.story),
        viewerId,
        media,
      )
    ).map((story) => [story.id, story]),
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    title: row.title,
    coverImage: media(row.coverImage),
    stories: links.filter((link) => link.highlightId === row.id).map((link) => presented.get(link.story.id)!),
    isPrivate: row.isPrivate,
    order: row.sortOrder,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

/** The close-friends picker's friends with their summaries (a member gone meanwhile is left out). */
export async function presentCloseFriendCandidates(
  db: Database,
  rows: { id: number; isCloseFriend: boolean }[],
  viewerId: number,
  media: MediaUrl,
): Promise<CloseFriendCandidateJson[]> {
  const people = await userSummaries(
    db,
    rows.map((row) => row.id),
    media,
    viewerId,
  );
  return rows.flatMap((row) => {
    const user = people.get(row.id);
    return user ? [{ user, isCloseFriend: row.isCloseFriend }] : [];
  });
}

/** The members the viewer hid, with their summaries and when. */
export async function presentHiddenMembers(db: Database, rows: StoryHideRow[], viewerId: number, media: MediaUrl): Promise<HiddenStoryMemberJson[]> {
  const people = await userSummaries(
    db,
    rows.map((row) => row.hiddenUserId),
    media,
    viewerId,
  );
  return rows.flatMap((row) => {
    const user = people.get(row.hiddenUserId);
    return user ? [{ user, hiddenAt: iso(row.createdAt) }] : [];
  });
}
