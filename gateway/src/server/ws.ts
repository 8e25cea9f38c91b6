import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { GraphQLError, Kind, getOperationAST, type DocumentNode, type ExecutionArgs } from 'graphql';
import { bulkhead } from 'cockatiel';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocket, WebSocketServer } from 'ws';
import { WS_LIMITS, WS_RETRY_CLOSE } from '../../../domain/limits.js';
import { hardeningTexts } from '../../../domain/messages.js';
import type { GatewaySettings } from './config.js';
import { DEFAULT_DEVICE_ID } from './context.js';
import { NotAuthenticatedError } from '../graphql/errors.js';
import type { PersistedOperations } from './persisted.js';
import { SHARED_SUBSCRIPTION_FIELDS, VIEWER_INDEPENDENT_FIELDS } from '../modules/community/post-changed.js';
import { SharedSubscriptions } from './shared-subscriptions.js';
import type { Caller, UpstreamClient } from '../upstream/client.js';
import type { GatewayYoga } from './yoga.js';

/** `connectionParams` of graphql-ws: the member's token (DESIGN §3) and optionally the device id. */
interface ConnectionParams {
  token?: unknown;
  deviceId?: unknown;
  [key: string]: unknown;
}

interface SocketState {
  token?: string;
  deviceId: string;
  /** Aborted when the socket closes: upstream reads for its subscriptions stop with it. */
  closed: AbortController;
  /** Gives the socket's admission slot back (set while it holds one: from ConnectionInit to its first operation's start). */
  releaseSetup?: () => void;
}

export interface GraphQLWebSocketOptions {
  server: Server;
  yoga: GatewayYoga;
  client: UpstreamClient;
  persisted: PersistedOperations;
  settings: GatewaySettings;
  /** The gateway's logger (pino), for what a client's socket did wrong. */
  log?: { warn(details: object, message: string): void };
}

/**
 * A socket message above WS_LIMITS.maxPayloadBytes: closed with RFC 6455's 1009 Message Too Big, its reason naming the
 * limit. Kept out of domain/limits.ts, which the web app bundles: the template string would stay in its first visit.
 */
export const WS_MESSAGE_TOO_BIG_CLOSE = { code: 1009, reason: `Message Too Big: at most ${WS_LIMITS.maxPayloadBytes} bytes` } as const;

/** What ws emits for a message above maxPayload, after it has closed the socket itself with 1009. */
function isOversizedMessage(error: unknown): boolean {
  return error instanceof RangeError && (error as { code?: unknown }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
}

/**
 * The server's sockets (ws's `WebSocket` option). A message above maxPayload is the client's doing: ws closes the
 * socket with 1009 but no reason, then emits an error that graphql-ws logs with its stack as an internal error. Here
 * the close carries a reason naming the limit, and the error is one warn line with the sizes instead.
 */
function socketClass(log: GraphQLWebSocketOptions['log']) {
  return class GatewaySocket extends WebSocket {
    override close(code?: number, reason?: string | Buffer): void {
      super.close(code, code === WS_MESSAGE_TOO_BIG_CLOSE.code && reason === undefined ? WS_MESSAGE_TOO_BIG_CLOSE.reason : reason);
    }

    override emit(event: string | symbol, ...args: unknown[]): boolean {
      if (event !== 'error' || !isOversizedMessage(args[0])) return super.emit(event, ...args);
      // The length the frames announced so far (ws's receiver keeps it; not public, so read with care).
      const announced = (this as unknown as { _receiver?: { _totalPayloadLength?: unknown } })._receiver?._totalPayloadLength;
      log?.warn(
        {
          messageBytes: typeof announced === 'number' ? announced : undefined,
          limitBytes: WS_LIMITS.maxPayloadBytes,
          closeCode: WS_MESSAGE_TOO_BIG_CLOSE.code,
        },
        'websocket message above the size limit: socket closed',
      );
      return true;
    }
  };
}

/** What onSubscribe hands to `execute`/`subscribe`: Yoga's enveloped functions, and the key of a shareable operation. */
interface SocketRoot {
  execute: typeof import('graphql').execute;
  subscribe: typeof import('graphql').subscribe;
  shareKey?: string;
  state: SocketState;
}

/**
 * Which sockets may share one run of this subscription: none; those of the same viewer (token and device);
 * or everyone, when it selects one shareable root field (no alias or fragment around it) and only leaves of it
 * that are the same for every viewer.
 */
function sharingOf(document: DocumentNode, operationName: string | null | undefined): 'none' | 'viewer' | 'everyone' {
  const operation = getOperationAST(document, operationName);
  const [only, ...others] = operation?.operation === 'subscription' ? operation.selectionSet.selections : [];
  if (others.length || only?.kind !== Kind.FIELD || only.alias || !SHARED_SUBSCRIPTION_FIELDS.has(only.name.value)) return 'none';
  const sameForEveryone = VIEWER_INDEPENDENT_FIELDS.get(only.name.value);
  const selections = only.selectionSet?.selections ?? [];
  const onlySameForEveryone = selections.every(
    (selection) => selection.kind === Kind.FIELD && !selection.selectionSet && sameForEveryone?.has(selection.name.value),
  );
  return onlySameForEveryone ? 'everyone' : 'viewer';
}

/** A request error as a socket tells it: Yoga's plugins give it an HTTP status (`extensions.http`), which a socket has not. */
function withoutHttp(error: GraphQLError): GraphQLError {
  if (error.extensions.http === undefined) return error;
  const { http: _http, ...extensions } = error.extensions;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  });
}

