import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Pool } from 'undici';
import { NOTIFICATION_CATCH_UP_PAGES_MAX, NOTIFICATION_HINT_COALESCE_MS, NOTIFICATION_PAGE_SIZE_DEFAULT } from '../../../domain/limits.js';
import type { NotificationJson, NotificationListJson } from '../../../domain/messaging.js';
import { nicknameKey } from '../../../domain/nickname.js';
import type { GatewayPubSub, InboxHint } from './pubsub.js';

/**
 * The REST API only offers polling of `GET /v1/user/notification/`; subscribers want pushes. The bridge polls
 * once per subscribed member, however many sockets that member has open, and publishes what is new:
 * `notificationAdded` per new notification (every one since the last poll, paging back to the newest one
 * already announced, in id order) and `unreadNotificationCount` when the count moves.
 *
 * The interval is the fallback for what the gateway did not see. A write the gateway makes itself (a like, a
 * reply, a follow, a staff send, an inquiry answer) calls `hint` with whose inbox it changed; the hint reaches
 * every replica through the pub/sub, and the one polling that member polls at once (hints within
 * NOTIFICATION_HINT_COALESCE_MS make one poll; one arriving mid-poll makes another poll after it).
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
  /** Prefix of the Redis keys and of the hint topic (default `notification-poller:`), so runs sharing one Redis stay apart. */
  keyPrefix?: string;
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
  /** The member's nickname key, matched against the mentions of a hint. */
  nicknameKey: string | null;
  timer: NodeJS.Timeout;
  /** A hinted poll waiting for its coalescing window to close. */
  hinted: NodeJS.Timeout | null;
  /** A hint came while a poll was under way: poll again when it ends. */
  pollAgain: boolean;
  holdsLease: boolean;
  polling: boolean;
  /** Memory state when there is no Redis. */
  state: PollState;
}

const PAGE_SIZE = NOTIFICATION_PAGE_SIZE_DEFAULT;
const DEFAULT_KEY_PREFIX = 'notification-poller:';

