import type { Client } from 'graphql-ws';
import { Observable, type GraphQLResponse, type SubscribeFunction } from 'relay-runtime';
import { deviceId, storedToken } from '../session';

let client: Client | null = null;
let clientToken: string | null = null;

/**
 * One socket per session: a new token (login, logout) closes the old socket and opens one as the new member.
 * graphql-ws downloads with the first subscription, so pages that subscribe to nothing never load it.
 */
async function socketClient(): Promise<Client> {
  const { createClient } = await import('graphql-ws');
  const token = storedToken();
  if (client && clientToken === token) return client;
  client?.dispose();
  clientToken = token;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  client = createClient({ url, lazy: true, connectionParams: () => ({ ...(token ? { token } : {}), deviceId: deviceId() }) });
  return client;
}

/**
 * Subscriptions over graphql-ws on the gateway's /graphql. Like HTTP requests they send the persisted id
 * (relay-compiler's persisted queries) instead of the operation text; `query` stays empty.
 */
export const subscribeGraphQL: SubscribeFunction = (operation, variables) =>
  Observable.create<GraphQLResponse>((sink) => {
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    socketClient().then(
      (socket) => {
        if (closed) return;
        unsubscribe = socket.subscribe(
          { operationName: operation.name, query: '', variables, extensions: { persistedQuery: { version: 1, sha256Hash: operation.id } } },
          {
            next: (value) => sink.next(value as GraphQLResponse),
            error: (error) => sink.error(error instanceof Error ? error : new Error('subscription failed')),
            complete: () => sink.complete(),
          },
        );
      },
      (error: unknown) => sink.error(error instanceof Error ? error : new Error('subscription failed')),
    );
    return () => {
      closed = true;
      unsubscribe?.();
    };
  });
