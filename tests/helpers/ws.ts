import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** What a test file tears down after its sockets: each helper below registers its own undo here. */
export type Cleanups = (() => unknown)[];

export const graphqlWsUrl = (gatewayUrl: string) => `${gatewayUrl.replace(/^http/, 'ws')}/graphql`;

/** A graphql-ws client of the gateway at `gatewayUrl` (lazy, no retries), as the member with `token` or a guest. */
export function wsClient(gatewayUrl: string, cleanups: Cleanups, token?: string): Client {
  const client = createClient({
    url: graphqlWsUrl(gatewayUrl),
    webSocketImpl: WebSocket,
    connectionParams: token ? { token } : {},
    retryAttempts: 0,
    lazy: true,
  });
  cleanups.push(() => client.dispose());
  return client;
}

/** Subscribes and collects what arrives. */
export function collect(ws: Client, cleanups: Cleanups, query: string, variables: Record<string, unknown> = {}) {
  const results: any[] = [];
  const errors: unknown[] = [];
  const unsubscribe = ws.subscribe(
    { query, variables },
    { next: (value) => void results.push(value), error: (error) => void errors.push(error), complete: () => {} },
  );
  cleanups.push(unsubscribe);
  return { results, errors, unsubscribe };
}

/** A raw socket speaking graphql-transport-ws, resolving with the close code the server chose. */
export function rawSocket(gatewayUrl: string, cleanups: Cleanups) {
  const socket = new WebSocket(graphqlWsUrl(gatewayUrl), 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  cleanups.push(() => socket.terminate());
  return { socket, opened, closed };
}

/** Waits until `condition` holds, checking every 20 ms; fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
