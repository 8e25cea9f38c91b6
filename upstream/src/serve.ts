import { listenFailure } from '../../domain/settings.js';
import type { StopSignals } from '../../domain/stopSignals.js';
import { buildUpstream } from './app.js';
import { upstreamEnvFrom, upstreamOptionsOf } from './config.js';
import { startOrExplain } from './errors.js';
import { shutdownTracing, tracerProviderFromEnv } from './http/tracing.js';

/** The upstream as `npm run upstream` and `npm run start:upstream` run it (main.ts), stopping on `signals`. */
export async function serveUpstream(signals: StopSignals): Promise<void> {
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
  if (!signals.requested) {
    const where = { port: env.PORT, host: env.HOST ?? '127.0.0.1' };
    const address = await upstream.app.listen(where).catch(async (error: unknown) => {
      const reason = listenFailure('upstream', error, where);
      if (!reason) throw error;
      console.error(reason);
      await upstream.close().catch(() => {});
      process.exit(1);
    });
    console.log(`upstream REST API: ${address}`);
  }

  signals.whenStarted(async () => {
    // New connections are refused and new requests on open ones answered 503 with Retry-After and Connection: close
    // (app.ts); requests under way may finish within the grace, then their connections are cut so the process always ends.
    const graceMs = env.SHUTDOWN_GRACE_MS;
    upstream.app.log.info({ graceMs }, 'stopping: new requests refused, requests under way may finish within the grace');
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
