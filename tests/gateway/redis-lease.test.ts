import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startService, type Service } from '../helpers/processes.js';
import { startPrivateRedis, canStartRedis, type PrivateRedis } from '../helpers/redis-server.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { collect as collectFrom, until, wsClient } from '../helpers/ws.js';

/**
 * The notification lease when its holder dies: a gateway in a process of its own (`npm run gateway`'s entry) holds
 * Alice's lease and is killed with SIGKILL, so it releases nothing; the replica in this process, with a subscriber of
 * Alice too, must take the lease over and poll within about one interval (the lease used to outlive its holder by
 * up to three).
 */
const INTERVAL_MS = 3000;
const ALICE = 2;
const NOTIFICATION_ADDED = `subscription { notificationAdded { title } }`;

describe.runIf(canStartRedis)('the notification lease after its holder dies', () => {
  let redis: PrivateRedis;
  let upstream: RunningUpstream;
  let holderProxy: FaultProxy;
  let holder: Service;
  let replica: Stack;
  let token: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    upstream = await startUpstream();
    holderProxy = await startFaultProxy(upstream.url);
    const redisPrefix = `test:${randomUUID()}:`;
    holder = await startService(
      'holder',
      'gateway/src/main.ts',
      {
        WEB_DIR: 'no-web-build',
        UPSTREAM_URL: holderProxy.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: redisPrefix,
        NOTIFICATION_POLL_INTERVAL_MS: String(INTERVAL_MS),
      },
      '/healthz',
    );
    replica = await startGatewayRig(upstream, { settings: { redisUrl: redis.url, redisPrefix, notificationPollIntervalMs: INTERVAL_MS } });
    token = await upstream.issueToken(ALICE);
  }, 60_000);
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await holder?.kill();
    await replica?.stop();
    await holderProxy?.close();
    await upstream?.stop();
    await redis?.stop();
  });

  const polls = (proxy: FaultProxy) => proxy.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/v1/user/notification/?page=1&'));

  it('is taken over within about one interval, without a release', { timeout: 60_000 }, async () => {
    collectFrom(wsClient(holder.url, cleanups, token), cleanups, NOTIFICATION_ADDED);
    await until(() => polls(holderProxy).length > 0, 20_000);
    const onReplica = collectFrom(wsClient(replica.gateway.url, cleanups, token), cleanups, NOTIFICATION_ADDED);
    await until(() => replica.gateway.notificationBridge.activePollers === 1);
    // Two lease rounds: the replica claims and is refused, the holder renews.
    await new Promise((resolve) => setTimeout(resolve, (2 * INTERVAL_MS) / 3));
    expect(polls(replica.proxy)).toEqual([]);
    expect(onReplica.errors).toEqual([]);

    await holder.kill();
    await until(() => polls(replica.proxy).length > 0, 1.5 * INTERVAL_MS + 1000);
  });
});
