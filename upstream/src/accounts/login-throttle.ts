import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { LoginThrottle } from '../../../domain/loginThrottle.js';

/**
 * The upstream's failed-login counters under the policy the gateway applies too (domain/loginThrottle.ts):
 * in this process by default, in Redis when given one (shared by replicas, with the in-memory counters standing
 * in while it is unreachable so the limits never fail open).
 */
export function createLoginThrottle(redisUrl?: string): { throttle: LoginThrottle; close(): Promise<void> } {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
  // A Redis that is away is the insurance limiter's business, not a request's.
  redis?.on('error', () => {});
  const throttle = new LoginThrottle(({ keyPrefix, points, durationSeconds }) => {
    const memory = new RateLimiterMemory({ keyPrefix: `upstream:${keyPrefix}`, points, duration: durationSeconds });
    return redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `upstream:${keyPrefix}`, points, duration: durationSeconds, insuranceLimiter: memory })
      : memory;
  });
  return { throttle, close: async () => void (await redis?.quit().catch(() => redis.disconnect())) };
}
