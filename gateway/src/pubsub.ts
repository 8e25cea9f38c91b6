import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub, type PubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { NotificationJson } from '../../domain/messaging.js';

/** What a subscriber of `postChanged` is told: which post; each subscriber then reads it with its own token. */
export interface PostChange {
  postId: string;
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
  if (!redisUrl) return { pubSub: createPubSub() as GatewayPubSub, close: async () => {} };
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

/** Mutations that change a post's like or reply count call this after the upstream has answered. */
export function publishPostChanged(pubSub: GatewayPubSub, postId: number | string): void {
  pubSub.publish('postChanged', String(postId), { postId: String(postId) });
}
