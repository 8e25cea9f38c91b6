import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_RECONNECT, redisReconnectDelay } from '../../domain/redis.js';
import { settingsFromEnv } from '../../gateway/src/server/config.js';
import { createLoginThrottle } from '../../upstream/src/accounts/login-throttle.js';
import { startPrivateRedis, canStartRedis, type PrivateRedis } from '../helpers/redis-server.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { collect as collectFrom, until, wsClient } from '../helpers/ws.js';

/**
 * Two deployments on one Redis (a private one, so every key in it is this test's): deployment A with two
 * replicas, deployment B with one, each with its own REDIS_PREFIX, over one upstream.
 */
const ALICE = 2;
const BOB = 3;
const POST_CHANGED = `subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }`;

describe('REDIS_PREFIX and the reconnect policy', () => {
  it('defaults to slime:, takes a prefix of its own, and stops the start with a clear error on anything else', () => {
    expect(settingsFromEnv({}).redisPrefix).toBe('slime:');
    expect(settingsFromEnv({ REDIS_PREFIX: ' ' }).redisPrefix).toBe('slime:');
    expect(settingsFromEnv({ REDIS_PREFIX: 'prod-kr:{a}.1:' }).redisPrefix).toBe('prod-kr:{a}.1:');
    expect(() => settingsFromEnv({ REDIS_PREFIX: 'two words' })).toThrow(/REDIS_PREFIX may hold only/);
    expect(() => settingsFromEnv({ REDIS_PREFIX: 'x'.repeat(101) })).toThrow(/REDIS_PREFIX/);
  });

  it('reconnects with a doubling delay, capped, and never gives up', () => {
    const delays = [1, 2, 3, 4, 5, 6, 1_000, 1_000_000].map(redisReconnectDelay);
    expect(delays.slice(0, 5)).toEqual([100, 200, 400, 800, 1600]);
    expect(delays.slice(5)).toEqual([REDIS_RECONNECT.maxDelayMs, REDIS_RECONNECT.maxDelayMs, REDIS_RECONNECT.maxDelayMs]);
  });
});

describe.runIf(canStartRedis)('deployments sharing one Redis under different REDIS_PREFIX', () => {
  const run = randomUUID();
  const prefixes = { a: `test:${run}:a:`, b: `test:${run}:b:` };
  let redis: PrivateRedis;
  let inspector: Redis;
  let upstream: RunningUpstream;
  let a: Stack[];
  let b: Stack;
  const tokens: Record<number, string> = {};
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    inspector = new Redis(redis.url);
    upstream = await startUpstream();
    const deployment = (prefix: string) => ({ settings: { redisUrl: redis.url, redisPrefix: prefix, notificationPollIntervalMs: 60_000 } });
    a = [await startGatewayRig(upstream, deployment(prefixes.a)), await startGatewayRig(upstream, deployment(prefixes.a))];
    b = await startGatewayRig(upstream, deployment(prefixes.b));
    for (const id of [ALICE, BOB]) tokens[id] = await upstream.issueToken(id);
  }, 60_000);
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const replica of [...(a ?? []), b]) await replica?.stop();
    await upstream?.stop();
    inspector?.disconnect();
    await redis?.stop();
  });

  const collect = (replica: Stack, query: string, variables: Record<string, unknown> = {}) =>
    collectFrom(wsClient(replica.gateway.url, cleanups, tokens[ALICE]), cleanups, query, variables);

  it('a like through one deployment reaches its own replicas only, and every key and channel carries its prefix', async () => {
    const posts = await a[0].graphql(`{ posts(first: 50) { edges { node { id author { databaseId } } } } categories { name } }`);
    const post = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node;
    await b.graphql(`{ categories { name } }`);
    const onA = collect(a[1], POST_CHANGED, { id: post.id });
    const onB = collect(b, POST_CHANGED, { id: post.id });
    const inboxOnA = collect(a[1], `subscription { notificationAdded { title } }`);
    const inboxOnB = collect(b, `subscription { notificationAdded { title } }`);
    await until(() => a[1].gateway.notificationBridge.activePollers === 1 && b.gateway.notificationBridge.activePollers === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const liked = await a[0].graphql(
      `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { likeCount isLiked } } } }`,
      { id: post.id },
      { token: tokens[BOB] },
    );
    const { likeCount } = liked.data.togglePostLike.post;
    await until(() => onA.results.at(-1)?.data.postChanged.likeCount === likeCount);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(onB.results).toEqual([]);
    // The like's notification: A's hint reaches A's poller; B polls only on its own interval.
    if (liked.data.togglePostLike.post.isLiked) await until(() => inboxOnA.results.length > 0);
    expect(inboxOnB.results).toEqual([]);

    // The upstream's failed-login counters (in memory until its connection is ready: counted again until they are in Redis).
    const { throttle, close } = createLoginThrottle(redis.url, prefixes.a);
    for (let attempt = 0; attempt < 50 && (await inspector.keys(`${prefixes.a}upstream:*`)).length === 0; attempt += 1) {
      await throttle.recordFailure(`nobody${attempt}@example.com`, '192.0.2.1');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await close();

    const keys = await inspector.keys('*');
    const channels = (await inspector.pubsub('CHANNELS', '*')) as string[];
    // Events, notification leases and state, rate-limit counters (the like), the public cache, login counters.
    for (const part of ['postChanged:', 'notificationAdded:', 'inboxHint:'])
      expect(channels.some((channel) => channel.startsWith(prefixes.a + part))).toBe(true);
    for (const part of ['notification-poller:lease:', 'notification-poller:state:', 'gql:mutation:', 'public:', 'upstream:login']) {
      expect(
        keys.some((key) => key.startsWith(prefixes.a + part)),
        `${part} among ${keys.join(' ')}`,
      ).toBe(true);
    }
    // Login counters are kept under digests: no e-mail address or IP address in the clear, for weeks, in a shared store.
    expect(keys.filter((key) => key.includes('@') || key.includes('192.0.2.1'))).toEqual([]);
    expect(keys.some((key) => key.startsWith(prefixes.b + 'notification-poller:lease:'))).toBe(true);
    expect([...keys, ...channels].filter((name) => !name.startsWith(prefixes.a) && !name.startsWith(prefixes.b))).toEqual([]);
  });
});
