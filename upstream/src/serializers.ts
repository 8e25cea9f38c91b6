import type { BadgeJson, CategoryJson, ImageJson, PostJson, UserSummaryJson } from '../../domain/api.js';
import type { PostType, TradeType } from '../../domain/limits.js';
import type { BadgeRow, CategoryRow, ImageRow, UserRow } from './db/schema.js';
import type { PostMedia, PostRecord } from './community/post-repository.js';
import type { UserWithBadge } from './accounts/user-repository.js';

/** Turns stored media paths into the URLs clients load them from. */
export type MediaUrl = (path: string | null) => string | null;

/**
 * Stored paths become `/media/<path>`, root-relative, so whoever serves the API (the gateway proxies
 * `/media/*`) serves the files from its own origin; with the operator's `publicUrl` they become
 * `<publicUrl>/media/<path>`. Never built from the request's Host, which any client can forge.
 * Stored absolute URLs (a provider's picture) pass through unchanged.
 */
export function mediaUrlFor(publicUrl?: string): MediaUrl {
  const base = publicUrl ? publicUrl.replace(/\/+$/, '') : '';
  return (path) => {
    if (!path) return null;
    if (/^https?:\/\//i.test(path)) return path;
    return `${base}/media/${path.replace(/^\/+/, '').replace(/^media\//, '')}`;
  };
}

export function serializeImage(image: ImageRow, media: MediaUrl): ImageJson {
  return {
    id: image.id,
    url: media(image.url)!,
    thumbnail_url: media(image.thumbnailUrl),
    width: image.width,
    height: image.height,
    size: image.size,
    mime_type: image.mimeType,
  };
}

export function serializeBadge(badge: BadgeRow, media: MediaUrl): BadgeJson {
  return { id: badge.id, title: badge.title, hex_code: badge.hexCode, image: media(badge.image), grade: badge.grade };
}

/** The e-mail address is private: only its owner sees it. */
export function serializeUser(
  { user, representBadge }: { user: UserRow; representBadge: BadgeRow | null },
  media: MediaUrl,
  viewerId: number | null,
): UserSummaryJson {
  return {
    id: user.id,
    uuid: user.uuid,
    nickname: user.nickname,
    profile_image: media(user.profileImage),
    email: viewerId === user.id ? user.email : null,
    represent_badge: representBadge ? serializeBadge(representBadge, media) : null,
  };
}

export interface PostContext {
  media: MediaUrl;
  viewerId: number | null;
  users: Map<number, UserWithBadge>;
  pictures: PostMedia;
  liked: Set<number>;
}

export function serializePost({ post, category, subCategory }: PostRecord, context: PostContext): PostJson {
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
export function serializeCategoryTree(rows: CategoryRow[]): CategoryJson[] {
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
