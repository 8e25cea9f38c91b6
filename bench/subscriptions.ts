/**
 * `npx tsx bench/subscriptions.ts` (also the last phase of `npm run bench`): issue 9, point 5. One gateway
 * process holds BENCH_SOCKETS (default 1,000) graphql-ws sockets, guests and members mixed, all subscribed to
 * `postChanged` of one post and, for members, to `notificationAdded` and `unreadNotificationCount`. A series of
 * togglePostLike mutations fans out to every socket; the bench prints each figure as `name: value (target)` and
 * exits non-zero when one is missed.
 *
 * Delivery latency runs from the moment the bench sends the mutation to the moment a socket's `next` arrives in
 * the bench (the upstream write, the publish, the per-subscriber execution and the client's own handling
 * included). Notification polls are counted by a pass-through proxy between the gateway and the upstream.
 *
 * Environment: BENCH_SOCKETS (default 1000), BENCH_FANOUTS (default 20), BENCH_FANOUT_GAP_MS (default 300),
 * BENCH_POLL_INTERVAL_MS (the gateway's NOTIFICATION_POLL_INTERVAL_MS for the run, default 1000),
 * BENCH_GATEWAY_NODE_OPTIONS (NODE_OPTIONS for the gateway alone, e.g. `--import` of a profiler).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../upstream/src/db/seed-accounts.js';
import { DEMO_MEMBERS } from '../upstream/src/db/seed-data.js';
import { startFaultProxy, type FaultProxy } from '../tests/helpers/fault-proxy.js';
import { startService, type Service } from '../tests/helpers/processes.js';
import { benchProgram, startBenchGateway } from './programs.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const FANOUTS = Number(process.env.BENCH_FANOUTS ?? 20);
const FANOUT_GAP_MS = Number(process.env.BENCH_FANOUT_GAP_MS ?? 300);
const POLL_INTERVAL_MS = Number(process.env.BENCH_POLL_INTERVAL_MS ?? 1000);
const WARM_UP_FANOUTS = 3;
/** The poll count is taken over at least this many intervals, so the window's edges move it by ≤ 1/15. */
const POLL_WINDOW_INTERVALS = 15;
const P99_TARGET_MS = 100;
/** Members taking turns at liking (each toggles a few times: well under the per-member mutation limit). */
const LIKERS = 4;

const POST_CHANGED = `subscription BenchPostChanged($id: ID!) { postChanged(id: $id) { id likeCount replyCount } }`;
const NOTIFICATION_ADDED = `subscription BenchNotificationAdded { notificationAdded { id title } }`;
const UNREAD = `subscription BenchUnread { unreadNotificationCount }`;
const TOGGLE_LIKE = `mutation BenchToggleLike($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { likeCount } } } }`;
const LOGIN = `mutation BenchLogin($input: LoginWithPasswordInput!) { loginWithPassword(input: $input) { __typename ... on LoginWithPasswordPayload { token viewer { databaseId } } } }`;

