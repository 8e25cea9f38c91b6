import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, outcomeUnknownMessages } from '../../domain/index.js';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../gateway/src/server/server.js';
import type { UpstreamRetryRecord } from '../../gateway/src/upstream/client.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';

let upstream: RunningUpstream;
const running: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  for (const item of running.reverse()) await item.stop();
  await upstream?.stop();
});

interface Rig {
  proxy: FaultProxy;
  gateway: RunningGateway;
  retries: UpstreamRetryRecord[];
  graphql(query: string, variables?: Record<string, unknown>, init?: { token?: string; signal?: AbortSignal }): Promise<any>;
}

/** The real upstream behind a fault-injecting proxy, and a gateway in front with these options. */
async function rig(options: Partial<GatewayOptions> = {}): Promise<Rig> {
  const proxy = await startFaultProxy(upstream.url);
  const retries: UpstreamRetryRecord[] = [];
  const gateway = await startGateway({
    upstreamUrl: proxy.url,
    port: 0,
    ...options,
    upstream: { ...options.upstream, onRetry: (retry) => retries.push(retry) },
  });
  running.push({ stop: async () => (await gateway.close(), await proxy.close()) });
  return {
    proxy,
    gateway,
    retries,
    async graphql(query, variables, init = {}) {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `token ${init.token}` } : {}) },
        body: JSON.stringify({ query, variables }),
        signal: init.signal,
      });
      return response.json();
    },
  };
}

const POST_QUERY = `query ($id: ID!) { post(id: $id) { ... on Post { id title likeCount } } }`;

async function firstPostId(r: Rig): Promise<string> {
  const answer = await r.graphql(`{ posts(first: 1) { edges { node { id } } } }`);
  return answer.data.posts.edges[0].node.id;
}

const callsTo = (proxy: FaultProxy, fragment: string) => proxy.calls.filter((call) => call.url.includes(fragment));

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

describe('retries: GET and HEAD only, 1000 ms doubling, Retry-After honoured', () => {
  let r: Rig;
  let postId: string;
  let postPath: string;
  beforeAll(async () => {
    r = await rig();
    postId = await firstPostId(r);
    postPath = `/v1/community/${Buffer.from(postId, 'base64').toString().split(':')[1]}/`;
  });

  it('retries a GET after 503 and a connection reset, waiting 1000 ms then 2000 ms', async () => {
    r.proxy.reset();
    r.retries.splice(0);
    r.proxy.queue({ kind: 'status', status: 503 }, { kind: 'reset' });
    const answer = await r.graphql(POST_QUERY, { id: postId });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.post.id).toBe(postId);
    expect(callsTo(r.proxy, postPath).map((call) => call.fault)).toEqual(['status', 'reset', 'pass']);
    expect(r.retries.map((retry) => [retry.attempt, retry.delayMs, retry.reason])).toEqual([
      [1, 1000, '503'],
      [2, 2000, 'network'],
    ]);
  });

  it('waits what Retry-After asks when it is longer than the backoff', async () => {
    r.proxy.reset();
    r.retries.splice(0);
    r.proxy.queue({ kind: 'status', status: 429, retryAfter: '2' });
    const answer = await r.graphql(POST_QUERY, { id: postId });
    expect(answer.data.post.id).toBe(postId);
    expect(r.retries.map((retry) => [retry.delayMs, retry.reason])).toEqual([[2000, '429']]);
  });

  it('does not retry an answer the caller caused (404)', async () => {
    r.proxy.reset();
    r.retries.splice(0);
    const answer = await r.graphql(POST_QUERY, { id: Buffer.from('Post:999999').toString('base64') });
    expect(answer.errors).toBeUndefined();
    expect(callsTo(r.proxy, '/v1/community/999999/')).toHaveLength(1);
    expect(r.retries).toEqual([]);
  });

  it('sends a mutation exactly once on 503 and on a reset; a reset after it was sent says to check before trying again', async () => {
    const token = await upstream.issueToken(1);
    const mutation = `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename ... on TogglePostLikePayload { post { likeCount } } } }`;
    for (const [fault, message] of [
      [{ kind: 'status', status: 503 }, errorMessages.SERVICE_UNAVAILABLE],
      // The write reached the upstream before its connection dropped: it may have been stored.
      [{ kind: 'reset' }, outcomeUnknownMessages.CONNECTION_LOST],
    ] as const) {
      r.proxy.reset();
      r.retries.splice(0);
      r.proxy.queue(fault);
      const answer = await r.graphql(mutation, { id: postId }, { token });
      const writes = r.proxy.calls.filter((call) => call.method !== 'GET');
      expect(writes).toHaveLength(1);
      expect(r.retries).toEqual([]);
      // A reset is the service going away, not the member's network: the same code and status as its 503.
      expect(answer.errors[0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect(answer.errors[0].message).toBe(message);
    }
  });

  it("tells the REST API's 429 on a write as RATE_LIMITED with its Retry-After, sent once", async () => {
    const token = await upstream.issueToken(1);
    const mutation = `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename } }`;
    r.proxy.reset();
    r.retries.splice(0);
    r.proxy.queue({ kind: 'status', status: 429, retryAfter: '7' });
    const answer = await r.graphql(mutation, { id: postId }, { token });
    expect(r.proxy.calls.filter((call) => call.method !== 'GET')).toHaveLength(1);
    expect(answer.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 7 });
  });
});

