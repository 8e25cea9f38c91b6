import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { WS_RETRY_CLOSE } from '../../domain/limits.js';
import { startStack, useStack } from '../helpers/stack.js';
import { graphqlWsUrl, until } from '../helpers/ws.js';

/**
 * One replica made small so a few hundred sockets are a storm for it: at most 4 socket set-ups at once and 16
 * waiting, in front of an upstream client that runs 8 calls and queues 20 (the production ratios, scaled down).
 */
const rig = useStack({
  settings: { wsSetupConcurrency: 4, wsSetupQueue: 16 },
  upstream: { maxConcurrent: 8, maxQueued: 20 },
});
const SOCKETS = 200;
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

describe('a connect storm', () => {
  it('admits what the replica can set up, asks the rest to retry (1013, never 4500), and all end subscribed', async () => {
    const tokens = await Promise.all([2, 3, 4, 5].map((id) => rig.upstream.issueToken(id)));
    let breakerOpened = 0;
    const listener = rig.gateway.client.breaker.onBreak(() => void (breakerOpened += 1));
    const closeCodes = new Map<number, number>();
    const subscribed = new Set<number>();
    const failures: unknown[] = [];

    for (let index = 0; index < SOCKETS; index += 1) {
      const client = createClient({
        url: graphqlWsUrl(rig.gateway.url),
        webSocketImpl: WebSocket,
        connectionParams: { token: tokens[index % tokens.length] },
        // A patient client with a short, jittered backoff (the test's stand-in for the web client's).
        retryAttempts: 100,
        retryWait: () => new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400)),
        on: { closed: (event) => void closeCodes.set((event as { code: number }).code, (closeCodes.get((event as { code: number }).code) ?? 0) + 1) },
      });
      clients.push(client);
      // Sends the current count first: a value means the subscription is set up.
      client.subscribe(
        { query: 'subscription { unreadNotificationCount }' },
        { next: () => void subscribed.add(index), error: (error) => void failures.push(error), complete: () => {} },
      );
    }

    await until(() => subscribed.size + failures.length === SOCKETS, 90_000);
    listener.dispose();
    expect(failures).toEqual([]);
    expect(subscribed.size).toBe(SOCKETS);
    // Some sockets were turned away (the storm was real), each with the retryable code and nothing else.
    expect([...closeCodes.keys()]).toEqual([WS_RETRY_CLOSE.tryAgainLater.code]);
    expect(breakerOpened).toBe(0);
    expect(rig.gateway.client.breakerState).toBe('closed');
  }, 120_000);

  it('does not count calls whose budget ran out in the queue as upstream failures', async () => {
    // One call at a time, a 3 s budget; the upstream answers each in ~400 ms, so those queued behind run out of time.
    // The budget is far above one answer's time, so a call that got its turn finishes even on a busy machine.
    const stack = await startStack({ settings: { breakerFailures: 2 }, upstream: { maxConcurrent: 1, maxQueued: 20, timeoutMs: 3000, maxAttempts: 1 } });
    try {
      stack.proxy.fallback = { kind: 'slowHeaders', delayMs: 400 };
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => stack.graphql(`{ posts(first: ${index + 1}) { totalCount } }`)));
      const codes = answers.map((answer) => answer.errors?.[0]?.extensions?.code ?? 'ok');
      expect(codes).toContain('ok');
      expect(codes).toContain('TIMEOUT');
      // The upstream was slow for nobody: only the queue was long.
      expect(stack.gateway.client.breakerState).toBe('closed');
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
