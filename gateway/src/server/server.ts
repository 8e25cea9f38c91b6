import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { TracerProvider } from '@opentelemetry/api';
import { GraphQLError, getOperationAST, type DocumentNode } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { enforceBodyRateFloor } from '../../../domain/bodyRate.js';
import { DRAIN_RETRY_AFTER_SECONDS, GRAPHQL_LIMITS, HTTP_SERVER_TIMEOUTS, PLUGIN_START_TIMEOUT_MS } from '../../../domain/limits.js';
import { requestIdOf } from '../../../domain/requestId.js';
import { errorMessages, hardeningTexts } from '../../../domain/messages.js';
import { fastifyTrustProxy, gatewayEnvFrom, settingsOf, type GatewaySettings } from './config.js';
import { serveMedia } from './media.js';
import { refusalBody, unreadableRequests } from './refusals.js';
import { graphiqlSecurityPolicy, securityHeaders } from './security-headers.js';
import { GatewayMetrics } from './metrics.js';
import { NotificationBridge } from './notification-bridge.js';
import { PersistedOperations } from './persisted.js';
import { createGatewayPubSub, type GatewayPubSub } from './pubsub.js';
import { RedisLink } from './redis.js';
import { UpstreamClient, type UpstreamClientOptions } from '../upstream/client.js';
import { originOf } from '../graphql/errors.js';
import { PublicCache } from '../upstream/public-cache.js';
import { gatewayTracing } from './tracing.js';
import { attachGraphQLWebSocket } from './ws.js';
import { createGatewayYoga, GRAPHQL_ENDPOINT, SSE_STREAM_PATH } from './yoga.js';
import { CORS_EXPOSED_HEADERS, originAllowed } from './cors.js';

/** The answers Yoga streams: subscriptions over SSE, incremental delivery and multipart. */
const STREAMED_CONTENT = /^(text\/event-stream|multipart\/)/i;
const CLOSE_CUT_MS = 1000;

export interface GatewayOptions {
  upstreamUrl: string;
  port?: number;
  host?: string;
  /** The built web app (`dist/web`), served at / with a fallback to index.html for client routes. */
  webDir?: string;
  /** JSON request logs (pino). */
  logger?: boolean;
  /** pino's level for them; default LOG_LEVEL, else info. */
  logLevel?: string;
  /** Overrides of what the environment says (tests switch features without touching process.env). */
  settings?: Partial<GatewaySettings>;
  /** Overrides of the upstream client's resilience (time-outs, breaker) and observers of its calls, for tests. */
  upstream?: Omit<Partial<UpstreamClientOptions>, 'url'>;
  /** Where JSON log lines go (default stdout). */
  logStream?: { write(line: string): void };
  /** The trusted documents; default: the map relay-compiler generated. */
  persisted?: PersistedOperations;
  /** Prefix of the public cache's Redis keys after REDIS_PREFIX (default `public:`), so runs sharing one Redis stay apart. */
  publicCacheKeyPrefix?: string;
  /** Prefix of the notification bridge's Redis keys (after REDIS_PREFIX) and hint topic (default `notification-poller:`), likewise. */
  notificationKeyPrefix?: string;
  /**
   * Where the spans of GraphQL operations and upstream calls go (tests pass one with an in-memory exporter).
   * Default: OTLP/HTTP export when OTEL_EXPORTER_OTLP_ENDPOINT is set, no tracing otherwise.
   */
  tracerProvider?: TracerProvider;
}

export interface RunningGateway {
  url: string;
  client: UpstreamClient;
  /** Where subscriptions hear of changes (mutations publish with `publishPostChanged`). */
  pubSub: GatewayPubSub;
  /** Polls the inboxes of members with live notification subscriptions. */
  notificationBridge: NotificationBridge;
  /** Stops at once: sockets and requests under way are cut. */
  close(): Promise<void>;
  /**
   * Stops gracefully (SIGTERM): /readyz answers 503 and the listener closes (a balancer sends new connections
   * elsewhere), every socket is told to reconnect (1012), requests under way finish; whatever is still open after
   * `graceMs` (default SHUTDOWN_GRACE_MS) is cut, then everything closes.
   */
  shutdown(graceMs?: number): Promise<void>;
}

