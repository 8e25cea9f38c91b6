import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Pool } from 'undici';
import { NOTIFICATION_CATCH_UP_PAGES_MAX, NOTIFICATION_HINT_COALESCE_MS, NOTIFICATION_LEASE, NOTIFICATION_PAGE_SIZE_DEFAULT } from '../../../domain/limits.js';
import type { NotificationJson, NotificationListJson } from '../../../domain/messaging.js';
import { nicknameKey } from '../../../domain/nickname.js';
import type { GatewayPubSub, InboxHint } from './pubsub.js';
import type { RedisLink } from './redis.js';

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
 * compete for a lease per member (NOTIFICATION_LEASE: claimed or renewed a few times per interval, so a holder
 * that died is replaced within one interval; released at once when its last subscriber leaves or the gateway
 * stops); only the holder polls, and the poll state (ETag, newest id seen, unread count) lives in Redis so a new
 * holder carries on where the last one stopped. Polls are conditional (If-None-Match), so an unchanged inbox
 * costs a 304.
 *
 * While Redis is unreachable every replica polls its own subscribed members, starting from the shared state it
 * last saw (its sockets hear what it finds, late by at most an interval). Once Redis is back every replica puts
 * that pre-outage state back if Redis lost it, and polls its members again: the holder announces to every replica
 * everything since before the outage, so what one replica found alone reaches the others' sockets too. What was
 * announced twice on the way is dropped per subscription (`notificationAdded` only passes ids it has not sent).
 */
export interface NotificationBridgeOptions {
  pool: Pool;
  /** The upstream's base URL (its path prefix is kept). */
  upstreamUrl: string;
  pubSub: GatewayPubSub;
  intervalMs: number;
  /** Shared leases and state through Redis; without it this process polls every member it has subscribers of. */
  redis?: RedisLink;
  /** Prefix of the Redis keys (after REDIS_PREFIX) and of the hint topic (default `notification-poller:`). */
  keyPrefix?: string;
  /** Told of every inbox page read upstream, with its status and why the poll ran (metrics). */
  onPoll?: (poll: { userId: number; status: number; cause: PollCause; page: number }) => void;
}

/**
 * Why a member's inbox was read: the first poll of a new poller (`start`), the interval, a hint of a write the gateway
 * made, a lease this replica took over (`takeover`), Redis back after an outage (`reconnect`).
 */
export type PollCause = 'start' | 'interval' | 'hint' | 'takeover' | 'reconnect';

interface PollState {
  etag: string | null;
  /** Newest notification id already announced; null until the first poll sets the baseline. */
  lastSeenId: number | null;
  unread: number | null;
}

interface Watcher {
  token: string;
  deviceId: string;
  /** The upstream refused the token (the session ended: logout, expiry, revocation): the watcher is dropped. */
  onRefused?: () => void;
}

interface MemberPoller {
  watchers: Map<string, Watcher>;
  /** The member's nickname key, matched against the mentions of a hint. */
  nicknameKey: string | null;
  timer: NodeJS.Timeout;
  /** A hinted poll waiting for its coalescing window to close. */
  hinted: NodeJS.Timeout | null;
  /** A hint (or a reconnect) came while a poll was under way: poll again, for that cause, when it ends. */
  pollAgain: PollCause | null;
  holdsLease: boolean;
  polling: boolean;
  /** With Redis, the newest shared state this replica saw (its own polls as holder, the state read with each claim). */
  shared: PollState;
  /** Without Redis, the poll state; with it, that of this replica's own polls during an outage (from `shared`). */
  local: PollState | null;
}

const PAGE_SIZE = NOTIFICATION_PAGE_SIZE_DEFAULT;
const DEFAULT_KEY_PREFIX = 'notification-poller:';
const NO_STATE: PollState = { etag: null, lastSeenId: null, unread: null };
/** A page read with a token the upstream no longer accepts. */
const REFUSED = Symbol('refused');