// Renew or release a lease only while this replica still holds it.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class NotificationBridge {
  private readonly members = new Map<number, MemberPoller>();
  private readonly replicaId = randomUUID();
  private readonly redis: Redis | null;
  private readonly basePath: string;
  private readonly leasePrefix: string;
  private readonly statePrefix: string;
  /** The hint topic: replicas sharing a key prefix hear each other's hints. */
  private readonly hintScope: string;
  private readonly hints: AsyncIterator<InboxHint>;
  private closed = false;

  constructor(private readonly options: NotificationBridgeOptions) {
    this.basePath = new URL(options.upstreamUrl).pathname.replace(/\/$/, '');
    const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.leasePrefix = `${keyPrefix}lease:`;
    this.statePrefix = `${keyPrefix}state:`;
    this.hintScope = keyPrefix;
    this.redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) : null;
    this.redis?.on('error', () => {
      // Reconnects on its own; a tick that fails simply polls at the next one.
    });
    this.hints = options.pubSub.subscribe('inboxHint', this.hintScope)[Symbol.asyncIterator]();
    void this.listenForHints();
  }

  /** Members this process holds a poller for (tests and metrics). */
  get activePollers(): number {
    return this.members.size;
  }

  /**
   * Registers one subscription of a member; the returned function unregisters it. The first one starts the
   * member's poller (baseline at once, then every interval), the last one stops it. `nickname` lets a hint
   * naming mentioned nicknames reach this member.
   */
  watch(userId: number, token: string, deviceId: string, nickname?: string): () => void {
    const watcherId = randomUUID();
    let member = this.members.get(userId);
    if (!member) {
      member = {
        watchers: new Map(),
        nicknameKey: null,
        timer: setInterval(() => void this.tick(userId), this.options.intervalMs),
        hinted: null,
        pollAgain: false,
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
    if (nickname) member.nicknameKey = nicknameKey(nickname);
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

  /**
   * Tells every replica that these inboxes just changed: whichever polls a named member polls now. Cheap for
   * members nobody subscribes to (each replica only looks at its own pollers).
   */
  hint(hint: InboxHint): void {
    if (this.closed || (!hint.all && !hint.userIds?.length && !hint.nicknameKeys?.length)) return;
    this.options.pubSub.publish('inboxHint', this.hintScope, hint);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.hints.return?.();
    await Promise.all([...this.members].map(([userId, member]) => this.stop(userId, member)));
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  private async listenForHints(): Promise<void> {
    for (;;) {
      const next = await this.hints.next().catch(() => ({ done: true, value: undefined }) as const);
      if (next.done || this.closed) return;
      this.hinted(next.value);
    }
  }

  /** The local pollers a hint names, each polled once its coalescing window closes. */
  private hinted(hint: InboxHint): void {
    const ids = new Set(hint.userIds ?? []);
    const keys = new Set(hint.nicknameKeys ?? []);
    for (const [userId, member] of this.members) {
      if (!hint.all && !ids.has(userId) && !(member.nicknameKey && keys.has(member.nicknameKey))) continue;
      member.hinted ??= setTimeout(() => {
        member.hinted = null;
        void this.tick(userId, true);
      }, NOTIFICATION_HINT_COALESCE_MS);
    }
  }

  private async stop(userId: number, member: MemberPoller): Promise<void> {
    clearInterval(member.timer);
    if (member.hinted) clearTimeout(member.hinted);
    if (this.members.get(userId) === member) this.members.delete(userId);
    if (member.holdsLease && this.redis) {
      member.holdsLease = false;
      await this.redis.eval(RELEASE, 1, this.leasePrefix + userId, this.replicaId).catch(() => undefined);
    }
  }

  private async tick(userId: number, hinted = false): Promise<void> {
    const member = this.members.get(userId);
    if (!member || this.closed) return;
    if (member.polling) {
      // The poll under way may have read the inbox before the hinted write: one more after it.
      if (hinted) member.pollAgain = true;
      return;
    }
    member.polling = true;
    try {
      if (!(await this.mayPoll(userId, member))) return;
      await this.poll(userId, member);
    } catch {
      // An unreachable upstream or Redis: the next tick tries again.
    } finally {
      member.polling = false;
      if (member.pollAgain) {
        member.pollAgain = false;
        void this.tick(userId);
      }
    }
  }

  /** Without Redis this process polls; with it, only the lease holder does. */
  private async mayPoll(userId: number, member: MemberPoller): Promise<boolean> {
    if (!this.redis) return true;
    const key = this.leasePrefix + userId;
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
    const raw = await this.redis.get(this.statePrefix + userId);
    return raw ? (JSON.parse(raw) as PollState) : { etag: null, lastSeenId: null, unread: null };
  }

  private async writeState(userId: number, member: MemberPoller, state: PollState): Promise<void> {
    if (!this.redis) {
      member.state = state;
      return;
    }
    // Kept a little longer than the lease: a replica taking over carries on; a member back after a long absence starts afresh.
    await this.redis.set(this.statePrefix + userId, JSON.stringify(state), 'PX', this.options.intervalMs * 4);
  }

  /** One page of the member's inbox, newest first; null for a 304 or a refusal. */
  private async readPage(
    userId: number,
    watcher: Watcher,
    page: number,
    etag: string | null,
  ): Promise<{ list: NotificationListJson; etag: string | null } | null> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `token ${watcher.token}`, 'x-device-id': watcher.deviceId };
    if (etag) headers['if-none-match'] = etag;
    const response = await this.options.pool.request({
      method: 'GET',
      path: `${this.basePath}/v1/user/notification/?page=${page}&pageSize=${PAGE_SIZE}`,
      headers,
      signal: AbortSignal.timeout(this.options.intervalMs * 2),
    });
    this.options.onPoll?.(userId, response.statusCode);
    if (response.statusCode !== 200) {
      await response.body.dump();
      return null;
    }
    const list = (await response.body.json()) as NotificationListJson;
    return { list, etag: typeof response.headers.etag === 'string' ? response.headers.etag : null };
  }

  private async poll(userId: number, member: MemberPoller): Promise<void> {
    const watcher = member.watchers.values().next().value;
    if (!watcher) return;
    const state = await this.readState(userId, member);
    const first = await this.readPage(userId, watcher, 1, state.lastSeenId !== null ? state.etag : null);
    if (!first) {
      // Unchanged (304): the state lives on; refused: the next tick tries again.
      if (state.etag && state.lastSeenId !== null) await this.writeState(userId, member, state);
      return;
    }
    const { list, etag } = first;
    const newestId = list.results.reduce((max, notification) => Math.max(max, Number(notification.id)), state.lastSeenId ?? 0);
    if (state.lastSeenId !== null) {
      const fresh = await this.newSince(userId, watcher, state.lastSeenId, list);
      for (const notification of fresh) this.options.pubSub.publish('notificationAdded', String(userId), notification);
    }
    if (state.unread !== null && state.unread !== list.noread_count) this.options.pubSub.publish('unreadNotificationCount', String(userId), list.noread_count);
    await this.writeState(userId, member, { etag, lastSeenId: newestId, unread: list.noread_count });
  }

  /**
   * Every notification newer than `lastSeenId`, oldest first: the first page, then the following ones while a
   * whole page is new. Arrivals between two page reads shift the pages down; an id seen twice counts once.
   */
  private async newSince(userId: number, watcher: Watcher, lastSeenId: number, first: NotificationListJson): Promise<NotificationJson[]> {
    const fresh = new Map<number, NotificationJson>();
    let list = first;
    for (let page = 1; ; page += 1) {
      let reachedSeen = false;
      for (const notification of list.results) {
        const id = Number(notification.id);
        if (id > lastSeenId) fresh.set(id, notification);
        else reachedSeen = true;
      }
      if (reachedSeen || list.results.length < PAGE_SIZE || page * PAGE_SIZE >= list.count || page >= NOTIFICATION_CATCH_UP_PAGES_MAX) break;
      const next = await this.readPage(userId, watcher, page + 1, null);
      // Nothing is announced and the state stays: the next poll reads the whole stretch again.
      if (!next) throw new Error(`inbox page ${page + 1} unavailable`);
      list = next.list;
    }
    return [...fresh.values()].sort((a, b) => Number(a.id) - Number(b.id));
  }
}
