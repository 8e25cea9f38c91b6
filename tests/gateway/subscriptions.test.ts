import { randomUUID } from 'node:crypto';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, RATE_LIMITS, WS_LIMITS } from '../../domain/limits.js';
import { hardeningTexts } from '../../domain/messages.js';
import { publishPostChanged } from '../../gateway/src/server/pubsub.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { collect as collectFrom, rawSocket as openRawSocket, until, wsClient } from '../helpers/ws.js';

let upstream: RunningUpstream;
let rig: Stack;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
  rig = await startGatewayRig(upstream);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rig?.stop();
  await upstream?.stop();
});

const rawSocket = (gateway: Stack) => openRawSocket(gateway.gateway.url, cleanups);
const client = (gateway: Stack, token?: string): Client => wsClient(gateway.gateway.url, cleanups, token);
const collect = (ws: Client, query: string, variables: Record<string, unknown> = {}) => collectFrom(ws, cleanups, query, variables);

async function firstPost(token?: string): Promise<{ id: string; databaseId: number }> {
  const answer = await rig.graphql(`{ posts(first: 1) { edges { node { id databaseId } } } }`, undefined, { token });
  return answer.data.posts.edges[0].node;
}

/** Everything a guest's subscription is sent, once the server completes it (errors as `{ socketError }`). */
async function everythingSent(query: string, variables: Record<string, unknown>): Promise<unknown[]> {
  const heard: { results: unknown[]; completed: boolean } = { results: [], completed: false };
  const unsubscribe = client(rig).subscribe(
    { query, variables },
    {
      next: (value) => void heard.results.push(value),
      error: (error) => void heard.results.push({ socketError: error }),
      complete: () => (heard.completed = true),
    },
  );
  cleanups.push(unsubscribe);
  await until(() => heard.completed);
  return heard.results;
}

const POST_CHANGED = `subscription ($id: ID!) { postChanged(id: $id) { id likeCount isLiked } }`;

describe('graphql-ws hardening', () => {
  it('closes with 4408 when no ConnectionInit arrives in time', async () => {
    const { opened, closed } = rawSocket(rig);
    await opened;
    expect(await closed).toBe(4408);
  });

  it('closes with 4403 when the ConnectionInit token is refused', async () => {
    const { socket, opened, closed } = rawSocket(rig);
    await opened;
    socket.send(JSON.stringify({ type: 'connection_init', payload: { token: 'not-a-token' } }));
    expect(await closed).toBe(4403);
  });

  it('closes a socket that sends a frame above the maximum payload (1009)', async () => {
    const { socket, opened, closed } = rawSocket(rig);
    await opened;
    socket.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(WS_LIMITS.maxPayloadBytes) } }));
    expect(await closed).toBe(1009);
  });

  it('caps live subscriptions per socket', async () => {
    const { id } = await firstPost();
    const ws = client(rig);
    const live = Array.from({ length: WS_LIMITS.maxSubscriptionsPerSocket }, () => collect(ws, POST_CHANGED, { id }));
    const extra = collect(ws, POST_CHANGED, { id });
    await until(() => extra.errors.length > 0);
    expect(JSON.stringify(extra.errors[0])).toContain(hardeningTexts.tooManySubscriptions(WS_LIMITS.maxSubscriptionsPerSocket));
    expect(live.every((subscription) => subscription.errors.length === 0)).toBe(true);
  });

  it('applies the operation limits to socket operations', async () => {
    const ws = client(rig);
    const deep = collect(ws, `subscription ($id: ID!) { postChanged(id: $id) { category { ${'children { '.repeat(12)}name${' }'.repeat(12)} } } }`, {
      id: 'x',
    });
    await until(() => deep.errors.length > 0);
    expect(JSON.stringify(deep.errors[0])).toContain(hardeningTexts.tooDeep(GRAPHQL_LIMITS.maxDepth));
  });
});

describe('graphql-ws request errors', () => {
  it.each([
    ['a document that does not validate', 'subscription { nope }', 'GRAPHQL_VALIDATION_FAILED', hardeningTexts.documentInvalid],
    ['a document that does not parse', 'subscription {', 'GRAPHQL_PARSE_FAILED', hardeningTexts.documentUnreadable],
  ])('%s is told in Korean with its code and nothing of HTTP', async (_name, query, code, message) => {
    const refused = collect(client(rig), query);
    await until(() => refused.errors.length > 0);
    const [error] = refused.errors[0] as { message: string; extensions: Record<string, unknown> }[];
    expect(error).toMatchObject({ message, extensions: { code } });
    expect(error.extensions).not.toHaveProperty('http');
  });
});

