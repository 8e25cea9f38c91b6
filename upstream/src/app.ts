import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { TracerProvider } from '@opentelemetry/api';
import Negotiator from 'negotiator';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { enforceBodyRateFloor } from '../../domain/bodyRate.js';
import { errorBody } from '../../domain/errors.js';
import { DRAIN_RETRY_AFTER_SECONDS, HTTP_SERVER_TIMEOUTS, PLUGIN_START_TIMEOUT_MS, REST_BODY_MAX_BYTES } from '../../domain/limits.js';
import { requestIdOf } from '../../domain/requestId.js';
import { messagingTexts } from '../../domain/messages.js';
import { DEFAULT_DATA_DIR, isMemoryDir, openStore, type Database } from './db/client.js';
import { fillEmptyBoardTree } from './community/category-repository.js';
import { DEMO_DATA_LOG, type DemoDataOutcome } from './db/demo-data.js';
import { seedIfEmpty } from './db/seed.js';
import { authenticate } from './http/auth.js';
import { idempotentCreates } from './http/idempotency.js';
import { answerClientError, installErrorHandling } from './http/errors.js';
import { DatabaseOutage } from './db/outage.js';
import { ForbiddenError } from './errors.js';
import { serializeError } from './http/log-errors.js';
import { refuseNulInput } from './http/validate.js';
import { describeApi } from './http/openapi.js';
import { ASSETS_DIR } from './paths.js';
import { healthRoutes } from './http/health-routes.js';
import { serveMetrics } from './http/metrics.js';
import { traceRequests } from './http/tracing.js';
import { communityRoutes } from './community/routes.js';
import { accountRoutes } from './accounts/routes.js';
import { createLoginThrottle } from './accounts/login-throttle.js';
import { createMailer, DEFAULT_APP_URL, type Mailer } from './accounts/mailer.js';
import { memberRoutes } from './accounts/member-routes.js';
import { userRoutes } from './accounts/user-routes.js';
import { profileImageRoutes } from './accounts/profile-image-routes.js';
import { itemRoutes } from './items/routes.js';
import { messagingRoutes } from './messaging/routes.js';
import { storyRoutes } from './stories/routes.js';
import { mediaUrlFor } from './serializers.js';
import { mediaHeaders } from './uploads/serve.js';
import { isPrivateMediaPath, loadMediaSigner } from './uploads/signed-media.js';
import { UPLOADS_FOLDER } from './uploads/images.js';
import { diskMedia, postgresMedia, type MediaStore } from './uploads/store.js';
import { scheduleUnusedImageSweeps, type SweepTiming } from './uploads/sweeps.js';
import { STORIES_FOLDER } from './stories/media.js';

export { issueToken } from './accounts/tokens.js';
export type { Database } from './db/client.js';

