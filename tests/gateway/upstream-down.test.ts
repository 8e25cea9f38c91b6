import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../domain/index.js';
import { useStack, type GraphQLAnswer } from '../helpers/stack.js';

// A breaker that stays closed and short retry waits: the first seconds of an outage, before the breaker opens.
const stack = useStack({ settings: { breakerFailures: 100 }, upstream: { retryBaseDelayMs: 100 } });

it('answers SERVICE_UNAVAILABLE with its message, no stack or address, when the upstream cannot be reached (before the breaker opens)', async () => {
  const token = await stack.upstream.issueToken(1);
  const before = await stack.graphql(`{ posts(first: 1) { totalCount } }`);
  expect(before.errors).toBeUndefined();

  // The member's connection is fine (they reach the gateway); the service behind it is away: connections are refused.
  await stack.proxy.close();
  const postId = Buffer.from('Post:1').toString('base64');
  for (const [query, variables, auth] of [
    [`mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename } }`, { id: postId }, `token ${token}`],
    [`{ posts(first: 1) { totalCount } }`, {}, undefined],
  ] as const) {
    const response = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    const answer = JSON.parse(text);
    expect(answer.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(answer.errors[0].extensions.status).toBe(503);
    expect(answer.errors[0].message).toBe(errorMessages.SERVICE_UNAVAILABLE);
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|localhost|\bat .*\.(ts|js):\d+/);
  }
  // Still before the breaker opened: this is the first seconds of an outage.
  expect(stack.gateway.client.breakerClosed).toBe(true);
});

describe('fail fast while the circuit breaker is open (002 §8.2)', () => {
  const timeoutMs = 2000;
  const retryBaseDelayMs = 1500;
  const settings = { settings: { breakerFailures: 2 }, upstream: { timeoutMs, retryBaseDelayMs } };
  const likeMutation = `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename } }`;
  const postQuery = `query ($id: ID!) { post(id: $id) { ... on Post { id } } }`;
  const postId = Buffer.from('Post:1').toString('base64');

  async function timed(run: () => Promise<GraphQLAnswer>): Promise<{ answer: GraphQLAnswer; ms: number }> {
    const started = performance.now();
    const answer = await run();
    return { answer, ms: performance.now() - started };
  }

  describe('once time-outs opened it', () => {
    const rig = useStack(settings);

    it('answers a tap and a read with SERVICE_UNAVAILABLE at once, without asking the upstream', async () => {
      const token = await rig.upstream.issueToken(1);
      rig.proxy.fallback = { kind: 'hang' };
      // Two reads that wait out the whole time-out open the breaker.
      for (const first of [1, 2]) {
        const { answer, ms } = await timed(() => rig.graphql(`{ posts(first: ${first}) { totalCount } }`));
        expect(answer.errors?.[0].extensions?.code).toBe('TIMEOUT');
        expect(ms).toBeGreaterThanOrEqual(timeoutMs * 0.9);
      }
      expect(rig.gateway.client.breakerClosed).toBe(false);

      const callsBefore = rig.upstreamCalls();
      for (const run of [() => rig.graphql(likeMutation, { id: postId }, token), () => rig.graphql(postQuery, { id: postId })]) {
        const { answer, ms } = await timed(run);
        expect(answer.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
        expect(answer.errors?.[0].message).toBe(errorMessages.SERVICE_UNAVAILABLE);
        // Well inside the time-out a call to the upstream would wait (a loaded machine adds its own delay).
        expect(ms).toBeLessThan(timeoutMs / 2);
      }
      expect(rig.upstreamCalls()).toBe(callsBefore);
    });
  });

  describe('while a read waits to retry', () => {
    // A long backoff, so "before its retry was even due" leaves room for a loaded machine.
    const waitingRetryDelayMs = 3000;
    const rig = useStack({ ...settings, upstream: { timeoutMs, retryBaseDelayMs: waitingRetryDelayMs } });

    it("ends the read's backoff as soon as a failing tap opens the breaker, and sends the read no more", async () => {
      const token = await rig.upstream.issueToken(1);
      rig.proxy.fallback = { kind: 'status', status: 503 };
      const started = performance.now();
      const read = rig.graphql(postQuery, { id: postId });
      // The read failed once and waits `waitingRetryDelayMs` to retry; the tap's failure is the breaker's second.
      await expect.poll(() => rig.upstreamCalls()).toBe(1);
      const tap = await rig.graphql(likeMutation, { id: postId }, token);
      expect(tap.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
      const answer = await read;
      // Answered before its retry was even due: the backoff ended when the breaker opened.
      expect(performance.now() - started).toBeLessThan(waitingRetryDelayMs);
      expect(answer.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
      await new Promise((resolve) => setTimeout(resolve, waitingRetryDelayMs));
      expect(rig.upstreamCalls()).toBe(2);
    });
  });
});
