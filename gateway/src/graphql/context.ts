import type { MediaUrl } from '../server/media.js';
import type { NotificationBridge } from '../server/notification-bridge.js';
import type { GatewayPubSub } from '../server/pubsub.js';
import type { Caller } from '../upstream/client.js';

/**
 * What every resolver gets for one request (server/context.ts makes it). Each area adds its upstream API, one
 * instance per request, beside the API class (`community: CommunityApi` in modules/community/community-api.ts),
 * so the kit names no area.
 */
export interface GatewayContext {
  caller: Caller;
  /** Where mutations announce changes to subscribers (`publishPostChanged`). */
  pubSub: GatewayPubSub;
  /** Polls the inbox of members with live notification subscriptions. */
  notificationBridge: NotificationBridge;
  /** A media path or URL as browsers anywhere can load it (relative, or on PUBLIC_URL). */
  mediaUrl: MediaUrl;
}
