import { createClient, type Client } from 'graphql-ws';
import type { PreloadedQuery } from 'react-relay';
import {
  createOperationDescriptor,
  PreloadableQueryRegistry,
  type GraphQLResponse,
  type OperationType,
  type RequestParameters,
  type Variables,
} from 'relay-runtime';

/**
 * What the socket needs from the app, handed over by subscribe.ts: importing it here would split the first visit's
 * modules into more chunks (bytes the first screen's budget pays).
 */
export interface LiveSession {
  storedToken(): string | null;
  /** The gateway ended the session (a member subscription answered UNAUTHORIZED): dropped as an HTTP refusal drops it. */
  signalUnauthorized(refused: string | null): boolean;
  deviceId(): string;
  /** LIVE_RECONNECT of domain/limits. */
  reconnect: { firstWaitMs: number; maxWaitMs: number };
  /** How long a tab may stay hidden before its screen is read again. */
  hiddenStaleMs: number;
  /** What the loader of the screen shown answered (its query reference, when it started one). */
  routeQuery(): unknown;
}

let session: LiveSession;

/** How long to wait before attempt `retries` + 1: exponential, capped, and jittered (half to all of it). */
function reconnectWait(retries: number): number {
  const ceiling = Math.min(session.reconnect.maxWaitMs, session.reconnect.firstWaitMs * 2 ** retries);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

let client: Client | null = null;
let clientToken: string | null = null;
/** The subscriptions screens hold now. */
let held = 0;
/** The socket went down while screens held subscriptions: what was published meanwhile never reached them. */
let missed = false;

/**
 * Catches up on the events live updates missed: the visible screen's query is read again from the network and the
 * answer goes into the store, so every view of it updates in place; a read that fails leaves what the screen shows.
 * (Its full artifact is registered once the screen's module has loaded, which it has when the screen shows.)
 * The unread count needs nothing: its subscription starts with the current value.
 */
function catchUp() {
  missed = false;
  const query = session.routeQuery() as PreloadedQuery<OperationType> | null;
  const request = query?.kind === 'PreloadedQuery' && query.id ? PreloadableQueryRegistry.get(query.id) : null;
  if (!query || !request) return;
  query.environment.execute({ operation: createOperationDescriptor(request, query.variables) }).subscribe({ error: () => {} });
}

// A tab hidden for long (a phone's browser may freeze it and its socket) comes back to data this old at most.
let hiddenSince = 0;
document.addEventListener('visibilitychange', () => {
  if (document.hidden) hiddenSince = Date.now();
  else if (held && Date.now() - hiddenSince > session.hiddenStaleMs) catchUp();
});

/** One socket per session: a new token (login, logout) closes the old socket and opens one as the new member. */
function socketClient(): Client {
  const token = session.storedToken();
  if (client && clientToken === token) return client;
  client?.dispose();
  clientToken = token;
  const created = createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    lazy: true,
    connectionParams: () => ({ ...(token ? { token } : {}), deviceId: session.deviceId() }),
    // Forever, and for every failure: by default graphql-ws gives up after 5 attempts and retries only close
    // events, while a browser reports a refused connection as an error event, which ended every subscription.
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectWait(retries))),
    on: {
      closed: () => {
        if (client === created && held) missed = true;
      },
      connected: () => {
        if (client === created && missed) catchUp();
      },
    },
  });
  client = created;
  return created;
}

/**
 * One Relay subscription over the session's socket, kept while the screen holds it. graphql-ws subscribes it again
 * after each reconnect; when it ends in an error instead (the gateway refused it for now, or closed the socket with a
 * code graphql-ws takes as final), it is subscribed again after a wait, so live updates never stop for good.
 * Like HTTP requests it sends the persisted id (relay-compiler's persisted queries), not the operation's text.
 */
export function subscribeLive(
  request: RequestParameters,
  variables: Variables,
  sink: { next(value: GraphQLResponse): void; complete(): void },
  app: LiveSession,
): () => void {
  session = app;
  let ended = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};
  const start = () => {
    const live = socketClient();
    const sentWith = clientToken;
    unsubscribe = live.subscribe(
      { operationName: request.name, query: '', variables, extensions: { persistedQuery: { version: 1, sha256Hash: request.id } } },
      {
        next: (value) => {
          failures = 0;
          // The session ended elsewhere (logged out on another device, revoked): the app forgets it, and the screens
          // holding member subscriptions go with it.
          if (value.errors?.some((error) => error.extensions?.code === 'UNAUTHORIZED') && session.signalUnauthorized(sentWith)) return;
          sink.next(value as GraphQLResponse);
        },
        error: () => {
          if (!ended) retry = setTimeout(start, reconnectWait(failures++));
        },
        complete: () => sink.complete(),
      },
    );
  };
  held++;
  start();
  return () => {
    ended = true;
    held--;
    clearTimeout(retry);
    unsubscribe();
  };
}
