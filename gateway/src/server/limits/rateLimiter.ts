import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimiterOptions {
  /** Names the counter family, e.g. `login:ip`; keys are `<REDIS_PREFIX><keyPrefix>:<key>`. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  /** Where counters live: the gateway's Redis connection (its `keyPrefix` REDIS_PREFIX, shared by replicas), or this process. */
  redis?: Redis | null;
}

/**
 * A counter of `points` per `durationSeconds` per key (rate-limiter-flexible). In memory by default; in
 * Redis with REDIS_URL, with an in-memory stand-in while Redis is unreachable so limits never fail open.
 */
export function createRateLimiter({ keyPrefix, points, durationSeconds, redis }: RateLimiterOptions): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
  if (!redis) return memory;
  // A Redis command that fails (Redis away, or not answering within the connection's wait) is counted here instead.
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: durationSeconds, insuranceLimiter: memory });
}

/** A refusal by a limiter (as opposed to a store failure). */
export function isRateLimited(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}
