/**
 * P8, a realistic mix with distinct members: 200 members registered on the reference upstream (as a new member signs
 * up, `POST /auth/register`), each with their own token and address, reading feed pages, post details with replies,
 * profiles and their notifications, and liking and replying. The gateway ÷ a direct REST client making the same
 * upstream calls for each operation (in parallel where the gateway makes them in parallel), then the added p99 latency
 * at half load: both sides interleaved at half the slower side's rate, each operation sent through both, until each side
 * has `BENCH_P8_SAMPLES` operations (1,000 by default).
 *
 * The reference upstream, not the fixture: likes and replies are writes, and each member's notifications are their own.
 * So both sides are bound by the upstream, and the figure says what the gateway costs a member on top of it.
 *
 * The load is driven here rather than with autocannon: one operation is several REST calls on the direct side, and its
 * latency is the whole operation's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import type { Service } from '../tests/helpers/processes.js';
import { startBenchGateway } from './programs.js';
import { POST_DETAIL } from './operations.js';
import { CREATE_REPLY, FEED_PAGE, NOTIFICATIONS, PROFILE, TOGGLE_LIKE } from './member-mix-operations.js';
import { CONNECTIONS, SECONDS, counter, report } from './load.js';
import { MEMBER_COUNT, benchMembers, type Member } from './members.js';

const PAGE_SIZE = 20;
/** Operations per side the half-load phase aims at (`BENCH_P8_SAMPLES`): its p99 is then the 10th slowest of 1,000. */
const HALF_LOAD_SAMPLES = Number(process.env.BENCH_P8_SAMPLES ?? 1000);
/** The fewest operations per side whose p99 says anything (the 5th slowest): fewer is a miss, not a figure. */
const MIN_HALF_LOAD_SAMPLES = Math.min(500, HALF_LOAD_SAMPLES);
/** The half-load phase stops here even with fewer samples (a very slow machine): then the sample count above is missed. */
const HALF_LOAD_MAX_SECONDS = Number(process.env.BENCH_P8_MAX_SECONDS ?? 180);

type OperationKind = 'feed' | 'postDetail' | 'profile' | 'notifications' | 'like' | 'reply';

/** Twenty operations in the proportions a session shows: mostly reading, one write in ten. */
const MIX: OperationKind[] = [
  ...Array<OperationKind>(6).fill('feed'),
  ...Array<OperationKind>(6).fill('postDetail'),
  ...Array<OperationKind>(3).fill('profile'),
  ...Array<OperationKind>(3).fill('notifications'),
  'like',
  'reply',
];

interface Operation {
  kind: OperationKind;
  member: Member;
  postId: number;
  userId: number;
  /** Feed page, from 1. */
  page: number;
  replyText: string;
}

/** The n-th operation of the run: the same sequence on both sides. */
function operationAt(n: number, members: Member[], postIds: number[], userIds: number[]): Operation {
  return {
    kind: MIX[n % MIX.length],
    member: members[(n * 7) % members.length],
    postId: postIds[(n * 13) % postIds.length],
    userId: userIds[(n * 11) % userIds.length],
    page: 1 + (n % 3),
    replyText: `벤치 댓글 ${n}`,
  };
}

const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

/** A side of the comparison: runs one operation, true when it was answered without error. */
type Side = (operation: Operation) => Promise<boolean>;

let firstFailure: string | undefined;
function failed(what: string): false {
  firstFailure ??= what.slice(0, 300);
  return false;
}

