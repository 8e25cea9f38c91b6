import { spawn } from 'node:child_process';
import type { StopSignals } from '../domain/stopSignals.js';
import { buildUpstream } from '../upstream/src/app.js';
import { upstreamEnvFrom, upstreamOptionsOf } from '../upstream/src/config.js';
import { startOrExplain } from '../upstream/src/errors.js';
import { shutdownTracing, tracerProviderFromEnv } from '../upstream/src/http/tracing.js';
import { gatewayEnvFrom, settingsOf, settingsOrExit } from '../gateway/src/server/config.js';
import { startGateway } from '../gateway/src/server/server.js';

/**
 * `npm start` (start.ts): builds the web app, starts the reference upstream (unless UPSTREAM_URL points at a real one)
 * and the gateway in this one process, and prints where to go; stops on `signals`.
 */
export async function serveApp(signals: StopSignals): Promise<void> {
  const env = process.env;
  /** The gateway's settings, read by its schema before anything starts: a bad one stops `npm start` with a line naming it. */
  const gatewayEnv = settingsOrExit(() => gatewayEnvFrom(env));
  const settings = settingsOf(gatewayEnv);
  const { shutdownGraceMs } = settings;
  /**
   * The bundled upstream's settings (unless UPSTREAM_URL names a real API), read by its own schema (upstream/src/config.ts)
   * before anything starts too; PORT and HOST are the gateway's here, the upstream listens on UPSTREAM_PORT.
   */
  const upstreamEnv = gatewayEnv.UPSTREAM_URL ? undefined : settingsOrExit(() => upstreamEnvFrom({ ...env, PORT: undefined, HOST: undefined }));

  /**
   * The web build runs beside the upstream's start (database, migrations, demo data): the first start waits for the
   * longer one. A production start (`npm run start:prod`: this file bundled, NODE_ENV=production) builds nothing.
   */
  const webBuilt =
    env.SKIP_BUILD === 'true' || env.NODE_ENV === 'production'
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const build = spawn('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
          build.once('error', reject);
          build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the web build failed (exit ${code})`))));
        });
  // Handled at once, so a failed build never surfaces as an unhandled rejection while the upstream starts.
  webBuilt.catch(() => {});

  const port = gatewayEnv.PORT;
  const host = gatewayEnv.HOST ?? 'localhost';

  /**
   * Both servers log JSON lines at LOG_LEVEL, as when started apart: by default `info` (each request) in production and
   * `warn` for `npm start`, whose terminal is a developer's.
   */
  const logLevel = gatewayEnv.LOG_LEVEL ?? (env.NODE_ENV === 'production' ? 'info' : 'warn');
  const logger = logLevel !== 'silent';

  let upstreamUrl = gatewayEnv.UPSTREAM_URL;
  let stopUpstream = async () => {};
  if (!upstreamUrl && upstreamEnv) {
    const options = upstreamOptionsOf(upstreamEnv);
    const tracerProvider = await tracerProviderFromEnv();
    const upstream = await startOrExplain('upstream', () =>
      buildUpstream({
        ...options,
        // REDIS_URL is the gateway's here: in one process with it the upstream keeps its failed-login counters in memory.
        redisUrl: undefined,
        // Where the mails' links lead: the web app this process serves, unless APP_URL names another address.
        mail: { ...options.mail, appUrl: options.mail.appUrl ?? settings.publicUrl ?? `http://${host}:${port}` },
        tracerProvider,
        logger,
        logLevel,
      }),
    );
    const upstreamPort = upstreamEnv.UPSTREAM_PORT;
    await upstream.app.listen({ port: upstreamPort, host: '127.0.0.1' });
    upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    stopUpstream = async () => {
      await upstream.close();
      await shutdownTracing(tracerProvider);
    };
  }

  await webBuilt;
  const gateway = await startGateway({
    // Read above: UPSTREAM_URL, or the bundled upstream's address.
    upstreamUrl: upstreamUrl as string,
    port,
    host,
    webDir: gatewayEnv.WEB_DIR ?? 'dist/web',
    logger,
    logLevel,
    settings,
  });

  const address = settings.publicUrl ?? gateway.url;
  console.log(`\n  슬라임 커뮤니티: ${address}/community\n  GraphiQL:       ${address}/graphql\n  upstream REST:  ${upstreamUrl}\n`);

  signals.whenStarted(async () => {
    // A backstop in case closing a client (Redis, the database) hangs past the grace.
    setTimeout(() => process.exit(1), shutdownGraceMs + 5000).unref();
    // The gateway drains first (its requests under way still need the upstream), then the upstream stops.
    await gateway.shutdown(shutdownGraceMs);
    await stopUpstream();
    process.exit(0);
  });
}
