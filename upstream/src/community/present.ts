import type { CategoryJson, PostJson, ReplyJson, UserReplyJson } from '../../../domain/api.js';
import { communityTexts } from '../../../domain/messages.js';
import type { PostType, TradeType } from '../../../domain/limits.js';
import type { Database } from '../db/client.js';
import type { CategoryRow } from '../db/schema.js';
import { serializeImage, serializeUser, type MediaUrl } from '../serializers.js';
import { loadUsers, type UserWithBadge } from '../accounts/user-repository.js';
import { likedPostIds, loadPostMedia, type PostMedia, type PostRecord } from './post-repository.js';
import { answerCounts, likedReplyIds, type ReplyRow } from './reply-repository.js';
import { bookmarkedPostIds } from './bookmark-repository.js';

/** Posts as answered: authors, pictures and the viewer's likes and bookmarks fetched in one batch each, never per post. */
export async function presentPosts(db: Database, records: PostRecord[], media: MediaUrl, viewerId: number | null): Promise<PostJson[]> {
  const rows = records.map((record) => record.post);
  const postIds = rows.map((post) => post.id);
  const [users, pictures, liked, bookmarked] = await Promise.all([
    loadUsers(
      db,
      rows.map((post) => post.authorId),
    ),
    loadPostMedia(db, rows),
    likedPostIds(db, viewerId, postIds),
    bookmarkedPostIds(db, viewerId, postIds),
  ]);
  return records.map((record) => presentPost(record, { media, viewerId, users, pictures, liked, bookmarked }));
}

interface PostContext {
  media: MediaUrl;
  viewerId: number | null;
  users: Map<number, UserWithBadge>;
  pictures: PostMedia;
  liked: Set<number>;
  bookmarked: Set<number>;
}

function presentPost({ post, category, subCategory }: PostRecord, context: PostContext): PostJson {
  const author = context.users.get(post.authorId);
  const thumbnail = post.thumbnailId === null ? null : context.pictures.imagesById.get(post.thumbnailId);
  return {
    id: post.id,
    uuid: post.uuid,
    title: post.title,
    content: post.content,
    post_type: post.postType as PostType,
    category,
    sub_category: subCategory,
    author: author ? serializeUser(author, context.media, context.viewerId) : null,
    view_count: post.viewCount,
    like_count: post.likeCount,
    reply_count: post.replyCount,
    is_like: context.liked.has(post.id),
    is_bookmarked: context.bookmarked.has(post.id),
    trade_type: post.tradeType as TradeType | null,
    price: post.price,
    location: post.location,
    is_sold: post.isSold,
    images: (context.pictures.imagesByPost.get(post.id) ?? []).map((image) => serializeImage(image, context.media)),
    thumbnail: thumbnail ? context.media(thumbnail.thumbnailUrl ?? thumbnail.url) : null,
    tags: post.tags,
    is_pinned: post.isPinned,
    is_notice: post.isNotice,
    is_hidden: post.isHidden,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    deleted_at: post.deletedAt ? post.deletedAt.toISOString() : null,
  };
}

/** Visible categories as a tree, each level by priority; children of a hidden category are not reachable. */
export function presentCategoryTree(rows: CategoryRow[]): CategoryJson[] {
  const visible = rows.filter((row) => !row.hidden);
  const byParent = new Map<number | null, CategoryRow[]>();
  for (const row of visible) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const build = (parentId: number | null): CategoryJson[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.priority - b.priority || a.id - b.id)
      .map((row) => ({ id: row.id, name: row.name, priority: row.priority, code: row.code, hidden: row.hidden, children: build(row.id) }));
  return build(null);
}

/** Authors, the viewer's likes and the answer counts for many replies, one query each. */
async function replyPresenter(db: Database, rows: ReplyRow[], media: MediaUrl, viewerId: number | null) {
  const [users, liked, answers] = await Promise.all([
    loadUsers(
      db,
      rows.map((row) => row.authorId),
    ),
    likedReplyIds(
      db,
      viewerId,
      rows.map((row) => row.id),
    ),
    answerCounts(
      db,
      rows.filter((row) => row.parentId === null).map((row) => row.id),
      viewerId,
    ),
  ]);
  return (row: ReplyRow, children: ReplyJson[]): ReplyJson => {
    const author = users.get(row.authorId);
    return {
      id: row.id,
      uuid: row.uuid,
      post_id: row.postId,
      parent_id: row.parentId,
      // What a deleted reply said is gone; it stays only as the head of its thread.
      content: row.isDeleted ? communityTexts.reply.deletedReply : row.content,
      author: row.isDeleted || !author ? null : serializeUser(author, media, viewerId),
      like_count: row.likeCount,
      is_like: liked.has(row.id),
      is_deleted: row.isDeleted,
      is_edited: row.isEdited,
      replies: children,
      answer_count: answers.get(row.id) ?? 0,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  };
}

export async function presentReply(db: Database, row: ReplyRow, media: MediaUrl, viewerId: number | null): Promise<ReplyJson> {
  return (await replyPresenter(db, [row], media, viewerId))(row, []);
}

/** Replies that head no thread here (a page of answers): each with no answers of its own. */
export async function presentReplies(db: Database, rows: ReplyRow[], media: MediaUrl, viewerId: number | null): Promise<ReplyJson[]> {
  const present = await replyPresenter(db, rows, media, viewerId);
  return rows.map((row) => present(row, []));
}

/** Top-level replies, each with the first page of its answers. */
export async function presentThreads(
  db: Database,
  { roots, children }: { roots: ReplyRow[]; children: ReplyRow[] },
  media: MediaUrl,
  viewerId: number | null,
): Promise<ReplyJson[]> {
  const present = await replyPresenter(db, [...roots, ...children], media, viewerId);
  return roots.map((root) =>
    present(
      root,
      children.filter((child) => child.parentId === root.id).map((child) => present(child, [])),
    ),
  );
}

/** A member's replies, each naming its post. */
export async function presentUserReplies(
  db: Database,
  rows: { reply: ReplyRow; postTitle: string }[],
  media: MediaUrl,
  viewerId: number | null,
): Promise<UserReplyJson[]> {
  const present = await replyPresenter(
    db,
    rows.map((row) => row.reply),
    media,
    viewerId,
  );
  return rows.map((row) => ({ ...present(row.reply, []), post_title: row.postTitle }));
}
