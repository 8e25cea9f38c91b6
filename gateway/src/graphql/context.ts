import type { MediaUrl } from '../server/media.js';
import type { NotificationBridge } from '../server/notification-bridge.js';
import type { PostJson, ReplyJson } from '../../../domain/api.js';
import type { LoginAttempts } from '../server/limits/loginAttempts.js';
import type { GatewayPubSub, PostSnapshot, ReplyAddition } from '../server/pubsub.js';
import type { Caller } from '../upstream/client.js';

/**
 * What every resolver gets for one request (server/context.ts makes it). Each area adds its upstream API, one
 * instance per request, beside the API class (`community: CommunityApi` in modules/community/community-api.ts),
 * so the kit names no area.
 */
export interface GatewayContext {
  caller: Caller;
  /** Where subscriptions listen. */
  pubSub: GatewayPubSub;
  /** Tells `postChanged` subscribers about the post a mutation got back from the upstream. */
  publishPostChanged(post: PostJson): void;
  /** Tells `replyAdded` subscribers about a reply written on the post. */
  publishReplyAdded(post: PostJson, reply: Pick<ReplyJson, 'id' | 'parent_id'>): void;
  /** The process's failed-login counters (created on first use). */
  loginAttempts(): LoginAttempts;
  /** Polls the inbox of members with live notification subscriptions. */
  notificationBridge: NotificationBridge;
  /** A media path or URL as browsers anywhere can load it (relative, or on PUBLIC_URL). */
  mediaUrl: MediaUrl;
}

export type { PostSnapshot, ReplyAddition };
