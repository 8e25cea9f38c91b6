import { positiveIntegerSetting, SHUTDOWN_GRACE_MS } from '../../domain/limits.js';
import { redisPrefixFrom } from '../../domain/redis.js';
import { buildUpstream } from './app.js';
import { startOrExplain } from './errors.js';
import { DEFAULT_DATA_DIR } from './db/client.js';
import { demoDataSetting } from './db/demo-data.js';
import { shutdownTracing, tracerProviderFromEnv } from './http/tracing.js';
import { sweepTimingFromEnv } from './uploads/sweeps.js';

const env = process.env;
const tracerProvider = await tracerProviderFromEnv();

const upstream = await startOrExplain('upstream', () =>
  buildUpstream({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.UPSTREAM_DATA_DIR || DEFAULT_DATA_DIR,
    seed: demoDataSetting(env.DEMO_DATA),
    logger: true,
    logLevel: env.LOG_LEVEL || 'info',
    publicUrl: env.UPSTREAM_PUBLIC_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: redisPrefixFrom(env.REDIS_PREFIX),
    trustProxy: env.UPSTREAM_TRUSTED_PROXIES ? env.UPSTREAM_TRUSTED_PROXIES.split(',').map((entry) => entry.trim()) : undefined,
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      dir: env.MAIL_DIR || undefined,
      appUrl: env.APP_URL || undefined,
      from: env.MAIL_FROM || undefined,
      warnWithoutSmtp: env.NODE_ENV === 'production',
    },
    tracerProvider,
    unusedUploadsSweep: sweepTimingFromEnv(env),
  }),
);
const address = await upstream.app.listen({ port: Number(env.PORT ?? 4001), host: env.HOST ?? '127.0.0.1' });
console.log(`upstream REST API: ${address}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    // Fastify stops accepting and answers new requests on open connections with 503 and Connection: close; requests
    // under way may finish within the grace, then their connections are cut so the process always ends.
    const graceMs = positiveIntegerSetting(env.SHUTDOWN_GRACE_MS, SHUTDOWN_GRACE_MS);
    const cut = setTimeout(() => {
      console.warn(`upstream: requests still under way after ${graceMs} ms; closing their connections`);
      upstream.app.server.closeAllConnections();
    }, graceMs);
    cut.unref();
    try {
      await upstream.close();
      clearTimeout(cut);
      await shutdownTracing(tracerProvider);
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  });
}
