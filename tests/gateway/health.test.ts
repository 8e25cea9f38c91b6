import { describe, expect, it } from 'vitest';
import { useStack } from '../helpers/stack.js';
import { until } from '../helpers/ws.js';

const halfOpenAfterMs = 1000;
const logLines: string[] = [];
const rig = useStack({
  settings: { breakerFailures: 2, breakerHalfOpenAfterMs: halfOpenAfterMs },
  upstream: { maxAttempts: 1 },
  logStream: { write: (line: string) => void logLines.push(line) },
});
const logged = (text: string) => logLines.filter((line) => line.includes(text)).length;

async function readyz() {
  const response = await fetch(`${rig.gateway.url}/readyz`);
  return { status: response.status, body: await response.json() };
}

/**
 * Polls /readyz (and nothing else) until it answers `status` with the breaker in `breaker`. Readiness is on again as
 * soon as the probe is under way (half-open), a moment before the probe's answer closes the breaker.
 */
async function readyzUntil(status: number, breaker: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const answer = await readyz();
    if (answer.status === status && answer.body.breaker === breaker) return answer;
    if (Date.now() > end) throw new Error(`/readyz still answers ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('readiness and the breaker', () => {
  it('closes the breaker by its own probe once the upstream is back, with no client traffic but /readyz polls', async () => {
    rig.proxy.reset();
    rig.proxy.fallback = { kind: 'status', status: 503 };
    for (let call = 0; call < 2; call += 1) await rig.graphql('{ posts(first: 1) { totalCount } }');
    expect(await readyz()).toEqual({ status: 503, body: { status: 'unavailable', breaker: 'open' } });

    // Still down: the breaker keeps probing the upstream's /healthz on its own, and stays open.
    await until(() => rig.upstreamRequests().filter((line) => line === 'GET /healthz').length >= 2, 15_000);
    expect((await readyz()).status).toBe(503);

    rig.proxy.reset();
    expect(await readyzUntil(200, 'closed')).toEqual({ status: 200, body: { status: 'ready', breaker: 'closed' } });
    // Nothing but the breaker's probe reached the upstream: recovery needed no client request.
    expect(new Set(rig.upstreamRequests())).toEqual(new Set(['GET /healthz']));
    expect((await rig.graphql('{ posts(first: 1) { totalCount } }')).errors).toBeUndefined();

    // The operator reads both turns in the log, once each; the many /readyz polls wrote nothing.
    expect(logged('upstream breaker open')).toBe(1);
    expect(logged('upstream breaker closed')).toBe(1);
    // At the same level: an operator reading warnings only (LOG_LEVEL=warn) sees the recovery too.
    const levelOf = (text: string) => JSON.parse(logLines.find((line) => line.includes(text))!).level;
    expect(levelOf('upstream breaker open')).toBe(40);
    expect(levelOf('upstream breaker closed')).toBe(40);
    expect(logged('"url":"/readyz"')).toBe(0);
  }, 40_000);
});
