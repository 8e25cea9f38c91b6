import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { createFetch } from '@whatwg-node/fetch';
import { GraphQLError } from 'graphql';
import { createYoga, maskError, type MaskError, type Plugin, type YogaLogger } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import { GRAPHQL_UPLOAD_LIMITS, errorMessages, hardeningTexts, uiTexts } from '../../domain/index.js';
import type { GatewaySettings } from './config.js';
import { createContextFactory, type GatewayContext } from './context.js';
import { operationLimitPlugins } from './limits/operationLimits.js';
import { useRateLimits, type ClientAddress } from './limits/rateLimits.js';
import type { GatewayMetrics } from './metrics.js';
import { useTrustedDocuments, type PersistedOperations } from './persisted.js';
import type { NotificationBridge } from './notification-bridge.js';
import type { GatewayPubSub } from './pubsub.js';
import { schema } from './schema/index.js';
import type { UpstreamClient } from './upstream/client.js';
import { PublicCache } from './upstream/public-cache.js';
import { usePublicCacheInvalidation } from './cache/invalidation.js';

/** What GraphiQL opens with: the community feed, as the web client asks for it. */
export const EXAMPLE_QUERY = /* GraphQL */ `# 커뮤니티 최신 글 5개와 카테고리
query CommunityFeed {
  categories {
    databaseId
    name
    children { databaseId name }
  }
  posts(first: 5, sort: LATEST) {
    totalCount
    edges {
      cursor
      node {
        id
        title
        likeCount
        replyCount
        viewCount
        createdAt
        author { nickname representBadge { title hexCode } }
        category { name }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}
`;

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
  /** Rate-limit counters: Redis shared by replicas, or null for this process. */
  redis?: Redis | null;
  logger?: YogaLogger;
  /** The shared cache of public answers; default: one in this process. */
  publicCache?: PublicCache;
}

/** Browsers may call cross-origin only from the origins in CORS_ORIGINS (`*` for any); none by default. */
function corsFor(origins: string[]) {
  if (origins.length === 0) return false;
  return {
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'authorization', 'x-device-id', 'x-request-id', 'x-graphql-yoga-csrf'],
    credentials: false,
  };
}

/** Yoga's own refusal of an oversized upload, in the catalogue's words; everything else masked as usual. */
const inKorean: MaskError = (error, message, isDev) => {
  const original = error instanceof GraphQLError ? error : (error as { originalError?: unknown }).originalError;
  if (original instanceof GraphQLError && original.extensions?.code === 'REQUEST_ENTITY_TOO_LARGE') {
    return new GraphQLError(hardeningTexts.bodyTooLarge, { extensions: { code: 'BAD_REQUEST', http: { status: 413 } } });
  }
  return maskError(error, message, isDev);
};

/** Yoga parses multipart bodies itself, past Fastify's body cap: stop oversized or too many files while they stream in. */
const uploadBoundedFetch = createFetch({ formDataLimits: GRAPHQL_UPLOAD_LIMITS });

/** The GraphQL handler, apart from any listener so tests and servers share it. */
export function createGatewayYoga({ client, settings, pubSub, notificationBridge, persisted, metrics, redis, logger, publicCache = new PublicCache(client) }: GatewayYogaOptions) {
  const plugins: Plugin[] = [
    // Browsers send a simple GET or form POST cross-site without asking; such requests need a header they cannot add.
    useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf'] }) as Plugin,
    useTrustedDocuments(persisted, settings.persistedOnly),
    ...operationLimitPlugins({ introspection: settings.introspection }),
    useRateLimits({ redis }) as Plugin,
    usePublicCacheInvalidation(publicCache, (error) => logger?.warn('public cache invalidation failed', error)),
  ];
  if (metrics) plugins.push(metrics.plugin());
  return createYoga<ServerContext, GatewayContext>({
    schema,
    context: createContextFactory(client, pubSub, notificationBridge, publicCache),
    graphqlEndpoint: '/graphql',
    plugins,
    // Expected failures are GraphQLErrors with Korean messages; anything else is masked and never leaks stack or address.
    maskedErrors: { isDev: false, errorMessage: errorMessages.UNKNOWN, maskError: inKorean },
    graphiql: settings.graphiql ? { title: `${uiTexts.appTitle} GraphQL`, defaultQuery: EXAMPLE_QUERY } : false,
    landingPage: false,
    batching: false,
    fetchAPI: uploadBoundedFetch,
    cors: corsFor(settings.corsOrigins),
    ...(logger ? { logging: logger } : {}),
  });
}

export type GatewayYoga = ReturnType<typeof createGatewayYoga>;
