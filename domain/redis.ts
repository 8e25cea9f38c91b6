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
 * How long a replica waits for Redis by default (REDIS_TIMEOUT_MS): a connection that has answered nothing for that
 * long while commands wait (a partition, a paused machine: the socket stays open, nothing comes back) is dropped, which
 * fails its commands and starts the outage exactly as a refused connection does; a connection still being set up that
 * long is dropped too.
 */
export const REDIS_TIMEOUT_MS_DEFAULT = 2000;

/**
 * The ioredis options of every Redis connection (the gateway's and the upstream's), with `timeoutMs` the bounded wait
 * above: ioredis' own `connectTimeout` and `socketTimeout` drop a connection that does not answer (it then reconnects
 * with `redisReconnectDelay`, forever), and `commandTimeout` fails a command Redis is slow with while it answers
 * others (twice the wait, so a frozen connection is given up for all its commands before any of them fails alone).
 * No command waits beyond that, and none is sent later: a command issued while the connection is not ready fails at
 * once (no offline queue), and one that was sent but not answered when the connection dropped is failed (no retry)
 * and not sent again after the reconnect, so a write the caller gave up on never lands minutes later.
 */
export function redisConnectionPolicy(timeoutMs: number) {
  return {
    retryStrategy: redisReconnectDelay,
    connectTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    commandTimeout: 2 * timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
  };
}

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