describe('queries and mutations over graphql-ws', () => {
  it('runs a mutation sent on a socket, as over HTTP', async () => {
    const token = await upstream.issueToken(6);
    const post = await firstPost(token);
    const before = (await rig.graphql(`query ($id: ID!) { node(id: $id) { ... on Post { likeCount isLiked } } }`, { id: post.id }, { token })).data.node;
    const sent = collect(
      client(rig, token),
      `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { likeCount isLiked } } } }`,
      { id: post.id },
    );
    await until(() => sent.results.length > 0 || sent.errors.length > 0);
    expect(sent.errors).toEqual([]);
    expect(sent.results[0].errors).toBeUndefined();
    expect(sent.results[0].data.togglePostLike.post).toEqual({ likeCount: before.likeCount + (before.isLiked ? -1 : 1), isLiked: !before.isLiked });
  });

  it('tells a rate-limited socket operation in Korean, without the HTTP status Yoga notes for HTTP answers', async () => {
    const token = await upstream.issueToken(7);
    const ws = client(rig, token);
    const aliased = (count: number) =>
      `mutation { ${Array.from({ length: count }, (_, index) => `m${index}: togglePostLike(input: { id: "bad" }) { __typename }`).join(' ')} }`;
    let refused: { message: string; extensions: Record<string, unknown> } | undefined;
    for (let sent = 0; !refused && sent <= RATE_LIMITS.mutationsPerMember.points; sent += GRAPHQL_LIMITS.maxAliases) {
      const answer = collect(ws, aliased(GRAPHQL_LIMITS.maxAliases));
      await until(() => answer.results.length > 0 || answer.errors.length > 0);
      refused = answer.results[0]?.errors?.find((error: { extensions?: Record<string, unknown> }) => error.extensions?.code === 'RATE_LIMITED');
    }
    expect(refused).toBeDefined();
    expect(refused!.extensions).not.toHaveProperty('http');
    expect(refused!.extensions.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused!.message).toBe(hardeningTexts.rateLimited(refused!.extensions.retryAfterSeconds as number));
  });
});

describe('postChanged', () => {
  it('sends each subscriber the post as that member sees it (their own isLiked)', async () => {
    const aliceToken = await upstream.issueToken(1);
    const bobToken = await upstream.issueToken(2);
    const post = await firstPost(aliceToken);
    const alice = collect(client(rig, aliceToken), POST_CHANGED, { id: post.id });
    const bob = collect(client(rig, bobToken), POST_CHANGED, { id: post.id });
    const guest = collect(client(rig), POST_CHANGED, { id: post.id });
    const subscribers = [alice, bob, guest];
    const toggleLike = async () => {
      const liked = await rig.graphql(
        `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { isLiked likeCount } } } }`,
        { id: post.id },
        { token: aliceToken },
      );
      return liked.data.togglePostLike.post as { isLiked: boolean; likeCount: number };
    };
    // A subscription is live once its socket has heard a change; on a busy machine registering can take a while.
    for (let attempt = 0; subscribers.some((subscriber) => subscriber.results.length === 0); attempt += 1) {
      if (attempt === 20) throw new Error('the subscriptions never heard a change');
      await toggleLike();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    const { isLiked, likeCount } = await toggleLike();
    const lastChange = (subscriber: (typeof subscribers)[number]) => subscriber.results.at(-1)?.data.postChanged;
    await until(() => subscribers.every((subscriber) => lastChange(subscriber)?.likeCount === likeCount));

    expect(lastChange(alice)).toMatchObject({ id: post.id, likeCount, isLiked });
    expect(lastChange(guest)).toMatchObject({ likeCount, isLiked: false });
    const bobSees = await rig.graphql(`query ($id: ID!) { post(id: $id) { ... on Post { isLiked } } }`, { id: post.id }, { token: bobToken });
    expect(lastChange(bob).isLiked).toBe(bobSees.data.post.isLiked);
  });

  it('answers NOT_FOUND at ["postChanged"] and completes for a post that does not exist', async () => {
    const missing = Buffer.from('Post:999999').toString('base64');
    expect(await everythingSent(POST_CHANGED, { id: missing })).toEqual([
      { errors: [expect.objectContaining({ path: ['postChanged'], extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })] },
    ]);
  });

  describe.runIf(process.env.TEST_REDIS_URL)('through Redis (REDIS_URL)', () => {
    it('reaches subscribers on another gateway replica', async () => {
      // This run's own channels: other runs on the same Redis neither hear it nor are heard.
      const settings = { redisUrl: process.env.TEST_REDIS_URL!, redisPrefix: `test:${randomUUID()}:` };
      const publisher = await startGatewayRig(upstream, { settings });
      const subscriber = await startGatewayRig(upstream, { settings });
      cleanups.push(
        () => publisher.stop(),
        () => subscriber.stop(),
      );
      const post = await firstPost();
      const heard = collect(client(subscriber), POST_CHANGED, { id: post.id });
      await new Promise((resolve) => setTimeout(resolve, 500));
      publishPostChanged(publisher.gateway.pubSub, await (await fetch(`${upstream.url}/v1/community/${post.databaseId}/`)).json());
      await until(() => heard.results.length > 0);
      expect(heard.results[0].data.postChanged.id).toBe(post.id);
    });

    it('tells replyAdded subscribers on another replica of an answer written through this one, with its thread', async () => {
      const settings = { redisUrl: process.env.TEST_REDIS_URL!, redisPrefix: `test:${randomUUID()}:` };
      const writer = await startGatewayRig(upstream, { settings });
      const reader = await startGatewayRig(upstream, { settings });
      cleanups.push(
        () => writer.stop(),
        () => reader.stop(),
      );
      const token = await upstream.issueToken(2);
      const post = await firstPost();
      const thread = await fetch(`${upstream.url}/v1/community/${post.databaseId}/reply/`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: '다른 복제본에서 답글을 기다리는 댓글' }),
      });
      const threadId = Buffer.from(`Reply:${((await thread.json()) as { id: number }).id}`).toString('base64');
      const heard = collect(client(reader), `subscription ($postId: ID!) { replyAdded(postId: $postId) { reply { id } thread { id } } }`, {
        postId: post.id,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const answered = await writer.graphql(
        `mutation ($input: CreateReplyInput!) { createReply(input: $input) { ... on CreateReplyPayload { replyEdge { node { id } } } } }`,
        { input: { postId: post.id, parentId: threadId, content: '다른 복제본으로 가는 답글' } },
        { token },
      );
      await until(() => heard.results.length > 0);
      expect(heard.results[0].data.replyAdded).toEqual({ reply: { id: answered.data.createReply.replyEdge.node.id }, thread: { id: threadId } });
    });
  });
});

