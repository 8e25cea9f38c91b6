import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { GRAPHQL_LIMITS } from '../../../domain/limits.js';
import { errorMessages, hardeningTexts } from '../../../domain/messages.js';
import { fastifyTrustProxy, settingsFromEnv, type GatewaySettings } from './config.js';
import { serveMedia } from './media.js';
import { graphiqlHelmet, securityHeaders } from './security-headers.js';
import { GatewayMetrics } from './metrics.js';
import { NotificationBridge } from './notification-bridge.js';
import { PersistedOperations } from './persisted.js';
import { createGatewayPubSub, type GatewayPubSub } from './pubsub.js';
import { UpstreamClient, type UpstreamClientOptions } from '../upstream/client.js';
import { PublicCache } from '../upstream/public-cache.js';
import { attachGraphQLWebSocket } from './ws.js';
import { createGatewayYoga } from './yoga.js';

export interface GatewayOptions {
  upstreamUrl: string;
  port?: number;
  host?: string;
  /** The built web app (`dist/web`), served at / with a fallback to index.html for client routes. */
  webDir?: string;
  /** JSON request logs (pino) at LOG_LEVEL, default info. */
  logger?: boolean;
  /** Overrides of what the environment says (tests switch features without touching process.env). */
  settings?: Partial<GatewaySettings>;
  /** Overrides of the upstream client's resilience (time-outs, breaker) and observers of its calls, for tests. */
  upstream?: Omit<Partial<UpstreamClientOptions>, 'url'>;
  /** Where JSON log lines go (default stdout). */
  logStream?: { write(line: string): void };
  /** The trusted documents; default: the map relay-compiler generated. */
  persisted?: PersistedOperations;
  /** Prefix of the public cache's Redis keys (default `slime:public:`), so runs sharing one Redis stay apart. */
  publicCacheKeyPrefix?: string;
  /** Prefix of the notification bridge's Redis keys and hint topic (default `notification-poller:`), likewise. */
  notificationKeyPrefix?: string;
}

export interface RunningGateway {
  url: string;
  client: UpstreamClient;
  /** Where subscriptions hear of changes (mutations publish with `publishPostChanged`). */
  pubSub: GatewayPubSub;
  /** Polls the inboxes of members with live notification subscriptions. */
  notificationBridge: NotificationBridge;
  close(): Promise<void>;
}

/** A client's own request id is kept when it looks like one; anything else gets a fresh id. */
function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{1,128}$/.test(value) ? value : randomUUID();
}

