/**
 * Redis as the gateway and the upstream use it: one prefix on every key and channel (REDIS_PREFIX), so deployments
 * and test runs sharing one server never see each other's data, and one reconnect policy for every connection.
 */
export const REDIS_PREFIX_DEFAULT = 'slime:';

/**
 * Reconnecting to a Redis that went away: the first delay doubles per attempt up to the cap, and attempts never stop.
 * What a replica catches up after an outage (post snapshots, notification polls) waits `settleMs` after it is back,
 * so the other replicas, back within one longest delay of it, are listening again.
 */
export const REDIS_RECONNECT = { firstDelayMs: 100, maxDelayMs: 2000, settleMs: 4000 } as const;

/**
 * How long a command of the pub/sub publisher or the notification bridge may take before the caller stops waiting
 * (a publish then reaches this replica's subscribers only, a lease round is tried again).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** Posts whose latest snapshot a replica keeps while Redis is away, to publish to every replica once it is back. */
export const REDIS_REPUBLISH_POSTS_MAX = 1000;

/** ioredis' `retryStrategy`: the delay before reconnect attempt `attempt` (1, 2, …); a number, so it never gives up. */
export function redisReconnectDelay(attempt: number): number {
  return Math.min(REDIS_RECONNECT.firstDelayMs * 2 ** Math.min(Math.max(attempt - 1, 0), 16), REDIS_RECONNECT.maxDelayMs);
}

/** REDIS_PREFIX: unset or blank is the default; anything but letters, digits and `_ - . : { }` stops the start. */
export function redisPrefixFrom(value: string | undefined): string {
  const text = value?.trim() ?? '';
  if (text === '') return REDIS_PREFIX_DEFAULT;
  if (!/^[\w.:{}-]{1,100}$/.test(text)) throw new Error(`REDIS_PREFIX may hold only letters, digits and _ - . : { } (at most 100): ${value}`);
  return text;
}
