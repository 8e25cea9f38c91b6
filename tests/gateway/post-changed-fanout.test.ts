import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../helpers/stack.js';
import { collect as collectFrom, until, wsClient } from '../helpers/ws.js';

/**
 * postChanged fans out the post the publishing mutation got from the upstream: N subscribers cost no upstream
 * read and no views, and `isLiked` stays each subscriber's own.
 */
const ALICE = 2;
const BOB = 3;

let stack: Stack;
let aliceToken: string;
let bobToken: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  stack = await startStack();
  [aliceToken, bobToken] = await Promise.all([ALICE, BOB].map((id) => stack.upstream.issueToken(id)));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await stack?.stop();
});

const socket = (token?: string): Client => wsClient(stack.gateway.url, cleanups, token);
const collect = (ws: Client, query: string, variables: Record<string, unknown>) => collectFrom(ws, cleanups, query, variables);

/** The nth post of someone other than Alice and Bob, with its view count, read from the list (which counts no view). */
async function somePost(nth = 0): Promise<{ id: string; databaseId: number; views: () => Promise<number> }> {
  const list = await stack.rest<{ results: { id: number; author: { id: number } | null }[] }>('/v1/community/?page=1&page_size=50');
  const post = list.results.filter((candidate) => candidate.author && ![ALICE, BOB].includes(candidate.author.id))[nth];
  const views = async () => {
    const again = await stack.rest<{ results: { id: number; view_count: number }[] }>('/v1/community/?page=1&page_size=50');
    return again.results.find((candidate) => candidate.id === post.id)!.view_count;
  };
  return { id: Buffer.from(`Post:${post.id}`).toString('base64'), databaseId: post.id, views };
}

const TOGGLE_LIKE = `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { isLiked likeCount } } } }`;
/** A subscriber's own reading of the post: it shows the post already on screen, so it counts no view. */
const readsOf = (databaseId: number) => stack.upstreamRequests().filter((call) => call === `GET /v1/community/${databaseId}/?count_view=false`);
/** The session token each upstream read of the post was made with (undefined for a guest's). */
const readTokensOf = (databaseId: number) =>
  stack.proxy.calls
    .filter((call) => call.method === 'GET' && call.url === `/v1/community/${databaseId}/?count_view=false`)
    .map((call) => call.headers.authorization);
