import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Pool } from 'undici';
import type { NotificationListJson } from '../../../domain/messaging.js';
import type { GatewayPubSub } from './pubsub.js';

/**
 * The REST API only offers polling of `GET /v1/user/notification/`; subscribers want pushes. The bridge polls
 * once per subscribed member, however many sockets that member has open, and publishes what is new:
 * `notificationAdded` per new notification and `unreadNotificationCount` when the count moves.
 *
 * In one process the member's poller lives while any of their subscriptions does. With Redis, replicas
 * compete for a lease per member (SET NX PX, renewed by the holder each interval); only the holder polls,
 * and the poll state (ETag, newest id seen, unread count) lives in Redis so a new holder carries on where
 * the last one stopped. Polls are conditional (If-None-Match), so an unchanged inbox costs a 304.
 */
export interface NotificationBridgeOptions {
  pool: Pool;
  /** The upstream's base URL (its path prefix is kept). */
  upstreamUrl: string;
  pubSub: GatewayPubSub;
  intervalMs: number;
  redisUrl?: string;
  /** Told of every poll sent upstream (metrics and tests). */
  onPoll?: (userId: number, status: number) => void;
}

interface PollState {
  etag: string | null;
  /** Newest notification id already announced; null until the first poll sets the baseline. */
  lastSeenId: number | null;
  unread: number | null;
}

interface Watcher {
  token: string;
  deviceId: string;
}

interface MemberPoller {
  watchers: Map<string, Watcher>;
  timer: NodeJS.Timeout;
  holdsLease: boolean;
  polling: boolean;
  /** Memory state when there is no Redis. */
  state: PollState;
}

const PAGE_SIZE = 20;
const LEASE_PREFIX = 'notification-poller:lease:';
const STATE_PREFIX = 'notification-poller:state:';

// Renew or release a lease only while this replica still holds it.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class NotificationBridge {
  private readonly members = new Map<number, MemberPoller>();
  private readonly replicaId = randomUUID();
  private readonly redis: Redis | null;
  private readonly basePath: string;
  private closed = false;

  constructor(private readonly options: NotificationBridgeOptions) {
    this.basePath = new URL(options.upstreamUrl).pathname.replace(/\/$/, '');
    this.redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) : null;
    this.redis?.on('error', () => {
      // Reconnects on its own; a tick that fails simply polls at the next one.
    });
  }

  /** Members this process holds a poller for (tests and metrics). */
  get activePollers(): number {
    return this.members.size;
  }

  /**
   * Registers one subscription of a member; the returned function unregisters it. The first one starts the
   * member's poller (baseline at once, then every interval), the last one stops it.
   */
  watch(userId: number, token: string, deviceId: string): () => void {
    const watcherId = randomUUID();
    let member = this.members.get(userId);
    if (!member) {
      member = {
        watchers: new Map(),
        timer: setInterval(() => void this.tick(userId), this.options.intervalMs),
        holdsLease: false,
        polling: false,
        state: { etag: null, lastSeenId: null, unread: null },
      };
      this.members.set(userId, member);
      member.watchers.set(watcherId, { token, deviceId });
      void this.tick(userId);
    } else {
      member.watchers.set(watcherId, { token, deviceId });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const current = this.members.get(userId);
      if (!current) return;
      current.watchers.delete(watcherId);
      if (current.watchers.size === 0) void this.stop(userId, current);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.members].map(([userId, member]) => this.stop(userId, member)));
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  private async stop(userId: number, member: MemberPoller): Promise<void> {
    clearInterval(member.timer);
    if (this.members.get(userId) === member) this.members.delete(userId);
    if (member.holdsLease && this.redis) {
      member.holdsLease = false;
      await this.redis.eval(RELEASE, 1, LEASE_PREFIX + userId, this.replicaId).catch(() => undefined);
    }
  }

  private async tick(userId: number): Promise<void> {
    const member = this.members.get(userId);
    if (!member || member.polling || this.closed) return;
    member.polling = true;
    try {
      if (!(await this.mayPoll(userId, member))) return;
      await this.poll(userId, member);
    } catch {
      // An unreachable upstream or Redis: the next tick tries again.
    } finally {
      member.polling = false;
    }
  }

  /** Without Redis this process polls; with it, only the lease holder does. */
  private async mayPoll(userId: number, member: MemberPoller): Promise<boolean> {
    if (!this.redis) return true;
    const key = LEASE_PREFIX + userId;
    const ttl = this.options.intervalMs * 3;
    if (member.holdsLease) {
      member.holdsLease = (await this.redis.eval(RENEW, 1, key, this.replicaId, String(ttl))) === 1;
    } else {
      member.holdsLease = (await this.redis.set(key, this.replicaId, 'PX', ttl, 'NX')) === 'OK';
    }
    // The member may have left while Redis answered.
    if (member.holdsLease && this.members.get(userId) !== member) {
      await this.redis.eval(RELEASE, 1, key, this.replicaId);
      member.holdsLease = false;
    }
    return member.holdsLease;
  }

  private async readState(userId: number, member: MemberPoller): Promise<PollState> {
    if (!this.redis) return member.state;
    const raw = await this.redis.get(STATE_PREFIX + userId);
    return raw ? (JSON.parse(raw) as PollState) : { etag: null, lastSeenId: null, unread: null };
  }

  private async writeState(userId: number, member: MemberPoller, state: PollState): Promise<void> {
    if (!this.redis) {
      member.state = state;
      return;
    }
    // Kept a little longer than the lease: a replica taking over carries on; a member back after a long absence starts afresh.
    await this.redis.set(STATE_PREFIX + userId, JSON.stringify(state), 'PX', this.options.intervalMs * 4);
  }

  private async poll(userId: number, member: MemberPoller): Promise<void> {
    const watcher = member.watchers.values().next().value;
    if (!watcher) return;
    const state = await this.readState(userId, member);
    const headers: Record<string, string> = { accept: 'application/json', authorization: `token ${watcher.token}`, 'x-device-id': watcher.deviceId };
    if (state.etag && state.lastSeenId !== null) headers['if-none-match'] = state.etag;
    const response = await this.options.pool.request({
      method: 'GET',
      path: `${this.basePath}/v1/user/notification/?page=1&pageSize=${PAGE_SIZE}`,
      headers,
      signal: AbortSignal.timeout(this.options.intervalMs * 2),
    });
    this.options.onPoll?.(userId, response.statusCode);
    if (response.statusCode === 304) {
      await response.body.dump();
      await this.writeState(userId, member, state);
      return;
    }
    if (response.statusCode !== 200) {
      await response.body.dump();
      return;
    }
    const list = (await response.body.json()) as NotificationListJson;
    const etag = typeof response.headers.etag === 'string' ? response.headers.etag : null;
    const newestId = list.results.reduce((max, notification) => Math.max(max, Number(notification.id)), state.lastSeenId ?? 0);
    if (state.lastSeenId !== null) {
      const fresh = list.results.filter((notification) => Number(notification.id) > state.lastSeenId!).reverse();
      for (const notification of fresh) this.options.pubSub.publish('notificationAdded', String(userId), notification);
    }
    if (state.unread !== null && state.unread !== list.noread_count) this.options.pubSub.publish('unreadNotificationCount', String(userId), list.noread_count);
    await this.writeState(userId, member, { etag, lastSeenId: newestId, unread: list.noread_count });
  }
}
