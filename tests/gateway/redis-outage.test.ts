import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingTexts as m } from '../../domain/messages.js';
import type { GatewaySettings } from '../../gateway/src/server/config.js';
import { startPrivateRedis, canStartRedis, type PrivateRedis } from '../helpers/redis-server.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { collect as collectFrom, until, wsClient } from '../helpers/ws.js';

/**
 * Redis as a dependency that fails: two gateway replicas over one real upstream share a Redis of the test's own,
 * which is killed for longer than ioredis' default retries last (about 10 s: every replica died of an unhandled
 * MaxRetriesPerRequestError before) while reads, writes and new subscriptions keep coming, then started again,
 * empty, as a Redis without persistence restarts. An unhandled rejection would fail the test process itself.
 *
 * The notification interval is far longer than the test, so what reaches a subscriber after the outage was found
 * by the poll every replica makes once Redis is back, not by a tick.
 */
const OUTAGE_MS = 20_000;
const INTERVAL_MS = 600_000;
const ALICE = 2;
const BOB = 3;
const POST_CHANGED = `subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }`;
const NOTIFICATION_ADDED = `subscription { notificationAdded { databaseId title } }`;
const TOGGLE_LIKE = `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { likeCount } } } }`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(canStartRedis)('two replicas through a Redis outage', () => {
  let redis: PrivateRedis;
  let upstream: RunningUpstream;
  let replicas: Stack[];
  const tokens: Record<number, string> = {};
  const cleanups: (() => Promise<void> | void)[] = [];
  /** Each replica's JSON log lines. */
  const logs: string[][] = [[], []];
  /** Warnings with this message: both ends of an outage are logged as warnings. */
  const logged = (replica: number, message: string) => logs[replica].filter((line) => line.includes('"level":40') && line.includes(`"msg":"${message}`)).length;
  /** Replicas started while Redis was down. */
  const started: Stack[] = [];
  let settings: Partial<GatewaySettings>;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    upstream = await startUpstream();
    settings = { redisUrl: redis.url, redisPrefix: `test:${randomUUID()}:`, notificationPollIntervalMs: INTERVAL_MS };
    replicas = [];
    for (const log of logs) replicas.push(await startGatewayRig(upstream, { settings, logStream: { write: (line) => void log.push(line) } }));
    for (const id of [ALICE, BOB]) tokens[id] = await upstream.issueToken(id);
  }, 60_000);
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const replica of [...(replicas ?? []), ...started]) await replica.stop();
    await upstream?.stop();
    await redis?.stop();
  });

  const collect = (replica: Stack, query: string, variables: Record<string, unknown> = {}, token = tokens[ALICE]) =>
    collectFrom(wsClient(replica.gateway.url, cleanups, token), cleanups, query, variables);
  const polls = (replica: Stack) => replica.proxy.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/v1/user/notification/?page=1&'));
  async function metric(replica: Stack, name: string): Promise<number> {
    const text = await (await fetch(`${replica.gateway.url}/metrics`)).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith(name))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  }
  const redisUp = async () => Promise.all(replicas.map((replica) => metric(replica, 'gateway_redis_up ')));
  async function like(replica: Stack, postId: string): Promise<number> {
    const answer = await replica.graphql(TOGGLE_LIKE, { id: postId }, { token: tokens[BOB] });
    expect(answer.errors).toBeUndefined();
    return answer.data.togglePostLike.post.likeCount;
  }
  const latestCount = (heard: { results: any[] }) => heard.results.at(-1)?.data.postChanged.likeCount;

  async function waitFor(condition: () => Promise<boolean>, timeoutMs: number) {
    let met = false;
    const end = Date.now() + timeoutMs;
    while (!(met = await condition()) && Date.now() < end) await pause(100);
    expect(met).toBe(true);
  }

  it('no replica dies, reads, writes and subscriptions carry on, and what happened meanwhile arrives after', { timeout: 120_000 }, async () => {
    const posts = await replicas[0].graphql(`{ posts(first: 50) { edges { node { id databaseId title author { databaseId } } } } }`);
    const post = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node;

    // Alice's inbox: the first replica polls its baseline and holds the lease, the second reads that state.
    const inboxOnFirst = collect(replicas[0], NOTIFICATION_ADDED);
    await until(() => polls(replicas[0]).length > 0);
    await pause(300);
    const inboxOnSecond = collect(replicas[1], NOTIFICATION_ADDED);
    await until(() => replicas[1].gateway.notificationBridge.activePollers === 1);
    const onFirst = collect(replicas[0], POST_CHANGED, { id: post.id });
    const onSecond = collect(replicas[1], POST_CHANGED, { id: post.id });
    await pause(500);
    let likeCount = await like(replicas[1], post.id);
    await until(() => latestCount(onFirst) === likeCount && latestCount(onSecond) === likeCount);

    await redis.stop();
    await waitFor(async () => (await redisUp()).every((up) => up === 0), 10_000);
    const outageEnds = Date.now() + OUTAGE_MS;
    const heardOnSecondBefore = onSecond.results.length;
    const lateSubscribers: ReturnType<typeof collect>[] = [];
    // A replica started while Redis is down starts, serves, and joins the others once Redis is back.
    started.push(await startGatewayRig(upstream, { settings }));
    lateSubscribers.push(collect(started[0], POST_CHANGED, { id: post.id }));
    let rounds = 0;
    while (Date.now() < outageEnds) {
      for (const replica of [...replicas, ...started]) {
        const read = await replica.graphql(`{ posts(first: 5) { edges { node { id likeCount } } } categories { name } }`, undefined, { token: tokens[ALICE] });
        expect(read.errors).toBeUndefined();
        expect(read.data.posts.edges.length).toBeGreaterThan(0);
        expect((await fetch(`${replica.gateway.url}/healthz`)).status).toBe(200);
      }
      likeCount = await like(replicas[rounds % 2 === 0 ? 1 : 0], post.id);
      if (rounds % 5 === 0) lateSubscribers.push(collect(replicas[0], POST_CHANGED, { id: post.id }));
      rounds += 1;
      await pause(200);
    }
    // Publishes went to each replica's own subscribers meanwhile, and were counted.
    expect(onSecond.results.length).toBeGreaterThan(heardOnSecondBefore);
    expect(await metric(replicas[1], 'gateway_redis_degraded_publishes_total{kind="postChanged"}')).toBeGreaterThan(0);
    // The like count the first replica's subscribers last heard is not the post's: the second replica changed it last.
    // Bob's reply, made straight at the upstream, hints no one.
    if (latestCount(onFirst) === likeCount) likeCount = await like(replicas[1], post.id);
    expect(latestCount(onFirst)).not.toBe(likeCount);
    const replied = await fetch(`${upstream.url}/v1/community/${post.databaseId}/reply/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `token ${tokens[BOB]}` },
      body: JSON.stringify({ content: 'Redis가 멈춘 사이에 단 댓글' }),
    });
    expect(replied.status).toBeLessThan(300);

    await redis.start();
    await waitFor(async () => (await redisUp()).every((up) => up === 1), 15_000);
    // One line when the outage began and one when it ended, however many events and reconnect attempts it saw.
    for (const replica of [0, 1]) expect([logged(replica, 'Redis unreachable'), logged(replica, 'Redis reachable again')]).toEqual([1, 1]);
    // The first replica's subscribers get the post as the second last published it, late rather than never.
    await until(() => latestCount(onFirst) === likeCount, 15_000);
    // The notification made during the outage arrives on both replicas' sockets; nothing arrives twice on the way.
    const titles = (inbox: { results: any[] }) => inbox.results.map((result) => result.data.notificationAdded.title);
    await until(() => [inboxOnFirst, inboxOnSecond].every((inbox) => titles(inbox).includes(m.replyOnPost('젤리곰', post.title))), 15_000);
    await pause(500);
    for (const inbox of [inboxOnFirst, inboxOnSecond]) {
      const ids = inbox.results.map((result) => result.data.notificationAdded.databaseId);
      expect(new Set(ids).size).toBe(ids.length);
    }

    // Live events cross replicas again, both ways, and reach the sockets subscribed during the outage.
    likeCount = await like(replicas[1], post.id);
    await until(() => latestCount(onFirst) === likeCount && lateSubscribers.every((late) => latestCount(late) === likeCount));
    likeCount = await like(replicas[0], post.id);
    await until(() => latestCount(onSecond) === likeCount);

    // Redis flapping: down and up three times in quick succession; events flow again after.
    for (let flap = 0; flap < 3; flap += 1) {
      await redis.stop();
      await pause(700);
      await redis.start();
      await pause(300);
    }
    await waitFor(async () => (await redisUp()).every((up) => up === 1), 15_000);
    likeCount = await like(replicas[0], post.id);
    await until(() => latestCount(onSecond) === likeCount && lateSubscribers.every((late) => latestCount(late) === likeCount));
  });
});
