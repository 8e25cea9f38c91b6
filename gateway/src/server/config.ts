import { NOTIFICATION_POLL_INTERVAL_MS, SHUTDOWN_GRACE_MS, UPSTREAM_RESILIENCE, WS_LIMITS } from '../../../domain/limits.js';
import { REDIS_TIMEOUT_MS_DEFAULT, redisPrefixFrom } from '../../../domain/redis.js';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import {
  address,
  ConfigError,
  envFrom,
  httpAddress,
  logLevel,
  NO,
  port,
  readBy,
  redisUrl,
  text,
  wholeNumber,
  yesNo,
  type Env,
} from '../../../domain/settings.js';

/** What an operator can switch with environment variables (docs/configuration.md). */
export interface GatewaySettings {
  /** Introspection answers `__schema`/`__type`; off also hides "did you mean" suggestions. */
  introspection: boolean;
  graphiql: boolean;
  /** Only the web client's persisted operations run; arbitrary documents are refused. */
  persistedOnly: boolean;
  /** Origins allowed to call cross-origin from a browser: `[]` none, `['*']` any. */
  corsOrigins: string[];
  /** Redis for subscriptions and rate-limit counters shared by replicas; unset keeps both in memory. */
  redisUrl?: string;
  /** REDIS_PREFIX (default `slime:`): every Redis key and channel starts with it, so deployments sharing a Redis stay apart. */
  redisPrefix: string;
  /**
   * REDIS_TIMEOUT_MS: how long anything waits for Redis before it goes on as when Redis refuses (in memory, this
   * replica only); a connection that answers nothing for that long is dropped and the outage begins.
   */
  redisTimeoutMs: number;
  /**
   * Which proxies' X-Forwarded-For entries to believe (per-IP limits, logs, the address told to the upstream):
   * `false` none; `true` loopback and private networks; a number of hops; or addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string;
  /** Upstream: consecutive failures before the breaker opens, and how long it stays open. */
  breakerFailures: number;
  breakerHalfOpenAfterMs: number;
  /** How often the notification bridge polls each subscribed member's inbox (NOTIFICATION_POLL_INTERVAL_MS). */
  notificationPollIntervalMs: number;
  /** The gateway's public address (`https://slime.example`): media URLs become absolute on it; unset keeps them relative. */
  publicUrl?: string;
  /** SIGTERM: how long requests under way may take before the gateway cuts them and stops (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Socket set-ups running at once and waiting beyond those before a socket is asked to come back later (WS_LIMITS). */
  wsSetupConcurrency: number;
  wsSetupQueue: number;
}

/**
 * TRUST_PROXY: `true`, a hop count, or a comma-separated list of proxy addresses or CIDR ranges (and proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`); `false`, `0` or unset is `false`. The client is then the right-most
 * address not trusted (proxy-addr, as Fastify reads it), so a client cannot choose its address by sending an
 * X-Forwarded-For of its own. Anything else throws, with what it takes.
 */
export function trustProxyFrom(value: string | undefined): GatewaySettings['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || NO.test(text)) return false;
  if (/^(true|yes|on)$/i.test(text)) return true;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  try {
    // What Fastify does with the list at start, here so a bad entry is named before anything starts.
    proxyAddr.compile(text.split(',').map((entry) => entry.trim()));
  } catch (error) {
    throw new Error(`expected true, false, a number of hops, or comma-separated proxy addresses or CIDR ranges (${(error as Error).message})`, {
      cause: error,
    });
  }
  return text;
}

/**
 * What `true` trusts: a load balancer inside the deployment's own network. Unlike Fastify's own `true`, which takes
 * the left-most (client-written, forgeable) entry, this takes the address the nearest outside hop was seen from.
 */
export const PRIVATE_PROXIES = 'loopback, linklocal, uniquelocal';

