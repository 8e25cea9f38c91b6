import type {
  CategoriesJson,
  CategoryJson,
  CategoryRefJson,
  ImageJson,
  PageJson,
  PostJson,
  ReplyJson,
  ReplyWriteJson,
  UserReplyJson,
  UserSummaryJson,
} from '../../../../domain/api.js';
import { FormData as UndiciFormData } from 'undici';
import { withTypedRefusals } from '../../graphql/errors.js';
import { wasReplayed, type Caller, type QueryValue, type UpstreamClient } from '../../upstream/client.js';
import type { PublicCache } from '../../upstream/public-cache.js';
import { ReadAhead } from '../../upstream/read-ahead.js';

/** A category as the gateway holds it: the full tree entry, or the reference a post embeds. */
export type CategoryRecord = CategoryRefJson & Partial<Omit<CategoryJson, keyof CategoryRefJson>>;

/** The community calls of 000 §7 for one caller (one instance per GraphQL request). */
export class CommunityApi {
  /** Reply pages started ahead of their field (`prefetchReplies`). */
  private readonly repliesAhead = new ReadAhead<PageJson<ReplyJson>>();

  constructor(
    private readonly client: UpstreamClient,
    private readonly caller: Caller,
    private readonly publicCache: PublicCache,
  ) {}

  /** The category tree, the same for every viewer: from the shared public cache (10 min, 000 §9). */
  categories(): Promise<CategoriesJson> {
    return this.publicCache.categories();
  }

  async category(id: number): Promise<CategoryJson | undefined> {
    const { results } = await this.categories();
    return flattenCategories(results).find((category) => category.id === id);
  }

  /** `GET /v1/community/` with the query parameters of 000 §7 (already validated by the caller). */
  posts(query: Record<string, QueryValue>): Promise<PageJson<PostJson>> {
    return this.client.getShared('/v1/community/', this.caller, query);
  }

  /** `GET /v1/community/liked/`: the caller's liked posts, the newest like first. */
  likedPosts(page: number, pageSize: number): Promise<PageJson<PostJson>> {
    return this.client.get('/v1/community/liked/', this.caller, { page, page_size: pageSize });
  }

  /**
   * Counts a view upstream unless `countView` is false (a read for another field, or a client's refresh of what it
   * shows): never shared between requests.
   */
  post(id: number, { countView = true }: { countView?: boolean } = {}): Promise<PostJson> {
    return this.client.get(`/v1/community/${id}/`, this.caller, countView ? undefined : { count_view: 'false' });
  }

  user(id: number): Promise<UserSummaryJson> {
    return this.client.getShared(`/v1/user/${id}/`, this.caller);
  }

  /** A post's top-level replies, each with the first page of its answers. */
  replies(postId: number, page: number, pageSize: number): Promise<PageJson<ReplyJson>> {
    return this.repliesAhead.take(`${postId}:${page}:${pageSize}`) ?? this.readReplies(postId, page, pageSize);
  }

  /**
   * Starts reading a page of a post's replies now, for the `replies` field that will ask it once the post is read: the
   * post detail waits for the slower of the two reads, not for both in turn.
   */
  prefetchReplies(postId: number, page: number, pageSize: number): void {
    this.repliesAhead.start(`${postId}:${page}:${pageSize}`, () => this.readReplies(postId, page, pageSize));
  }

  private readReplies(postId: number, page: number, pageSize: number): Promise<PageJson<ReplyJson>> {
    return this.client.getShared(`/v1/community/${postId}/reply/`, this.caller, { page, page_size: pageSize });
  }

  /** Who wrote a reply of this post (null when it is gone or hidden from the caller), for the inbox hint of an answer. */
  async replyAuthorId(postId: number, replyId: number): Promise<number | null> {
    try {
      const reply = await this.reply(replyId);
      return reply.post_id === postId ? (reply.author?.id ?? null) : null;
    } catch {
      // Only a hint depends on it: the poll interval covers a lookup that failed.
      return null;
    }
  }

  /** One reply with the first page of its answers; not found where the post's reply list would hide it. */
  reply(id: number): Promise<ReplyJson> {
    return this.client.getShared(`/v1/community/reply/${id}/`, this.caller);
  }

  /** One page of a reply's answers, oldest first. */
  answers(postId: number, replyId: number, page: number, pageSize: number): Promise<PageJson<ReplyJson>> {
    return this.client.getShared(`/v1/community/${postId}/reply/`, this.caller, { parent_id: replyId, page, page_size: pageSize });
  }

  /** A member's replies, newest first. */
  userReplies(userId: number, page: number, pageSize: number): Promise<PageJson<UserReplyJson>> {
    return this.client.getShared('/v1/community/reply/', this.caller, { target_user_id: userId, page, page_size: pageSize });
  }

