import type { PostType, TradeType } from '../../../domain/index.js';
import type { Caller, QueryValue, UpstreamClient } from './client.js';

/** Shapes of the community REST API (000 §3), as the upstream answers them. */
export interface CategoryRecord {
  id: number;
  name: string;
  code: string | null;
  priority?: number;
  hidden?: boolean;
  children?: CategoryRecord[];
}

export interface CategoriesAnswer {
  update_code: string;
  results: CategoryRecord[];
}

export interface BadgeRecord {
  id: number;
  title: string;
  hex_code: string | null;
  image: string | null;
  grade?: string | null;
}

export interface UserRecord {
  id: number;
  uuid?: string;
  nickname: string;
  profile_image: string | null;
  email?: string | null;
  represent_badge?: BadgeRecord | null;
}

export interface ImageRecord {
  id: number;
  url: string;
  thumbnail_url: string | null;
  width: number | null;
  height: number | null;
  size: number | null;
  mime_type: string | null;
}

export interface PostRecord {
  id: number;
  uuid: string;
  title: string;
  content: string;
  post_type: PostType;
  category: CategoryRecord | null;
  sub_category: CategoryRecord | null;
  author: UserRecord | null;
  view_count: number;
  like_count: number;
  reply_count: number;
  is_like: boolean;
  trade_type: TradeType | null;
  price: number | null;
  location: string | null;
  is_sold: boolean;
  images: ImageRecord[];
  thumbnail: string | null;
  tags: string[];
  is_pinned: boolean;
  is_notice: boolean;
  is_hidden: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface PageAnswer<T> {
  results: T[];
  count: number;
  next: string | null;
  previous: string | null;
  total_pages: number;
}

/** The community calls of 000 §7 for one caller (one instance per GraphQL request). */
export class CommunityApi {
  private categoryTree?: Promise<CategoriesAnswer>;

  constructor(
    private readonly client: UpstreamClient,
    private readonly caller: Caller,
  ) {}

  /** The category tree, fetched at most once per request however many fields ask for it. */
  categories(): Promise<CategoriesAnswer> {
    this.categoryTree ??= this.client.get<CategoriesAnswer>('/v1/community/categories/', this.caller);
    return this.categoryTree;
  }

  async category(id: number): Promise<CategoryRecord | undefined> {
    const { results } = await this.categories();
    return flattenCategories(results).find((category) => category.id === id);
  }

  /** `GET /v1/community/` with the query parameters of 000 §7 (already validated by the caller). */
  posts(query: Record<string, QueryValue>): Promise<PageAnswer<PostRecord>> {
    return this.client.get('/v1/community/', this.caller, query);
  }

  post(id: number): Promise<PostRecord> {
    return this.client.get(`/v1/community/${id}/`, this.caller);
  }

  user(id: number): Promise<UserRecord> {
    return this.client.get(`/v1/user/${id}/`, this.caller);
  }
}

export function flattenCategories(categories: CategoryRecord[]): CategoryRecord[] {
  return categories.flatMap((category) => [category, ...flattenCategories(category.children ?? [])]);
}