describe('time-outs within the budget', () => {
  let r: Rig;
  beforeAll(async () => {
    // A 1.5 s budget: no retry wait fits after a first attempt that used it up.
    r = await rig({ upstream: { timeoutMs: 1500 } });
  });

  it.each([
    ['slow headers', { kind: 'slowHeaders', delayMs: 60_000 }],
    ['a trickled body', { kind: 'trickle', intervalMs: 200 }],
    ['no answer at all', { kind: 'hang' }],
  ] as const)('answers TIMEOUT with the spec message for %s, and gives the upstream request up', async (_name, fault) => {
    r.proxy.reset();
    r.proxy.fallback = fault;
    const answer = await r.graphql(`{ categories { name } }`);
    expect(answer.errors[0].extensions).toMatchObject({ code: 'TIMEOUT', status: 504 });
    expect(answer.errors[0].message).toBe(errorMessages.TIMEOUT);
    expect(await until(() => r.proxy.calls.every((call) => call.abandoned), 2000)).toBe(true);
    r.proxy.fallback = { kind: 'pass' };
  });

  it('answers SERVICE_UNAVAILABLE (503) when the connection is refused', async () => {
    r.proxy.reset();
    await r.proxy.refuse();
    try {
      const answer = await r.graphql(`{ categories { name } }`);
      expect(answer.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.errors[0].extensions.status).toBe(503);
      expect(answer.errors[0].message).toBe(errorMessages.SERVICE_UNAVAILABLE);
      expect(JSON.stringify(answer)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      // A write that could not be sent was not done: the same answer, not the outcome-unknown one.
      const token = await upstream.issueToken(1);
      const write = await r.graphql(`mutation { togglePostLike(input: { id: "UG9zdDox" }) { __typename } }`, {}, { token });
      expect(write.errors[0].message).toBe(errorMessages.SERVICE_UNAVAILABLE);
    } finally {
      await r.proxy.accept();
    }
  });
});

describe('a write that timed out', () => {
  let r: Rig;
  beforeAll(async () => {
    r = await rig({ upstream: { timeoutMs: 1500 } });
  });

  it('answers a write that timed out with TIMEOUT (504) saying to check before trying again: it may be stored after all', async () => {
    const token = await upstream.issueToken(2);
    const id = await firstPostId(r);
    const number = Buffer.from(id, 'base64').toString().split(':')[1];
    const likeCount = async () => (await r.graphql(POST_QUERY, { id })).data.post.likeCount as number;
    const before = await likeCount();
    r.proxy.reset();
    // The database froze: the like reaches the upstream only after the gateway's budget ran out, and is stored then.
    const release = r.proxy.hold(new RegExp(`^/v1/community/${number}/$`));
    const answer = await r.graphql(`mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename } }`, { id }, { token });
    release();
    expect(answer.errors[0].extensions).toMatchObject({ code: 'TIMEOUT', status: 504 });
    expect(answer.errors[0].message).toBe(outcomeUnknownMessages.TIMEOUT);
    await expect.poll(() => r.proxy.calls.map((call) => call.method)).toEqual(['PATCH']);
    await expect.poll(likeCount).toBe(before + 1);
  });
});

describe('circuit breaker', () => {
  it('opens after consecutive failures, fails fast with the 503 message, half-opens and closes', async () => {
    const r = await rig({ settings: { breakerFailures: 3, breakerHalfOpenAfterMs: 800 }, upstream: { retryBaseDelayMs: 20 } });
    r.proxy.fallback = { kind: 'status', status: 500 };
    const first = await r.graphql(`{ categories { name } }`);
    expect(first.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    // Three real failures opened it; the fourth attempt failed fast without reaching the upstream.
    expect(r.proxy.calls).toHaveLength(3);
    expect((await fetch(`${r.gateway.url}/readyz`)).status).toBe(503);

    const callsBefore = r.proxy.calls.length;
    const fast = await r.graphql(`{ categories { name } }`);
    expect(fast.errors[0].message).toBe(errorMessages.SERVICE_UNAVAILABLE);
    expect(r.proxy.calls.length).toBe(callsBefore);

    // After the open period one probe goes through; the upstream is healthy again, so the breaker closes.
    r.proxy.fallback = { kind: 'pass' };
    await new Promise((resolve) => setTimeout(resolve, 900));
    const probe = await r.graphql(`{ categories { name } }`);
    expect(probe.errors).toBeUndefined();
    expect(r.gateway.client.breakerClosed).toBe(true);
    expect((await fetch(`${r.gateway.url}/readyz`)).status).toBe(200);
  });

  it('opens again when the half-open probe fails', async () => {
    const r = await rig({ settings: { breakerFailures: 1, breakerHalfOpenAfterMs: 500 }, upstream: { maxAttempts: 1 } });
    r.proxy.fallback = { kind: 'status', status: 503 };
    await r.graphql(`{ categories { name } }`);
    expect(r.gateway.client.breakerClosed).toBe(false);
    // After the open period the breaker probes the upstream's /healthz itself; the upstream still fails it.
    expect(await until(() => r.proxy.calls.length === 2, 5000)).toBe(true);
    expect(r.proxy.calls[1].url).toBe('/healthz');
    expect(r.gateway.client.breakerState).toBe('open');
    const fast = await r.graphql(`{ categories { name } }`);
    expect(fast.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(r.proxy.calls).toHaveLength(2);
  });
});

describe('cancellation and concurrency', () => {
  it('aborts the upstream request when the client goes away', async () => {
    const r = await rig();
    r.proxy.fallback = { kind: 'hang' };
    const controller = new AbortController();
    // A post, not the category tree: shared public answers are fetched for every waiting viewer, not cancelled by one.
    const pending = r
      .graphql(`{ post(id: "${Buffer.from('Post:1').toString('base64')}") { __typename } }`, undefined, { signal: controller.signal })
      .catch((error: Error) => error);
    expect(await until(() => r.proxy.calls.length === 1, 5000)).toBe(true);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    // The gateway's budget is 10 s: only the client's going away can end the upstream request this soon.
    expect(await until(() => r.proxy.calls[0].abandoned, 3000)).toBe(true);
    expect(r.proxy.calls).toHaveLength(1);
  });

  it('bounds concurrent upstream requests and refuses beyond the queue with the 503 message', async () => {
    const r = await rig({ upstream: { maxConcurrent: 2, maxQueued: 1, timeoutMs: 1500 } });
    r.proxy.fallback = { kind: 'hang' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => r.graphql(`{ post(id: "${Buffer.from(`Post:${index + 1}`).toString('base64')}") { __typename } }`)),
    );
    const codes = answers.map((answer) => answer.errors?.[0]?.extensions?.code);
    expect(codes.filter((code) => code === 'SERVICE_UNAVAILABLE')).toHaveLength(2);
    expect(r.proxy.calls.length).toBeLessThanOrEqual(3);
  });
});
