import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUpstream, type Upstream } from '../../upstream/src/app.js';
import { canStartRedis, startPrivateRedis, type PrivateRedis } from '../helpers/redis-server.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The upstream keeps its failed-login counters in Redis when given one: an operator hears when it goes and comes back. */
describe.runIf(canStartRedis)('the upstream through a Redis outage', () => {
  let redis: PrivateRedis;
  let upstream: Upstream;
  const lines: string[] = [];
  const warnings = (message: string) => lines.filter((line) => line.includes('"level":40') && line.includes(`"msg":"${message}`)).length;

  async function until(condition: () => boolean, timeoutMs = 20_000) {
    const end = Date.now() + timeoutMs;
    while (!condition() && Date.now() < end) await pause(50);
    expect(condition()).toBe(true);
  }

  beforeAll(async () => {
    redis = await startPrivateRedis();
    upstream = await buildUpstream({
      dataDir: 'memory://',
      seed: false,
      redisUrl: redis.url,
      logLevel: 'warn',
      logStream: { write: (line) => void lines.push(line) },
    });
  }, 60_000);
  afterAll(async () => {
    await upstream?.close();
    await redis?.stop();
  });

  it('logs one warning when Redis goes away and one when it is back, however many reconnects fail between', async () => {
    await redis.stop();
    await until(() => warnings('Redis unreachable') === 1);
    // Several reconnect attempts fail while it is down (100 ms doubling up to 2 s): still one line.
    await pause(1500);
    await redis.start();
    await until(() => warnings('Redis reachable again') === 1);
    expect(warnings('Redis unreachable')).toBe(1);
    // One short line saying why, without a stack: an outage is not a bug to trace.
    const line = lines.find((entry) => entry.includes('"msg":"Redis unreachable'))!;
    expect(line).not.toMatch(/stack|\\n\s+at /);
    expect(JSON.parse(line).redis).toEqual({ code: expect.stringMatching(/^E[A-Z]+$/), message: expect.any(String) });
    expect(line.length).toBeLessThan(400);
  }, 60_000);
});