/** The setting as Fastify's `trustProxy` option takes it. */
export function fastifyTrustProxy(setting: GatewaySettings['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (setting === true) return PRIVATE_PROXIES;
  // A hop count as proxy-addr reads one (Fastify's types take it only as this function).
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** PUBLIC_URL: an http(s) origin, optionally with a path prefix, without its trailing slash; anything else stops the start. */
export const publicUrl = httpAddress;

/** A setting the gateway cannot start with (the error of domain/settings.ts, under the name the gateway's callers know). */
export { ConfigError as GatewayConfigError } from '../../../domain/settings.js';

/**
 * The gateway's whole environment, read in one place (docs/configuration.md). A value that does not fit stops the
 * start: a typo in one replica's REDIS_URL would otherwise run it apart from the fleet as if Redis were down, and a
 * setting read as a number or a flag must not pass for its default or for nonsense.
 */
const gatewayEnv = z.object({
  PORT: port(4000),
  HOST: text(),
  UPSTREAM_URL: address(/^https?$/, "expected the REST API's http:// or https:// address, e.g. http://127.0.0.1:4001"),
  WEB_DIR: text(),
  LOG_LEVEL: logLevel(),
  GRAPHQL_INTROSPECTION: yesNo(true),
  GRAPHIQL: yesNo(true),
  PERSISTED_ONLY: yesNo(false),
  CORS_ORIGINS: text().transform((value) =>
    (value ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ),
  REDIS_URL: redisUrl(),
  REDIS_PREFIX: readBy(redisPrefixFrom),
  REDIS_TIMEOUT_MS: wholeNumber(REDIS_TIMEOUT_MS_DEFAULT),
  TRUST_PROXY: readBy(trustProxyFrom),
  PUBLIC_URL: readBy(publicUrl),
  UPSTREAM_BREAKER_FAILURES: wholeNumber(UPSTREAM_RESILIENCE.breakerFailures),
  UPSTREAM_BREAKER_HALF_OPEN_MS: wholeNumber(UPSTREAM_RESILIENCE.breakerHalfOpenAfterMs),
  NOTIFICATION_POLL_INTERVAL_MS: wholeNumber(NOTIFICATION_POLL_INTERVAL_MS),
  SHUTDOWN_GRACE_MS: wholeNumber(SHUTDOWN_GRACE_MS),
  WS_SETUP_CONCURRENCY: wholeNumber(WS_LIMITS.setupConcurrency),
  WS_SETUP_QUEUE: wholeNumber(WS_LIMITS.setupQueue),
});

export type GatewayEnv = z.output<typeof gatewayEnv>;

/** The environment read by the schema, or a GatewayConfigError with one line per bad setting. */
export function gatewayEnvFrom(env: Env = process.env): GatewayEnv {
  return envFrom('gateway', gatewayEnv, env);
}

/** Reads the settings, or ends the process with the lines naming what is wrong (exit 1, no stack): for main programs. */
export function settingsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

export function settingsFromEnv(env: Env = process.env): GatewaySettings {
  return settingsOf(gatewayEnvFrom(env));
}

/** The settings the server takes from the environment read. */
export function settingsOf(env: GatewayEnv): GatewaySettings {
  return {
    introspection: env.GRAPHQL_INTROSPECTION,
    graphiql: env.GRAPHIQL,
    persistedOnly: env.PERSISTED_ONLY,
    corsOrigins: env.CORS_ORIGINS,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    redisTimeoutMs: env.REDIS_TIMEOUT_MS,
    trustProxy: env.TRUST_PROXY,
    breakerFailures: env.UPSTREAM_BREAKER_FAILURES,
    breakerHalfOpenAfterMs: env.UPSTREAM_BREAKER_HALF_OPEN_MS,
    notificationPollIntervalMs: env.NOTIFICATION_POLL_INTERVAL_MS,
    publicUrl: env.PUBLIC_URL,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    wsSetupConcurrency: env.WS_SETUP_CONCURRENCY,
    wsSetupQueue: env.WS_SETUP_QUEUE,
  };
}