/** `url` with the slash after `path` taken off (`/graphql/?query=…` is `/graphql?query=…`); any other as it is. */
function withoutTrailingSlash(url: string, path: string): string {
  const queryAt = url.indexOf('?');
  const urlPath = queryAt === -1 ? url : url.slice(0, queryAt);
  return urlPath === `${path}/` ? path + (queryAt === -1 ? '' : url.slice(queryAt)) : url;
}

/**
 * Node's refusals of a request it could not read as HTTP (headers above its size limit, headers too slow, a malformed
 * request line), answered on the socket before any route: in GraphQL's shape and Korean rather than Fastify's English.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  // A connection reset has nothing left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? unreadableRequests.headersTooLarge()
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? unreadableRequests.headersTooSlow()
        : unreadableRequests.malformed();
  if (socket.writable) socket.write(answer);
  socket.destroy(error);
}

/** An answer in GraphQL's shape for a request refused before GraphQL sees it. */
function sendRefusal(reply: FastifyReply, status: number, message: string, code?: string) {
  return reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(refusalBody(status, message, code));
}

/** What Fastify's refusals (body too large, broken JSON, a body type it cannot read) tell the client. */
function refusalMessage(error: FastifyError, status: number): string {
  if (status === 413) return hardeningTexts.bodyTooLarge(GRAPHQL_LIMITS.maxBodyBytes);
  if (status === 415) return hardeningTexts.mediaTypeUnsupported;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return hardeningTexts.bodyNotRequest;
  return status < 500 ? errorMessages.BAD_REQUEST : errorMessages.UNKNOWN;
}

/** Errors Fastify raises before GraphQL sees the request (body too large, broken JSON), in GraphQL's shape. */
function graphqlShapedError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  return sendRefusal(reply, status, refusalMessage(error, status));
}

/** The methods /graphql answers; any other gets 405 with them in Allow. */
const GRAPHQL_METHODS = ['GET', 'POST'];
/** GraphQL over SSE's single connection stream: reserve (PUT), stream (GET), operations (POST), stop (DELETE). */
const SSE_STREAM_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * An error Yoga masked, as pino logs it: the error it began as under `err` (type, message, stack, which the client
 * never sees) and where in the answer it happened.
 */
function maskedErrorEntry(error: Error): [{ err: unknown; path?: readonly (string | number)[] }, string] {
  const located = error instanceof GraphQLError ? error : undefined;
  return [{ err: located ? originOf(located) : error, ...(located?.path ? { path: located.path } : {}) }, 'unexpected error masked'];
}

