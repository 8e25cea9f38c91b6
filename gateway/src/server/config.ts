import { NOTIFICATION_POLL_INTERVAL_MS, positiveIntegerSetting, SHUTDOWN_GRACE_MS, UPSTREAM_RESILIENCE, WS_LIMITS } from '../../../domain/limits.js';
import { redisPrefixFrom } from '../../../domain/redis.js';
import { z } from 'zod';

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

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !/^(false|0|no|off)$/i.test(value.trim());
}

/**
 * TRUST_PROXY: `true`, a hop count, or a comma-separated list of proxy addresses or CIDR ranges; anything falsy is
 * `false`. The client is then the right-most address not trusted (proxy-addr, as Fastify reads it), so a client
 * cannot choose its address by sending an X-Forwarded-For of its own.
 */
export function trustProxyFrom(value: string | undefined): GatewaySettings['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|no|off)$/i.test(text)) return false;
  if (/^(true|yes|on)$/i.test(text)) return true;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
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

/** An http(s) origin, optionally with a path prefix, without its trailing slash; anything else stops the start. */
export function publicUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${value}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) throw new Error(`PUBLIC_URL must be an http(s) address without query or fragment: ${value}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A setting the gateway cannot start with: one line per bad variable (its name, its value, what it takes). */
export class GatewayConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'GatewayConfigError';
  }
}

/** Unset and blank are the same: the default. */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value);

/**
 * The environment as the gateway reads it. A value that does not fit stops the start: a typo in one replica's
 * REDIS_URL would otherwise run it apart from the fleet as if Redis were down.
 */
const gatewayEnv = z.object({
  // What ioredis connects to: redis:// or rediss:// (TLS). Anything else it reads as a host name or a socket path.
  REDIS_URL: z.preprocess(unsetIfBlank, z.url({ protocol: /^rediss?$/, error: 'expected a redis://host:port or rediss://host:port address' }).optional()),
});

function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof gatewayEnv> {
  const parsed = gatewayEnv.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `gateway: ${name}=${JSON.stringify(env[name] ?? '')} is not usable: ${issue.message}`;
  });
  throw new GatewayConfigError(lines);
}

/** Reads the settings, or ends the process with the lines naming what is wrong (exit 1, no stack): for main programs. */
export function settingsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof GatewayConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): GatewaySettings {
  const parsed = parseEnv(env);
  return {
    introspection: flag(env.GRAPHQL_INTROSPECTION, true),
    graphiql: flag(env.GRAPHIQL, true),
    persistedOnly: flag(env.PERSISTED_ONLY, false),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    redisUrl: parsed.REDIS_URL,
    redisPrefix: redisPrefixFrom(env.REDIS_PREFIX),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    breakerFailures: positiveIntegerSetting(env.UPSTREAM_BREAKER_FAILURES, UPSTREAM_RESILIENCE.breakerFailures),
    breakerHalfOpenAfterMs: positiveIntegerSetting(env.UPSTREAM_BREAKER_HALF_OPEN_MS, UPSTREAM_RESILIENCE.breakerHalfOpenAfterMs),
    notificationPollIntervalMs: positiveIntegerSetting(env.NOTIFICATION_POLL_INTERVAL_MS, NOTIFICATION_POLL_INTERVAL_MS),
    publicUrl: publicUrl(env.PUBLIC_URL),
    shutdownGraceMs: positiveIntegerSetting(env.SHUTDOWN_GRACE_MS, SHUTDOWN_GRACE_MS),
    wsSetupConcurrency: positiveIntegerSetting(env.WS_SETUP_CONCURRENCY, WS_LIMITS.setupConcurrency),
    wsSetupQueue: positiveIntegerSetting(env.WS_SETUP_QUEUE, WS_LIMITS.setupQueue),
  };
}
