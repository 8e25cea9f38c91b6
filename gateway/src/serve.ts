import { listenFailure } from '../../domain/settings.js';
import type { StopSignals } from '../../domain/stopSignals.js';
import { gatewayEnvFrom, settingsOf, settingsOrExit } from './server/config.js';
import { startGateway } from './server/server.js';

/** The gateway as `npm run gateway` and `npm run start:gateway` run it (main.ts), stopping on `signals`. */
export async function serveGateway(signals: StopSignals): Promise<void> {
  // The environment is read once, by config.ts's schema: a setting that does not fit stops the start here, each named
  // on one line, before anything listens.
  const env = settingsOrExit(() => gatewayEnvFrom());
  const settings = settingsOf(env);
  const { shutdownGraceMs } = settings;
  const logLevel = env.LOG_LEVEL ?? 'info';
  const host = env.HOST ?? 'localhost';
  const gateway = await startGateway({
    upstreamUrl: env.UPSTREAM_URL ?? 'http://127.0.0.1:4001',
    port: env.PORT,
    host,
    webDir: env.WEB_DIR ?? 'dist/web',
    logger: logLevel !== 'silent',
    logLevel,
    settings,
  }).catch((error: unknown) => {
    const reason = listenFailure('gateway', error, { port: env.PORT, host });
    if (!reason) throw error;
    process.stderr.write(`${reason}\n`);
    process.exit(1);
  });
  console.log(`gateway: ${gateway.url}/graphql`);

  signals.whenStarted(async () => {
    // A backstop in case closing a client (Redis, the exporter) hangs past the grace.
    setTimeout(() => process.exit(1), shutdownGraceMs + 5000).unref();
    await gateway.shutdown(shutdownGraceMs).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
