import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub, type PubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { PostJson } from '../../../domain/api.js';
import type { NotificationJson } from '../../../domain/messaging.js';

/** A post as every subscriber may see it: the upstream's answer without what only its caller sees (their like and bookmark). */
export type PostSnapshot = Omit<PostJson, 'is_like' | 'is_bookmarked'>;

/**
 * What a subscriber of `postChanged` is told: the post as the publishing mutation got it from the upstream,
 * so subscribers resolve from it without an upstream call. Plain JSON, so it crosses Redis.
 */
export interface PostChange {
  post: PostSnapshot;
}

export type GatewayPubSub = PubSub<{
  postChanged: [postId: string, change: PostChange];
  /** The notification bridge's news for one member (topic: their user id). */
  notificationAdded: [userId: string, notification: NotificationJson];
  unreadNotificationCount: [userId: string, count: number];
  /** Inboxes a write through the gateway just changed (topic: the bridge's key prefix), so their pollers poll now. */
  inboxHint: [scope: string, hint: InboxHint];
}>;

/**
 * Whose inbox a write changed: members by id, members a text mentioned by nickname key (`mentionedNicknameKeys`;
 * the replica holding a poller knows its member's nickname), or every subscribed member.
 */
export interface InboxHint {
  userIds?: number[];
  nicknameKeys?: string[];
  all?: boolean;
}

export interface RunningPubSub {
  pubSub: GatewayPubSub;
  close(): Promise<void>;
}

/** In this process by default; through Redis with `redisUrl`, so every gateway replica's subscribers hear it. */
export function createGatewayPubSub(redisUrl?: string): RunningPubSub {
  if (!redisUrl) return { pubSub: createPubSub({ eventTarget: new SlicedFanOut() }) as GatewayPubSub, close: async () => {} };
  const publishClient = new Redis(redisUrl);
  const subscribeClient = new Redis(redisUrl);
  const eventTarget = new SlicedFanOut(createRedisEventTarget({ publishClient, subscribeClient }));
  return {
    pubSub: createPubSub({ eventTarget }) as GatewayPubSub,
    async close() {
      await Promise.all([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}

/** Subscribers a fan-out serves before it lets the event loop run (other sockets, requests, the next slice). */
const FAN_OUT_SLICE = 100;

type Listener = EventListener | EventListenerObject;

/**
 * The event target under the pub/sub: hands each event to this process's listeners of its topic in slices,
 * yielding to the event loop before the first (the publishing mutation answers first) and between them. A slice's subscribers execute and send before the next slice
 * starts, so a post with a thousand subscribers neither keeps all their half-done work alive at once (what
 * made the garbage collector the largest cost of a fan-out) nor holds every other socket and request until
 * the last one is served. With Redis, events arrive from `source` (one listener per topic) and are published
 * through it. Hand-written: EventTarget and the Redis target both call every listener in one go.
 */
class SlicedFanOut implements EventTarget {
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly source?: EventTarget) {}

  addEventListener(type: string, listener: Listener | null): void {
    if (!listener) return;
    let topic = this.listeners.get(type);
    if (!topic) {
      topic = new Set();
      this.listeners.set(type, topic);
      this.source?.addEventListener(type, this.relay);
    }
    topic.add(listener);
  }

  removeEventListener(type: string, listener: Listener | null): void {
    const topic = this.listeners.get(type);
    if (!topic || !listener) return;
    topic.delete(listener);
    if (topic.size > 0) return;
    this.listeners.delete(type);
    this.source?.removeEventListener(type, this.relay);
  }

  dispatchEvent(event: Event): boolean {
    if (this.source) return this.source.dispatchEvent(event);
    this.relay(event);
    return true;
  }

  private readonly relay = (event: Event): void => {
    const topic = this.listeners.get(event.type);
    if (!topic) return;
    const listeners = [...topic];
    // Even the first slice waits for the event loop: the publishing request answers before the fan-out begins.
    setImmediate(() =>
      inSlices(listeners, (listener) => {
        // A subscriber that left while earlier slices were served hears nothing more.
        if (!topic.has(listener)) return;
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      }),
    );
  };
}

/** Calls `each` for every item, FAN_OUT_SLICE at a time, letting the event loop run between slices. */
export function inSlices<T>(items: T[], each: (item: T) => unknown, from = 0): void {
  const to = Math.min(items.length, from + FAN_OUT_SLICE);
  for (let index = from; index < to; index += 1) each(items[index]);
  if (to < items.length) setImmediate(() => inSlices(items, each, to));
}

/**
 * Mutations that change a post's like or reply count call this with the post the upstream answered. What
 * the upstream showed only the publisher stays behind: their `is_like` and `is_bookmarked` (each subscriber's
 * `isLiked` and `isBookmarked` are their own, post.ts) and, when they wrote the post, the author's e-mail.
 */
export function publishPostChanged(pubSub: GatewayPubSub, post: PostJson): void {
  const { is_like: _publishersLike, is_bookmarked: _publishersBookmark, ...snapshot } = post;
  pubSub.publish('postChanged', String(post.id), { post: { ...snapshot, author: snapshot.author && { ...snapshot.author, email: null } } });
}
