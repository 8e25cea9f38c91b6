import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../gateway/src/server/server.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startUpstream } from '../helpers/upstream.js';

/**
 * Identical reads in flight at once share one upstream call (per caller), the way a busy feed is served to
 * many readers; reads with a side effect upstream (a post's detail counts a view) are never shared.
 */
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: FaultProxy;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  proxy = await startFaultProxy(upstream.url);
  gateway = await startGateway({ upstreamUrl: proxy.url, port: 0 });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await proxy?.close();
  await upstream?.stop();
});

beforeEach(() => {
  proxy.reset();
  // Every upstream answer comes late, so requests sent together are certainly in flight together.
  proxy.fallback = { kind: 'slowHeaders', delayMs: 1000 };
});

const FEED = `{ posts(first: 20) { totalCount edges { node { id title likeCount isLiked author { nickname } } } } }`;

function ask(query: string, options: { token?: string; signal?: AbortSignal } = {}) {
  return fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `token ${options.token}` } : {}) },
    body: JSON.stringify({ query }),
    signal: options.signal,
  }).then((response) => response.json());
}

const feedCalls = () => proxy.calls.filter((call) => call.url.startsWith('/v1/community/?'));

describe('identical reads in flight', () => {
  it('share one upstream call and every reader gets the whole answer', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(FEED)));
    expect(feedCalls()).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.posts.edges).toHaveLength(20);
      expect(answer).toEqual(answers[0]);
    }
  });

  it('are shared only between requests of the same member: each token gets its own call and its own isLiked', async () => {
    const [first, second] = [await upstream.issueToken(2), await upstream.issueToken(3)];
    proxy.fallback = { kind: 'pass' };
    const liked = (await ask(`{ posts(first: 1) { edges { node { id databaseId } } } }`)).data.posts.edges[0].node;
    await fetch(`${upstream.url}/v1/community/${liked.databaseId}/`, { method: 'PATCH', headers: { authorization: `token ${first}` } });
    proxy.reset();
    proxy.fallback = { kind: 'slowHeaders', delayMs: 1000 };

    const [asFirst, asFirstAgain, asSecond, asGuest] = await Promise.all([
      ask(FEED, { token: first }),
      ask(FEED, { token: first }),
      ask(FEED, { token: second }),
      ask(FEED),
    ]);
    expect(feedCalls()).toHaveLength(3);
    expect(new Set(feedCalls().map((call) => call.headers.authorization))).toEqual(new Set([`token ${first}`, `token ${second}`, undefined]));
    const isLiked = (answer: any) => answer.data.posts.edges.find((edge: any) => edge.node.id === liked.id).node.isLiked;
    expect([isLiked(asFirst), isLiked(asFirstAgain), isLiked(asSecond), isLiked(asGuest)]).toEqual([true, true, false, false]);
  });

  it('keep serving the readers who stay when one of them hangs up', async () => {
    const leaving = new AbortController();
    const left = ask(FEED, { signal: leaving.signal }).catch((error: Error) => error.name);
    const staying = ask(FEED);
    await expect.poll(() => feedCalls().length).toBe(1);
    leaving.abort();
    expect(await left).toBe('AbortError');
    const answer = await staying;
    expect(answer.errors).toBeUndefined();
    expect(answer.data.posts.edges).toHaveLength(20);
    expect(feedCalls()).toHaveLength(1);
    expect(feedCalls()[0].abandoned).toBe(false);
  });

  it('are abandoned upstream once the last reader has hung up', async () => {
    proxy.fallback = { kind: 'hang' };
    const readers = [new AbortController(), new AbortController()];
    const answers = readers.map((reader) => ask(FEED, { signal: reader.signal }).catch(() => undefined));
    await expect.poll(() => feedCalls().length).toBe(1);
    readers[0].abort();
    await answers[0];
    expect(feedCalls()[0].abandoned).toBe(false);
    readers[1].abort();
    await answers[1];
    await expect.poll(() => feedCalls()[0].abandoned).toBe(true);
    expect(feedCalls()).toHaveLength(1);
  });
});

it('never shares a post’s detail read: each one counts its view upstream', async () => {
  proxy.fallback = { kind: 'pass' };
  const { id, databaseId } = (await ask(`{ posts(first: 1) { edges { node { id databaseId } } } }`)).data.posts.edges[0].node;
  const views = async () => (await (await fetch(`${upstream.url}/v1/community/?page=1&page_size=1`)).json()).results[0].view_count as number;
  const before = await views();
  proxy.reset();
  proxy.fallback = { kind: 'slowHeaders', delayMs: 1000 };

  const answers = await Promise.all(Array.from({ length: 3 }, () => ask(`{ post(id: "${id}") { ... on Post { viewCount } } }`)));
  expect(answers.every((answer) => answer.errors === undefined)).toBe(true);
  expect(proxy.calls.filter((call) => call.url === `/v1/community/${databaseId}/`)).toHaveLength(3);
  expect(await views()).toBe(before + 3);
});
