import { encodeGlobalID } from '@pothos/plugin-relay';
import { createCache, type Cache } from 'async-cache-dedupe';
import type { Redis } from 'ioredis';
import type { CategoriesJson, CategoryJson, PageJson } from '../../../domain/api.js';
import type { ItemJson, ProbabilityItemJson } from '../../../domain/items.js';
import { FRESHNESS, PROBABILITY_TABLE_FRESH_MS, type ProbabilityKind } from '../../../domain/limits.js';
import type { RedisLink } from '../server/redis.js';
import type { Caller, UpstreamClient } from './client.js';

/** Where shared entries live: this process, or Redis so every replica serves (and invalidates) the same answers. */
export interface PublicCacheOptions {
  redis?: RedisLink;
  /** The entries' keys after REDIS_PREFIX (default `public:`), so test runs sharing one Redis stay apart. */
  redisKeyPrefix?: string;
  /** Told about storage failures; the cache then asks the upstream as if it missed. */
  onError?: (error: unknown) => void;
}

export interface ItemSearchArgs {
  name: string;
  page: number;
  pageSize: number;
}

/** Public answers are asked anonymously: one shared answer must never depend on who asked first. */
const ANONYMOUS: Caller = { deviceId: 'web' };

const seconds = (ms: number) => Math.round(ms / 1000);

function flattenTree(categories: CategoryJson[]): CategoryJson[] {
  return categories.flatMap((category) => [category, ...flattenTree(category.children ?? [])]);
}

type PublicLoaders = Cache & {
  categories: (args: Record<string, never>) => Promise<CategoriesJson>;
  itemSearch: (args: ItemSearchArgs) => Promise<PageJson<ItemJson>>;
  probabilityTable: (kind: ProbabilityKind) => Promise<ProbabilityItemJson[]>;
};

/**
 * The gateway's shared cache of public upstream answers, the same for every viewer: the category tree
 * (10 min), item search and probability tables (5 min), the spec's freshness (000 §9, 002 §9). Each entry is
 * tagged with the global ids of the nodes it holds; a mutation naming one of them drops the entry
 * (`invalidate`). Concurrent misses share one upstream call; failures are never kept. Nothing that depends
 * on the caller's token goes through here.
 */
export class PublicCache {
  private readonly loaders: PublicLoaders;
  private readonly redis?: Redis;
  private readonly ready: Promise<void>;

  constructor(client: UpstreamClient, options: PublicCacheOptions = {}) {
    const onError = options.onError ?? (() => {});
    if (options.redis) {
      // While Redis is away reads fail at once, and within the link's wait while it does not answer, and go to the
      // upstream as misses (onError).
      this.redis = options.redis.client('public-cache', { keyPrefix: options.redis.prefix + (options.redisKeyPrefix ?? 'public:'), lazyConnect: true });
      this.ready = this.redis.connect().catch(onError);
    } else {
      this.ready = Promise.resolve();
    }
    const storage = this.redis
      ? { type: 'redis' as const, options: { client: this.redis, invalidation: { referencesTTL: seconds(FRESHNESS.categories) } } }
      : { type: 'memory' as const, options: { size: 1000, invalidation: true } };
    const cache = createCache({ storage, onError });
    const get = <T>(path: string, query?: Record<string, string | number>) => this.ready.then(() => client.get<T>(path, ANONYMOUS, query));
    cache.define(
      'categories',
      {
        ttl: seconds(FRESHNESS.categories),
        references: (_args, _key, tree: CategoriesJson) => flattenTree(tree.results).map((category) => encodeGlobalID('Category', category.id)),
      },
      () => get<CategoriesJson>('/v1/community/categories/'),
    );
    cache.define(
      'itemSearch',
      {
        ttl: seconds(FRESHNESS.itemSearch),
        references: (_args, _key, page: PageJson<ItemJson>) => page.results.map((item) => encodeGlobalID('Item', item.uuid)),
      },
      ({ name, page, pageSize }: ItemSearchArgs) => get<PageJson<ItemJson>>('/v1/item/search-name/', { item_name: name, page, page_size: pageSize }),
    );
    cache.define(
      'probabilityTable',
      {
        ttl: seconds(PROBABILITY_TABLE_FRESH_MS),
        references: (kind: ProbabilityKind, _key, rows: ProbabilityItemJson[]) => rows.map((row) => encodeGlobalID('ProbabilityItem', `${kind}/${row.id}`)),
      },
      (kind: ProbabilityKind) => get<ProbabilityItemJson[]>(`/v1/probability/${kind}/`),
    );
    this.loaders = cache as PublicLoaders;
  }

  categories(): Promise<CategoriesJson> {
    return this.loaders.categories({});
  }

  searchItems(args: ItemSearchArgs): Promise<PageJson<ItemJson>> {
    return this.loaders.itemSearch(args);
  }

  probabilityTable(kind: ProbabilityKind): Promise<ProbabilityItemJson[]> {
    return this.loaders.probabilityTable(kind);
  }

  /** Drops every entry holding one of these nodes (Relay global ids), in this process or in Redis. */
  async invalidate(globalIds: Iterable<string>): Promise<void> {
    const references = [...new Set(globalIds)];
    if (references.length === 0) return;
    await this.ready;
    await this.loaders.invalidateAll(references);
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
