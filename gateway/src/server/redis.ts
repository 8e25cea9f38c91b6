import { Redis, type RedisOptions } from 'ioredis';
import { REDIS_RECONNECT, redisConnectionPolicy } from '../../../domain/redis.js';

/** What the link tells the rest of the replica: the metric and the log line when Redis goes away and comes back. */
export interface RedisLinkObserver {
  down(error: string | undefined): void;
  /** Every connection is ready; `afterOutage` unless this is the first start. */
  up(afterOutage: boolean): void;
  /** An event was published to this replica's subscribers only (`kind`: the pub/sub routing key). */
  degradedPublish(kind: string): void;
}

/**
 * The replica's Redis connections, made with one policy: an 'error' listener on each (ioredis logs errors without
 * one), a bounded wait for every command (`timeoutMs`, REDIS_TIMEOUT_MS: a connection that stops answering is
 * dropped, as if Redis had refused it, and nothing waits for it or is sent again later; redisConnectionPolicy),
 * reconnecting with capped backoff forever. The link is up while every connection is ready and down from the
 * moment one starts reconnecting, so the observer hears one `down` per outage and one `up` after it, however many
 * connections and events it touches. Clients quit on purpose (shutdown) end without reconnecting: no `down`.
 */
export class RedisLink {
  private readonly clients = new Map<string, Redis>();
  private readonly notReady = new Set<string>();
  private lastError: string | undefined;
  private state: 'starting' | 'up' | 'down' = 'starting';
  private readonly reconnectListeners = new Set<() => void>();
  private settling: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    /** REDIS_PREFIX: every key and channel starts with it. */
    readonly prefix: string,
    private readonly observer: RedisLinkObserver,
    /** REDIS_TIMEOUT_MS. */
    private readonly timeoutMs: number,
  ) {}

  get up(): boolean {
    return this.state === 'up';
  }

  /** A connection named `role` (one per role) with `options` on top of the link's policy. */
  client(role: string, options: RedisOptions = {}): Redis {
    const client = new Redis(this.url, { ...redisConnectionPolicy(this.timeoutMs), ...options });
    this.clients.set(role, client);
    this.notReady.add(role);
    client.on('error', (error: Error) => {
      this.lastError = error.message;
    });
    client.on('ready', () => {
      this.notReady.delete(role);
      if (this.notReady.size > 0 || this.state === 'up') return;
      const wasDown = this.state === 'down';
      this.state = 'up';
      this.observer.up(wasDown);
      if (!wasDown) return;
      clearTimeout(this.settling);
      this.settling = setTimeout(() => {
        if (this.state === 'up') for (const listener of this.reconnectListeners) listener();
      }, REDIS_RECONNECT.settleMs);
    });
    client.on('reconnecting', () => {
      this.notReady.add(role);
      if (this.state === 'down') return;
      this.state = 'down';
      this.observer.down(this.lastError);
    });
    return client;
  }

  /** Called after each outage, once every connection is ready again and other replicas had time to be (not at the first start). */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  degradedPublish(kind: string): void {
    this.observer.degradedPublish(kind);
  }

  /** Quits every connection still open (each owner quits its own first; this catches the rest). */
  async close(): Promise<void> {
    this.reconnectListeners.clear();
    clearTimeout(this.settling);
    await Promise.all([...this.clients.values()].map((client) => (client.status === 'end' ? undefined : client.quit().catch(() => client.disconnect()))));
  }
}
