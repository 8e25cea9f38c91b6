import { buildUpstream } from './app.js';
import { DEFAULT_DATA_DIR } from './db/client.js';

const env = process.env;

const upstream = await buildUpstream({
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir: env.UPSTREAM_DATA_DIR || DEFAULT_DATA_DIR,
  logger: true,
  logLevel: env.LOG_LEVEL || 'info',
  publicUrl: env.UPSTREAM_PUBLIC_URL || undefined,
  redisUrl: env.REDIS_URL || undefined,
  trustProxy: env.UPSTREAM_TRUSTED_PROXIES ? env.UPSTREAM_TRUSTED_PROXIES.split(',').map((entry) => entry.trim()) : undefined,
  mail: { smtpUrl: env.SMTP_URL || undefined, dir: env.MAIL_DIR || undefined, appUrl: env.APP_URL || undefined, from: env.MAIL_FROM || undefined },
});
const address = await upstream.app.listen({ port: Number(env.PORT ?? 4001), host: env.HOST ?? '127.0.0.1' });
console.log(`upstream REST API: ${address}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    try {
      await upstream.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  });
}
