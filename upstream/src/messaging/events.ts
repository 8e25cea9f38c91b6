import { and, eq, inArray, sql } from 'drizzle-orm';
import { messagingTexts as m } from '../../../domain/messages.js';
import { MENTIONS_NOTIFIED_MAX } from '../../../domain/limits.js';
import { mentionedNicknameKeys } from '../../../domain/nickname.js';
import { notifications, postLikeNotices, posts, replies, users, type StoryReactionRow, type StoryRow } from '../db/schema.js';
import { areBlocked } from '../db/blocks.js';
import { notify, type NotificationEvent, type Queryable } from './notification-repository.js';

/**
 * The community events that reach a member's inbox (001 §4 types comment, like, follow, mention). Each is
 * called with the transaction of the write that caused it, so the notification commits with it or not at all.
 */

const EXCERPT_LENGTH = 50;
const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text);
/** A GraphQL global id (base64 of `<Type>:<id>`, DESIGN §3), as the web app's routes take them, ready for a query string. */
const globalIdParam = (type: 'User' | 'Post' | 'Reply' | 'Story', id: number) => encodeURIComponent(Buffer.from(`${type}:${id}`).toString('base64'));
/** The web app's story viewer route takes the author's global id; `story` names the story it opens at. */
const storyUrl = (story: StoryRow) => `/stories/${globalIdParam('User', story.userId)}?story=${globalIdParam('Story', story.id)}`;
const postUrl = (postId: number) => `/community/detail?id=${globalIdParam('Post', postId)}`;
/** The post opened at the reply: `reply` names it, `thread` the reply it answers (the web app loads that thread's answers). */
const replyUrl = (reply: ReplyRow) =>
  `${postUrl(reply.postId)}&reply=${globalIdParam('Reply', reply.id)}${reply.parentId === null ? '' : `&thread=${globalIdParam('Reply', reply.parentId)}`}`;

type ReplyRow = typeof replies.$inferSelect;

/** Notifies unless the recipient and the sender are a blocked pair: nothing a blocked member does reaches the other's inbox. */
async function tell(db: Queryable, event: NotificationEvent & { senderId: number }): Promise<void> {
  if (await areBlocked(db, event.userId, event.senderId)) return;
  await notify(db, event);
}

async function nicknameOf(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.nickname ?? '';
}

/**
 * `@닉네임` mentions in a text: the members named (any case or width), each once, in the order of their first
 * mention, at most MENTIONS_NOTIFIED_MAX of them (anti-spam: one reply cannot page the whole community).
 */
async function mentionedUsers(db: Queryable, text: string): Promise<number[]> {
  const keys = mentionedNicknameKeys(text);
  if (keys.length === 0) return [];
  const rows = await db.select({ id: users.id, key: users.nicknameKey }).from(users).where(inArray(users.nicknameKey, keys));
  const idByKey = new Map(rows.map((row) => [row.key, row.id]));
  return keys.flatMap((key) => idByKey.get(key) ?? []).slice(0, MENTIONS_NOTIFIED_MAX);
}

/** The notifications a reply caused (its comment and mention notices), by the index on `metadata.replyId`. */
const causedBy = (replyId: number) => sql`(${notifications.metadata}->>'replyId') = ${String(replyId)}`;

/** An edited reply's notifications show its new text, as the post does: a preview never quotes what was taken back. */
export async function refreshReplyNotifications(db: Queryable, reply: ReplyRow): Promise<void> {
  await db
    .update(notifications)
    .set({ content: excerpt(reply.content), updatedAt: new Date() })
    .where(causedBy(reply.id));
}

/** A deleted reply's notifications go with it: an inbox never quotes a removed reply or links to where it was. */
export async function withdrawReplyNotifications(db: Queryable, replyId: number): Promise<void> {
  await db.delete(notifications).where(causedBy(replyId));
}

