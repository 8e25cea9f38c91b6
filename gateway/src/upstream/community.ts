import type { CategoriesJson, CategoryJson, CategoryRefJson, PageJson, PostJson, UserSummaryJson } from '../../../domain/api.js';
import type { Caller, QueryValue, UpstreamClient } from './client.js';

/** A category as the gateway holds it: the full tree entry, or the reference a post embeds. */
export type CategoryRecord = CategoryRefJson & Partial<Omit<CategoryJson, keyof CategoryRefJson>>;

/** The community calls of 000 §7 for one caller (one instance per GraphQL request). */
export class CommunityApi {
  private categoryTree?: Promise<CategoriesJson>;

  constructor(
    private readonly client: UpstreamClient,
    private readonly caller: Caller,
  ) {}

  /** The category tree, fetched at most once per request however many fields ask for it. */
  categories(): Promise<CategoriesJson> {
    this.categoryTree ??= this.client.get<CategoriesJson>('/v1/community/categories/', this.caller);
    return this.categoryTree;
  }

  async category(id: number): Promise<CategoryJson | undefined> {
    const { results } = await this.categories();
    return flattenCategories(results).find((category) => category.id === id);
  }

  /** `GET /v1/community/` with the query parameters of 000 §7 (already validated by the caller). */
  posts(query: Record<string, QueryValue>): Promise<PageJson<PostJson>> {
    return this.client.get('/v1/community/', this.caller, query);
  }

  post(id: number): Promise<PostJson> {
    return this.client.get(`/v1/community/${id}/`, this.caller);
  }

  user(id: number): Promise<UserSummaryJson> {
    return this.client.get(`/v1/user/${id}/`, this.caller);
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
