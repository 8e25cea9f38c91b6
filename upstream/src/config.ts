import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { SHUTDOWN_GRACE_MS, UNUSED_UPLOADS_SWEEP } from '../../domain/limits.js';
import { REDIS_TIMEOUT_MS_DEFAULT, redisPrefixFrom } from '../../domain/redis.js';
import { address, envFrom, httpAddress, logLevel, port, readBy, redisUrl, text, wholeNumber, yesNo, type Env } from '../../domain/settings.js';
import type { UpstreamOptions } from './app.js';
import { DEFAULT_DATA_DIR } from './db/client.js';

/** UPSTREAM_TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (and proxy-addr's names such as `loopback`). */
export function trustedProxiesFrom(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    // What Fastify does with the list at start, here so a bad entry is named before anything starts.
    proxyAddr.compile(entries);
  } catch (error) {
    throw new Error(`expected comma-separated proxy addresses or CIDR ranges (${(error as Error).message})`, { cause: error });
  }
  return entries;
}

const httpUrl = (example: string) => address(/^https?$/, `expected an http:// or https:// address, e.g. ${example}`);

/**
 * The upstream's whole environment, read in one place (docs/configuration.md), as the gateway reads its own
 * (`gateway/src/server/config.ts`): a value that does not fit stops the start, one line per bad variable. The
 * OpenTelemetry variables (OTEL_*) are the SDK's own and read by it (`http/tracing.ts`).
 */
const upstreamEnv = z.object({
  /** The upstream alone (`npm run upstream`, `start:upstream`) listens on PORT; in `npm start` on UPSTREAM_PORT. */
  PORT: port(4001),
  UPSTREAM_PORT: port(4001),
  HOST: text(),
  LOG_LEVEL: logLevel(),
  NODE_ENV: text(),
  DATABASE_URL: address(/^postgres(ql)?$/, 'expected a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/database'),
  UPSTREAM_DATA_DIR: text(),
  // Unset leaves the choice to buildUpstream (yes for PGlite, no with DATABASE_URL): a misspelt `false` must not seed
  // a production database with a staff login.
  DEMO_DATA: yesNo(undefined),
  UPSTREAM_PUBLIC_URL: readBy(httpAddress),
  REDIS_URL: redisUrl(),
  REDIS_PREFIX: readBy(redisPrefixFrom),
  REDIS_TIMEOUT_MS: wholeNumber(REDIS_TIMEOUT_MS_DEFAULT),
  UPSTREAM_TRUSTED_PROXIES: readBy(trustedProxiesFrom),
  SMTP_URL: address(/^smtps?$/, 'expected an smtp:// or smtps:// address, e.g. smtps://user:pass@smtp.example.com:465'),
  MAIL_DIR: text(),
  APP_URL: readBy(httpAddress),
  MAIL_FROM: text(),
  SHUTDOWN_GRACE_MS: wholeNumber(SHUTDOWN_GRACE_MS),
  UNUSED_UPLOADS_GRACE_MS: wholeNumber(UNUSED_UPLOADS_SWEEP.graceMs),
  UNUSED_UPLOADS_SWEEP_INTERVAL_MS: wholeNumber(UNUSED_UPLOADS_SWEEP.everyMs),
  // Social login (accounts/social.ts reads them at each login; here they are checked once, at start).
  GOOGLE_CLIENT_ID: text(),
  GOOGLE_TOKENINFO_URL: httpUrl('https://oauth2.googleapis.com/tokeninfo'),
  KAKAO_APP_ID: text(),
  KAKAO_JS_KEY: text(),
  KAKAO_TOKEN_INFO_URL: httpUrl('https://kapi.kakao.com/v1/user/access_token_info'),
  KAKAO_USER_INFO_URL: httpUrl('https://kapi.kakao.com/v2/user/me'),
  APPLE_CLIENT_ID: text(),
  APPLE_JWKS_URL: httpUrl('https://appleid.apple.com/auth/keys'),
  APPLE_ISSUER: httpUrl('https://appleid.apple.com'),
});

export type UpstreamEnv = z.output<typeof upstreamEnv>;

/** Variables whose values may carry a password: a line about one names it without repeating its value. */
const SECRET = ['DATABASE_URL', 'SMTP_URL'];

/** The environment read by the schema, or a ConfigError (domain/settings.ts) with one line per bad setting. */
export function upstreamEnvFrom(env: Env = process.env): UpstreamEnv {
  return envFrom('upstream', upstreamEnv, env, SECRET);
}

/** What `buildUpstream` takes from the environment read; the caller adds what depends on how it runs (logging, tracing). */
export function upstreamOptionsOf(env: UpstreamEnv) {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.UPSTREAM_DATA_DIR ?? DEFAULT_DATA_DIR,
    seed: env.DEMO_DATA,
    publicUrl: env.UPSTREAM_PUBLIC_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    redisTimeoutMs: env.REDIS_TIMEOUT_MS,
    trustProxy: env.UPSTREAM_TRUSTED_PROXIES,
    mail: {
      smtpUrl: env.SMTP_URL,
      dir: env.MAIL_DIR,
      appUrl: env.APP_URL,
      from: env.MAIL_FROM,
      warnWithoutSmtp: env.NODE_ENV === 'production',
    },
    unusedUploadsSweep: { graceMs: env.UNUSED_UPLOADS_GRACE_MS, everyMs: env.UNUSED_UPLOADS_SWEEP_INTERVAL_MS },
  } satisfies UpstreamOptions;
}