/** Takes the lease when free, renews it when this replica holds it; answers whether it does, and the shared state. */
const CLAIM = `local holder = redis.call('get', KEYS[1])
local held = 0
if holder == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  held = 1
elseif not holder then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  held = 1
end
return {held, redis.call('get', KEYS[2])}`;
// Release a lease only while this replica still holds it.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class NotificationBridge {
  private readonly members = new Map<number, MemberPoller>();
  private readonly replicaId = randomUUID();
  private readonly redis: Redis | null;
  private readonly basePath: string;
  private readonly leasePrefix: string;
  private readonly statePrefix: string;
  private readonly leaseTtlMs: number;
  private readonly leaseTimer: NodeJS.Timeout | null = null;
  private leasing = false;
  private readonly stopReconnectListener: () => void = () => {};
  /** The hint topic: replicas sharing a key prefix hear each other's hints. */
  private readonly hintScope: string;
  private readonly hints: AsyncIterator<InboxHint>;
  private closed = false;

  constructor(private readonly options: NotificationBridgeOptions) {
    this.basePath = new URL(options.upstreamUrl).pathname.replace(/\/$/, '');
    const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.leasePrefix = `${options.redis?.prefix ?? ''}${keyPrefix}lease:`;
    this.statePrefix = `${options.redis?.prefix ?? ''}${keyPrefix}state:`;
    this.hintScope = keyPrefix;
    const round = Math.max(1, Math.floor(options.intervalMs / NOTIFICATION_LEASE.roundsPerInterval));
    this.leaseTtlMs = round * NOTIFICATION_LEASE.ttlRounds;
    // Commands fail at once while Redis is away and within the link's wait while it does not answer (the link's
    // policy): the bridge then polls locally.
    this.redis = options.redis?.client('notification-bridge') ?? null;
    if (options.redis && this.redis) {
      this.leaseTimer = setInterval(() => void this.leaseRound(), round);
      this.stopReconnectListener = options.redis.onReconnect(() => this.pollEveryone());
      this.redis.on('ready', () => void this.restoreStates());
    }
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
   * naming mentioned nicknames reach this member. Polls take the subscriptions' tokens in turn, so a session that
   * ended (logged out on that device, revoked) is found within a few polls: `onRefused` is told and the others go on.
   */
  watch(userId: number, token: string, deviceId: string, nickname?: string, onRefused?: () => void): () => void {
    const watcherId = randomUUID();
    let member = this.members.get(userId);
    if (!member) {
      member = {
        watchers: new Map(),
        nicknameKey: null,
        timer: setInterval(() => void this.tick(userId, 'interval'), this.options.intervalMs),
        hinted: null,
        pollAgain: null,
        holdsLease: false,
        polling: false,
        shared: NO_STATE,
        local: null,
      };
      this.members.set(userId, member);
      member.watchers.set(watcherId, { token, deviceId, onRefused });
      void this.tick(userId, 'start');
    } else {
      member.watchers.set(watcherId, { token, deviceId, onRefused });
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
   * A session this replica ended (logout): its subscriptions here end now rather than at a poll with its token.
   * Subscriptions on other replicas end at theirs.
   */
  sessionEnded(token: string): void {
    for (const [userId, member] of [...this.members]) {
      const watcher = [...member.watchers.values()].find((candidate) => candidate.token === token);
      if (watcher) this.refused(userId, member, watcher);
    }
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
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.stopReconnectListener();
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
        void this.tick(userId, 'hint');
      }, NOTIFICATION_HINT_COALESCE_MS);
    }
  }

  /** After an outage: what was written meanwhile and not yet announced is found now, not an interval later. */
  private pollEveryone(): void {
    for (const userId of this.members.keys()) void this.tick(userId, 'reconnect');
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

  private get shared(): boolean {
    return this.redis?.status === 'ready';
  }

  private async tick(userId: number, cause: PollCause): Promise<void> {
    const member = this.members.get(userId);
    if (!member || this.closed) return;
    if (member.polling) {
      // The poll under way may have read the inbox before the hinted write: one more after it.
      if (cause === 'hint' || cause === 'reconnect') member.pollAgain = cause;
      return;
    }
    member.polling = true;
    try {
      if (!this.redis) {
        member.local = (await this.poll(userId, member, member.local ?? NO_STATE, cause)) ?? member.local;
      } else if (this.shared) {
        const { held, state } = await this.claim(userId);
        // The member may have left while Redis answered.
        if (this.members.get(userId) !== member) {
          if (held) await this.release(userId);
          return;
        }
        this.keep(member, held, state);
        if (!held) return;
        // Redis lost the shared state (expired, restarted before restoreStates): the holder carries on from what it saw last.
        const next = await this.poll(userId, member, state ?? member.shared, cause);
        if (next) await this.writeState(userId, member, next);
      } else {
        member.holdsLease = false;
        member.local = (await this.poll(userId, member, member.local ?? member.shared, cause)) ?? member.local;
      }
    } catch {
      // An unreachable upstream or Redis: the next tick tries again.
    } finally {
      member.polling = false;
      if (member.pollAgain) {
        const again = member.pollAgain;
        member.pollAgain = null;
        void this.tick(userId, again);
      }
    }
  }

  /**
   * Claims or renews the lease of every member with a subscriber here, in one round trip. A replica that takes a
   * lease over polls at once: the last holder stopped polling up to a lease ago.
   */
  private async leaseRound(): Promise<void> {
    if (this.leasing || this.closed || this.members.size === 0) return;
    if (!this.shared) {
      for (const member of this.members.values()) member.holdsLease = false;
      return;
    }
    this.leasing = true;
    try {
      const members = [...this.members];
      const pipeline = this.redis!.pipeline();
      for (const [userId] of members) pipeline.eval(CLAIM, 2, this.leasePrefix + userId, this.statePrefix + userId, this.replicaId, String(this.leaseTtlMs));
      const answers = (await pipeline.exec()) ?? [];
      for (const [index, [userId, member]] of members.entries()) {
        const [error, answer] = answers[index] ?? [];
        if (error || !Array.isArray(answer)) continue;
        const held = answer[0] === 1;
        if (this.members.get(userId) !== member) {
          if (held) await this.release(userId);
          continue;
        }
        const tookOver = held && !member.holdsLease;
        this.keep(member, held, parseState(answer[1]));
        if (tookOver) void this.tick(userId, 'takeover');
      }
    } catch {
      // Redis went away mid-round: the next round (or the local polls) carry on.
    } finally {
      this.leasing = false;
    }
  }

  private async claim(userId: number): Promise<{ held: boolean; state: PollState | null }> {
    const answer = (await this.redis!.eval(CLAIM, 2, this.leasePrefix + userId, this.statePrefix + userId, this.replicaId, String(this.leaseTtlMs))) as [
      number,
      string | null,
    ];
    return { held: answer[0] === 1, state: parseState(answer[1]) };
  }

  private async release(userId: number): Promise<void> {
    await this.redis?.eval(RELEASE, 1, this.leasePrefix + userId, this.replicaId).catch(() => undefined);
  }

  /** Records the claim's outcome; the shared state is kept to poll from if Redis goes away or loses it. */
  private keep(member: MemberPoller, held: boolean, state: PollState | null): void {
    member.holdsLease = held;
    member.local = null;
    if (state && state.lastSeenId !== null) member.shared = state;
  }

  private async writeState(userId: number, member: MemberPoller, state: PollState): Promise<void> {
    member.shared = state;
    await this.redis!.set(this.statePrefix + userId, JSON.stringify(state), 'PX', this.stateTtlMs);
  }

  /**
   * On every (re)connect: the shared state Redis lost (restarted empty) is put back as this replica last saw it,
   * unless another replica (or a poll) did first, so the next holder announces what came since, to every replica.
   */
  private async restoreStates(): Promise<void> {
    const known = [...this.members].filter(([, member]) => member.shared.lastSeenId !== null);
    if (known.length === 0 || !this.redis) return;
    const pipeline = this.redis.pipeline();
    for (const [userId, member] of known) pipeline.set(this.statePrefix + userId, JSON.stringify(member.shared), 'PX', this.stateTtlMs, 'NX');
    await pipeline.exec().catch(() => undefined);
  }

  /** Kept a little longer than the lease: a replica taking over carries on; a member back after a long absence starts afresh. */
  private get stateTtlMs(): number {
    return this.options.intervalMs * 4;
  }

  /** One page of the member's inbox, newest first; null for a 304 or another refusal, REFUSED when the token is. */
  private async readPage(
    userId: number,
    watcher: Watcher,
    page: number,
    etag: string | null,
    cause: PollCause,
  ): Promise<{ list: NotificationListJson; etag: string | null } | null | typeof REFUSED> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `token ${watcher.token}`, 'x-device-id': watcher.deviceId };
    if (etag) headers['if-none-match'] = etag;
    const response = await this.options.pool.request({
      method: 'GET',
      path: `${this.basePath}/v1/user/notification/?page=${page}&pageSize=${PAGE_SIZE}`,
      headers,
      signal: AbortSignal.timeout(this.options.intervalMs * 2),
    });
    this.options.onPoll?.({ userId, status: response.statusCode, cause, page });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return response.statusCode === 401 ? REFUSED : null;
    }
    const list = (await response.body.json()) as NotificationListJson;
    return { list, etag: typeof response.headers.etag === 'string' ? response.headers.etag : null };
  }

  /** Polls from `state`, announces what is new, and answers the state to keep (null: keep what there is). */
  private async poll(userId: number, member: MemberPoller, state: PollState, cause: PollCause): Promise<PollState | null> {
    let watcher: Watcher | undefined;
    let first: Awaited<ReturnType<NotificationBridge['readPage']>> = REFUSED;
    while (first === REFUSED) {
      watcher = this.nextWatcher(member);
      if (!watcher) return null;
      first = await this.readPage(userId, watcher, 1, state.lastSeenId !== null ? state.etag : null, cause);
      if (first === REFUSED) this.refused(userId, member, watcher);
    }
    if (!first || !watcher) {
      // Unchanged (304): the state lives on; refused: the next tick tries again.
      return state.etag && state.lastSeenId !== null ? state : null;
    }
    const { list, etag } = first;
    const newestId = list.results.reduce((max, notification) => Math.max(max, Number(notification.id)), state.lastSeenId ?? 0);
    if (state.lastSeenId !== null) {
      const fresh = await this.newSince(userId, watcher, state.lastSeenId, list, cause);
      for (const notification of fresh) this.options.pubSub.publish('notificationAdded', String(userId), notification);
    }
    if (state.unread !== null && state.unread !== list.noread_count) this.options.pubSub.publish('unreadNotificationCount', String(userId), list.noread_count);
    return { etag, lastSeenId: newestId, unread: list.noread_count };
  }

  /** The watcher whose token the next poll uses: each in turn (the one taken moves to the end). */
  private nextWatcher(member: MemberPoller): Watcher | undefined {
    const next = member.watchers.entries().next().value;
    if (!next) return undefined;
    const [watcherId, watcher] = next;
    member.watchers.delete(watcherId);
    member.watchers.set(watcherId, watcher);
    return watcher;
  }

  /** Drops every watcher of a session the upstream refused, telling each; the member's last one stops the poller. */
  private refused(userId: number, member: MemberPoller, refused: Watcher): void {
    for (const [watcherId, watcher] of member.watchers) {
      if (watcher.token !== refused.token) continue;
      member.watchers.delete(watcherId);
      watcher.onRefused?.();
    }
    if (member.watchers.size === 0) void this.stop(userId, member);
  }

  /**
   * Every notification newer than `lastSeenId`, oldest first: the first page, then the following ones while a
   * whole page is new. Arrivals between two page reads shift the pages down; an id seen twice counts once.
   */
  private async newSince(userId: number, watcher: Watcher, lastSeenId: number, first: NotificationListJson, cause: PollCause): Promise<NotificationJson[]> {
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
      const next = await this.readPage(userId, watcher, page + 1, null, cause);
      // Nothing is announced and the state stays: the next poll reads the whole stretch again.
      if (!next || next === REFUSED) throw new Error(`inbox page ${page + 1} unavailable`);
      list = next.list;
    }
    return [...fresh.values()].sort((a, b) => Number(a.id) - Number(b.id));
  }
}

/** The shared state as Redis holds it; null when there is none (or it is not ours to read). */
function parseState(raw: unknown): PollState | null {
  if (typeof raw !== 'string') return null;
  try {
    const state = JSON.parse(raw) as PollState;
    return typeof state === 'object' && state !== null && 'lastSeenId' in state ? state : null;
  } catch {
    return null;
  }
}