export interface UpstreamOptions {
  /** PostgreSQL connection string; without it the embedded PGlite stores the data. */
  databaseUrl?: string;
  /** PostgreSQL only: the schema holding this instance's tables (default: the connection's own, `public`). */
  databaseSchema?: string;
  /**
   * PGlite data directory (`memory://` for an in-memory database). Uploaded media go to `<dataDir>/media`; with
   * PostgreSQL they are stored in the database and that folder keeps this process's copies.
   */
  dataDir?: string;
  /** PGlite only: a dumped data directory to start the store from (`StoreOptions.pgliteTemplate`). */
  pgliteTemplate?: Blob;
  /**
   * Fill an empty database with the demo community (its members include staff with a known password). Default: true
   * for the embedded PGlite, false with `databaseUrl` (DEMO_DATA, read by `config.ts`). Never touches existing data.
   */
  seed?: boolean;
  logger?: boolean;
  /** Called with every route as it is registered (before the server starts). */
  onRoute?: (route: RouteOptions) => void;
  /** Called with every SQL statement the upstream sends. */
  onQuery?: (query: string, params: unknown[]) => void;
  /** Pino level when logging (default `info`; `silent` turns request logs off). */
  logLevel?: string;
  /** Where JSON log lines go instead of stdout (tests read them); logging is on when given. */
  logStream?: { write(line: string): void };
  /**
   * The address browsers reach this API at (e.g. `https://api.example.com`): media URLs become
   * `<publicUrl>/media/...`. Without it they are root-relative (`/media/...`) for the gateway in front to serve.
   */
  publicUrl?: string;
  /** Account mails (password reset, e-mail verification); see `mailOptionsFrom` for the defaults. */
  mail?: MailSettings;
  /** Redis for the failed-login counters (shared by replicas); without it they are kept in this process. */
  redisUrl?: string;
  /** REDIS_PREFIX: the start of every key the upstream writes to Redis (default `slime:`). */
  redisPrefix?: string;
  /** REDIS_TIMEOUT_MS: how long a login waits for Redis before its counters are kept in this process (default 2 s). */
  redisTimeoutMs?: number;
  /**
   * Which peers' X-Forwarded-For names the client (Fastify's `trustProxy`): the login throttle counts the
   * client's address, not the gateway's. Default `loopback` (a gateway on the same host).
   */
  trustProxy?: boolean | string | string[];
  /**
   * A server span per request goes to this provider, continuing the caller's `traceparent` (`tracerProviderFromEnv`
   * in `http/tracing.ts` makes the one the OTEL_* variables ask for; the caller shuts it down). Unset: no tracing.
   */
  tracerProvider?: TracerProvider;
  /**
   * When uploads nothing uses are released (uploads/sweeps.ts; defaults UNUSED_UPLOADS_SWEEP: three days old, hourly,
   * the first sweep a minute after the start). `config.ts` reads the operator's settings; `false` runs no
   * sweep (a test that calls `sweepUnusedImages` itself, or counts every query sent).
   */
  unusedUploadsSweep?: SweepTiming | false;
}

export interface MailSettings {
  /** SMTP server URL; without it mails are written as `.eml` files to `dir`. */
  smtpUrl?: string;
  /** Default: `mail` beside the data directory (`.data/mail`), a temporary folder for an in-memory store. */
  dir?: string;
  /** The web app's address the mails link to (default http://localhost:4000, where `npm start` serves it). */
  appUrl?: string;
  from?: string;
  /** Warn once at start when mails are written to files, not sent (a production start without `smtpUrl`). */
  warnWithoutSmtp?: boolean;
}

export interface Upstream {
  app: FastifyInstance;
  db: Database;
  /** The folder uploads are served from under /media (beside the bundled assets): the files, or with PostgreSQL this process's copies. */
  mediaDir: string;
  /** Where uploads are stored (files on disk, or PostgreSQL's `media_files`). */
  media: MediaStore;
  /** Where account mails are written (null when they go out by SMTP). */
  mailDir: string | null;
  close(): Promise<void>;
}