const figures: { name: string; met: boolean }[] = [];
function report(name: string, value: number | string, target: string, met: boolean) {
  figures.push({ name, met });
  console.log(`${name}: ${value} (${target})${met ? '' : '  <-- missed'}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function graphql(gateway: Service, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const response = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `token ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = await response.json();
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
}

/** `gateway_notification_polls_total` of a /metrics text, summed over outcomes, by cause. */
function pollsByCause(metrics: string): Map<string, number> {
  const byCause = new Map<string, number>();
  for (const [, cause, count] of metrics.matchAll(/^gateway_notification_polls_total\{cause="(\w+)",outcome="\w+"\} (\d+)/gm))
    byCause.set(cause, (byCause.get(cause) ?? 0) + Number(count));
  return byCause;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

interface Member {
  handle: string;
  token: string;
  userId: number;
}

/** One socket of the bench: what its postChanged subscription received, stamped on arrival. */
interface Probe {
  member?: Member;
  client: Client;
  deliveries: { fanout: number; at: number; likeCount: number }[];
  errors: unknown[];
  notifications: number;
  unreadUpdates: number;
}

/** The fan-out in flight: deliveries arriving now belong to it. */
let current = { index: -1, received: 0 };

function openProbe(gateway: Service, postId: string, member?: Member): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const probe: Probe = { member, deliveries: [], errors: [], notifications: 0, unreadUpdates: 0, client: undefined as unknown as Client };
    probe.client = createClient({
      url: `${gateway.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: member ? { token: member.token } : {},
      retryAttempts: 0,
      lazy: false,
      on: {
        connected: () => resolve(probe),
        closed: (event) => reject(new Error(`socket closed before it was acknowledged: ${(event as { code?: number }).code}`)),
      },
    });
    const onError = (error: unknown) => void probe.errors.push(error);
    probe.client.subscribe(
      { query: POST_CHANGED, variables: { id: postId } },
      {
        next: (result) => {
          const at = performance.now();
          const likeCount = (result.data as { postChanged?: { likeCount: number } } | undefined)?.postChanged?.likeCount;
          if (likeCount === undefined) return void probe.errors.push(result.errors);
          probe.deliveries.push({ fanout: current.index, at, likeCount });
          current.received += 1;
        },
        error: onError,
        complete: () => {},
      },
    );
    if (member) {
      probe.client.subscribe({ query: NOTIFICATION_ADDED }, { next: () => void (probe.notifications += 1), error: onError, complete: () => {} });
      probe.client.subscribe({ query: UNREAD }, { next: () => void (probe.unreadUpdates += 1), error: onError, complete: () => {} });
    }
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-subscriptions-'));
const services: Service[] = [];
let proxy: FaultProxy | undefined;
const probes: Probe[] = [];
try {
  const openFiles = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  // Each socket is a descriptor in the bench and one in the gateway; both processes inherit this limit.
  if (Number.isFinite(openFiles) && openFiles < SOCKETS + 500)
    throw new Error(`ulimit -n is ${openFiles}: raise it above ${SOCKETS + 500} for ${SOCKETS} sockets`);

  const upstream = await startService('upstream', await benchProgram('upstream'), { UPSTREAM_DATA_DIR: dataDir, DEMO_DATA: 'true' }, '/healthz');
  services.push(upstream);
  proxy = await startFaultProxy(upstream.url);
  const gateway = await startBenchGateway('gateway', dataDir, {
    UPSTREAM_URL: proxy.url,
    ...(process.env.BENCH_GATEWAY_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_GATEWAY_NODE_OPTIONS } : {}),
    NOTIFICATION_POLL_INTERVAL_MS: String(POLL_INTERVAL_MS),
  });
  services.push(gateway);

  // Every demo member logs in once; their sockets share the token (as one member's tabs do).
  const members: Member[] = [];
  for (const { handle } of DEMO_MEMBERS) {
    const login = (await graphql(gateway, LOGIN, { input: { identifier: `${handle}@slime.community`, password: DEMO_PASSWORD } })).loginWithPassword;
    if (!login.token) throw new Error(`login of ${handle} failed: ${login.__typename}`);
    members.push({ handle, token: login.token, userId: login.viewer.databaseId });
  }
  const feed = await graphql(gateway, `{ posts(first: 1) { edges { node { id author { databaseId } } } } }`, {});
  const post = feed.posts.edges[0].node;
  const likers = members.filter((member) => member.userId !== post.author.databaseId).slice(0, LIKERS);

  // Half guests, half members spread over every demo account; opened in batches so the gateway's token checks queue politely.
  for (let start = 0; start < SOCKETS; start += 100) {
    const batch = Array.from({ length: Math.min(100, SOCKETS - start) }, (_, offset) => {
      const index = start + offset;
      return openProbe(gateway, post.id, index % 2 === 0 ? undefined : members[Math.floor(index / 2) % members.length]);
    });
    probes.push(...(await Promise.all(batch)));
  }
  const memberSockets = probes.filter((probe) => probe.member).length;
  console.log(
    `subscriptions: ${SOCKETS} graphql-ws sockets to one gateway process (${SOCKETS - memberSockets} guests, ${memberSockets} member sockets over ${members.length} accounts, ` +
      `each member socket also on notificationAdded and unreadNotificationCount); ${FANOUTS} postChanged fan-outs (togglePostLike by ${likers.length} members, ${FANOUT_GAP_MS} ms apart); notification poll interval ${POLL_INTERVAL_MS} ms`,
  );

  /** One like; waits until every socket has it (or 10 s). Returns when it was sent and the like count it made. */
  let liker = 0;
  const fanOut = async (index: number) => {
    current = { index, received: 0 };
    const sentAt = performance.now();
    const answer = await graphql(gateway, TOGGLE_LIKE, { id: post.id }, likers[liker++ % likers.length].token);
    const answeredAt = performance.now();
    const deadline = Date.now() + 10_000;
    while (current.received < probes.length && Date.now() < deadline) await pause(5);
    return { sentAt, answeredAt, likeCount: answer.togglePostLike.post.likeCount as number };
  };

  // Warm-up fan-outs (JIT, and proof that every subscription is live), not counted.
  for (let index = 0; index < WARM_UP_FANOUTS; index += 1) {
    await fanOut(-1 - index);
    await pause(FANOUT_GAP_MS);
  }
  const unheard = probes.filter((probe) => !probe.deliveries.some((delivery) => delivery.fanout === -WARM_UP_FANOUTS)).length;
  if (unheard) console.log(`warning: ${unheard} sockets missed the last warm-up fan-out`);

  const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
  const open = Number(/^gateway_open_sockets\{kind="websocket"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
  report('sockets open (the gateway\'s gateway_open_sockets{kind="websocket"})', open, `${SOCKETS}`, open === SOCKETS);
  report('gateway RSS with the sockets open MB', gateway.rssMb().toFixed(1), 'reported', true);

  // The poll window: from here until the fan-outs are over and at least POLL_WINDOW_INTERVALS intervals have passed.
  const pollsBefore = pollsByCause(await (await fetch(`${gateway.url}/metrics`)).text());
  const callsBefore = proxy.calls.length;
  const windowStart = performance.now();
  const sent: { sentAt: number; answeredAt: number; likeCount: number }[] = [];
  for (let index = 0; index < FANOUTS; index += 1) {
    sent.push(await fanOut(index));
    await pause(FANOUT_GAP_MS);
  }
  while (performance.now() - windowStart < POLL_WINDOW_INTERVALS * POLL_INTERVAL_MS) await pause(50);
  const callsAfter = proxy.calls.length;
  const intervals = (performance.now() - windowStart) / POLL_INTERVAL_MS;
  const pollsAfter = pollsByCause(await (await fetch(`${gateway.url}/metrics`)).text());

  // The same like on a post nobody listens to: what the mutation costs without a fan-out, on this machine now.
  const quietPost = (await graphql(gateway, `{ posts(first: 2) { edges { node { id } } } }`, {})).posts.edges[1].node.id;
  const quiet: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    const started = performance.now();
    await graphql(gateway, TOGGLE_LIKE, { id: quietPost }, likers[index % likers.length].token);
    quiet.push(performance.now() - started);
    await pause(FANOUT_GAP_MS);
  }

  // Deliveries: the fan-out's own like count, once per socket and fan-out.
  const latencies: number[] = [];
  let received = 0;
  let wrong = 0;
  for (const probe of probes) {
    for (let index = 0; index < FANOUTS; index += 1) {
      const mine = probe.deliveries.filter((delivery) => delivery.fanout === index);
      if (mine.length === 1 && mine[0].likeCount === sent[index].likeCount) {
        received += 1;
        latencies.push(mine[0].at - sent[index].sentAt);
      } else if (mine.length) {
        wrong += 1;
      }
    }
  }
  const expected = probes.length * FANOUTS;
  const errors = probes.reduce((sum, probe) => sum + probe.errors.length, 0);
  if (errors) console.log(`first subscription error: ${JSON.stringify(probes.find((probe) => probe.errors.length)?.errors[0]).slice(0, 300)}`);
  report('postChanged deliveries received / expected', `${received} / ${expected}`, 'all', received === expected && wrong === 0 && errors === 0);
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(1);
  report('postChanged delivery latency from sending the mutation, p50 ms', ms(percentile(latencies, 0.5)), 'reported', true);
  report(
    'postChanged delivery latency from sending the mutation, p99 ms',
    ms(percentile(latencies, 0.99)),
    `≤ ${P99_TARGET_MS}`,
    percentile(latencies, 0.99) <= P99_TARGET_MS,
  );
  report('postChanged delivery latency from sending the mutation, max ms', ms(latencies.at(-1) ?? NaN), 'reported', true);
  // Where the time goes, medians over the fan-outs: the mutation's own answer, the first and the last socket reached.
  const arrivals = sent.map((fanout, index) => {
    const times = probes.flatMap((probe) => probe.deliveries.filter((delivery) => delivery.fanout === index).map((delivery) => delivery.at));
    return { answered: fanout.answeredAt - fanout.sentAt, first: Math.min(...times) - fanout.sentAt, last: Math.max(...times) - fanout.sentAt };
  });
  const medianOf = (key: 'answered' | 'first' | 'last') =>
    ms(
      percentile(
        arrivals.map((arrival) => arrival[key]).sort((a, b) => a - b),
        0.5,
      ),
    );
  console.log(
    `the same mutation on a post without subscribers: median ${ms(
      percentile(
        quiet.sort((a, b) => a - b),
        0.5,
      ),
    )} ms`,
  );
  console.log(
    `medians over the fan-outs: mutation answered after ${medianOf('answered')} ms, first socket reached ${medianOf('first')} ms, last ${medianOf('last')} ms; notifications delivered: ${probes.reduce((sum, probe) => sum + probe.notifications, 0)}, unread-count updates: ${probes.reduce((sum, probe) => sum + probe.unreadUpdates, 0)}`,
  );

  // Notification polls in the window, by whose token: one poller per member means one poll per interval, give or
  // take one at the window's edges; one poller per socket would poll ~30 times per interval here. Each like also hints
  // its post's author, whose inbox is then read at once (issue 18's push on hint): the gateway's own count by cause
  // (/metrics) tells those polls from the interval's.
  const pollsBy = new Map(members.map((member) => [`token ${member.token}`, 0]));
  let strangers = 0;
  for (const call of proxy.calls.slice(callsBefore, callsAfter)) {
    if (call.method !== 'GET' || !call.url.startsWith('/v1/user/notification/?page=1&pageSize=20')) continue;
    const owner = call.headers.authorization ?? '';
    if (pollsBy.has(owner)) pollsBy.set(owner, pollsBy.get(owner)! + 1);
    else strangers += 1;
  }
  const counted = (cause: string) => (pollsAfter.get(cause) ?? 0) - (pollsBefore.get(cause) ?? 0);
  const hinted = counted('hint');
  const authorToken = `token ${members.find((member) => member.userId === post.author.databaseId)?.token}`;
  const counts = [...pollsBy.values()];
  const onInterval = (owner: string, count: number) => count - (owner === authorToken ? hinted : 0);
  const exact =
    [...pollsBy].every(([owner, count]) => onInterval(owner, count) >= Math.ceil(intervals) - 1 && onInterval(owner, count) <= Math.floor(intervals) + 1) &&
    strangers === 0;
  console.log(
    `notification polls in ${intervals.toFixed(1)} intervals: ${Math.min(...counts)}-${Math.max(...counts)} per member (${members.length} members, ${memberSockets} member sockets); ` +
      `the gateway's count by cause: ${[...pollsAfter.keys()].map((cause) => `${cause} ${counted(cause)}`).join(', ')}`,
  );
  report(
    `upstream notification polls on the interval per member per interval (mean over ${members.length} members)`,
    (counted('interval') / members.length / intervals).toFixed(2),
    `1, each member ${Math.round(intervals)} ± 1 polls besides the author's hinted ones`,
    exact,
  );
  report(`hinted polls of the liked post's author (one per like at most)`, hinted, `≤ ${FANOUTS}`, hinted <= FANOUTS);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const probe of probes) await probe.client.dispose();
  await Promise.all(services.map((service) => service.stop()));
  await proxy?.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const missed = figures.filter((figure) => !figure.met);
if (missed.length > 0) {
  console.log(`\nsubscriptions: ${missed.length} target(s) missed: ${missed.map((figure) => figure.name).join('; ')}`);
  process.exitCode = 1;
} else if (process.exitCode !== 1) {
  console.log('\nsubscriptions: all targets met');
}