/** Toggles until the member likes the post (the demo data may already hold their like). */
async function likes(token: string, id: string) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if ((await stack.graphql(TOGGLE_LIKE, { id }, token)).data.togglePostLike.post.isLiked) return;
  }
  throw new Error('the like did not stick');
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('postChanged fan-out', () => {
  it('one like reaches five subscribers without an upstream read of the post or a view', async () => {
    const post = await somePost();
    const query = `subscription ($id: ID!) { postChanged(id: $id) { id likeCount replyCount viewCount } }`;
    const subscribers = [socket(), socket(), socket(aliceToken), socket(bobToken), socket(bobToken)].map((ws) => collect(ws, query, { id: post.id }));
    await settle();
    const viewsBefore = await post.views();
    stack.proxy.reset();

    const liked = await stack.graphql(TOGGLE_LIKE, { id: post.id }, aliceToken);
    const { likeCount } = liked.data.togglePostLike.post;
    await until(() => subscribers.every((subscriber) => subscriber.results.length === 1));

    for (const subscriber of subscribers) expect(subscriber.results[0].data.postChanged).toMatchObject({ id: post.id, likeCount, viewCount: viewsBefore });
    expect(readsOf(post.databaseId)).toEqual([]);
    expect(await post.views()).toBe(viewsBefore);
  });

  it('createReply and deleteReply send the new reply count, again without reading the post', async () => {
    const post = await somePost();
    const subscribers = [socket(), socket(bobToken)].map((ws) =>
      collect(ws, `subscription ($id: ID!) { postChanged(id: $id) { replyCount } }`, { id: post.id }),
    );
    await settle();
    stack.proxy.reset();

    const created = await stack.graphql(
      `mutation ($input: CreateReplyInput!) { createReply(input: $input) { ... on CreateReplyPayload { replyEdge { node { id } } post { replyCount } } } }`,
      { input: { postId: post.id, content: '팬아웃 시험 댓글' } },
      aliceToken,
    );
    const { replyEdge, post: afterCreate } = created.data.createReply;
    await until(() => subscribers.every((subscriber) => subscriber.results.length === 1));
    const deleted = await stack.graphql(
      `mutation ($input: DeleteReplyInput!) { deleteReply(input: $input) { ... on DeleteReplyPayload { post { replyCount } } } }`,
      { input: { id: replyEdge.node.id, postId: post.id } },
      aliceToken,
    );
    await until(() => subscribers.every((subscriber) => subscriber.results.length === 2));

    for (const subscriber of subscribers) {
      expect(subscriber.results.map((result) => result.data.postChanged.replyCount)).toEqual([
        afterCreate.replyCount,
        deleted.data.deleteReply.post.replyCount,
      ]);
    }
    expect(readsOf(post.databaseId)).toEqual([]);
  });

  it('the author’s e-mail, shown to the author liking their own post, reaches no subscriber', async () => {
    const list = await stack.rest<{ results: { id: number; author: { id: number } | null }[] }>('/v1/community/?page=1&page_size=50');
    const alicePost = Buffer.from(`Post:${list.results.find((candidate) => candidate.author?.id === ALICE)!.id}`).toString('base64');
    const query = `subscription ($id: ID!) { postChanged(id: $id) { author { databaseId email } } }`;
    const subscribers = [socket(), socket(bobToken)].map((ws) => collect(ws, query, { id: alicePost }));
    await settle();

    const liked = await stack.graphql(
      `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { author { email } } } } }`,
      { id: alicePost },
      aliceToken,
    );
    expect(liked.data.togglePostLike.post.author.email).toMatch(/@/);
    await until(() => subscribers.every((subscriber) => subscriber.results.length === 1));

    for (const subscriber of subscribers) expect(subscriber.results[0].data.postChanged.author).toEqual({ databaseId: ALICE, email: null });
  });

  it('isLiked is each subscriber’s own, never the publisher’s', async () => {
    const post = await somePost();
    // Bob likes the post; Alice likes it too, then takes her like back while everyone listens.
    await likes(bobToken, post.id);
    await likes(aliceToken, post.id);
    const query = `subscription ($id: ID!) { postChanged(id: $id) { likeCount isLiked } }`;
    const [alice, bob, guest] = [socket(aliceToken), socket(bobToken), socket()].map((ws) => collect(ws, query, { id: post.id }));
    await settle();
    stack.proxy.reset();

    const unliked = await stack.graphql(TOGGLE_LIKE, { id: post.id }, aliceToken);
    expect(unliked.data.togglePostLike.post.isLiked).toBe(false);
    const { likeCount } = unliked.data.togglePostLike.post;
    await until(() => [alice, bob, guest].every((subscriber) => subscriber.results.length === 1));

    expect(alice.results[0].data.postChanged).toEqual({ likeCount, isLiked: false });
    expect(bob.results[0].data.postChanged).toEqual({ likeCount, isLiked: true });
    expect(guest.results[0].data.postChanged).toEqual({ likeCount, isLiked: false });
    // The guest's answer needs no read; each member selecting isLiked is read with their own token.
    expect(readTokensOf(post.databaseId).sort()).toEqual([`token ${aliceToken}`, `token ${bobToken}`].sort());
  });

  it('sockets asking the same with the same token share one run: one read per member and event, and one leaving stops no one', async () => {
    // A post no earlier test's sockets (still open) listen to, so these sockets alone make the runs.
    const post = await somePost(1);
    const query = `subscription ($id: ID!) { postChanged(id: $id) { likeCount isLiked } }`;
    const bobSockets = [socket(bobToken), socket(bobToken), socket(bobToken)];
    const [first, ...others] = bobSockets.map((ws) => collect(ws, query, { id: post.id }));
    const guests = [socket(), socket()].map((ws) => collect(ws, query, { id: post.id }));
    await settle();
    stack.proxy.reset();

    const liked = await stack.graphql(TOGGLE_LIKE, { id: post.id }, aliceToken);
    await until(() => [first, ...others, ...guests].every((subscriber) => subscriber.results.length === 1));
    const bobSees = (await stack.graphql(`query ($id: ID!) { post(id: $id) { ... on Post { isLiked } } }`, { id: post.id }, bobToken)).data.post.isLiked;
    for (const subscriber of [first, ...others])
      expect(subscriber.results[0].data.postChanged).toEqual({ likeCount: liked.data.togglePostLike.post.likeCount, isLiked: bobSees });
    // Bob's three sockets: one read with his token for the event (his post() query just above opens the post: a view).
    expect(readTokensOf(post.databaseId).filter((authorization) => authorization === `token ${bobToken}`)).toHaveLength(1);

    await bobSockets[0].dispose();
    await settle();
    const again = await stack.graphql(TOGGLE_LIKE, { id: post.id }, aliceToken);
    await until(() => [...others, ...guests].every((subscriber) => subscriber.results.length === 2));
    for (const subscriber of [...others, ...guests]) expect(subscriber.results[1].data.postChanged.likeCount).toBe(again.data.togglePostLike.post.likeCount);

    // Once Bob's last socket leaves, his run ends: the next like reads nothing for him.
    await Promise.all(bobSockets.slice(1).map((ws) => ws.dispose()));
    await settle();
    stack.proxy.reset();
    await stack.graphql(TOGGLE_LIKE, { id: post.id }, aliceToken);
    await until(() => guests.every((subscriber) => subscriber.results.length === 3));
    await settle();
    expect(stack.proxy.calls.filter((call) => call.headers.authorization === `token ${bobToken}`)).toEqual([]);
  });

  it('sockets selecting only what is the same for everyone share one run whoever they are; selecting isLiked splits it per member', async () => {
    const post = await somePost(2);
    const runs = async () => {
      const text = await (await fetch(`${stack.gateway.url}/metrics`)).text();
      return Number(/^gateway_shared_subscription_runs (\d+)/m.exec(text)?.[1]);
    };
    const before = await runs();
    const counts = `subscription ($id: ID!) { postChanged(id: $id) { id likeCount replyCount } }`;
    const subscribers = [socket(aliceToken), socket(bobToken), socket(), socket(aliceToken)].map((ws) => collect(ws, counts, { id: post.id }));
    await settle();
    expect(await runs()).toBe(before + 1);

    const withOwnLike = `subscription ($id: ID!) { postChanged(id: $id) { likeCount isLiked } }`;
    [socket(aliceToken), socket(bobToken), socket(bobToken)].map((ws) => collect(ws, withOwnLike, { id: post.id }));
    await settle();
    expect(await runs()).toBe(before + 3);

    stack.proxy.reset();
    const liked = await stack.graphql(TOGGLE_LIKE, { id: post.id }, aliceToken);
    await until(() => subscribers.every((subscriber) => subscriber.results.length === 1));
    for (const subscriber of subscribers)
      expect(subscriber.results[0].data.postChanged).toEqual({
        id: post.id,
        likeCount: liked.data.togglePostLike.post.likeCount,
        replyCount: expect.any(Number),
      });
    // The shared run reads nothing: only the two members selecting isLiked are read for, once each.
    expect(readsOf(post.databaseId)).toHaveLength(2);
  });
});