export async function buildUpstream(options: UpstreamOptions = {}): Promise<Upstream> {
  const publicUrl = checkPublicUrl(options.publicUrl);
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  // The app's logger once it exists: a connection lost while the store migrates fails those queries instead.
  let log: FastifyBaseLogger | undefined;
  const seed = options.seed ?? !options.databaseUrl;
  let demoData = 'off' as DemoDataOutcome;
  const store = await openStore({
    databaseUrl: options.databaseUrl,
    databaseSchema: options.databaseSchema,
    dataDir,
    pgliteTemplate: options.pgliteTemplate,
    onQuery: options.onQuery,
    prepare: async (db) => {
      await fillEmptyBoardTree(db);
      if (seed) demoData = (await seedIfEmpty(db)) ? 'loaded' : 'kept';
    },
    onConnectionLost: (error) => log?.warn({ err: error.message }, 'database connection lost while idle: the pool opens a new one'),
  });
  try {
    const app = Fastify({
      logger:
        options.logger || options.logStream
          ? {
              level: options.logLevel ?? 'info',
              // `service` tells the upstream's lines from the gateway's where both run in one process (npm start).
              base: { service: 'upstream', pid: process.pid, hostname: hostname() },
              serializers: {
                err: serializeError,
                // A request as Fastify logs it, but a private media address's signature left out: it opens the file
                // for hours to whoever reads the log.
                req: (request: FastifyRequest) => ({
                  method: request.method,
                  url: request.url.replace(/([?&]signature=)[^&]*/, '$1[redacted]'),
                  host: request.host,
                  remoteAddress: request.ip,
                  remotePort: request.socket?.remotePort,
                }),
              },
              ...(options.logStream ? { stream: options.logStream } : {}),
            }
          : false,
      routerOptions: { ignoreTrailingSlash: true },
      pluginTimeout: PLUGIN_START_TIMEOUT_MS,
      trustProxy: options.trustProxy ?? 'loopback',
      // The gateway's id for the request this call serves: one id finds it in both logs.
      genReqId: (request) => requestIdOf(request.headers['x-request-id']),
      requestTimeout: HTTP_SERVER_TIMEOUTS.requestTimeoutMs,
      clientErrorHandler: answerClientError,
      // A request arriving while the upstream drains is refused by the hook below, in the error object of 002 §3.4 and
      // Korean, rather than with Fastify's English 503.
      return503OnClosing: false,
      // Stated rather than left to Fastify's default, so the 413's text can name it (http/errors.ts).
      bodyLimit: REST_BODY_MAX_BYTES,
      http: { headersTimeout: HTTP_SERVER_TIMEOUTS.headersTimeoutMs, connectionsCheckingInterval: HTTP_SERVER_TIMEOUTS.checkIntervalMs },
    });
    log = app.log;
    // A shared database seeded with the demo logins is an operator's business: above `info` there.
    app.log[demoData === 'loaded' && store.kind === 'postgres' ? 'warn' : 'info']({ demoData }, DEMO_DATA_LOG[demoData]);
    // Once closing, an answer to a request that was under way ends its connection: an idle keep-alive would otherwise
    // hold the close up until the shutdown grace cuts it.
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onSend', (request, reply, _payload, done) => {
      reply.header('x-request-id', request.id);
      if (closing) reply.header('connection', 'close');
      done();
    });
    // A request that reaches a draining upstream (its head was on its way over an open connection when the drain began)
    // is not started: 503 SERVICE_UNAVAILABLE, and Retry-After asks its caller to try again soon (another replica).
    app.addHook('onRequest', (request, reply, done) => {
      if (!closing) return done();
      reply.code(503).header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS)).send(errorBody(503, request.url));
    });
    enforceBodyRateFloor((listener) => app.server.on('request', listener));
    if (options.tracerProvider) traceRequests(app, options.tracerProvider);
    // Before every route, so its hook counts them all (the not-found answers too).
    serveMetrics(app, store.poolStats);
    app.addHook('onClose', async () => store.close());
    const signer = await loadMediaSigner(store.db);
    const mediaUrl = mediaUrlFor(publicUrl, signer);
    app.decorate('mediaUrl', mediaUrl);
    app.decorate('publicUrl', publicUrl);
    if (options.onRoute) app.addHook('onRoute', options.onRoute);
    // Before the store closes (onClose hooks run last added first): no probe outlives it.
    const outage = new DatabaseOutage(store.db, app.log);
    app.addHook('onClose', async () => outage.close());
    installErrorHandling(app, outage);
    refuseNulInput(app);
    await describeApi(app);

    const mediaDir = mediaDirFor(dataDir);
    const media = store.kind === 'postgres' ? postgresMedia(store.db, mediaDir, [UPLOADS_FOLDER, STORIES_FOLDER]) : diskMedia(mediaDir);
    if (isMemoryDir(dataDir)) app.addHook('onClose', async () => rmSync(mediaDir, { recursive: true, force: true }));
    const mailer = mailerFor(dataDir, app.log, options.mail);
    if (mailer.dir && options.mail?.warnWithoutSmtp)
      app.log.warn({ mailDir: mailer.dir }, `mails are written to ${mailer.dir}, not sent (SMTP_URL is not set)`);
    const loginThrottle = createLoginThrottle(options.redisUrl, options.redisPrefix, app.log, options.redisTimeoutMs);
    app.addHook('onClose', () => loginThrottle.close());
    app.addHook('onClose', async () => {
      mailer.close();
      if (!options.mail?.dir && mailer.dir && isMemoryDir(dataDir)) rmSync(mailer.dir, { recursive: true, force: true });
    });
    await app.register(async (files) => {
      const { beforeServe } = media;
      // An inquiry's files open only by the signed address its inquiry answered, and only until it expires.
      files.addHook('onRequest', async (request, reply) => {
        const path = (request.params as { '*': string })['*'];
        if (!isPrivateMediaPath(path) || signer.verify(path, request.query as Record<string, unknown>)) return;
        // A browser opening the link (a tab, a bookmark) reads the sentence; API clients get the JSON error object.
        if (new Negotiator(request.raw).mediaType(['application/json', 'text/html']) === 'text/html')
          return reply.code(403).type('text/plain; charset=utf-8').send(messagingTexts.inquiryFileLinkExpired);
        throw new ForbiddenError(messagingTexts.inquiryFileLinkExpired);
      });
      if (beforeServe) files.addHook('onRequest', async (request) => beforeServe((request.params as { '*': string })['*']));
      await files.register(fastifyStatic, {
        root: [ASSETS_DIR, mediaDir],
        prefix: '/media/',
        index: false,
        decorateReply: false,
        setHeaders: mediaHeaders(mediaDir),
      });
    });
    // Sweeps start once the app is ready and stop before the store closes (onClose hooks run last added first).
    let stopSweeps = async () => {};
    app.addHook('onReady', async () => {
      if (options.unusedUploadsSweep !== false) stopSweeps = scheduleUnusedImageSweeps(store.db, media, app.log, options.unusedUploadsSweep);
    });
    app.addHook('onClose', () => stopSweeps());
    await app.register(healthRoutes, { db: store.db, outage });
    await app.register(async (api) => {
      authenticate(api, store.db);
      idempotentCreates(api, store.db);
      await api.register(communityRoutes, { db: store.db, media });
      await api.register(userRoutes, { db: store.db });
      await api.register(itemRoutes, { db: store.db });
      await api.register(accountRoutes, { db: store.db, mailer, loginThrottle: loginThrottle.throttle });
      await api.register(memberRoutes, { db: store.db, loginThrottle: loginThrottle.throttle });
      await api.register(messagingRoutes, { db: store.db, media });
      await api.register(storyRoutes, { db: store.db, media });
      await api.register(profileImageRoutes, { db: store.db, media });
    });
    await app.ready();
    return { app, db: store.db, mediaDir, media, mailDir: mailer.dir, close: () => app.close() };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** Demo pictures ship with the code; uploads live beside the data (a temporary folder for an in-memory store). */
