import type { PostType, TradeType } from './limits.js';

/**
 * The REST API's answers (000 §3, §7) as they travel: snake_case, the shapes the upstream writes
 * and the gateway reads.
 */
export interface ImageJson {
  id: number;
  url: string;
  thumbnail_url: string | null;
  width: number | null;
  height: number | null;
  size: number | null;
  mime_type: string | null;
}

export interface BadgeJson {
  id: number;
  title: string;
  hex_code: string;
  image: string | null;
  grade: string;
}

export interface UserSummaryJson {
  id: number;
  uuid: string;
  nickname: string;
  profile_image: string | null;
  /** Only its owner sees it; null for everyone else. */
  email: string | null;
  represent_badge: BadgeJson | null;
}

/** A category as a post embeds it. */
export interface CategoryRefJson {
  id: number;
  name: string;
  code: string | null;
}

export interface CategoryJson extends CategoryRefJson {
  priority: number;
  hidden: boolean;
  children: CategoryJson[];
}

export interface CategoriesJson {
  update_code: string;
  results: CategoryJson[];
}

export interface PostJson {
  id: number;
  uuid: string;
  title: string;
  content: string;
  post_type: PostType;
  category: CategoryRefJson | null;
  sub_category: CategoryRefJson | null;
  author: UserSummaryJson | null;
  view_count: number;
  like_count: number;
  reply_count: number;
  is_like: boolean;
  /** Whether the viewer bookmarked the post (false for guests). */
  is_bookmarked: boolean;
  trade_type: TradeType | null;
  price: number | null;
  location: string | null;
  is_sold: boolean;
  images: ImageJson[];
  thumbnail: string | null;
  tags: string[];
  is_pinned: boolean;
  is_notice: boolean;
  is_hidden: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A DRF-style page (000 §3 "List response"). */
export interface PageJson<T> {
  results: T[];
  count: number;
  next: string | null;
  previous: string | null;
  total_pages: number;
  links: { next: string | null; previous: string | null };
  meta: { page: number; pageSize: number; total: number; totalPages: number; hasNext: boolean; hasPrev: boolean };
}

/** A reply (000 §3) with its answers; a deleted reply keeps its place (and answers) but not its text or author. */
export interface ReplyJson {
  id: number;
  uuid: string;
  post_id: number;
  parent_id: number | null;
  content: string;
  author: UserSummaryJson | null;
  like_count: number;
  is_like: boolean;
  is_deleted: boolean;
  is_edited: boolean;
  /** The first `REPLY_ANSWERS_PAGE_SIZE` live answers (in a thread list or a reply's lookup; empty elsewhere). */
  replies: ReplyJson[];
  /** How many live answers the reply has in all, as the viewer may see them. */
  answer_count: number;
  created_at: string;
  updated_at: string;
}

/** A member's reply as `GET /v1/community/reply/` lists it: with the title of its post. */
export interface UserReplyJson extends ReplyJson {
  post_title: string;
}

/** What a reply write answers: the reply and its post as they now are (reply_count included). */
export interface ReplyWriteJson extends ReplyJson {
  post: PostJson;
}
