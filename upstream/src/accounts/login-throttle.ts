import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { LoginThrottle } from '../../../domain/loginThrottle.js';
import { REDIS_PREFIX_DEFAULT, REDIS_TIMEOUT_MS_DEFAULT, redisConnectionPolicy } from '../../../domain/redis.js';
import { accountTexts } from '../../../domain/messages.js';
import { TooManyAttemptsError } from '../errors.js';
import { verifyPassword } from './passwords.js';

/** Where the Redis link's two log lines go (the app's pino logger). */
export interface RedisOutageLog {
  warn(detail: object | string, message?: string): void;
}

/**
 * The upstream's failed-login counters under the policy the gateway applies too (domain/loginThrottle.ts):
 * in this process by default, in Redis when given one (shared by replicas, keys under REDIS_PREFIX, with the
 * in-memory counters standing in while it is unreachable so the limits never fail open; it reconnects forever).
 * Unreachable includes a Redis that stops answering: after `timeoutMs` without an answer the connection is dropped
 * (redisConnectionPolicy) and the login goes on with the in-memory counters.
 */
export function createLoginThrottle(
  redisUrl?: string,
  redisPrefix = REDIS_PREFIX_DEFAULT,
  log?: RedisOutageLog,
  timeoutMs = REDIS_TIMEOUT_MS_DEFAULT,
): { throttle: LoginThrottle; close(): Promise<void> } {
  const redis = redisUrl ? new Redis(redisUrl, { ...redisConnectionPolicy(timeoutMs), keyPrefix: redisPrefix }) : null;
  // A Redis that is away is the insurance limiter's business, not a request's: the operator hears of it once each way.
  let reachable: boolean | undefined;
  redis?.on('error', (error: Error) => {
    if (reachable === false) return;
    reachable = false;
    // The cause in a few words, without its stack: an outage is not a bug to trace.
    const code = (error as { code?: unknown }).code;
    log?.warn(
      { redis: { ...(typeof code === 'string' ? { code } : {}), message: error.message || String(code ?? error.name) } },
      'Redis unreachable: failed-login counters kept in this process',
    );
  });
  redis?.on('ready', () => {
    if (reachable === false) log?.warn('Redis reachable again');
    reachable = true;
  });
  const throttle = new LoginThrottle(({ keyPrefix, points, durationSeconds }) => {
    const memory = new RateLimiterMemory({ keyPrefix: `upstream:${keyPrefix}`, points, duration: durationSeconds });
    return redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `upstream:${keyPrefix}`, points, duration: durationSeconds, insuranceLimiter: memory })
      : memory;
  });
  return { throttle, close: async () => void (await redis?.quit().catch(() => redis.disconnect())) };
}

/**
 * Every password check under the failed-login policy (domain/loginThrottle.ts): logins, linking a social account,
 * and the re-checks of a logged-in member (change password, delete account), so a stolen session cannot guess the
 * password faster than a login could. Refused while the identifier is throttled for the client's address (429 with
 * Retry-After), counted when wrong.
 */
export async function checkPassword(
  throttle: LoginThrottle,
  request: FastifyRequest,
  identifier: string,
  password: string,
  stored: string | null,
  refusal: (retryAfterSeconds: number) => string = accountTexts.errors.tooManyAttempts,
): Promise<boolean> {
  const retryAfter = await throttle.retryAfterSeconds(identifier, request.ip);
  if (retryAfter !== null) throw new TooManyAttemptsError(refusal(retryAfter), retryAfter);
  const matches = await verifyPassword(password, stored);
  await (matches ? throttle.recordSuccess(identifier, request.ip) : throttle.recordFailure(identifier, request.ip));
  return matches;
}
