import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { errorMessages, hardeningTexts } from '../../domain/messages.js';
import { DEMO_MEMBERS } from '../../upstream/src/db/seed-data.js';
import { DEMO_PASSWORD } from '../../upstream/src/db/seed-accounts.js';
import type { Service } from '../helpers/processes.js';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis-server.js';
import { alive, eventually, freshDatabase, fromAddress, graphql, LoadBalancer, startReplica, startUpstream, type GraphQLAnswer } from './fleet.js';

/**
 * The fleet under failure (issue 19): three gateway replicas behind HAProxy, one upstream on PostgreSQL, a private
 * Redis. Each scenario breaks one dependency the way production does and checks what members would notice.
 * Needs TEST_DATABASE_URL (CI sets it) and the haproxy and redis-server binaries (`.ci/run` installs HAProxy).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const HALF_OPEN_MS = 3000;
const POLL_INTERVAL_MS = 4000;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let redis: PrivateRedis;
let upstream: Service;
let upstreamPort: string;
let replicas: Service[] = [];
let lb: LoadBalancer;
const sockets: Client[] = [];
const tokens = new Map<string, string>();
let postId: string;

const replicaEnv = (upstreamUrl: string, prefix = 'chaos:') => ({
  UPSTREAM_URL: upstreamUrl,
  REDIS_URL: redis.url,
  REDIS_PREFIX: prefix,
  UPSTREAM_BREAKER_HALF_OPEN_MS: String(HALF_OPEN_MS),
  NOTIFICATION_POLL_INTERVAL_MS: String(POLL_INTERVAL_MS),
});

function socketTo(url: string, token?: string): Client {
  const client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { token } : {},
    // As the web client does: retry for ever, with a short wait here so the suite stays quick.
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 300)),
  });
  sockets.push(client);
  return client;
}

function listen(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const results: any[] = [];
  client.subscribe({ query, variables }, { next: (value) => void results.push(value), error: () => {}, complete: () => {} });
  return results;
}

async function login(url: string, handle: string): Promise<string> {
  const answer = await graphql(
    url,
    `mutation ($identifier: String!, $password: String!) { loginWithPassword(input: { identifier: $identifier, password: $password }) { ... on LoginWithPasswordPayload { token } } }`,
    { identifier: `${handle}@slime.community`, password: DEMO_PASSWORD },
  );
  const token = answer.data?.loginWithPassword?.token;
  if (!token) throw new Error(`login of ${handle} failed: ${JSON.stringify(answer)}`);
  return token;
}

const LIKE = `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename ... on TogglePostLikePayload { post { likeCount } } } }`;
const READ = `query ($id: ID!) { post(id: $id) { ... on Post { likeCount replyCount } } posts(first: 5) { edges { node { id } } } }`;

describe.skipIf(!serverUrl)('a fleet behind HAProxy', () => {
  beforeAll(async () => {
    database = await freshDatabase(serverUrl!);
    redis = await startPrivateRedis();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await lb?.stop();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await upstream?.stop();
    await redis?.stop();
    await database?.drop();
  }, 60_000);

  it('two upstreams started together on one empty database both start, and the demo data is there once', async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: 'chaos:' };
    const [first, second] = await Promise.all([startUpstream('upstream-1', env), startUpstream('upstream-2', env)]);
    const [members] = await database.query<{ count: string }>('select count(*) from users');
    expect(Number(members.count)).toBe(DEMO_MEMBERS.length);
    await second.stop();
    upstream = first;
    upstreamPort = new URL(first.url).port;

    replicas = await Promise.all([1, 2, 3].map((index) => startReplica(`replica-${index}`, replicaEnv(upstream.url))));
    lb = await LoadBalancer.start(replicas);
    // The recipe keeps the replicas' metrics off the public address.
    expect((await fetch(`${lb.url}/metrics`)).status).toBe(403);
    expect((await fetch(`${replicas[0].url}/metrics`)).status).toBe(200);
    for (const handle of ['mallang', 'jellybear', 'pudding', 'artisan', 'greenie', 'pinkjelly']) tokens.set(handle, await login(replicas[0].url, handle));
    const feed = await graphql(lb.url, `{ posts(first: 1) { edges { node { id } } } }`);
    postId = feed.data!.posts.edges[0].node.id;
  }, 240_000);

  it('a forged X-Forwarded-For does not escape the per-address limit', async () => {
    const client = fromAddress('127.0.0.21');
    const statuses: number[] = [];
    // Guest likes count toward the per-address mutation limit (300 a minute) before they are refused as guests.
    for (let index = 0; index < 320; index += 1) {
      const answer = await graphql(lb.url, LIKE, { id: postId }, { dispatcher: client, headers: { 'x-forwarded-for': `203.0.113.${index % 250}` } });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    // The limit is the address's, not everyone's.
    const other = await graphql(lb.url, LIKE, { id: postId }, { dispatcher: fromAddress('127.0.0.22') });
    expect(other.status, JSON.stringify(other)).not.toBe(429);
  }, 120_000);

  it("headers of 20 kB, past HAProxy's default buffer, reach a replica and are refused in its words (431), not by HAProxy's HTML", async () => {
    const answer = await fetch(`${lb.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-padding': 'a'.repeat(20_000) },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(answer.status).toBe(431);
    expect(((await answer.json()) as GraphQLAnswer).errors![0].message).toBe(hardeningTexts.headersTooLarge);
  });

  it('Redis stopped for 20 s under load: no replica dies, service goes on, live events resume after', async () => {
    const subscriber = socketTo(replicas[0].url, tokens.get('mallang'));
    const heard = listen(subscriber, `subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }`, { id: postId });
    const notified = listen(subscriber, `subscription { notificationAdded { title } }`);
    const feed = await graphql(replicas[0].url, `{ posts(first: 50) { edges { node { id author { nickname } } } } }`);
    const mallangsPost = feed.data!.posts.edges.find((edge: any) => edge.node.author?.nickname === '말랑콩떡').node.id;
    await new Promise((resolve) => setTimeout(resolve, 500));

    const tally = { ok: 0, failed: 0 };
    let running = true;
    const load = ['jellybear', 'pudding', 'artisan', 'greenie'].map(async (handle, index) => {
      const dispatcher = fromAddress(`127.0.0.${40 + index}`);
      for (let round = 0; running; round += 1) {
        const query = round % 5 === 4 ? LIKE : READ;
        const answer = await graphql(lb.url, query, { id: postId }, { token: tokens.get(handle), dispatcher }).catch(() => undefined);
        if (answer?.status === 200 && !answer.errors) tally.ok += 1;
        else tally.failed += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    // A reply on another replica while Redis is away: its hint cannot cross, but the notification must still come.
    const reply = await graphql(
      replicas[2].url,
      `mutation ($postId: ID!) { createReply(input: { postId: $postId, content: "레디스가 없는 동안 단 댓글" }) { __typename } }`,
      { postId: mallangsPost },
      { token: tokens.get('jellybear') },
    );
    expect(reply.data?.createReply.__typename).toBe('CreateReplyPayload');
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    expect(replicas.filter(alive)).toHaveLength(3);
    const duringOutage = { ...tally };
    await redis.start();
    running = false;
    await Promise.all(load);

    expect(replicas.filter(alive)).toHaveLength(3);
    for (const replica of replicas) expect((await fetch(`${replica.url}/healthz`)).status).toBe(200);
    expect(duringOutage.ok).toBeGreaterThan(50);
    expect(duringOutage.failed).toBeLessThanOrEqual(duringOutage.ok * 0.02);

    await eventually(() => notified.length > 0, POLL_INTERVAL_MS * 3);
    // A like on replica 3 reaches replica 1's subscriber through Redis again.
    await eventually(async () => {
      const before = heard.length;
      const liked = await graphql(replicas[2].url, LIKE, { id: postId }, { token: tokens.get('pinkjelly') });
      const likeCount = liked.data?.togglePostLike?.post?.likeCount;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return heard.length > before && heard.at(-1).data.postChanged.likeCount === likeCount;
    }, 30_000);
  }, 120_000);

  it('after an upstream outage, replicas checked only by HAProxy serve again within a half-open period', async () => {
    await upstream.kill();
    // Real traffic opens every replica's breaker.
    await eventually(async () => {
      await Promise.all(Array.from({ length: 12 }, () => graphql(lb.url, READ, { id: postId }).catch(() => undefined)));
      const ready = await Promise.all(replicas.map((replica) => fetch(`${replica.url}/readyz`).then((response) => response.status)));
      return ready.every((status) => status === 503);
    }, 30_000);
    // With every replica out, HAProxy answers itself: the GraphQL answer a draining replica gives, not an HTML page.
    await eventually(async () => {
      const answer = await fetch(`${lb.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: READ, variables: { id: postId } }),
      });
      if (answer.status !== 503 || answer.headers.has('x-request-id')) return false;
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual({
        errors: [{ message: errorMessages.SERVICE_UNAVAILABLE, extensions: { code: 'SERVICE_UNAVAILABLE', status: 503 } }],
      });
      return true;
    }, 10_000);

    upstream = await startUpstream('upstream-1', { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: 'chaos:', PORT: upstreamPort });
    // No member request now: only HAProxy's health checks (and this look at /readyz) reach the replicas.
    await eventually(
      async () => {
        const ready = await Promise.all(replicas.map((replica) => fetch(`${replica.url}/readyz`).then((response) => response.status)));
        return ready.every((status) => status === 200);
      },
      HALF_OPEN_MS * 2 + 5000,
    );
    // HAProxy takes a replica back at its next check of it (every 500 ms here).
    await eventually(async () => (await graphql(lb.url, READ, { id: postId })).errors === undefined, 5000);
  }, 120_000);

  it('kill -9 of a replica under writes: no acknowledged write is lost or doubled, and sockets reconnect and catch up', async () => {
    const watchers = Array.from({ length: 6 }, () =>
      listen(socketTo(lb.url), `subscription ($id: ID!) { postChanged(id: $id) { id likeCount replyCount } }`, { id: postId }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const marker = randomUUID().slice(0, 8);
    const acknowledged: string[] = [];
    let writing = true;
    const writers = ['jellybear', 'pudding', 'artisan'].map(async (handle, index) => {
      const dispatcher = fromAddress(`127.0.0.${60 + index}`);
      for (let round = 0; writing; round += 1) {
        const content = `카오스 ${marker} ${handle} ${round}`;
        const idempotencyKey = `chaos-${marker}-${handle}-${round}`;
        // Retried with the same key until answered, as the web client retries a send.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const answer = await graphql(
            lb.url,
            `mutation ($postId: ID!, $content: String!, $key: String) { createReply(input: { postId: $postId, content: $content, idempotencyKey: $key }) { __typename } }`,
            { postId, content, key: idempotencyKey },
            { token: tokens.get(handle), dispatcher },
          ).catch(() => undefined);
          if (answer?.data?.createReply?.__typename === 'CreateReplyPayload') {
            acknowledged.push(content);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 3000));
    const killed = replicas[1];
    await killed.kill();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    replicas[1] = await startReplica('replica-2', { ...replicaEnv(upstream.url), PORT: new URL(killed.url).port });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    writing = false;
    await Promise.all(writers);

    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = await database.query<{ content: string; count: string }>(
      `select content, count(*) from replies where content like '카오스 ${marker} %' group by content`,
    );
    const storedCounts = new Map(stored.map((row) => [row.content, Number(row.count)]));
    for (const content of acknowledged) expect({ content, count: storedCounts.get(content) }).toEqual({ content, count: 1 });

    // Every watcher, including those whose replica died, hears the post as it now is.
    const liked = await graphql(lb.url, LIKE, { id: postId }, { token: tokens.get('greenie') });
    const likeCount = liked.data!.togglePostLike.post.likeCount;
    await eventually(() => watchers.every((heard) => heard.at(-1)?.data?.postChanged?.likeCount === likeCount), 30_000);
  }, 120_000);

  it('two deployments with different prefixes on one Redis do not hear each other', async () => {
    const other = await startReplica('other-deployment', replicaEnv(upstream.url, 'other:'));
    replicas.push(other);
    const heard = listen(socketTo(other.url), `subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }`, { id: postId });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await graphql(replicas[0].url, LIKE, { id: postId }, { token: tokens.get('artisan') });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const liked = await graphql(other.url, LIKE, { id: postId }, { token: tokens.get('artisan') });
    await eventually(() => heard.length > 0, 10_000);
    expect(heard.map((result) => result.data.postChanged.likeCount)).toEqual([liked.data!.togglePostLike.post.likeCount]);
  }, 120_000);
});