function gatewaySide(pool: Pool): Side {
  const send = async (operation: Operation, query: string, variables: Record<string, unknown>) => {
    const response = await pool.request({
      method: 'POST',
      path: '/graphql',
      headers: {
        'content-type': 'application/json',
        authorization: `token ${operation.member.token}`,
        'x-forwarded-for': operation.member.address,
      },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.body.text();
    const answer = JSON.parse(text);
    return response.statusCode === 200 && !answer.errors && !/"__typename":"[A-Za-z]*Error"/.test(text) ? true : failed(text);
  };
  return (operation) => {
    switch (operation.kind) {
      case 'feed':
        return send(operation, FEED_PAGE, { offset: (operation.page - 1) * PAGE_SIZE });
      case 'postDetail':
        return send(operation, POST_DETAIL, { id: globalId('Post', operation.postId) });
      case 'profile':
        return send(operation, PROFILE, { id: globalId('User', operation.userId) });
      case 'notifications':
        return send(operation, NOTIFICATIONS, {});
      case 'like':
        return send(operation, TOGGLE_LIKE, { id: globalId('Post', operation.postId) });
      case 'reply':
        return send(operation, CREATE_REPLY, { input: { postId: globalId('Post', operation.postId), content: operation.replyText } });
    }
  };
}

/** The upstream calls the gateway makes for each operation (bench/member-mix.ts checks the count), made directly. */
function restSide(pool: Pool): Side {
  const call = async (operation: Operation, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => {
    const response = await pool.request({
      method,
      path,
      headers: {
        accept: 'application/json',
        authorization: `token ${operation.member.token}`,
        'x-forwarded-for': operation.member.address,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    JSON.parse(text);
    return response.statusCode < 400 ? true : failed(`${method} ${path}: ${response.statusCode} ${text}`);
  };
  const all = async (calls: Promise<boolean>[]) => (await Promise.all(calls)).every(Boolean);
  return async (operation) => {
    const { postId } = operation;
    switch (operation.kind) {
      case 'feed':
        return call(operation, 'GET', `/v1/community/?page=${operation.page}&page_size=${PAGE_SIZE}`);
      case 'postDetail':
        return all([
          call(operation, 'GET', `/v1/community/${postId}/`),
          call(operation, 'GET', `/v1/community/${postId}/reply/?page=1&page_size=${PAGE_SIZE}`),
        ]);
      case 'profile':
        return call(operation, 'GET', `/v1/user/${operation.userId}/`);
      case 'notifications':
        // The gateway reads the viewer and, looking ahead, their inbox's first page together.
        return all([call(operation, 'GET', '/users/me'), call(operation, 'GET', `/v1/user/notification/?page=1&pageSize=${PAGE_SIZE}`)]);
      case 'like':
        return call(operation, 'PATCH', `/v1/community/${postId}/`);
      case 'reply':
        return call(operation, 'POST', `/v1/community/${postId}/reply/`, { content: operation.replyText });
    }
  };
}

/** REST calls per operation of the mix, as `restSide` makes them. */
const REST_CALLS: Record<OperationKind, number> = { feed: 1, postDetail: 2, profile: 1, notifications: 2, like: 1, reply: 1 };

interface MixResult {
  operations: number;
  failures: number;
  rate: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** As fast as CONNECTIONS clients go, each sending its next operation when the last is answered. */
async function closedLoop(side: Side, next: () => Operation, seconds: number): Promise<MixResult> {
  const end = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const at = performance.now();
        const ok = await side(next()).catch((error: unknown) => failed(String(error)));
        latencies.push(performance.now() - at);
        if (!ok) failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    operations: latencies.length,
    failures,
    rate: (latencies.length - failures) / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

/**
 * Both sides at once at a fixed overall rate whatever the answers do, interleaved: each operation of the sequence is
 * sent through the gateway and, half a slot later, through direct REST, so both meet the same machine at the same
 * moments and drift on a shared machine touches them alike. Latency counts from when an operation was due, so a stall
 * of the driver or of a side is not hidden. Runs until each side has `samples` answers due, at most `maxSeconds`.
 */
async function interleavedOpenLoop(
  sides: Record<'gateway' | 'rest', Side>,
  next: () => Operation,
  rate: number,
  samples: number,
  maxSeconds: number,
): Promise<Record<'gateway' | 'rest', MixResult>> {
  const latencies = { gateway: [] as number[], rest: [] as number[] };
  const failures = { gateway: 0, rest: 0 };
  const pending: Promise<void>[] = [];
  // Slots in pairs, one per side: as many as `samples` per side, or as fit in `maxSeconds`.
  const slots = 2 * Math.min(samples, Math.max(1, Math.floor((maxSeconds * rate) / 2)));
  const start = performance.now();
  let sent = 0;
  let operation: Operation | undefined;
  while (sent < slots) {
    const due = Math.min(Math.floor(((performance.now() - start) / 1000) * rate), slots);
    for (; sent < due; sent += 1) {
      const dueAt = start + (sent / rate) * 1000;
      const side = sent % 2 === 0 ? 'gateway' : 'rest';
      if (side === 'gateway') operation = next();
      pending.push(
        sides[side](operation!)
          .catch((error: unknown) => failed(String(error)))
          .then((ok) => {
            latencies[side].push(performance.now() - dueAt);
            if (!ok) failures[side] += 1;
          }),
      );
    }
    await sleep(1);
  }
  await Promise.all(pending);
  const resultOf = (side: 'gateway' | 'rest'): MixResult => {
    const sorted = latencies[side].sort((x, y) => x - y);
    return { operations: sorted.length, failures: failures[side], rate: rate / 2, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
  };
  return { gateway: resultOf('gateway'), rest: resultOf('rest') };
}

/** Starts its own gateway on the reference upstream (added to `services` for the caller to stop) and reports P8. */
export async function benchMemberMix(upstream: Service, dataDir: string, services: Service[]): Promise<void> {
  // Members reach it through a proxy on loopback that names their address, as behind a load balancer.
  const gateway = await startBenchGateway('gateway for the member mix', dataDir, { UPSTREAM_URL: upstream.url, TRUST_PROXY: '127.0.0.1' });
  services.push(gateway);
  const registering = performance.now();
  const members = await benchMembers(upstream, MEMBER_COUNT);
  console.log(`P8: ${members.length} members ready in ${((performance.now() - registering) / 1000).toFixed(1)} s`);

  const firstPages = await Promise.all(
    [1, 2, 3].map(async (page) => (await (await fetch(`${upstream.url}/v1/community/?page=${page}&page_size=${PAGE_SIZE}`)).json()).results),
  );
  const posts = firstPages.flat() as { id: number; author: { id: number } | null }[];
  const postIds = posts.map((post) => post.id);
  const userIds = [...new Set([...posts.flatMap((post) => (post.author ? [post.author.id] : [])), ...members.map((member) => member.userId)])];

  const gatewayPool = new Pool(gateway.url, { connections: 128, keepAliveTimeout: 30_000 });
  const restPool = new Pool(upstream.url, { connections: 128, keepAliveTimeout: 30_000 });
  const sides = { gateway: gatewaySide(gatewayPool), rest: restSide(restPool) };
  let n = 0;
  const next = () => operationAt(n++, members, postIds, userIds);
  try {
    // Warm-up, then alternated twice so drift on the shared machine touches both sides alike.
    await closedLoop(sides.gateway, next, 3);
    await closedLoop(sides.rest, next, 3);
    const runs: Record<'gateway' | 'rest', MixResult[]> = { gateway: [], rest: [] };
    let gatewayCalls = 0;
    let gatewayOperations = 0;
    let restCalls = 0;
    let restOperations = 0;
    for (let round = 0; round < 2; round += 1) {
      const callsBefore = await counter(gateway, 'gateway_upstream_requests_total');
      const firstOperation = n;
      runs.gateway.push(await closedLoop(sides.gateway, next, SECONDS));
      gatewayCalls += (await counter(gateway, 'gateway_upstream_requests_total')) - callsBefore;
      gatewayOperations += n - firstOperation;
      const restFirst = n;
      runs.rest.push(await closedLoop(sides.rest, next, SECONDS));
      for (let index = restFirst; index < n; index += 1) restCalls += REST_CALLS[MIX[index % MIX.length]];
      restOperations += n - restFirst;
    }
    const rate = (side: 'gateway' | 'rest') => runs[side].reduce((sum, run) => sum + run.rate, 0) / runs[side].length;
    console.log(
      `P8 mix of ${MIX.length} (feed 6, post detail 6, profile 3, notifications 3, like 1, reply 1) by ${members.length} members: ` +
        `gateway ${rate('gateway').toFixed(0)} operations/s (${(gatewayCalls / Math.max(1, gatewayOperations)).toFixed(2)} upstream calls per operation), ` +
        `direct REST ${rate('rest').toFixed(0)} operations/s (${(restCalls / Math.max(1, restOperations)).toFixed(2)} calls per operation)`,
    );
    report('P8 member mix: gateway operations/s ÷ direct REST operations/s', rate('gateway') / rate('rest'), '≥ 0.9', rate('gateway') / rate('rest') >= 0.9);

    // Added latency at half load: both sides interleaved at half the slower side's rate in all (the upstream they
    // share is then half busy), until each has enough answers for its p99 to rest on many of them.
    const halfRate = Math.max(1, Math.floor(Math.min(rate('gateway'), rate('rest')) / 2));
    let failures = [...runs.gateway, ...runs.rest].reduce((sum, run) => sum + run.failures, 0);
    await interleavedOpenLoop(sides, next, halfRate, Math.min(200, HALF_LOAD_SAMPLES), 5);
    const atHalf = await interleavedOpenLoop(sides, next, halfRate, HALF_LOAD_SAMPLES, HALF_LOAD_MAX_SECONDS);
    failures += atHalf.gateway.failures + atHalf.rest.failures;
    console.log(
      `P8 at ${halfRate} operations/s in all, sides interleaved: direct REST p50 ${atHalf.rest.p50.toFixed(1)} ms p99 ${atHalf.rest.p99.toFixed(1)} ms; ` +
        `gateway p50 ${atHalf.gateway.p50.toFixed(1)} ms p99 ${atHalf.gateway.p99.toFixed(1)} ms; ${atHalf.gateway.operations} and ${atHalf.rest.operations} operations`,
    );
    const addedP99 = atHalf.gateway.p99 - atHalf.rest.p99;
    const enough = Math.min(atHalf.gateway.operations, atHalf.rest.operations) >= MIN_HALF_LOAD_SAMPLES;
    report(
      'P8 member mix: operations per side at half load',
      Math.min(atHalf.gateway.operations, atHalf.rest.operations),
      `≥ ${MIN_HALF_LOAD_SAMPLES}`,
      enough,
      0,
    );
    report('P8 member mix: added p99 latency at half load ms', addedP99, '≤ 5', addedP99 <= 5, 1);
    if (firstFailure) console.log(`P8 first failure: ${firstFailure}`);
    report('P8 failed operations', failures, '0', failures === 0, 0);
    const throttled = await counter(gateway, 'gateway_rate_limited_total');
    report('P8 rate-limited operations', throttled, '0', throttled === 0, 0);
  } finally {
    await Promise.all([gatewayPool.close(), restPool.close()]);
  }
}
