import { encodeGlobalID } from '@pothos/plugin-relay';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, RATE_LIMITS, UPSTREAM_RESILIENCE } from '../../domain/limits.js';
import { hardeningTexts } from '../../domain/messages.js';
import { schema } from '../../gateway/src/graphql/schema.js';
import { operationCost } from '../../gateway/src/server/limits/cost.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';

/**
 * `nodes(ids:)` is one upstream read per distinct id (the REST API has no batch read): a batch of the largest size a
 * client may send is weighed as that many reads, counts as an expensive query, and runs a bounded number of its reads
 * at once, so a few guests sending it cannot take the upstream from everyone else.
 */

const BATCH = GRAPHQL_LIMITS.maxVariableArrayLength;
const nodesQuery = (selection: string) => `query ($ids: [ID!]!) { nodes(ids: $ids) { ${selection} } }`;

let upstream: RunningUpstream;
/** BATCH distinct post ids: the demo posts, then numbers no post has (each still one upstream read, answering 404). */
let postIds: string[];
const rigs: Stack[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
  const page = await (await fetch(`${upstream.url}/v1/community/?page=1&page_size=100`)).json();
  const known: number[] = page.results.map((post: { id: number }) => post.id);
  const padding = Array.from({ length: Math.max(0, BATCH - known.length) }, (_, index) => Math.max(...known) + 1000 + index);
  postIds = [...known, ...padding].slice(0, BATCH).map((id) => encodeGlobalID('Post', id));
});
afterAll(async () => {
  for (const rig of rigs) await rig.stop();
  await upstream?.stop();
});

/** A gateway of its own per test: the per-IP counters of one test never reach another's. */
async function freshRig() {
  const rig = await startGatewayRig(upstream);
  rigs.push(rig);
  return rig;
}

describe('the cost of a by-id batch', () => {
  it('is what that many node(id) reads of the same selection cost', () => {
    const selection = `... on Post { title replies(first: 60) { totalCount } }`;
    const one = operationCost(schema, parse(`query ($id: ID!) { node(id: $id) { ${selection} } }`), undefined, { id: postIds[0] });
    expect(operationCost(schema, parse(nodesQuery(selection)), undefined, { ids: postIds.slice(0, 1) })).toBe(one);
    expect(operationCost(schema, parse(nodesQuery(selection)), undefined, { ids: postIds })).toBe(BATCH * one);
  });

  it('refuses 100 ids each asking for a page of 60 replies, in Korean, before any upstream call', async () => {
    const rig = await freshRig();
    // Per id: its read (10) and a page of 60 replies, counted whether or not their items are selected (1 + 60).
    const cost = BATCH * (10 + 1 + 60);
    const answer = await rig.post({ query: nodesQuery(`... on Post { replies(first: 60) { totalCount } }`), variables: { ids: postIds } });
    expect(answer.status).toBe(400);
    expect(answer.body.data ?? null).toBeNull();
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0].message).toBe(hardeningTexts.tooExpensive(cost, GRAPHQL_LIMITS.maxCost));
    expect(answer.body.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', cost, maxCost: GRAPHQL_LIMITS.maxCost });
    expect(rig.upstreamCalls()).toBe(0);
  });
});

describe('a by-id batch of the largest size', () => {
  it('counts against the per-IP limit of expensive queries', async () => {
    const rig = await freshRig();
    const budget = RATE_LIMITS.expensiveQueriesPerIp.points;
    const first = await rig.post({ query: nodesQuery('id'), variables: { ids: postIds } });
    expect(first.status).toBe(200);
    expect(first.body.data.nodes).toHaveLength(BATCH);
    // The rest of the budget with one id repeated: the same cost (what is asked counts), one upstream read each
    // (a request reads an id once), so this test does not send 12,000 reads.
    // Sent ten at a time: the limit counts each request wherever it runs.
    const repeated = Array.from({ length: BATCH }, () => postIds[0]);
    for (let used = 1; used < budget; used += 10) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(10, budget - used) }, () => rig.post({ query: nodesQuery('id'), variables: { ids: repeated } })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    }
    rig.proxy.reset();
    const refused = await rig.post({ query: nodesQuery('id'), variables: { ids: postIds } });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(refused.body.errors[0].message).toBe(hardeningTexts.rateLimited(refused.body.errors[0].extensions.retryAfterSeconds));
    expect(rig.upstreamCalls()).toBe(0);
    // A small batch is not expensive: it still runs.
    expect((await rig.post({ query: nodesQuery('id'), variables: { ids: postIds.slice(0, 10) } })).status).toBe(200);
  }, 120_000);

  it(`runs at most ${UPSTREAM_RESILIENCE.maxConcurrentPerOperation} of its upstream reads at once, and all of them`, async () => {
    const rig = await freshRig();
    rig.proxy.reset();
    // Each read is held a little at the proxy, so reads that may overlap do.
    rig.proxy.fallback = { kind: 'slowHeaders', delayMs: 20 };
    const answer = await rig.post({ query: nodesQuery('id'), variables: { ids: postIds } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.nodes).toHaveLength(BATCH);
    expect(rig.upstreamCalls()).toBe(BATCH);
    expect(rig.proxy.peakInFlight()).toBeLessThanOrEqual(UPSTREAM_RESILIENCE.maxConcurrentPerOperation);
  });

  it('leaves the upstream connections to other requests while its own reads are stuck', async () => {
    const rig = await freshRig();
    // Every read of one post waits at the proxy until released: the batch cannot finish meanwhile.
    const release = rig.proxy.hold(/^\/v1\/community\/\d+\//);
    let batchAnswered = false;
    const batch = rig.post({ query: nodesQuery('id'), variables: { ids: postIds } }).finally(() => (batchAnswered = true));
    const other = await rig.graphql(`{ posts(first: 1) { totalCount } }`);
    expect(other.errors).toBeUndefined();
    expect(other.data.posts.totalCount).toBeGreaterThan(0);
    // Answered while the batch still waited on its reads, not after they gave up.
    expect(batchAnswered).toBe(false);
    release();
    const answer = await batch;
    expect(answer.status).toBe(200);
    expect(answer.body.data.nodes).toHaveLength(BATCH);
    // Only the ids no post has fail (none timed out while held).
    expect((answer.body.errors ?? []).filter((error: { extensions: { code: string } }) => error.extensions.code !== 'NOT_FOUND')).toEqual([]);
  });
});
