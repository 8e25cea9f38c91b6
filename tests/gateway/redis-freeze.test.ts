import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { LOGIN_ATTEMPTS_PER_PAIR } from '../../domain/limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../upstream/src/accounts/login-throttle.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { collect as collectFrom, until, wsClient, type Cleanups } from '../helpers/ws.js';

/**
 * Redis that stops answering instead of refusing (a network partition, a paused machine): two replicas reach the
 * shared Redis through a proxy that freezes, keeping every connection open and passing nothing on. Each replica
 * waits REDIS_TIMEOUT_MS (short here) for an answer, then runs as it does when Redis refuses: a mutation and a login
 * answer (their counters in memory), the publishing replica's subscribers hear the change, `gateway_redis_up` is 0
 * with one log line; after the thaw every replica is back on Redis, events cross replicas again and login counters
 * are shared again. Before the bounded wait, the mutation and the login waited for Redis for as long as it froze.
 */
// Short for the test, yet not so short that a busy event loop (two test files on two shared cores) reads as a freeze.
const TIMEOUT_MS = 1000;
const FREEZE_MS = 3000;
/** Far above what the answers need with the bounded wait, far below the freeze the old code waited out. */
const ANSWER_WITHIN_MS = 15_000;
const ALICE = 2;
const BOB = 3;
const POST_CHANGED = `subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }`;
const TOGGLE_LIKE = `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { likeCount isLiked } } ... on Error { message } } }`;
const BOOKMARK = `mutation ($id: ID!) { bookmarkPost(input: { id: $id }) { ... on BookmarkPostPayload { post { isBookmarked } } ... on Error { message } } }`;
const LOGIN = `mutation ($input: LoginWithPasswordInput!) { loginWithPassword(input: $input) { __typename ... on LoginWithPasswordPayload { token } } }`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.TEST_REDIS_URL)('two replicas through a Redis that stops answering', () => {
  let upstream: RunningUpstream;
  let proxy: TcpProxy;
  let inspector: Redis;
  const prefix = `test:${randomUUID()}:`;
  const replicas: Stack[] = [];
  const tokens: Record<number, string> = {};
  const cleanups: Cleanups = [];
  const logs: string[][] = [[], []];
  const logged = (replica: number, message: string) => logs[replica].filter((line) => line.includes('"level":40') && line.includes(`"msg":"${message}`)).length;
  /** Both lines of each replica since `before` (a start on a busy machine may have logged a pair already). */
  const outageLines = (before: number[][]) =>
    [0, 1].map((replica) => [logged(replica, 'Redis unreachable') - before[replica][0], logged(replica, 'Redis reachable again') - before[replica][1]]);

  beforeAll(async () => {
    upstream = await startUpstream();
    proxy = await startTcpProxy(process.env.TEST_REDIS_URL!);
    inspector = new Redis(process.env.TEST_REDIS_URL!, { lazyConnect: true });
    await inspector.connect();
    const settings = { redisUrl: proxy.url.replace(/^http/, 'redis'), redisPrefix: prefix, redisTimeoutMs: TIMEOUT_MS, notificationPollIntervalMs: 600_000 };
    for (const log of logs) replicas.push(await startGatewayRig(upstream, { settings, logStream: { write: (line) => void log.push(line) } }));
    for (const id of [ALICE, BOB]) tokens[id] = await upstream.issueToken(id);
  }, 60_000);
  afterAll(async () => {
    proxy?.thaw();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const replica of replicas) await replica.stop();
    await proxy?.close();
    await upstream?.stop();
    if (inspector) {
      const keys = await inspector.keys(`${prefix}*`);
      if (keys.length) await inspector.del(...keys);
      await inspector.quit();
    }
  });

  const collect = (replica: Stack, query: string, variables: Record<string, unknown>) =>
    collectFrom(wsClient(replica.gateway.url, cleanups, tokens[ALICE]), cleanups, query, variables);
  async function metric(replica: Stack, name: string): Promise<number> {
    const text = await (await fetch(`${replica.gateway.url}/metrics`)).text();
    return Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${name} `))
        ?.split(' ')
        .at(-1),
    );
  }
  const redisUp = () => Promise.all(replicas.map((replica) => metric(replica, 'gateway_redis_up')));
  async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
    let met = false;
    const end = Date.now() + timeoutMs;
    while (!(met = await condition()) && Date.now() < end) await pause(100);
    expect(met).toBe(true);
  }
  /** A request that must be answered (the old code did not answer until Redis did): given up on, it fails the test. */
  const ask = (replica: Stack, query: string, variables: Record<string, unknown>, token?: string) =>
    replica.graphql(query, variables, { token, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  const latestCount = (heard: { results: any[] }) => heard.results.at(-1)?.data.postChanged.likeCount;

  it('answers mutations and logins from memory while Redis is frozen, and goes back to Redis once it answers', { timeout: 90_000 }, async () => {
    await waitFor(async () => (await redisUp()).every((up) => up === 1));
    const posts = await replicas[0].graphql(`{ posts(first: 5) { edges { node { id } } } }`);
    const postId = posts.data.posts.edges[0].node.id;
    const onFirst = collect(replicas[0], POST_CHANGED, { id: postId });
    const onSecond = collect(replicas[1], POST_CHANGED, { id: postId });
    await pause(500);
    let liked = await ask(replicas[0], TOGGLE_LIKE, { id: postId }, tokens[BOB]);
    await until(() => latestCount(onSecond) === liked.data.togglePostLike.post.likeCount);

    const before = outageLines([
      [0, 0],
      [0, 0],
    ]);
    proxy.freeze();
    const freezeEnds = Date.now() + FREEZE_MS;
    // A member's write on each replica, and a login: each answered with its data.
    liked = await ask(replicas[0], TOGGLE_LIKE, { id: postId }, tokens[BOB]);
    expect(liked.errors).toBeUndefined();
    const likeCount = liked.data.togglePostLike.post.likeCount;
    const bookmarked = await ask(replicas[1], BOOKMARK, { id: postId }, tokens[BOB]);
    expect(bookmarked.errors).toBeUndefined();
    expect(bookmarked.data.bookmarkPost.post.isBookmarked).toBe(true);
    const login = await ask(replicas[1], LOGIN, { input: { identifier: 'pudding@slime.community', password: 'slime1234' } });
    expect(login.errors).toBeUndefined();
    expect(login.data.loginWithPassword.__typename).toBe('LoginWithPasswordPayload');
    // The publishing replica's subscribers hear the change meanwhile.
    await until(() => latestCount(onFirst) === likeCount);
    await waitFor(async () => (await redisUp()).every((up) => up === 0));
    await pause(Math.max(0, freezeEnds - Date.now()));
    expect(await ask(replicas[0], `{ categories { name } }`, {})).toMatchObject({ data: { categories: expect.any(Array) } });
    // One line for the outage, however many commands and reconnect attempts met the frozen Redis.
    expect(outageLines(before)).toEqual([
      [1, 0],
      [1, 0],
    ]);

    proxy.thaw();
    await waitFor(async () => (await redisUp()).every((up) => up === 1));
    expect(outageLines(before)).toEqual([
      [1, 1],
      [1, 1],
    ]);
    // The like made during the freeze is as the member was told: it ran then, and nothing runs it again now.
    await pause(1000);
    const post = await replicas[1].graphql(`query ($id: ID!) { node(id: $id) { ... on Post { likeCount isLiked } } }`, { id: postId }, tokens[BOB]);
    expect(post.data.node.likeCount).toBe(likeCount);
    // Events cross replicas again.
    liked = await ask(replicas[0], TOGGLE_LIKE, { id: postId }, tokens[BOB]);
    await until(() => latestCount(onSecond) === liked.data.togglePostLike.post.likeCount);
    // Failed logins are counted in the shared Redis again (under this deployment's prefix).
    const wrong = await ask(replicas[1], LOGIN, { input: { identifier: 'peach@slime.community', password: 'wrongpass1' } });
    expect(wrong.data.loginWithPassword.__typename).toBe('BadRequestError');
    expect(await inspector.keys(`${prefix}login:*`)).not.toEqual([]);
  });

  it("keeps the upstream's failed-login counters in memory while Redis is frozen, and in Redis again once it answers", { timeout: 60_000 }, async () => {
    const upstreamPrefix = `${prefix}upstream-throttle:`;
    const warnings: string[] = [];
    const { throttle, close } = createLoginThrottle(
      proxy.url.replace(/^http/, 'redis'),
      upstreamPrefix,
      { warn: (detail, message) => void warnings.push(String(message ?? detail)) },
      TIMEOUT_MS,
    );
    cleanups.push(close);
    const keys = () => inspector.keys(`${upstreamPrefix}*`);
    // Counted in Redis while it answers.
    await waitFor(async () => {
      await throttle.recordFailure('before@slime.community', '192.0.2.1');
      return (await keys()).length > 0;
    });
    await inspector.del(...(await keys()));

    proxy.freeze();
    // Each failure is counted (in memory, the insurance), and the limit still applies.
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_PAIR; attempt += 1) await throttle.recordFailure('frozen@slime.community', '192.0.2.2');
    expect(await throttle.retryAfterSeconds('frozen@slime.community', '192.0.2.2')).toBeGreaterThan(0);
    expect(warnings.filter((message) => message.startsWith('Redis unreachable'))).toHaveLength(1);

    proxy.thaw();
    await waitFor(async () => warnings.includes('Redis reachable again'));
    // Counted in Redis again (under digests: a key names no address).
    const before = await keys();
    if (before.length) await inspector.del(...before);
    await throttle.recordFailure('after@slime.community', '192.0.2.3');
    expect((await keys()).length).toBeGreaterThan(0);
  });
});
