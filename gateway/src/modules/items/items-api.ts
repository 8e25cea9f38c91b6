import type { PageJson } from '../../../../domain/api.js';
import type { ItemJson, ProbabilityItemJson, ReportCreatedJson, WishBulkDeleteJson, WishJson, WishStatsJson, WishUsersJson } from '../../../../domain/items.js';
import { ITEM_SEARCH_MAX_LENGTH, PAGE_SIZE_MAX, type ProbabilityKind, type WishStatus, type WishType } from '../../../../domain/limits.js';
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

  /** The caller's entry for an item on one list (`<item uuid>/<wish type>`), read once per request. */
  private readonly ownWishes = new Map<string, Promise<WishJson | null>>();

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

  /**
   * The caller's entry for an item on one list (any status), or null. The REST API has no call for one item's entry:
   * the caller's list is searched by the item's name (its `search` keeps the entries whose item name contains it) and
   * the entry is the one of that item. Asked once per request; this request's add answers it, its deletes forget it.
   */
  ownWishOf(ownerUuid: string, item: Pick<ItemJson, 'uuid' | 'name'>, wishType: WishType): Promise<WishJson | null> {
    const key = `${item.uuid.toLowerCase()}/${wishType}`;
    let entry = this.ownWishes.get(key);
    if (!entry) {
      entry = this.findOwnWish(ownerUuid, item, wishType);
      this.ownWishes.set(key, entry);
    }
    return entry;
  }

  private async findOwnWish(ownerUuid: string, item: Pick<ItemJson, 'uuid' | 'name'>, wishType: WishType): Promise<WishJson | null> {
    // A part of the name finds it as well as the whole: a name longer than a search term may be is searched by its start.
    const search = [...item.name.trim()].slice(0, ITEM_SEARCH_MAX_LENGTH).join('');
    for (let page = 1; ; page++) {
      const answer = await this.wishes(ownerUuid, { wish_type: wishType, search, page, pageSize: PAGE_SIZE_MAX });
      const entry = answer.results.find((wish) => wish.item.uuid.toLowerCase() === item.uuid.toLowerCase());
      if (entry) return entry;
      if (!answer.meta.hasNext || answer.results.length === 0) return null;
    }
  }

  wishStats(userUuid: string): Promise<WishStatsJson> {
    return this.call('GET', `/v1/item/wish-items/stats/${encodeURIComponent(userUuid)}/`);
  }

  async addWish(wishType: WishType, payload: Record<string, unknown>): Promise<WishJson> {
    const wish = await this.call<WishJson>('POST', `/v1/wishlist/${wishType}`, undefined, payload);
    // New or already there, this is the caller's entry for the item: the payload's item answers it without a read.
    this.ownWishes.set(`${wish.item.uuid.toLowerCase()}/${wishType}`, Promise.resolve(wish));
    return wish;
  }

  removeWish(wishType: WishType, id: string): Promise<{ id: string; message: string }> {
    // The answer names no item: every entry read before is read again when asked.
    this.ownWishes.clear();
    return this.call('DELETE', `/v1/wishlist/${wishType}/${encodeURIComponent(id)}/`);
  }

  removeWishes(wishType: WishType, ids: string[]): Promise<WishBulkDeleteJson> {
    this.ownWishes.clear();
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
