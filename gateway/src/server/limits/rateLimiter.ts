import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { redisPrefixFrom, redisReconnectDelay } from '../../../../domain/redis.js';

export interface RateLimiterOptions {
  /** Names the counter family, e.g. `login:ip`; keys are `<REDIS_PREFIX><keyPrefix>:<key>`. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  /** Where counters live (a client whose `keyPrefix` is REDIS_PREFIX); default: Redis at REDIS_URL when set (shared by replicas), else this process. */
  redis?: Redis | null;
}

const sharedClients = new Map<string, Redis>();

/** One Redis connection per URL for every limiter in the process, its keys under REDIS_PREFIX. */
function sharedRedis(url: string): Redis {
  let client = sharedClients.get(url);
  if (!client) {
    client = new Redis(url, {
      keyPrefix: redisPrefixFrom(process.env.REDIS_PREFIX),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: redisReconnectDelay,
    });
    // Counters fall back to memory while Redis is away; the error is not the caller's to see.
    client.on('error', () => {});
    sharedClients.set(url, client);
  }
  return client;
}

/** Closes the shared Redis connections (process shutdown). */
export async function closeRateLimiterConnections(): Promise<void> {
  const clients = [...sharedClients.values()];
  sharedClients.clear();
  await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
}

/**
 * A counter of `points` per `durationSeconds` per key (rate-limiter-flexible). In memory by default; in
 * Redis with REDIS_URL, with an in-memory stand-in while Redis is unreachable so limits never fail open.
 */
export function createRateLimiter({ keyPrefix, points, durationSeconds, redis }: RateLimiterOptions): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
  const client = redis === undefined ? (process.env.REDIS_URL ? sharedRedis(process.env.REDIS_URL) : null) : redis;
  if (!client) return memory;
  return new RateLimiterRedis({ storeClient: client, keyPrefix, points, duration: durationSeconds, insuranceLimiter: memory });
}

/** A refusal by a limiter (as opposed to a store failure). */
export function isRateLimited(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}