describe('replyAdded', () => {
  const REPLY_ADDED = `subscription ($postId: ID!) { replyAdded(postId: $postId) { post { id replyCount } reply { id } thread { id } } }`;
  const REPLY_ADDED_WITH_TEXT = `subscription ($postId: ID!) { replyAdded(postId: $postId) { reply { id content } } }`;

  async function newPost(token: string): Promise<string> {
    const created = await fetch(`${upstream.url}/v1/community/`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '답글이 실시간으로 오는 글', content: '스레드마다 답글을 기다립니다' }),
    });
    return Buffer.from(`Post:${((await created.json()) as { id: number }).id}`).toString('base64');
  }

  async function reply(token: string, postId: string, content: string, parentId?: string): Promise<string> {
    const answer = await rig.graphql(
      `mutation ($input: CreateReplyInput!) { createReply(input: $input) { ... on CreateReplyPayload { replyEdge { node { id } } } } }`,
      { input: { postId, content, parentId } },
      { token },
    );
    return answer.data.createReply.replyEdge.node.id;
  }

  it('names the new reply and, for an answer, the thread it joins; each subscriber who asks for its text reads it as themselves', async () => {
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map((id) => upstream.issueToken(id)));
    const postId = await newPost(alice);
    const guest = collect(client(rig), REPLY_ADDED, { postId });
    const reader = collect(client(rig, alice), REPLY_ADDED_WITH_TEXT, { postId });
    const blocker = collect(client(rig, carol), REPLY_ADDED_WITH_TEXT, { postId });
    // A subscription is live once it has heard a reply; on a busy machine registering can take a while.
    const heardByAll = () => [guest, reader, blocker].every((subscriber) => subscriber.results.length > 0);
    let thread = '';
    for (let attempt = 0; !heardByAll(); attempt += 1) {
      if (attempt === 20) throw new Error('the subscriptions never heard a reply');
      thread = await reply(alice, postId, `스레드를 여는 댓글 ${attempt}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const bobId = (await rig.graphql(`{ viewer { id } }`, undefined, { token: bob })).data.viewer.id;
    const blocked = await rig.graphql(`mutation ($id: ID!) { blockUser(input: { id: $id }) { __typename } }`, { id: bobId }, { token: carol });
    expect(blocked.data.blockUser.__typename).toBe('BlockUserPayload');
    const heardBefore = { guest: guest.results.length, reader: reader.results.length, blocker: blocker.results.length };

    const answer = await reply(bob, postId, '스레드에 다는 답글', thread);
    await until(() => guest.results.length > heardBefore.guest && reader.results.length > heardBefore.reader && blocker.results.length > heardBefore.blocker);
    const replyCount = (await rig.graphql(`query ($id: ID!) { post(id: $id) { ... on Post { replyCount } } }`, { id: postId })).data.post.replyCount;
    expect(guest.results.at(-1)).toEqual({ data: { replyAdded: { post: { id: postId, replyCount }, reply: { id: answer }, thread: { id: thread } } } });
    expect(reader.results.at(-1)).toEqual({ data: { replyAdded: { reply: { id: answer, content: '스레드에 다는 답글' } } } });
    // Carol blocked Bob: his answer is not hers to read, live or not.
    expect(blocker.results.at(-1)).toEqual({ data: { replyAdded: { reply: null } } });

    const topLevel = await reply(bob, postId, '새 댓글');
    await until(() => guest.results.at(-1).data.replyAdded.reply.id === topLevel);
    expect(guest.results.at(-1).data.replyAdded.thread).toBeNull();
  });

  it('answers NOT_FOUND at ["replyAdded"] and completes for a post that does not exist', async () => {
    expect(await everythingSent(REPLY_ADDED, { postId: Buffer.from('Post:999999').toString('base64') })).toEqual([
      { errors: [expect.objectContaining({ path: ['replyAdded'], extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })] },
    ]);
  });
});
