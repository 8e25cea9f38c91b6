import { randomUUID } from 'node:crypto';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { collect as collectFrom, until, wsClient } from '../helpers/ws.js';

/**
 * Two gateway replicas sharing Redis (REDIS_URL) in front of one upstream on PostgreSQL, as DESIGN §2 scales
 * out. Runs whenever CI's TEST_REDIS_URL and TEST_DATABASE_URL are set; an unreachable server then fails it.
 */
const INTERVAL_MS = 300;
const ALICE = 2;
const BOB = 3;

describe.runIf(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL)('two gateway replicas over Redis and PostgreSQL', () => {
  let upstream: RunningUpstream;
  let replicas: Stack[];
  let aliceToken: string;
  let bobToken: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    upstream = await startUpstream({ backend: 'postgres' });
    // This run's own keys and channels: other runs on the same Redis neither hold its leases nor hear its events.
    const settings = { redisUrl: process.env.TEST_REDIS_URL!, redisPrefix: `test:${randomUUID()}:`, notificationPollIntervalMs: INTERVAL_MS };
    replicas = [await startGatewayRig(upstream, { settings }), await startGatewayRig(upstream, { settings })];
    [aliceToken, bobToken] = await Promise.all([ALICE, BOB].map((id) => upstream.issueToken(id)));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    for (const replica of replicas ?? []) await replica.stop();
    await upstream?.stop();
  });

  const socket = (replica: Stack, token: string): Client => wsClient(replica.gateway.url, cleanups, token);
  const collect = (ws: Client, query: string, variables: Record<string, unknown> = {}) => collectFrom(ws, cleanups, query, variables);

  const polls = () =>
    replicas
      .flatMap((replica) => replica.proxy.calls)
      .filter((call) => call.method === 'GET' && call.url.startsWith('/v1/user/notification/?page=1&pageSize=20'));

  async function alicePost(): Promise<string> {
    const answer = await replicas[0].graphql(`{ posts(first: 50) { edges { node { id author { databaseId } } } } }`, undefined, { token: aliceToken });
    return answer.data.posts.edges.find((edge: any) => edge.node.author.databaseId === ALICE).node.id;
  }

  it('a subscriber on replica 1 hears postChanged caused by a mutation on replica 2', async () => {
    const postId = await alicePost();
    const heard = collect(socket(replicas[0], aliceToken), `subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }`, { id: postId });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const liked = await replicas[1].graphql(
      `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { likeCount } } } }`,
      { id: postId },
      { token: bobToken },
    );
    const { likeCount } = liked.data.togglePostLike.post;
    await until(() => heard.results.length > 0);
    expect(heard.results.at(-1).data.postChanged).toEqual({ id: postId, likeCount });
  });

  it('polls A’s inbox once per interval across both replicas, and both replicas’ sockets get the news', async () => {
    const onFirst = collect(socket(replicas[0], aliceToken), `subscription { notificationAdded { title } }`);
    const onSecond = collect(socket(replicas[1], aliceToken), `subscription { notificationAdded { title } }`);
    await until(() => replicas.every((replica) => replica.gateway.notificationBridge.activePollers === 1) && polls().length > 0);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    for (const replica of replicas) replica.proxy.reset();
    const started = performance.now();
    await until(() => polls().length >= 6);
    const elapsedIntervals = (performance.now() - started) / INTERVAL_MS;
    // Two replicas, each with a subscriber of A: one lease holder polls, the other waits. Two pollers would make
    // six polls in about three intervals; one poller needs about five (one of slack for timers on a loaded machine).
    expect(polls().length).toBeLessThanOrEqual(Math.floor(elapsedIntervals) + 2);
    const pollingReplicas = replicas.filter((replica) => replica.proxy.calls.some((call) => call.url.startsWith('/v1/user/notification/?page=1')));
    expect(pollingReplicas).toHaveLength(1);

    const reply = await replicas[1].graphql(
      `mutation ($input: CreateReplyInput!) { createReply(input: $input) { __typename } }`,
      { input: { postId: await alicePost(), content: '두 복제본 모두에게' } },
      { token: bobToken },
    );
    expect(reply.data.createReply.__typename).toBe('CreateReplyPayload');
    await until(() => onFirst.results.length > 0 && onSecond.results.length > 0);
    expect(onFirst.results[0].data.notificationAdded.title).toBe(onSecond.results[0].data.notificationAdded.title);
    expect(onFirst.results).toHaveLength(1);
    expect(onSecond.results).toHaveLength(1);

    // The holder's subscriber leaves: the other replica takes the lease over and keeps polling.
    const holder = pollingReplicas[0];
    (holder === replicas[0] ? onFirst : onSecond).unsubscribe();
    await until(() => holder.gateway.notificationBridge.activePollers === 0);
    const other = replicas.find((replica) => replica !== holder)!;
    other.proxy.reset();
    await until(() => other.proxy.calls.some((call) => call.url.startsWith('/v1/user/notification/?page=1')));
  });
});