const tooMany = () => [new GraphQLError(hardeningTexts.tooManySubscriptions(WS_LIMITS.maxSubscriptionsPerSocket), { extensions: { code: 'BAD_REQUEST' } })];

/**
 * graphql-ws on /graphql, through Yoga's envelop so every socket operation gets the same limits, rate limits,
 * context and masking as HTTP. Hardened per the protocol: 4408 when no ConnectionInit arrives in time, 4403
 * when its token is refused, messages above maxPayload closed by ws (1009, with a reason, logged as one warn line), a cap on live subscriptions per
 * socket, and keep-alive pings that drop dead peers. Sockets asking the very same of a shareable field
 * (`postChanged`) with the same token share one running subscription (shared-subscriptions.ts).
 */
export function attachGraphQLWebSocket({ server, yoga, client, persisted, settings, log }: GraphQLWebSocketOptions) {
  const wss = new WebSocketServer({ server, path: yoga.graphqlEndpoint, maxPayload: WS_LIMITS.maxPayloadBytes, WebSocket: socketClass(log) });
  const states = new WeakMap<WebSocket, SocketState>();
  const shared = new SharedSubscriptions();
  let draining = false;
  const restart = WS_RETRY_CLOSE.serviceRestart;
  const tryAgain = WS_RETRY_CLOSE.tryAgainLater;
  const setups = bulkhead(settings.wsSetupConcurrency, settings.wsSetupQueue);
  /**
   * Takes one of the replica's set-up slots for a socket, waiting in the queue if need be: held from ConnectionInit
   * (its token check) until its first operation has started (a subscription's upstream reads) or WS_LIMITS.setupHoldMs
   * have passed, and given back when the socket closes. False when the limit and its queue are full or the socket went.
   */
  const admit = (state: SocketState) =>
    new Promise<boolean>((admitted) => {
      // Not the bulkhead's own signal: it leaves the queue stalled when it drops a cancelled task (cockatiel 3.2.1).
      setups
        .execute(async () => {
          if (state.closed.signal.aborted) return admitted(false);
          admitted(true);
          return new Promise<void>((release) => {
            const timer = setTimeout(release, WS_LIMITS.setupHoldMs);
            state.releaseSetup = () => {
              clearTimeout(timer);
              state.releaseSetup = undefined;
              release();
            };
          });
        })
        // BulkheadRejectedError: the limit and its queue are full.
        .catch(() => admitted(false));
    });
  /** Asks the client to come back later: graphql-ws clients reconnect after their backoff (never 4500, which they treat as final). */
  const shed = (socket: WebSocket) => socket.close(tryAgain.code, tryAgain.reason);
  wss.on('connection', (socket) => {
    // Shutting down: a socket that still reaches this replica is sent on to reconnect (elsewhere, the balancer willing).
    if (draining) return socket.close(restart.code, restart.reason);
    const state: SocketState = { deviceId: DEFAULT_DEVICE_ID, closed: new AbortController() };
    states.set(socket, state);
    socket.once('close', () => {
      state.closed.abort();
      state.releaseSetup?.();
    });
  });

  useServer<ConnectionParams>(
    {
      connectionInitWaitTimeout: WS_LIMITS.connectionInitTimeoutMs,
      onConnect: async (ctx) => {
        const socket = ctx.extra.socket;
        const state = states.get(socket);
        if (!state) return false;
        const { token, deviceId } = ctx.connectionParams ?? {};
        if (typeof deviceId === 'string' && deviceId.trim()) state.deviceId = deviceId.trim().slice(0, 100);
        const guest = token === undefined || token === null || token === '';
        if (!guest && typeof token !== 'string') return false;
        if (!(await admit(state))) {
          shed(socket);
          return false;
        }
        if (guest) return true;
        // The token is checked once, on init: a refused token closes the socket with 4403.
        const caller: Caller = { token, deviceId: state.deviceId, signal: state.closed.signal };
        try {
          await client.get('/users/me', caller);
        } catch (error) {
          state.releaseSetup?.();
          if (error instanceof NotAuthenticatedError) return false;
          // The upstream unavailable, slow or overloaded: a passing state, so the client is asked to come back.
          shed(socket);
          return false;
        }
        state.token = token;
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const state = states.get(ctx.extra.socket);
        if (!state) return [new GraphQLError(hardeningTexts.persistedOperationNotFound)];
        // `subscriptions` already holds this one.
        if (Object.keys(ctx.subscriptions).length > WS_LIMITS.maxSubscriptionsPerSocket) return tooMany();

        let query = payload.query;
        const persistedId = (payload.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined)?.sha256Hash;
        if (typeof persistedId === 'string') {
          const text = persisted.get(persistedId);
          if (!text) return [new GraphQLError(hardeningTexts.persistedOperationNotFound, { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })];
          query = text;
        } else if (settings.persistedOnly || !query) {
          return [new GraphQLError(hardeningTexts.persistedOperationsOnly, { extensions: { code: 'PERSISTED_QUERY_ONLY' } })];
        }

        const headers = new Headers({ 'x-device-id': state.deviceId });
        if (state.token) headers.set('authorization', `token ${state.token}`);
        const clientIp = ctx.extra.request.socket.remoteAddress;
        const envelope = (signal?: AbortSignal, asGuest = false) =>
          yoga.getEnveloped({
            // POST, as an HTTP request carrying an operation would be: a mutation is refused over GET only.
            request: new Request(`http://gateway${yoga.graphqlEndpoint}`, {
              method: 'POST',
              headers: asGuest ? new Headers({ 'x-device-id': DEFAULT_DEVICE_ID }) : headers,
              signal,
            }),
            requestId: randomUUID(),
            clientIp,
            params: { ...payload, query },
          });
        const enveloped = envelope(state.closed.signal);
        const { schema, parse, validate } = enveloped;
        let { execute, subscribe, contextFactory } = enveloped;
        let document;
        try {
          document = parse(query);
        } catch (error) {
          return [error instanceof GraphQLError ? withoutHttp(error) : new GraphQLError(hardeningTexts.persistedOperationNotFound)];
        }
        const errors = validate(schema, document);
        if (errors.length) return errors.map(withoutHttp);
        let shareKey: string | undefined;
        const sharing = sharingOf(document, payload.operationName);
        if (sharing !== 'none') {
          // Same text and variables (and, unless the answer is the same for everyone, token and device): the same
          // answers. The run outlives any one socket, so its context follows none of them (it ends when its last
          // subscriber leaves); one shared by everyone runs as a guest.
          const everyone = sharing === 'everyone';
          shareKey = JSON.stringify([
            query,
            payload.operationName ?? null,
            payload.variables ?? null,
            ...(everyone ? [] : [state.token ?? null, state.deviceId]),
          ]);
          ({ execute, subscribe, contextFactory } = envelope(undefined, everyone));
        }
        const root: SocketRoot = { execute, subscribe, shareKey, state };
        const args: ExecutionArgs = {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: root,
        };
        // Its token was checked on the socket's init.
        (args.contextValue as { caller: Caller }).caller.tokenChecked = true;
        return args;
      },
      // Errors of a result as HTTP would answer them: the status Yoga's plugins note for HTTP (a rate limit's 429 and
      // Retry-After) is not part of a socket's message.
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors?.some((error) => error.extensions?.http !== undefined)
          ? { ...result, errors: result.errors.map((error) => withoutHttp(error).toJSON()) }
          : undefined,
      // An operation refused before it started (unknown persisted id, invalid document) ends the set-up too.
      onError: (ctx) => void states.get(ctx.extra.socket)?.releaseSetup?.(),
      execute: async (args) => {
        const root = args.rootValue as SocketRoot;
        try {
          return await root.execute(args);
        } finally {
          root.state.releaseSetup?.();
        }
      },
      subscribe: async (args) => {
        const root = args.rootValue as SocketRoot;
        // The first subscription's start (its resolver's upstream reads, as the notification bridge's) is set-up work.
        try {
          return await (root.shareKey ? shared.join(root.shareKey, () => root.subscribe(args)) : root.subscribe(args));
        } finally {
          root.state.releaseSetup?.();
        }
      },
    },
    wss,
    WS_LIMITS.keepAliveMs,
  );

  return {
    get openSockets() {
      return wss.clients.size;
    },
    /** Subscription runs serving shared sockets (one per distinct shared operation). */
    get sharedRuns() {
      return shared.size;
    },
    /** Shutdown: every socket, and any that connects from now on, is told to reconnect (1012 Service Restart). */
    drain() {
      draining = true;
      for (const socket of wss.clients) socket.close(restart.code, restart.reason);
    },
    async close() {
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
