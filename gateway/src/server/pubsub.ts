import { createPubSub, type PubSub } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import type { PostJson, ReplyJson } from '../../../domain/api.js';
import type { NotificationJson } from '../../../domain/messaging.js';
import { REDIS_REPUBLISH_POSTS_MAX } from '../../../domain/redis.js';
import type { RedisLink } from './redis.js';

/** A post as every subscriber may see it: the upstream's answer without what only its caller sees (their like and bookmark). */
export type PostSnapshot = Omit<PostJson, 'is_like' | 'is_bookmarked'>;

/**
 * What a subscriber of `postChanged` is told: the post as the publishing mutation got it from the upstream,
 * so subscribers resolve from it without an upstream call. Plain JSON, so it crosses Redis.
 */
export interface PostChange {
  post: PostSnapshot;
  /** When the mutation published it (ms since the epoch): of two snapshots of one post, the older is not delivered after the newer. */
  publishedAt: number;
}

/**
 * What a subscriber of `replyAdded` is told: the post as the writing mutation got it back, the new reply's id and,
 * for an answer, the id of the top-level reply it joins. Ids only of the reply: each subscriber who asks for more
 * reads it as themselves, so a block between them and its author still hides it.
 */
export interface ReplyAddition {
  post: PostSnapshot;
  replyId: number;
  threadId: number | null;
}

export type GatewayPubSub = PubSub<{
  postChanged: [postId: string, change: PostChange];
  replyAdded: [postId: string, addition: ReplyAddition];
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

/** In this process by default; through Redis with a link, so every gateway replica's subscribers hear it. */
export function createGatewayPubSub(redis?: RedisLink): RunningPubSub {
  if (!redis) return { pubSub: createPubSub({ eventTarget: new SlicedFanOut() }) as GatewayPubSub, close: async () => {} };
  const channels = new RedisChannels(redis);
  return { pubSub: createPubSub({ eventTarget: new SlicedFanOut(channels) }) as GatewayPubSub, close: () => channels.close() };
}

type Listener = EventListener | EventListenerObject;

/**
 * Topics as Redis channels under the link's prefix, one subscription per topic with listeners here. Redis may go
 * away at any moment, and nothing here ever leaves a rejected promise behind:
 * - a publish Redis does not take (down, reconnecting, timed out) reaches this replica's listeners at once, is
 *   counted (`degradedPublish`), and, for `postChanged`, the newest snapshot per post is kept; when every
 *   connection is back, those snapshots are published to every replica, so subscribers elsewhere get the post's
 *   state as this replica last saw it, late rather than never (of the snapshots several replicas send, the newest
 *   by `publishedAt` wins). Nothing is read from the upstream for it (opening a post counts a view): a post changed
 *   only through another replica during the outage is that replica's to send.
 * - while the subscriber connection is not ready, publishes still go out to the others and are also handed to this
 *   replica's listeners directly; on every (re)connect the connection subscribes to every topic that has listeners.
 * Hand-written rather than @graphql-yoga/redis-event-target: that target drops the promises of publish and
 * subscribe (an outage longer than ioredis' retries crashed the process) and cannot tell a publish that failed.
 */
class RedisChannels implements EventTarget {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly unsent = new Map<string, string>();
  /** Per topic with listeners, the `publishedAt` of the newest event delivered. */
  private readonly newest = new Map<string, number>();
  private readonly stopListening: () => void;

  constructor(private readonly link: RedisLink) {
    // The link's policy: a publish fails at once while Redis is away and within the link's wait while it does not
    // answer, never waits longer, and is never sent again after a reconnect.
    this.publisher = link.client('pubsub-publish');
    this.subscriber = link.client('pubsub-subscribe', { commandTimeout: undefined, autoResubscribe: false });
    this.subscriber.on('ready', () => {
      if (this.listeners.size > 0) this.subscriber.subscribe(...[...this.listeners.keys()].map((topic) => this.channel(topic))).catch(ignore);
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(link.prefix)) return;
      const topic = channel.slice(link.prefix.length);
      if (!this.listeners.has(topic)) return;
      let detail: unknown;
      try {
        detail = JSON.parse(message);
      } catch {
        return; // not one of ours: thrown here, it would stop the process
      }
      this.deliver(new CustomEvent(topic, { detail }));
    });
    this.stopListening = link.onReconnect(() => this.republish());
  }

  addEventListener(topic: string, listener: Listener | null): void {
    if (!listener) return;
    let topicListeners = this.listeners.get(topic);
    if (!topicListeners) {
      topicListeners = new Set();
      this.listeners.set(topic, topicListeners);
      // Not ready: the 'ready' handler subscribes it.
      if (this.subscriber.status === 'ready') this.subscriber.subscribe(this.channel(topic)).catch(ignore);
    }
    topicListeners.add(listener);
  }

  removeEventListener(topic: string, listener: Listener | null): void {
    const topicListeners = this.listeners.get(topic);
    if (!topicListeners || !listener) return;
    topicListeners.delete(listener);
    if (topicListeners.size > 0) return;
    this.listeners.delete(topic);
    this.newest.delete(topic);
    if (this.subscriber.status === 'ready') this.subscriber.unsubscribe(this.channel(topic)).catch(ignore);
  }

  dispatchEvent(event: Event): boolean {
    const detail = (event as CustomEvent).detail as unknown;
    const message = JSON.stringify(detail ?? null);
    const deliveredHere = this.subscriber.status !== 'ready';
    if (deliveredHere) this.deliver(event);
    this.publisher.publish(this.channel(event.type), message).catch(() => {
      if (!deliveredHere) this.deliver(event);
      this.link.degradedPublish(event.type.split(':')[0]);
      if (event.type.startsWith('postChanged:')) this.keepUnsent(event.type, message);
    });
    return true;
  }

  async close(): Promise<void> {
    this.stopListening();
    await Promise.all([this.publisher, this.subscriber].map((client) => client.quit().catch(() => client.disconnect())));
  }

  private channel(topic: string): string {
    return this.link.prefix + topic;
  }

  private deliver(event: Event): void {
    // Snapshots republished after an outage by several replicas arrive in any order: an older one would undo a newer.
    const publishedAt = ((event as CustomEvent).detail as { publishedAt?: unknown } | null)?.publishedAt;
    if (typeof publishedAt === 'number') {
      if (publishedAt < (this.newest.get(event.type) ?? 0)) return;
      if (this.listeners.has(event.type)) this.newest.set(event.type, publishedAt);
    }
    for (const listener of this.listeners.get(event.type) ?? []) {
      if (typeof listener === 'function') listener(event);
      else listener.handleEvent(event);
    }
  }

  /** The newest snapshot per post, the oldest post dropped beyond REDIS_REPUBLISH_POSTS_MAX. */
  private keepUnsent(topic: string, message: string): void {
    this.unsent.delete(topic);
    this.unsent.set(topic, message);
    if (this.unsent.size > REDIS_REPUBLISH_POSTS_MAX) this.unsent.delete(this.unsent.keys().next().value!);
  }

  private republish(): void {
    const unsent = [...this.unsent];
    this.unsent.clear();
    for (const [topic, message] of unsent) {
      // Failing again (Redis gone once more): kept for the next reconnect, unless a newer snapshot came meanwhile.
      this.publisher.publish(this.channel(topic), message).catch(() => void (this.unsent.has(topic) || this.keepUnsent(topic, message)));
    }
  }
}

