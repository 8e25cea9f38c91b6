import { buildUpstream } from './app.js';
import { upstreamEnvFrom, upstreamOptionsOf } from './config.js';
import { startOrExplain } from './errors.js';
import { shutdownTracing, tracerProviderFromEnv } from './http/tracing.js';

// The environment is read once, by config.ts's schema: a setting that does not fit stops the start here, each named on
// one line, before anything opens.
const env = await startOrExplain('upstream', () => upstreamEnvFrom());
const tracerProvider = await tracerProviderFromEnv();

const upstream = await startOrExplain('upstream', () =>
  buildUpstream({
    ...upstreamOptionsOf(env),
    logger: true,
    logLevel: env.LOG_LEVEL ?? 'info',
    tracerProvider,
  }),
);
const address = await upstream.app.listen({ port: env.PORT, host: env.HOST ?? '127.0.0.1' });
console.log(`upstream REST API: ${address}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    // Fastify stops accepting and answers new requests on open connections with 503 and Connection: close; requests
    // under way may finish within the grace, then their connections are cut so the process always ends.
    const graceMs = env.SHUTDOWN_GRACE_MS;
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
