import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, RATE_LIMITS } from '../../domain/limits.js';
import { hardeningTexts } from '../../domain/messages.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';

let upstream: RunningUpstream;
const rigs: Stack[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  for (const rig of rigs) await rig.stop();
  await upstream?.stop();
});

async function rigWith(options: Parameters<typeof startGatewayRig>[1] = {}) {
  const rig = await startGatewayRig(upstream, options);
  rigs.push(rig);
  return rig;
}

/** `count` aliased like toggles of an id that is no post: each counts, none reaches the upstream. */
const aliasedMutation = (count: number) =>
  `mutation { ${Array.from({ length: count }, (_, index) => `m${index}: togglePostLike(input: { id: "bad" }) { __typename }`).join(' ')} }`;

/** A query at the expensive threshold whose arguments are refused by validation (so it costs no upstream call). */
const expensiveQuery = (() => {
  const perAlias = 1 + 100 * 4; // posts(first: 100) { edges { node { category author } } }
  const aliases = Math.ceil(GRAPHQL_LIMITS.expensiveCost / perAlias);
  return `{ ${Array.from({ length: aliases }, (_, index) => `p${index}: posts(first: 100, search: "x") { edges { node { category { name } author { nickname } } } }`).join(' ')} }`;
})();

/** A refusal of its own kind: 429, RATE_LIMITED, and the seconds to wait in the header, the extensions and the Korean message alike. */
function expectRateLimited(answer: { status: number; headers: Headers; body: any }) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(answer.body.errors).toHaveLength(1);
  const [error] = answer.body.errors;
  expect(error.path).toBeUndefined();
  expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: retryAfter });
  expect(error.message).toBe(hardeningTexts.rateLimited(retryAfter));
  expect(error.message).toContain(`${retryAfter}초`);
}

describe('rate limits (in memory)', () => {
  it('counts every aliased mutation field per member, then refuses with 429 and Retry-After', async () => {
    const rig = await rigWith();
    const token = await upstream.issueToken(2);
    const budget = RATE_LIMITS.mutationsPerMember.points;
    for (let used = 0; used < budget; used += GRAPHQL_LIMITS.maxAliases) {
      const answer = await rig.post({ query: aliasedMutation(Math.min(GRAPHQL_LIMITS.maxAliases, budget - used)) }, { token });
      expect(answer.status).toBe(200);
    }
    expectRateLimited(await rig.post({ query: aliasedMutation(1) }, { token }));
    // The refusal is counted where an operator's alert looks.
    const metrics = await (await fetch(`${rig.gateway.url}/metrics`)).text();
    expect(metrics).toMatch(/^gateway_rate_limited_total 1$/m);
    expect(metrics).toMatch(/^gateway_graphql_operations_total\{operation="anonymous",outcome="error"\} 1$/m);
    // Another member is counted apart.
    const other = await upstream.issueToken(3);
    expect((await rig.post({ query: aliasedMutation(1) }, { token: other })).status).toBe(200);
  });

  it('counts mutations per IP address, whoever sends them', async () => {
    const rig = await rigWith();
    const budget = RATE_LIMITS.mutationsPerIp.points;
    for (let used = 0; used < budget; used += GRAPHQL_LIMITS.maxAliases) {
      expect((await rig.post({ query: aliasedMutation(Math.min(GRAPHQL_LIMITS.maxAliases, budget - used)) })).status).toBe(200);
    }
    expectRateLimited(await rig.post({ query: aliasedMutation(1) }));
  });

  it('counts expensive queries per member, and leaves cheap ones alone', async () => {
    const rig = await rigWith();
    const token = await upstream.issueToken(2);
    for (let index = 0; index < RATE_LIMITS.expensiveQueriesPerMember.points; index++) {
      expect((await rig.post({ query: expensiveQuery }, { token })).status).toBe(200);
    }
    expectRateLimited(await rig.post({ query: expensiveQuery }, { token }));
    expect((await rig.post({ query: `{ categories { name } }` }, { token })).status).toBe(200);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  it('shares the counters between two gateway replicas', async () => {
    const redisUrl = process.env.TEST_REDIS_URL!;
    // Behind a trusted proxy the address comes from X-Forwarded-For: a fresh one per run keeps old counters out.
    const settings = { redisUrl, trustProxy: true };
    const first = await rigWith({ settings });
    const second = await rigWith({ settings });
    const headers = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    const token = await upstream.issueToken(4);
    const budget = RATE_LIMITS.mutationsPerMember.points;
    for (let used = 0; used < budget; used += GRAPHQL_LIMITS.maxAliases) {
      const rig = used % (2 * GRAPHQL_LIMITS.maxAliases) === 0 ? first : second;
      expect((await rig.post({ query: aliasedMutation(Math.min(GRAPHQL_LIMITS.maxAliases, budget - used)) }, { token, headers })).status).toBe(200);
    }
    expectRateLimited(await first.post({ query: aliasedMutation(1) }, { token, headers }));
    expectRateLimited(await second.post({ query: aliasedMutation(1) }, { token, headers }));
  });
});
