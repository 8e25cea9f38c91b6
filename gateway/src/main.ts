import { settingsFromEnv, settingsOrExit } from './server/config.js';
import { startGateway } from './server/server.js';

// A setting that does not fit stops the start here, each named on one line, before anything listens.
const { shutdownGraceMs } = settingsOrExit(() => settingsFromEnv());
const gateway = await startGateway({
  upstreamUrl: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4001',
  port: Number(process.env.PORT ?? 4000),
  host: process.env.HOST ?? 'localhost',
  webDir: process.env.WEB_DIR ?? 'dist/web',
  logger: process.env.LOG_LEVEL !== 'silent',
});
console.log(`gateway: ${gateway.url}/graphql`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // A backstop in case closing a client (Redis, the exporter) hangs past the grace.
    setTimeout(() => process.exit(1), shutdownGraceMs + 5000).unref();
    void gateway.shutdown(shutdownGraceMs).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
