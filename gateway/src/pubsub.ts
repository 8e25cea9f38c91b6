import { setMaxListeners } from 'node:events';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub, type PubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { PostJson } from '../../domain/api.js';
import type { NotificationJson } from '../../domain/messaging.js';

/** A post as every subscriber may see it: the upstream's answer without what only its caller sees. */
export type PostSnapshot = Omit<PostJson, 'is_like'>;

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
}>;

export interface RunningPubSub {
  pubSub: GatewayPubSub;
  close(): Promise<void>;
}

/** In this process by default; through Redis with `redisUrl`, so every gateway replica's subscribers hear it. */
export function createGatewayPubSub(redisUrl?: string): RunningPubSub {
  if (!redisUrl) {
    // Every subscriber of a post listens on its topic: hundreds are normal, not the leak Node warns of past 10.
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    return { pubSub: createPubSub({ eventTarget }) as GatewayPubSub, close: async () => {} };
  }
  const publishClient = new Redis(redisUrl);
  const subscribeClient = new Redis(redisUrl);
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return {
    pubSub: createPubSub({ eventTarget }) as GatewayPubSub,
    async close() {
      await Promise.all([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}

/**
 * Mutations that change a post's like or reply count call this with the post the upstream answered. What
 * the upstream showed only the publisher stays behind: their `is_like` (each subscriber's `isLiked` is their
 * own, post.ts) and, when they wrote the post, the author's e-mail.
 */
export function publishPostChanged(pubSub: GatewayPubSub, post: PostJson): void {
  const { is_like: _publishersOwn, ...snapshot } = post;
  pubSub.publish('postChanged', String(post.id), { post: { ...snapshot, author: snapshot.author && { ...snapshot.author, email: null } } });
}
