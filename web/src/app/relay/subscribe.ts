import { Observable, type GraphQLResponse, type SubscribeFunction } from 'relay-runtime';
import { FRESHNESS, LIVE_RECONNECT } from '@domain/limits.js';
import { deviceId, signalUnauthorized, storedToken } from '../session';
import type { LiveSession } from './liveSocket';
import { importUntilLoaded } from '../importUntilLoaded';

/** What the socket's code reads from the app (main.tsx sets `routeQuery`). */
export const liveSession: LiveSession = {
  storedToken,
  signalUnauthorized,
  deviceId,
  reconnect: LIVE_RECONNECT,
  hiddenStaleMs: FRESHNESS.postLists,
  routeQuery: () => null,
};

/**
 * graphql-ws and the socket's code download with the first subscription, so pages that subscribe to nothing never
 * load them; a failed download is tried again until it arrives, and the subscriptions wait for it.
 */
const loadLiveSocket = importUntilLoaded(() => import('./liveSocket'));

/** Subscriptions over graphql-ws on the gateway's /graphql (liveSocket.ts). */
export const subscribeGraphQL: SubscribeFunction = (operation, variables) =>
  Observable.create<GraphQLResponse>((sink) => {
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    void loadLiveSocket().then((live) => {
      if (!closed) unsubscribe = live.subscribeLive(operation, variables, sink, liveSession);
    });
    return () => {
      closed = true;
      unsubscribe?.();
    };
  });
