import type { PageJson } from '../../../../domain/api.js';
import type { ItemJson, ProbabilityItemJson, ReportCreatedJson, WishBulkDeleteJson, WishJson, WishStatsJson, WishUsersJson } from '../../../../domain/items.js';
import type { ProbabilityKind, WishStatus, WishType } from '../../../../domain/limits.js';
import { withTypedRefusals } from '../../graphql/errors.js';
import type { Caller, QueryValue, UpstreamClient } from '../../upstream/client.js';
import type { PublicCache } from '../../upstream/public-cache.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The item, wish-list, probability and item-report calls (000 §7, 001 §7, 002 §7) for one caller. */
export class ItemsApi {
  constructor(
    private readonly client: UpstreamClient,
    private readonly caller: Caller,
    private readonly publicCache: PublicCache,
  ) {}

  /** 403 and 409 are expected answers of these calls: typed, with the upstream's Korean message. */
  private call<T>(method: Method, path: string, query?: Record<string, QueryValue>, body?: unknown): Promise<T> {
    return withTypedRefusals(this.client.request<T>(method, path, this.caller, query, body));
  }

  /** Shared between viewers for the spec's freshness (000 §9: item search 5 min). */
  searchItems(name: string, page: number, pageSize: number): Promise<PageJson<ItemJson>> {
    return this.publicCache.searchItems({ name, page, pageSize });
  }

  item(uuid: string): Promise<ItemJson> {
    return this.call('GET', `/v1/item/${encodeURIComponent(uuid)}/`);
  }

  /** The members who want to buy or sell an item, with their represented badges embedded. */
  wishUsers(itemUuid: string, wishType: WishType, page: number, pageSize: number): Promise<WishUsersJson> {
    return this.call('GET', `/v1/item/wish-items/users/${encodeURIComponent(itemUuid)}/`, { wish_type: wishType, page, page_size: pageSize });
  }

  wishes(userUuid: string, query: Record<string, QueryValue>): Promise<PageJson<WishJson>> {
    return this.call('GET', `/v1/item/wish-items/${encodeURIComponent(userUuid)}/`, query);
  }

  wishStats(userUuid: string): Promise<WishStatsJson> {
    return this.call('GET', `/v1/item/wish-items/stats/${encodeURIComponent(userUuid)}/`);
  }

  addWish(wishType: WishType, payload: Record<string, unknown>): Promise<WishJson> {
    return this.call('POST', `/v1/wishlist/${wishType}`, undefined, payload);
  }

  removeWish(wishType: WishType, id: string): Promise<{ id: string; message: string }> {
    return this.call('DELETE', `/v1/wishlist/${wishType}/${encodeURIComponent(id)}/`);
  }

  removeWishes(wishType: WishType, ids: string[]): Promise<WishBulkDeleteJson> {
    return this.call('DELETE', '/v1/item/wish-items', undefined, { wish_type: wishType, wish_ids: ids.map(Number) });
  }

  setWishStatus(wishType: WishType, id: string, status: WishStatus): Promise<WishJson> {
    return this.call('POST', `/v1/wishlist/${wishType}/${encodeURIComponent(id)}/toggle/`, undefined, { status });
  }

  updateWish(id: string, changes: Record<string, unknown>): Promise<WishJson> {
    return this.call('PUT', `/v1/wishlist/${encodeURIComponent(id)}/`, undefined, changes);
  }

  reportItem(itemUuid: string, report: Record<string, unknown>): Promise<ReportCreatedJson> {
    return this.call('POST', `/v1/item/${encodeURIComponent(itemUuid)}/report/`, undefined, report);
  }

  /** A whole probability table, shared between viewers for the data cache's freshness (002 §9: 5 min). */
  probabilityTable(kind: ProbabilityKind): Promise<ProbabilityItemJson[]> {
    return this.publicCache.probabilityTable(kind);
  }

  probabilityItem(kind: ProbabilityKind, id: string): Promise<ProbabilityItemJson> {
    return this.call('GET', `/v1/probability/${kind}/${encodeURIComponent(id)}/`);
  }
}

declare module '../../graphql/context.js' {
  interface GatewayContext {
    /** The item, wish-list and probability calls for this request's caller. */
    items: ItemsApi;
  }
}
