import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { useGraphQLSSE } from '@graphql-yoga/plugin-graphql-sse';
import { createYoga, type Plugin, type YogaLogger } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import type { GatewaySettings } from './config.js';
import type { GatewayContext } from '../graphql/context.js';
import { createContextFactory } from './context.js';
import { LoginAttempts } from './limits/loginAttempts.js';
import { corsFor } from './cors.js';
import { useCSRFPreventionInKorean } from './csrf.js';
import { operationLimitPlugins } from './limits/operationLimits.js';
import { useBoundedUploads } from './limits/uploads.js';
import { mediaUrlFor } from './media.js';
import { useRateLimits, type ClientAddress } from './limits/rateLimits.js';
import type { GatewayMetrics } from './metrics.js';
import { useTrustedDocuments, type PersistedOperations } from './persisted.js';
import type { NotificationBridge } from './notification-bridge.js';
import type { GatewayPubSub } from './pubsub.js';
import { schema } from '../graphql/schema.js';
import { maskUnexpected } from '../graphql/errors.js';
import type { UpstreamClient } from '../upstream/client.js';
import { PublicCache } from '../upstream/public-cache.js';
import { usePublicCacheInvalidation } from './cache-invalidation.js';
import { useOperationSpans, type GatewayTracing } from './tracing.js';
import { useAcceptNegotiation, useHeadAsGet, useJsonSearchParameters } from './http-negotiation.js';
import { graphiqlPage, useCompressedGraphiQL } from './graphiql.js';
import { useRefusedTokenNotice } from './refused-token.js';
import { useDocumentErrorsInKorean } from './document-errors.js';
import { useCompiledExecution } from './compiled-execution.js';

/**
 * Where GraphQL over SSE runs in its single connection mode (many operations on one stream, graphql-sse's
 * `singleConnection` client). Its operations skip the persisted-operation checks, so it is off with PERSISTED_ONLY.
 */
export const SSE_STREAM_PATH = '/graphql/stream';

/** Where GraphQL over HTTP (and GraphiQL) is served. */
export const GRAPHQL_ENDPOINT = '/graphql';

/** What the listener hands every request besides the Fetch request itself. */
export interface ServerContext extends ClientAddress {
  requestId?: string;
  [key: string]: unknown;
}

export interface GatewayYogaOptions {
  client: UpstreamClient;
  settings: GatewaySettings;
  pubSub: GatewayPubSub;
  notificationBridge: NotificationBridge;
  persisted: PersistedOperations;
  metrics?: GatewayMetrics;
  /** Rate-limit and login counters: Redis shared by replicas, or null for this process. */
  redis?: Redis | null;
  logger?: YogaLogger;
  /** The shared cache of public answers; default: one in this process. */
  publicCache?: PublicCache;
  /** A span per operation when tracing is on. */
  tracing?: GatewayTracing;
  /** The listener's own plugins, after the gateway's (before Yoga's error masking). */
  plugins?: Plugin[];
}

/** The GraphQL handler, apart from any listener so tests and servers share it. */
export function createGatewayYoga({
  client,
  settings,
  pubSub,
  notificationBridge,
  persisted,
  metrics,
  redis,
  logger,
  publicCache = new PublicCache(client),
  tracing,
  plugins: listenerPlugins = [],
}: GatewayYogaOptions) {
  const plugins: Plugin[] = [
    // First of these, so it also counts the operations a later plugin ends before execution (a rate limit's refusal).
    ...(metrics ? [metrics.plugin()] : []),
    // Browsers send a simple GET or form POST cross-site without asking; such requests need a header they cannot add.
    useCSRFPreventionInKorean(),
    // Multipart bodies (uploads) bypass Fastify's body cap: each file is bounded while it streams in.
    useBoundedUploads(),
    ...useTrustedDocuments(persisted, settings.persistedOnly),
    ...operationLimitPlugins({ introspection: settings.introspection }),
    // After the limits: their suggestion blocker has cleaned graphql-js's words before they are kept as `reason`.
    useDocumentErrorsInKorean(),
    useRateLimits({ redis }) as Plugin,
    useRefusedTokenNotice() as Plugin,
    usePublicCacheInvalidation(publicCache, (error) => logger?.warn('public cache invalidation failed', error)),
    useAcceptNegotiation(),
    useHeadAsGet(() => yoga),
    useJsonSearchParameters(),
    useCompressedGraphiQL(),
    // @defer and @stream: the later parts follow as multipart/mixed (or server-sent events), see useAcceptNegotiation.
    useDeferStream() as Plugin,
  ];
  if (!settings.persistedOnly) plugins.push(useGraphQLSSE({ endpoint: SSE_STREAM_PATH }));
  plugins.push(...listenerPlugins);
  // First, so the operation's span covers the other plugins' execution hooks too.
  if (tracing) plugins.unshift(useOperationSpans(tracing.provider));
  // Before the spans: they wrap the executor chosen by then, so a compiled operation's upstream calls join its trace too.
  plugins.unshift(useCompiledExecution());
  const yoga = createYoga<ServerContext, GatewayContext>({
    schema,
    context: createContextFactory(client, pubSub, notificationBridge, publicCache, mediaUrlFor(settings.publicUrl), new LoginAttempts(redis)),
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    plugins,
    // Expected failures are GraphQLErrors with Korean messages; anything else is masked and never leaks stack or address.
    maskedErrors: { isDev: false, maskError: maskUnexpected },
    // Its title, example operation and tabs are in the page graphiql.ts renders.
    graphiql: settings.graphiql,
    renderGraphiQL: () => graphiqlPage().html,
    landingPage: false,
    batching: false,
    // JSON bodies are capped by the listener (GRAPHQL_LIMITS.maxBodyBytes), multipart ones by useBoundedUploads.
    maxRequestBodySize: false,
    cors: corsFor(settings.corsOrigins, SSE_STREAM_PATH),
    ...(logger ? { logging: logger } : {}),
  });
  return yoga;
}

export type GatewayYoga = ReturnType<typeof createGatewayYoga>;
