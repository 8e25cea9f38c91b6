import type { YogaInitialContext } from 'graphql-yoga';
import { publishPostChanged, publishReplyAdded, type GatewayPubSub } from './pubsub.js';
import type { LoginAttempts } from './limits/loginAttempts.js';
import type { Caller, UpstreamClient } from '../upstream/client.js';
import { AccountsApi } from '../modules/accounts/accounts-api.js';
import { SessionRefreshes } from '../modules/accounts/session-refreshes.js';
import { CommunityApi } from '../modules/community/community-api.js';
import { ItemsApi } from '../modules/items/items-api.js';
import { StoriesApi } from '../modules/stories/stories-api.js';
import { MessagingApi } from '../modules/messaging/messaging-api.js';
import type { NotificationBridge } from './notification-bridge.js';
import type { PublicCache } from '../upstream/public-cache.js';
import type { MediaUrl } from './media.js';
import type { GatewayContext } from '../graphql/context.js';

/** The web client's device id when a request names none (002 §7.1). */
export const DEFAULT_DEVICE_ID = 'web';

/** What a request's `Authorization` header says: a token, nothing, or something the gateway cannot read as a token. */
export interface Authorization {
  token?: string;
  /** A header that is neither `token <t>` nor `Bearer <t>` (no scheme, another scheme, more than one word after it). */
  malformed: boolean;
}

/**
 * `Authorization: token <t>` or `Bearer <t>`, as the upstream and common GraphQL clients send it. An empty header, or
 * a scheme with nothing after it (`Bearer `: a client without a session filling in its template), is no token; any
 * other value is malformed, and the request is answered as a guest's with the refused-token notice.
 */
export function authorizationOf(header: string | null | undefined): Authorization {
  if (!header || /^\s*(?:(?:token|bearer)\s*)?$/i.test(header)) return { malformed: false };
  const match = header.match(/^\s*(?:token|bearer)\s+(\S+)\s*$/i);
  return match ? { token: match[1], malformed: false } : { malformed: true };
}

export function createContextFactory(
  client: UpstreamClient,
  pubSub: GatewayPubSub,
  notificationBridge: NotificationBridge,
  publicCache: PublicCache,
  mediaUrl: MediaUrl,
  /** The gateway's failed-login counters (in its Redis when it has one). */
  attempts: LoginAttempts,
) {
  // One per gateway: concurrent refreshes of a refresh token, whatever request they come in, share one rotation.
  const refreshes = new SessionRefreshes();
  // `requestId` comes from the listener; `request.signal` aborts when the client goes away.
  return ({ request, requestId, clientIp }: YogaInitialContext & { requestId?: string; clientIp?: string }): GatewayContext => {
    const { token, malformed } = authorizationOf(request.headers.get('authorization'));
    const caller: Caller = {
      token,
      ...(malformed ? { tokenRefused: true, authorizationMalformed: true } : {}),
      deviceId: request.headers.get('x-device-id')?.trim() || DEFAULT_DEVICE_ID,
      clientIp,
      requestId,
      signal: request.signal,
      // One operation's share of the upstream client: a fan-out (a by-id batch) waits for its own turn.
      operationSlots: client.operationSlots(),
      refuseToken: () => {
        caller.token = undefined;
        caller.tokenRefused = true;
      },
    };
    return {
      caller,
      pubSub,
      publishPostChanged: (post) => publishPostChanged(pubSub, post),
      publishReplyAdded: (post, reply) => publishReplyAdded(pubSub, post, reply),
      loginAttempts: () => attempts,
      community: new CommunityApi(client, caller, publicCache),
      items: new ItemsApi(client, caller, publicCache),
      accounts: new AccountsApi(client, caller, refreshes),
      stories: new StoriesApi(client, caller),
      messaging: new MessagingApi(client, caller),
      notificationBridge,
      mediaUrl,
    };
  };
}
