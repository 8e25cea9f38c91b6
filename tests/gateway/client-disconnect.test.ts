import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../gateway/src/server/server.js';
import type { UpstreamCallRecord } from '../../gateway/src/upstream/client.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startUpstream } from '../helpers/upstream.js';

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: FaultProxy;
let gateway: RunningGateway;
const calls: UpstreamCallRecord[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
  proxy = await startFaultProxy(upstream.url);
  gateway = await startGateway({ upstreamUrl: proxy.url, port: 0, upstream: { breakerFailures: 3, onCall: (call) => calls.push(call) } });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await proxy?.close();
  await upstream?.stop();
});

const FEED = `query { posts(first: 5) { edges { node { id } } } }`;
/** Five different lists, so five upstream calls: identical concurrent reads would share one. */
const feedOfSize = (first: number) => `query { posts(first: ${first}) { edges { node { id } } } }`;

it('clients hanging up mid-request never open the upstream breaker for everyone else', async () => {
  // The upstream is still thinking when each client goes away.
  proxy.fallback = { kind: 'hang' };
  const abandoned = Array.from({ length: 5 }, async (_, index) => {
    const controller = new AbortController();
    const answer = fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: feedOfSize(index + 1) }),
      signal: controller.signal,
    });
    await expect.poll(() => proxy.calls.filter((call) => !call.abandoned).length, { timeout: 15_000 }).toBeGreaterThan(0);
    controller.abort();
    await answer.catch(() => undefined);
  });
  for (const leaving of abandoned) await leaving;
  await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(5);
  expect(calls.map((call) => call.outcome)).toEqual(Array(5).fill('aborted'));
  expect(gateway.client.breakerClosed).toBe(true);

  proxy.fallback = { kind: 'pass' };
  const response = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: FEED }),
  });
  const answer = await response.json();
  expect(answer.errors).toBeUndefined();
  expect(answer.data.posts.edges.length).toBeGreaterThan(0);
}, 90_000);