/** A GraphQL error that answers the request with a 4xx status: a request refused for what the client sent. */
function isClientRefusal(error: unknown): error is GraphQLError {
  const status = error instanceof GraphQLError ? (error.extensions?.http as { status?: number } | undefined)?.status : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * The logger of the request each execution error belongs to (Fastify's child logger, whose lines carry its `reqId`):
 * Yoga logs a masked error with no request at hand, and this lets that line name the request the client's answer
 * names. A WeakMap filled while the result is still unmasked rather than an AsyncLocalStorage around the handler: on
 * Node 20 any AsyncLocalStorage in use hooks every promise of every request, measured at 4-12 % of the gateway's CPU
 * per answer (P6 in docs/performance.md).
 */
const requestLogOfError = new WeakMap<object, FastifyBaseLogger>();

/**
 * Notes each error of an execution's results with its request's logger; runs before Yoga's masking (plugin order).
 * An operation over WebSocket has no HTTP request of its own: its logger names the id its upstream calls carried.
 */
function useRequestLogOfErrors(appLog: FastifyBaseLogger): Plugin {
  return {
    onExecute: ({ args }) => {
      const context = args.contextValue as { req?: FastifyRequest; requestId?: string };
      const { req, requestId } = context;
      if (!req && !requestId) return undefined;
      let log = req?.log;
      return {
        onExecuteDone: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => {
            if (!result.errors?.length) return;
            log ??= appLog.child({ reqId: requestId });
            for (const error of result.errors) requestLogOfError.set(error, log);
          }),
      };
    },
  };
}

/**
 * One info line per HTTP answer that carries errors, on the request's logger (its `reqId`): the operation and the
 * errors' codes. Fastify's own line says only the status, and GraphQL answers most failures (a refused input, a rate
 * limit, the upstream unavailable) with 200.
 */
function useErrorAnswerLog(): Plugin {
  // The parsed document, kept per request; its operation's name is read only for an answer that is logged.
  const documentOf = new WeakMap<Request, { document: DocumentNode; operationName?: string }>();
  return {
    onValidate: ({ params, context }) => {
      const { request, params: graphqlParams } = context as { request?: Request; params?: { operationName?: string } };
      if (request) documentOf.set(request, { document: params.documentAST, operationName: graphqlParams?.operationName });
    },
    onResultProcess: ({ request, result, serverContext }) => {
      const log = (serverContext as { req?: FastifyRequest }).req?.log;
      if (!log || Array.isArray(result) || Symbol.asyncIterator in result || !result.errors?.length) return;
      const parsed = documentOf.get(request);
      const operation = parsed ? (getOperationAST(parsed.document, parsed.operationName)?.name?.value ?? null) : null;
      const codes = new Set(result.errors.map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR')));
      log.info({ operation, errors: [...codes] }, 'answered with errors');
    },
  };
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { upstreamUrl, port = 4000, host = '127.0.0.1', webDir, logger = false } = options;
  // The environment as config.ts's schema reads it (main programs read it first and stop on a bad value).
  const env = gatewayEnvFrom();
  const settings: GatewaySettings = { ...settingsOf(env), ...options.settings };
  const metrics = new GatewayMetrics({ redis: Boolean(settings.redisUrl) });
  const tracing = await gatewayTracing(options.tracerProvider);
  const client = new UpstreamClient({
    url: upstreamUrl,
    breakerFailures: settings.breakerFailures,
    breakerHalfOpenAfterMs: settings.breakerHalfOpenAfterMs,
    tracer: tracing?.tracer,
    ...options.upstream,
    onCall: (call) => {
      metrics.recordUpstreamCall(call);
      options.upstream?.onCall?.(call);
    },
    onRetry: (retry) => {
      metrics.recordUpstreamRetry(retry);
      const { requestId, ...call } = retry;
      app.log.warn({ reqId: requestId, upstream: call }, 'upstream call retried');
      options.upstream?.onRetry?.(retry);
    },
  });
  // An operator learns from the log, not only from /metrics, when the upstream is given up on and when it is back:
  // one line each way (a failed half-open probe opens the breaker again without a new line).
  let breakerOpen = false;
  client.breaker.onBreak(() => {
    if (!breakerOpen) app.log.warn({ halfOpenAfterMs: settings.breakerHalfOpenAfterMs }, 'upstream breaker open: answering SERVICE_UNAVAILABLE, /readyz 503');
    breakerOpen = true;
  });
  client.breaker.onReset(() => {
    breakerOpen = false;
    // Warn, as the opening is: an operator reading warnings only (LOG_LEVEL=warn) sees the recovery too.
    app.log.warn('upstream breaker closed: the upstream answers again');
  });
  const persisted = options.persisted ?? PersistedOperations.load();
  metrics.labelOperations(persisted.operationNames());
  // Redis may fail at any time: every connection reconnects forever, and what needs it degrades to this replica meanwhile.
  const redis = settings.redisUrl
    ? new RedisLink(
        settings.redisUrl,
        settings.redisPrefix,
        {
          down: (error) => {
            metrics.redisUp?.set(0);
            app.log.warn({ err: error }, 'Redis unreachable: events reach this replica only, notifications polled here, limits counted in memory');
          },
          up: (afterOutage) => {
            metrics.redisUp?.set(1);
            // Warn, as the outage's start is: an operator filtering warnings sees when it ended too.
            if (afterOutage) app.log.warn('Redis reachable again');
          },
          degradedPublish: (kind) => metrics.redisDegradedPublishes.inc({ kind }),
        },
        settings.redisTimeoutMs,
      )
    : undefined;
  const pubSub = createGatewayPubSub(redis);
  const notificationBridge = new NotificationBridge({
    pool: client.pool,
    upstreamUrl,
    pubSub: pubSub.pubSub,
    intervalMs: settings.notificationPollIntervalMs,
    redis,
    keyPrefix: options.notificationKeyPrefix,
    onPoll: metrics.recordNotificationPoll,
  });
  const publicCache = new PublicCache(client, {
    redis,
    redisKeyPrefix: options.publicCacheKeyPrefix,
    // While Redis is away every read would fail here: the link's one log line says so instead.
    onError: (error) => redis?.up !== false && app.log.warn({ err: String(error) }, 'public cache storage failed'),
  });
  // Rate limits and login counters; with the link's policy a command Redis leaves unanswered fails within its wait,
  // and the limiters count in memory (their insurance) as when Redis refuses.
  const rateLimitRedis = redis?.client('rate-limit', { keyPrefix: settings.redisPrefix, lazyConnect: true }) ?? null;

  const app = Fastify({
    logger:
      logger || options.logStream
        ? {
            level: options.logLevel ?? env.LOG_LEVEL ?? 'info',
            // `service` tells the gateway's lines from the upstream's where both run in one process (npm start).
            base: { service: 'gateway', pid: process.pid, hostname: hostname() },
            redact: ['req.headers.authorization'],
            serializers: {
              // A request as Fastify logs it, but its path without the query string: a GET /graphql carries the whole
              // document and its variables there (a login's password included).
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: request.url.split('?')[0],
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          }
        : false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    clientErrorHandler: answerClientError,
    // `/graphql/` is `/graphql` (a client's endpoint written with a slash at the end), for Fastify and Yoga alike.
    // (Yoga reads the URL as sent and takes both; graphql-sse's stream path it serves takes only its own, so not that one.)
    rewriteUrl: (request) => withoutTrailingSlash(request.url ?? '/', GRAPHQL_ENDPOINT),
    bodyLimit: GRAPHQL_LIMITS.maxBodyBytes,
    // A request arriving while the gateway drains is refused by the hook below, in GraphQL's shape and Korean, rather
    // than with Fastify's English 503.
    return503OnClosing: false,
    pluginTimeout: PLUGIN_START_TIMEOUT_MS,
    trustProxy: fastifyTrustProxy(settings.trustProxy),
    requestTimeout: HTTP_SERVER_TIMEOUTS.requestTimeoutMs,
    http: { headersTimeout: HTTP_SERVER_TIMEOUTS.headersTimeoutMs, connectionsCheckingInterval: HTTP_SERVER_TIMEOUTS.checkIntervalMs },
  });
  enforceBodyRateFloor((listener) => app.server.on('request', listener));
  const yoga = createGatewayYoga({
    client,
    settings,
    pubSub: pubSub.pubSub,
    notificationBridge,
    persisted,
    metrics,
    redis: rateLimitRedis,
    publicCache,
    tracing,
    plugins: [useRequestLogOfErrors(app.log), useErrorAnswerLog()],
    logger: {
      debug: (...args: unknown[]) => app.log.debug(args),
      info: (...args: unknown[]) => app.log.info(args),
      warn: (...args: unknown[]) => app.log.warn(args),
      error: (...args: unknown[]) => {
        const log = (args[0] instanceof Error && requestLogOfError.get(args[0])) || app.log;
        // Yoga reports a refusal it rewrote (CSRF, a body it cannot read) as an error too: the client's doing, not the
        // operator's, and the request's own log line already has its status.
        if (isClientRefusal(args[0])) log.debug({ refusal: args[0].message }, 'request refused');
        else if (args[0] instanceof Error) log.error(...maskedErrorEntry(args[0]));
        else log.error(args);
      },
    },
  });
  // While Redis is away the limiters count in memory; connecting first keeps replicas counting together from the start.
  await rateLimitRedis?.connect().catch(() => undefined);
  if (persisted.size === 0) app.log.warn("no persisted operations: run `npm run relay` so the web client's operation ids are known");

  // Yoga reads multipart bodies (file uploads) itself.
  app.addContentTypeParser('multipart/form-data', {}, (_request, _payload, done) => done(null));
  app.setErrorHandler(graphqlShapedError);
  /** The GraphQL endpoints: plain and over SSE. */
  const graphqlRoutes = new Set([yoga.graphqlEndpoint, SSE_STREAM_PATH]);
  /** `draining` after SIGTERM (requests under way still finish); `stopping` once the grace is over and what is left is cut. */
  let phase: 'serving' | 'draining' | 'stopping' = 'serving';
  // Health checks answer while draining (readiness says `draining`); anything else new is sent to another replica.
  const answeredWhileDraining = new Set(['/healthz', '/readyz']);
  app.addHook('onRequest', async (request, reply) => {
    if (phase === 'serving' || answeredWhileDraining.has(request.routeOptions.url ?? '')) return;
    reply.header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS)).header('connection', 'close');
    if (graphqlRoutes.has(request.routeOptions.url ?? '')) return sendRefusal(reply, 503, errorMessages.SERVICE_UNAVAILABLE, 'SERVICE_UNAVAILABLE');
    return reply.status(503).send({ status: 503, message: errorMessages.SERVICE_UNAVAILABLE });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A refusal made before Yoga (body too large, draining) gets the CORS headers Yoga gives its own answers, so a
    // client on an allowed origin can read it (and its Retry-After) instead of seeing a network error.
    const origin = request.headers.origin;
    if (
      origin &&
      graphqlRoutes.has(request.routeOptions.url ?? '') &&
      !reply.hasHeader('access-control-allow-origin') &&
      originAllowed(settings.corsOrigins, origin)
    ) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin').header('access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', '));
    }
    // A request that was under way when draining began ends its connection, or the idle keep-alive would hold the close up.
    if (phase !== 'serving') reply.header('connection', 'close');
  });

  const webRoot = webDir ? resolve(webDir) : undefined;
  await securityHeaders(app, webRoot);

  // Every answer of the GraphQL endpoints, refusals before Yoga included (a body too large or not JSON, a method not allowed).
  app.addHook('onResponse', (request, reply, done) => {
    if (graphqlRoutes.has(request.routeOptions.url ?? '')) metrics.httpRequests.inc({ status: String(reply.statusCode) });
    done();
  });

  /**
   * Streamed answers (subscriptions over SSE, incremental delivery) open now, each ended by aborting its controller. On
   * drain each ends at once: its operation is stopped (Yoga's stream cancelled, so the subscription is cleaned up) and
   * the HTTP answer finishes as a stream does, not cut, so its client reconnects, to another replica.
   */
  const openStreams = new Set<() => void>();
  const endableOnDrain = (body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> => {
    // Read by hand: Yoga's streams are @whatwg-node's, whose pipeTo takes no abort signal.
    const reader = body.getReader();
    let end = () => {};
    return new ReadableStream<Uint8Array>({
      start(controller) {
        end = () => {
          openStreams.delete(end);
          controller.close();
          void reader.cancel().catch(() => undefined);
        };
        openStreams.add(end);
      },
      async pull(controller) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (!openStreams.has(end)) return;
        if (!done) return controller.enqueue(value);
        openStreams.delete(end);
        controller.close();
      },
      // The client went away: its operation stops.
      cancel(reason) {
        openStreams.delete(end);
        return reader.cancel(reason);
      },
    });
  };
  const handleGraphQL = async (request: FastifyRequest, reply: FastifyReply) => {
    // A browser's preflight from an origin CORS_ORIGINS does not name: told so, in GraphQL's shape (Yoga would answer
    // it with the CSRF check's refusal, or a 204 the browser then refuses without a word to the developer).
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS' && !(origin && originAllowed(settings.corsOrigins, origin))) {
      // No preflight at all (no Origin: a tool asking what the address takes), or one from the gateway's own pages
      // (which browsers do not send, being same-origin): answered as HTTP's OPTIONS is, with the methods.
      if (!origin || origin === `${request.protocol}://${request.host}`) {
        return reply
          .status(204)
          .header('allow', [...(request.url.startsWith(SSE_STREAM_PATH) ? SSE_STREAM_METHODS : GRAPHQL_METHODS), 'OPTIONS'].join(', '))
          .send();
      }
      return sendRefusal(reply, 403, hardeningTexts.originNotAllowed(origin), 'FORBIDDEN');
    }
    // The raw response lets Yoga abort the request's signal (and so its upstream calls) when the client goes away.
    const handle = () => yoga.handleNodeRequestAndResponse(request, reply.raw, { req: request, reply, requestId: request.id, clientIp: request.ip });
    const response = await (tracing ? tracing.continueTrace(request.headers, handle) : handle());
    // Yoga answers a body type it has no parser for (text/plain) with an empty 415.
    if (response.status === 415 && !response.body) return sendRefusal(reply, 415, hardeningTexts.mediaTypeUnsupported);
    response.headers.forEach((value, key) => reply.header(key, value));
    reply.status(response.status);
    // A whole answer (JSON, GraphiQL's page, compressed or not) goes out in one piece with its length: piping its body
    // stream through Fastify costs a chunked write per answer. Only the answers that are streams by nature are piped.
    // Text goes out as the string Yoga wrote, not copied into a buffer first; a compressed page as its bytes.
    if (STREAMED_CONTENT.test(response.headers.get('content-type') ?? '') && response.body) return reply.send(endableOnDrain(response.body));
    if (!response.headers.has('content-encoding')) return reply.send(await response.text());
    const bytes = await response.arrayBuffer();
    return reply.send(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
  };
  app.route({
    url: yoga.graphqlEndpoint,
    method: [...GRAPHQL_METHODS, 'OPTIONS'],
    // GraphiQL's policy only where its page is served; otherwise /graphql keeps the app's.
    ...(settings.graphiql ? { config: graphiqlSecurityPolicy } : {}),
    handler: handleGraphQL,
  });
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['PUT', 'PATCH', 'DELETE'],
    handler: (_request, reply) =>
      sendRefusal(reply.header('allow', GRAPHQL_METHODS.join(', ')), 405, hardeningTexts.methodNotAllowed(GRAPHQL_METHODS.join(', '))),
  });
  // GraphQL over SSE in single connection mode (yoga.ts): reserve (PUT), stream (GET), operations (POST), stop (DELETE).
  // OPTIONS: its CORS preflights (cors.ts).
  if (!settings.persistedOnly) app.route({ url: SSE_STREAM_PATH, method: [...SSE_STREAM_METHODS, 'OPTIONS'], handler: handleGraphQL });

  await serveMedia(app, upstreamUrl, { crossOrigin: settings.corsOrigins.length > 0 });

  // Beside GraphiQL: the web client's trusted documents, id → text, for anyone exploring the API.
  if (settings.graphiql) app.get(`${yoga.graphqlEndpoint}/persisted`, async () => persisted.toJSON());

  // Load balancers ask these every second or so: their answers are the log line, not the request.
  app.get('/healthz', { logLevel: 'silent' }, async (_request, reply) =>
    reply.status(phase === 'stopping' ? 503 : 200).send({ status: phase === 'stopping' ? 'stopping' : 'ok' }),
  );

  // Should a load balancer send traffic here: not while the upstream breaker is open. The upstream itself is not asked on
  // each poll: a blip too short to open the breaker must not pull every replica at once, and the breaker probes the
  // upstream on its own while open (client.ts), so readiness comes back without client traffic.
  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    const breaker = client.breakerState;
    if (phase !== 'serving') return reply.status(503).send({ status: 'draining', breaker });
    const ready = breaker !== 'open';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', breaker });
  });

  let sockets: ReturnType<typeof attachGraphQLWebSocket> | undefined;
  app.get('/metrics', async (_request, reply) => {
    metrics.breakerState.set(client.breaker.state);
    const httpConnections = await new Promise<number>((done) => app.server.getConnections((error, count) => done(error ? 0 : count)));
    metrics.openSockets.set({ kind: 'http' }, httpConnections);
    metrics.openSockets.set({ kind: 'websocket' }, sockets?.openSockets ?? 0);
    metrics.sharedSubscriptionRuns.set(sockets?.sharedRuns ?? 0);
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  const serveWeb = Boolean(webRoot && existsSync(resolve(webRoot, 'index.html')));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      // The build writes .br and .gz beside each asset: sent to browsers that accept them, nothing compressed per request.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/; index.html must be revalidated to pick up new builds.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // Under /graphql/ are the API's own paths (the persisted listing when GraphiQL is on): never the app shell, and a
    // client that got its endpoint wrong is told where GraphQL is, in GraphQL's shape.
    if (path.startsWith(`${yoga.graphqlEndpoint}/`)) return sendRefusal(reply, 404, hardeningTexts.apiPathNotFound(yoga.graphqlEndpoint), 'NOT_FOUND');
    // Client-side routes (/community/detail …) load the app shell; the router then shows the page or its 404 screen.
    // HEAD too: load balancers and link checkers ask a page with HEAD and must get what GET gets.
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (serveWeb && reading && (request.headers.accept?.includes('text/html') || !/\.[a-z0-9]+$/i.test(path))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ status: 404, message: errorMessages.NOT_FOUND });
  });

  const closeRest = async () => {
    await notificationBridge.close();
    await client.close();
    await publicCache.close();
    await pubSub.close();
    await rateLimitRedis?.quit().catch(() => rateLimitRedis.disconnect());
    await redis?.close();
    await tracing?.close();
  };

  await app.listen({ port, host });
  // Attached once the server listens, so a PORT or HOST it cannot listen on is reported once, by listen, and not also by
  // graphql-ws's handler of the server's errors (as an "internal error" with its stack). No connection is taken between
  // the two: this runs before the event loop turns again.
  sockets = attachGraphQLWebSocket({ server: app.server, yoga, client, persisted, settings, log: app.log });
  // Which REST API this replica calls: a default (http://127.0.0.1:4001) left in place by mistake shows here.
  app.log.info({ upstreamUrl }, `calling the upstream at ${upstreamUrl}`);
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `http://${displayHost}:${boundPort}`,
    client,
    pubSub: pubSub.pubSub,
    notificationBridge,
    // Stops at once: open streams end, and a request still under way after a second is cut rather than waited for.
    async close() {
      for (const end of openStreams) end();
      await sockets?.close();
      const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_CUT_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await closeRest();
    },
    async shutdown(graceMs = settings.shutdownGraceMs) {
      phase = 'draining';
      app.log.info({ graceMs, websockets: sockets?.openSockets ?? 0 }, 'draining: readiness off, sockets told to reconnect elsewhere');
      sockets?.drain();
      for (const end of openStreams) end();
      const cut = setTimeout(() => {
        phase = 'stopping';
        app.log.warn({ graceMs }, 'shutdown grace over: cutting what is still open');
        void sockets?.close();
        app.server.closeAllConnections();
      }, graceMs);
      try {
        // Fastify stops listening, answers 503 to new requests on open connections and waits for those under way.
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await sockets?.close();
      await closeRest();
    },
  };
}