  /** A repeated key answers the post as it is now (a replay is the first answer, with its counts of then). */
  async createPost(body: Record<string, unknown>, idempotencyKey?: string): Promise<PostJson> {
    const created = await withTypedRefusals(this.client.request<PostJson>('POST', '/v1/community/', { ...this.caller, idempotencyKey }, undefined, body));
    return wasReplayed(created) ? this.post(created.id, { countView: false }) : created;
  }

  updatePost(id: number, body: Record<string, unknown>): Promise<PostJson> {
    return withTypedRefusals(this.client.request('PUT', `/v1/community/${id}/`, this.caller, undefined, body));
  }

  deletePost(id: number): Promise<{ id: number; deleted_at: string }> {
    return withTypedRefusals(this.client.request('DELETE', `/v1/community/${id}/`, this.caller));
  }

  /** Toggles the caller's like; the answer is the post with its new `is_like` and `like_count`. */
  togglePostLike(id: number): Promise<PostJson> {
    return withTypedRefusals(this.client.request('PATCH', `/v1/community/${id}/`, this.caller));
  }

  /** Bookmarks the post for the caller (idempotent); the answer is the post with `is_bookmarked` true. */
  bookmarkPost(id: number): Promise<PostJson> {
    return withTypedRefusals(this.client.request('PUT', `/v1/community/${id}/bookmark/`, this.caller));
  }

  /** Removes the caller's bookmark (idempotent); the answer is the post with `is_bookmarked` false. */
  unbookmarkPost(id: number): Promise<PostJson> {
    return withTypedRefusals(this.client.request('DELETE', `/v1/community/${id}/bookmark/`, this.caller));
  }

  /** `GET /v1/community/bookmarks/`: the caller's bookmarked posts, the newest bookmark first. */
  bookmarkedPosts(page: number, pageSize: number): Promise<PageJson<PostJson>> {
    return this.client.get('/v1/community/bookmarks/', this.caller, { page, page_size: pageSize });
  }

  /** A repeated key answers the reply and its post as they are now: deleted since, it is not found. */
  async createReply(postId: number, body: { content: string; parent_id?: number }, idempotencyKey?: string): Promise<ReplyWriteJson> {
    const created = await withTypedRefusals(
      this.client.request<ReplyWriteJson>('POST', `/v1/community/${postId}/reply/`, { ...this.caller, idempotencyKey }, undefined, body),
    );
    if (!wasReplayed(created)) return created;
    const [reply, post] = await Promise.all([this.reply(created.id), this.post(postId, { countView: false })]);
    return { ...reply, post };
  }

  updateReply(postId: number, replyId: number, body: { content: string }): Promise<ReplyJson> {
    return withTypedRefusals(this.client.request('PUT', `/v1/community/${postId}/reply/${replyId}/`, this.caller, undefined, body));
  }

  deleteReply(postId: number, replyId: number): Promise<{ id: number; post: PostJson }> {
    return withTypedRefusals(this.client.request('DELETE', `/v1/community/${postId}/reply/${replyId}/`, this.caller));
  }

  toggleReplyLike(replyId: number): Promise<ReplyJson> {
    return withTypedRefusals(this.client.request('PATCH', `/v1/community/reply/${replyId}/`, this.caller));
  }

  reportPost(id: number, body: { content: string; reason_type: number }): Promise<{ id: number; created_at: string }> {
    return withTypedRefusals(this.client.request('POST', `/v1/community/${id}/report/`, this.caller, undefined, body));
  }

  blockPost(id: number): Promise<{ id: number; created_at: string }> {
    return withTypedRefusals(this.client.request('POST', `/v1/community/${id}/block/`, this.caller));
  }

  blockUser(body: { block_target_user: number; reason?: string }): Promise<{ id: number; created_at: string }> {
    return withTypedRefusals(this.client.request('POST', '/v1/user/block/', this.caller, undefined, body));
  }

  /**
   * Sends one picture to the upload endpoint as multipart `image`. Yoga's multipart parser has already read
   * the upload into its own File class, which undici's FormData does not take: the bytes go over as a Blob.
   */
  async uploadImage(file: File): Promise<ImageJson> {
    // undici's own FormData: the pool serializes it (Node's built-in one comes from another undici copy).
    const form = new UndiciFormData();
    form.append('image', new Blob([await file.arrayBuffer()], { type: file.type }), file.name || 'image');
    return withTypedRefusals(this.client.multipart('POST', '/v1/community/images/', this.caller, form as unknown as FormData));
  }

  /** The caller's own member; null for a guest (no upstream call). */
  async me(): Promise<UserSummaryJson | null> {
    if (!this.caller.token) return null;
    return this.client.get<UserSummaryJson>('/users/me', this.caller);
  }
}

export function flattenCategories(categories: CategoryJson[]): CategoryJson[] {
  return categories.flatMap((category) => [category, ...flattenCategories(category.children ?? [])]);
}

declare module '../../graphql/context.js' {
  interface GatewayContext {
    /** The community calls for this request's caller. */
    community: CommunityApi;
  }
}