/** A new reply tells the post's author, the author of the reply it answers, and anyone it mentions. */
export async function notifyReply(db: Queryable, reply: ReplyRow, answeredReplyId?: number): Promise<void> {
  const [post] = await db.select({ authorId: posts.authorId, title: posts.title }).from(posts).where(eq(posts.id, reply.postId)).limit(1);
  if (!post) return;
  const nickname = await nicknameOf(db, reply.authorId);
  const common = { senderId: reply.authorId, url: replyUrl(reply), metadata: { postId: reply.postId, replyId: reply.id } };
  const told = new Set<number>([reply.authorId]);
  if (answeredReplyId !== undefined) {
    const [answered] = await db.select({ authorId: replies.authorId }).from(replies).where(eq(replies.id, answeredReplyId)).limit(1);
    if (answered && !told.has(answered.authorId)) {
      told.add(answered.authorId);
      await tell(db, { ...common, userId: answered.authorId, type: 'comment', title: m.replyOnReply(nickname, post.title), content: excerpt(reply.content) });
    }
  }
  if (!told.has(post.authorId)) {
    told.add(post.authorId);
    await tell(db, { ...common, userId: post.authorId, type: 'comment', title: m.replyOnPost(nickname, post.title), content: excerpt(reply.content) });
  }
  for (const userId of await mentionedUsers(db, reply.content)) {
    if (told.has(userId)) continue;
    told.add(userId);
    await tell(db, { ...common, userId, type: 'mention', title: m.mentioned(nickname, post.title), content: excerpt(reply.content) });
  }
}

/**
 * A like (not an unlike) tells the post's author, once per liker and post for good: liking again after an
 * unlike notifies no one (anti-spam; `post_like_notices` remembers who was announced).
 */
export async function notifyPostLike(db: Queryable, postId: number, likerId: number): Promise<void> {
  const [post] = await db.select({ authorId: posts.authorId, title: posts.title }).from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post || post.authorId === likerId) return;
  const first = await db.insert(postLikeNotices).values({ postId, userId: likerId }).onConflictDoNothing().returning({ postId: postLikeNotices.postId });
  if (!first.length) return;
  await tell(db, {
    userId: post.authorId,
    senderId: likerId,
    type: 'like',
    title: m.likeOnPost(await nicknameOf(db, likerId)),
    content: excerpt(post.title),
    url: postUrl(postId),
    metadata: { postId },
  });
}

/** A follow tells the followed member, once while that notice is unread (following again is idempotent). */
export async function notifyFollow(db: Queryable, followerId: number, followedId: number): Promise<void> {
  const [already] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, followedId), eq(notifications.senderId, followerId), eq(notifications.type, 'follow'), eq(notifications.isRead, false)))
    .limit(1);
  if (already) return;
  const nickname = await nicknameOf(db, followerId);
  await tell(db, {
    userId: followedId,
    senderId: followerId,
    type: 'follow',
    title: m.followed(nickname),
    content: m.followed(nickname),
    url: `/users/${followerId}`,
    metadata: { userId: followerId },
  });
}

/**
 * A reaction, emoji or message on a story tells its author, naming who sent it, the emoji or the message. A like
 * tells once per member and story (liking again after an unlike notifies no one, as for posts).
 */
export async function notifyStoryReaction(db: Queryable, story: StoryRow, reaction: StoryReactionRow): Promise<void> {
  if (story.userId === reaction.userId) return;
  const metadata = { storyId: story.id, reactionId: reaction.id, reaction: reaction.type };
  if (reaction.type === 'like') {
    const [already] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, story.userId),
          eq(notifications.senderId, reaction.userId),
          eq(notifications.type, 'story'),
          sql`${notifications.metadata}->>'reaction' = 'like' and ${notifications.metadata}->>'storyId' = ${String(story.id)}`,
        ),
      )
      .limit(1);
    if (already) return;
  }
  const nickname = await nicknameOf(db, reaction.userId);
  const [title, content] =
    reaction.type === 'comment'
      ? [m.storyMessage(nickname), excerpt(reaction.comment ?? '')]
      : reaction.type === 'emoji'
        ? [m.storyEmoji(nickname, reaction.emoji ?? ''), reaction.emoji ?? '']
        : [m.storyLiked(nickname), '♥'];
  await tell(db, { userId: story.userId, senderId: reaction.userId, type: 'story', title, content, url: storyUrl(story), metadata });
}