function mediaDirFor(dataDir: string): string {
  if (isMemoryDir(dataDir)) return mkdtempSync(join(tmpdir(), 'slime-media-'));
  const media = resolve(dataDir, 'media');
  mkdirSync(media, { recursive: true });
  return media;
}

/** Mails are written beside the data (`.data/mail` next to `.data/upstream`), to a temporary folder for an in-memory store. */
function mailerFor(dataDir: string, log: FastifyBaseLogger, settings: MailSettings = {}): Mailer {
  const dir =
    settings.dir ?? (settings.smtpUrl ? '' : isMemoryDir(dataDir) ? mkdtempSync(join(tmpdir(), 'slime-mail-')) : join(dirname(resolve(dataDir)), 'mail'));
  return createMailer({ smtpUrl: settings.smtpUrl, dir, appUrl: settings.appUrl ?? DEFAULT_APP_URL, from: settings.from, log });
}

/** The configured public address without a trailing slash; anything but an absolute http(s) URL stops the start. */
function checkPublicUrl(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new Error(`publicUrl must be an absolute http(s) URL, got ${JSON.stringify(publicUrl)}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error(`publicUrl must be an absolute http(s) URL without query or fragment, got ${JSON.stringify(publicUrl)}`);
  }
  return url.href.replace(/\/+$/, '');
}