/** Errors Fastify raises before GraphQL sees the request (body too large, broken JSON), in GraphQL's shape. */
function graphqlShapedError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  const message = status === 413 ? hardeningTexts.bodyTooLarge : status < 500 ? errorMessages.BAD_REQUEST : errorMessages.UNKNOWN;
  reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ errors: [{ message, extensions: { code: status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR' } }] });
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { upstreamUrl, port = 4000, host = '127.0.0.1', webDir, logger = false } = options;
  const settings: GatewaySettings = { ...settingsFromEnv(), ...options.settings };
  const metrics = new GatewayMetrics();
  const client = new UpstreamClient({
    url: upstreamUrl,
    breakerFailures: settings.breakerFailures,
    breakerHalfOpenAfterMs: settings.breakerHalfOpenAfterMs,
    ...options.upstream,
    onCall: (call) => {
      metrics.recordUpstreamCall(call);
      options.upstream?.onCall?.(call);
    },
    onRetry: (retry) => {
      metrics.recordUpstreamRetry(retry);
      app.log.warn({ upstream: retry }, 'upstream call retried');
      options.upstream?.onRetry?.(retry);
    },
  });
  const persisted = options.persisted ?? PersistedOperations.load();
  const pubSub = createGatewayPubSub(settings.redisUrl);
  const notificationBridge = new NotificationBridge({
    pool: client.pool,
    upstreamUrl,
    pubSub: pubSub.pubSub,
    intervalMs: settings.notificationPollIntervalMs,
    redisUrl: settings.redisUrl,
    keyPrefix: options.notificationKeyPrefix,
  });
  const publicCache = new PublicCache(client, {
    redisUrl: settings.redisUrl,
    redisKeyPrefix: options.publicCacheKeyPrefix,
    onError: (error) => app.log.warn({ err: String(error) }, 'public cache storage failed'),
  });
  const rateLimitRedis = settings.redisUrl ? new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true }) : null;

  const app = Fastify({
    logger:
      logger || options.logStream
        ? { level: process.env.LOG_LEVEL ?? 'info', redact: ['req.headers.authorization'], ...(options.logStream ? { stream: options.logStream } : {}) }
        : false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    bodyLimit: GRAPHQL_LIMITS.maxBodyBytes,
    trustProxy: fastifyTrustProxy(settings.trustProxy),
  });
  const yoga = createGatewayYoga({
    client,
    settings,
    pubSub: pubSub.pubSub,
    notificationBridge,
    persisted,
    metrics,
    redis: rateLimitRedis,
    publicCache,
    logger: {
      debug: (...args: unknown[]) => app.log.debug(args),
      info: (...args: unknown[]) => app.log.info(args),
      warn: (...args: unknown[]) => app.log.warn(args),
      error: (...args: unknown[]) => app.log.error(args),
    },
  });
  if (rateLimitRedis) {
    // While Redis is away the limiters count in memory; connecting first keeps replicas counting together from the start.
    rateLimitRedis.on('error', (error: Error) => app.log.warn({ err: error.message }, 'rate-limit Redis unavailable'));
    await rateLimitRedis.connect().catch(() => app.log.warn('rate-limit Redis unreachable at start: counting in memory'));
  }
  if (persisted.size === 0) app.log.warn("no persisted operations: run `npm run relay` so the web client's operation ids are known");

  // Yoga reads multipart bodies (file uploads) itself.
  app.addContentTypeParser('multipart/form-data', {}, (_request, _payload, done) => done(null));
  app.setErrorHandler(graphqlShapedError);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const webRoot = webDir ? resolve(webDir) : undefined;
  await securityHeaders(app, webRoot);

  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    helmet: graphiqlHelmet,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // The raw response lets Yoga abort the request's signal (and so its upstream calls) when the client goes away.
      const response = await yoga.handleNodeRequestAndResponse(request, reply.raw, { req: request, reply, requestId: request.id, clientIp: request.ip });
      metrics.httpRequests.inc({ status: String(response.status) });
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  await serveMedia(app, upstreamUrl);

  app.get('/healthz', async () => ({ status: 'ok' }));

  // Ready to take traffic: the upstream answers and the breaker is closed.
  app.get('/readyz', async (_request, reply) => {
    const upstream = (await client.reachable()) ? 'reachable' : 'unreachable';
    const breaker = client.breakerClosed ? 'closed' : 'open';
    const ready = upstream === 'reachable' && breaker === 'closed';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', upstream, breaker });
  });

  let sockets: { openSockets: number; sharedRuns: number; close(): Promise<void> } | undefined;
  app.get('/metrics', async (_request, reply) => {
    metrics.breakerState.set(client.breaker.state);
    const httpConnections = await new Promise<number>((done) => app.server.getConnections((error, count) => done(error ? 0 : count)));
    metrics.openSockets.set({ kind: 'http' }, httpConnections);
    metrics.openSockets.set({ kind: 'websocket' }, sockets?.openSockets ?? 0);
    metrics.sharedSubscriptionRuns.set(sockets?.sharedRuns ?? 0);
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  if (webRoot && existsSync(resolve(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // The build writes .br and .gz beside each asset: sent to browsers that accept them, nothing compressed per request.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/; index.html must be revalidated to pick up new builds.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Client-side routes (/community/detail …) load the app shell; the router then shows the page or its 404 screen.
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      // HEAD too: load balancers and link checkers ask a page with HEAD and must get what GET gets.
      const reading = request.method === 'GET' || request.method === 'HEAD';
      if (reading && (request.headers.accept?.includes('text/html') || !/\.[a-z0-9]+$/i.test(path))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ status: 404, message: 'Not Found' });
    });
  }

  sockets = attachGraphQLWebSocket({ server: app.server, yoga, client, persisted, settings });

  await app.listen({ port, host });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `http://${displayHost}:${boundPort}`,
    client,
    pubSub: pubSub.pubSub,
    notificationBridge,
    async close() {
      await sockets?.close();
      await notificationBridge.close();
      await app.close();
      await client.close();
      await publicCache.close();
      await pubSub.close();
      await rateLimitRedis?.quit().catch(() => rateLimitRedis.disconnect());
    },
  };
}