const ignore = () => {};

/** Subscribers a fan-out serves before it lets the event loop run (other sockets, requests, the next slice). */
const FAN_OUT_SLICE = 100;

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
 * The post as every subscriber may see it. What the upstream showed only the publisher stays behind: their `is_like`
 * and `is_bookmarked` (each subscriber's `isLiked` and `isBookmarked` are their own, post.ts) and, when they wrote
 * the post, the author's e-mail.
 */
function snapshotOf(post: PostJson): PostSnapshot {
  const { is_like: _publishersLike, is_bookmarked: _publishersBookmark, ...snapshot } = post;
  return { ...snapshot, author: snapshot.author && { ...snapshot.author, email: null } };
}

/** Mutations that change a post's like or reply count call this with the post the upstream answered. */
export function publishPostChanged(pubSub: GatewayPubSub, post: PostJson): void {
  pubSub.publish('postChanged', String(post.id), { post: snapshotOf(post), publishedAt: Date.now() });
}

/** createReply calls this with the post and the reply the upstream answered. */
export function publishReplyAdded(pubSub: GatewayPubSub, post: PostJson, reply: Pick<ReplyJson, 'id' | 'parent_id'>): void {
  pubSub.publish('replyAdded', String(post.id), { post: snapshotOf(post), replyId: reply.id, threadId: reply.parent_id });
}
