/**
 * `npm run bench`: the gateway's performance bar (issue 9). Starts the reference upstream, the gateway and
 * the Apollo peer, each in its own process on loopback, drives them with autocannon (no pipelining, a fixed
 * connection count) and prints every figure as `name: value (target)`. Exits non-zero when one is missed.
 *
 * Environment: BENCH_SECONDS (each load phase, default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_SOAK_SECONDS (memory soak, default 300), BENCH_ONLY (the phases to run, e.g. `P6,P8`; P1-P5 and the soak run
 * together, `subscriptions` and `notifications` name the last two), BENCH_MEMBERS (the distinct members every load is
 * asked by, default 200), BENCH_P8_SAMPLES (P8's half-load operations per side, default 1000). Ends with
 * bench/subscriptions.ts and bench/notifications.ts (their own environment there).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEED, ITEM_MODAL, MINIMUM_UPSTREAM_CALLS, POST, POST_DETAIL } from './operations.js';
import { startService, type Service } from '../tests/helpers/processes.js';
import { benchProgram, startBenchGateway } from './programs.js';
import { benchGatewayCost } from './gateway-cost.js';
import { startFixtureUpstream } from './fixture-upstream.js';
import { benchHiveGateway } from './hive-comparison.js';
import { benchMemberMix } from './member-mix.js';
import { MEMBER_COUNT, benchMembers, memberHeaders } from './members.js';
import {
  CONNECTIONS,
  SECONDS,
  counter,
  cpuSeconds,
  drive,
  figures,
  firstErrorSample,
  graphql,
  graphqlLoad,
  median,
  profiled,
  report,
  runsPhase,
  type Load,
  type LoadResult,
} from './load.js';

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-upstream-'));
const services: Service[] = [];
try {
  console.log(`bench: ${CONNECTIONS} connections, ${SECONDS} s per phase, soak ${SOAK_SECONDS} s`);
  const upstream = await startService('upstream', await benchProgram('upstream'), { UPSTREAM_DATA_DIR: dataDir, DEMO_DATA: 'true' }, '/healthz');
  services.push(upstream);
  if (['P1', 'P2', 'P3', 'P4', 'P5'].some(runsPhase)) {
    const gateway = await startBenchGateway('gateway', dataDir, { UPSTREAM_URL: upstream.url });
    services.push(gateway);
    // P5 compares the two gateways' own cost: each on the fixture upstream (recorded answers from memory), since with
    // distinct members both make one upstream call per feed and on the reference upstream both would wait on it alike.
    const fixture = await startFixtureUpstream(upstream.url, await benchProgram('fixture-upstream'));
    services.push(fixture);
    // BENCH_CPU_PROF_DIR profiles both, so their profiles can be read side by side.
    const gatewayOnFixture = await startBenchGateway('gateway on the fixture (P5)', dataDir, { UPSTREAM_URL: fixture.url }, profiled());
    services.push(gatewayOnFixture);
    const apollo = await startService(
      'apollo peer',
      await benchProgram('apollo-feed'),
      { UPSTREAM_URL: `${fixture.url}/` },
      '/?query=%7B__typename%7D',
      { headers: { 'apollo-require-preflight': 'true' } },
      profiled(),
    );
    services.push(apollo);

    const feed = await graphql(gateway, FEED);
    const firstPost = feed.posts.edges[0].node;
    const postDatabaseId = Number(Buffer.from(firstPost.id, 'base64').toString().split(':')[1]);
    const busiest = [...feed.posts.edges].sort((a: any, b: any) => b.node.replyCount - a.node.replyCount)[0].node;
    const items = await (await fetch(`${upstream.url}/v1/item/search-name/?item_name=${encodeURIComponent('슬라임')}&page_size=1`)).json();
    const itemId = Buffer.from(`Item:${items.results[0].uuid}`).toString('base64');

    // Every load is asked by distinct members in turn, as real readers differ: the gateway shares identical reads in
    // flight only within one caller, so it saves no upstream call that Apollo or a direct client makes.
    const callers = memberHeaders(await benchMembers(upstream, MEMBER_COUNT));
    const direct: Load = { url: `${upstream.url}/v1/community/${postDatabaseId}/`, callers };
    // The upstream call behind the feed: the ceiling of any gateway that does not cache viewer-dependent lists.
    const feedDirect: Load = { url: `${upstream.url}/v1/community/?page=1&page_size=20`, callers };
    const viaGateway = graphqlLoad(gateway, POST, { id: firstPost.id }, callers);
    const feedViaGateway = graphqlLoad(gateway, FEED, undefined, callers);
    const feedViaFixtureGateway = graphqlLoad(gatewayOnFixture, FEED, undefined, callers);
    const feedViaApollo = graphqlLoad(apollo, FEED, undefined, callers);
    await graphql(gateway, POST, { id: firstPost.id });
    // Both record the one feed call, then the fixture only replays.
    await graphql(gatewayOnFixture, FEED);
    await graphql(apollo, FEED);
    await fixture.freeze();

    // P3 first, on a calm gateway: upstream calls per operation, duplicates counted, from its own counter.
    const callsFor = async (query: string, variables?: Record<string, unknown>) => {
      const before = await counter(gateway, 'gateway_upstream_requests_total');
      await graphql(gateway, query, variables);
      return (await counter(gateway, 'gateway_upstream_requests_total')) - before;
    };
    const p3 = {
      feed: (await callsFor(FEED)) / MINIMUM_UPSTREAM_CALLS.feed,
      postDetail: (await callsFor(POST_DETAIL, { id: busiest.id })) / MINIMUM_UPSTREAM_CALLS.postDetail,
      itemModal: (await callsFor(ITEM_MODAL, { id: itemId })) / MINIMUM_UPSTREAM_CALLS.itemModal,
    };
    for (const [operation, ratio] of Object.entries(p3)) report(`P3 upstream calls ÷ minimum, ${operation}`, ratio, '1.00', ratio === 1);

    // Warm-up: JIT, connection pools.
    for (const load of [direct, viaGateway, feedDirect, feedViaGateway, feedViaFixtureGateway, feedViaApollo]) await drive(load, { seconds: 3 });

    // P1, P4 and P5: alternated twice, so drift on the shared machine touches every side alike.
    const runs: Record<'direct' | 'post' | 'feedDirect' | 'feed' | 'feedOnFixture' | 'apollo', LoadResult[]> = {
      direct: [],
      post: [],
      feedDirect: [],
      feed: [],
      feedOnFixture: [],
      apollo: [],
    };
    // P5's upstream calls, counted by the fixture during each side's phases (only that side calls it then), and each
    // side's CPU time (user + system) over its own phases.
    const p5Calls = { gateway: { calls: 0, answers: 0, cpu: 0 }, apollo: { calls: 0, answers: 0, cpu: 0 } };
    const p5Services = { gateway: gatewayOnFixture, apollo };
    const countedOnFixture = async (load: Load, side: keyof typeof p5Calls) => {
      const before = (await fixture.stats()).served;
      const cpuBefore = cpuSeconds(p5Services[side]);
      const run = await drive(load);
      p5Calls[side].cpu += cpuSeconds(p5Services[side]) - cpuBefore;
      p5Calls[side].calls += (await fixture.stats()).served - before;
      p5Calls[side].answers += run.answers;
      return run;
    };
    for (let round = 0; round < 2; round += 1) {
      runs.direct.push(await drive(direct));
      runs.post.push(await drive(viaGateway));
      runs.feedDirect.push(await drive(feedDirect));
      runs.feed.push(await drive(feedViaGateway));
      runs.feedOnFixture.push(await countedOnFixture(feedViaFixtureGateway, 'gateway'));
      runs.apollo.push(await countedOnFixture(feedViaApollo, 'apollo'));
    }
    const rps = (key: keyof typeof runs) => runs[key].reduce((sum, run) => sum + run.rps, 0) / runs[key].length;
    const failures = Object.values(runs)
      .flat()
      .reduce((sum, run) => sum + run.failures, 0);
    if (firstErrorSample) console.log(`first error answer: ${firstErrorSample}`);
    console.log(
      `req/s: direct ${rps('direct').toFixed(0)}, gateway post(id) ${rps('post').toFixed(0)}, direct feed GET ${rps('feedDirect').toFixed(0)}, gateway feed ${rps('feed').toFixed(0)}; ` +
        `on the fixture upstream: gateway feed ${rps('feedOnFixture').toFixed(0)}, apollo feed ${rps('apollo').toFixed(0)}; failed responses ${failures}`,
    );
    report('P1 gateway post(id) req/s ÷ direct GET req/s', rps('post') / rps('direct'), '≥ 0.5', rps('post') / rps('direct') >= 0.5);

    // P2: both sides at the same fixed rate, half of what the gateway managed.
    // Three alternated rounds, judged by the median round, so one burst of the shared machine's load decides nothing.
    const rate = Math.max(1, Math.floor(rps('post') / 2));
    const rounds: { p50: number; p99: number }[] = [];
    for (let round = 0; round < 3; round += 1) {
      const directAtRate = await drive(direct, { overallRate: rate });
      const gatewayAtRate = await drive(viaGateway, { overallRate: rate });
      console.log(
        `at ${rate} req/s, round ${round + 1}: direct p50 ${directAtRate.p50} ms p99 ${directAtRate.p99} ms; gateway p50 ${gatewayAtRate.p50} ms p99 ${gatewayAtRate.p99} ms`,
      );
      rounds.push({ p50: gatewayAtRate.p50 - directAtRate.p50, p99: gatewayAtRate.p99 - directAtRate.p99 });
    }
    const addedP50 = median(rounds.map((round) => round.p50));
    const addedP99 = median(rounds.map((round) => round.p99));
    report('P2 added latency p50 ms', addedP50, '≤ 1', addedP50 <= 1);
    report('P2 added latency p99 ms', addedP99, '≤ 3', addedP99 <= 3);

    report('P4 feed req/s ÷ post(id) req/s', rps('feed') / rps('post'), '≥ 0.5', rps('feed') / rps('post') >= 0.5);
    const p5 = rps('feedOnFixture') / rps('apollo');
    report('P5 feed req/s ÷ Apollo Server feed req/s, fixture upstream, distinct members', p5, '≥ 2', p5 >= 2);
    for (const [side, { calls, answers, cpu }] of Object.entries(p5Calls)) {
      const name = side === 'gateway' ? 'gateway' : 'Apollo Server';
      report(`P5 ${name} upstream calls per feed answer (${callers.length} members in turn)`, calls / Math.max(1, answers), 'reported', true);
      report(`P5 ${name} CPU µs per feed answer`, (cpu * 1e6) / Math.max(1, answers), 'reported', true, 0);
    }
    const { misses } = await fixture.stats();
    report('P5 fixture upstream misses (calls it had not recorded)', misses, '0', misses === 0, 0);
    report('failed responses during the runs', failures, '0', failures === 0, 0);
    const throttled = await counter(gateway, 'gateway_rate_limited_total');
    report('rate-limited operations during the runs', throttled, '0', throttled === 0, 0);

    // Memory: RSS after the runs, then a soak at half the gateway's rate, feed and post alternating.
    report('memory: gateway RSS after the runs MB', gateway.rssMb(), 'reported', true, 1);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(gateway.rssMb()), 2000);
    const soakEnd = Date.now() + SOAK_SECONDS * 1000;
    while (Date.now() < soakEnd) {
      const seconds = Math.max(1, Math.min(30, Math.round((soakEnd - Date.now()) / 1000)));
      await drive(feedViaGateway, { seconds, overallRate: Math.max(1, Math.floor(rps('feed') / 2)) });
    }
    clearInterval(sampler);
    // Growth trend: the last quarter against the second (the first is warm-up).
    if (samples.length < 8) throw new Error('the soak is too short to see a trend: raise BENCH_SOAK_SECONDS');
    const quarter = Math.floor(samples.length / 4);
    const early = median(samples.slice(quarter, 2 * quarter));
    const late = median(samples.slice(-quarter));
    const allowed = Math.max(8, early * 0.05);
    console.log(`soak: ${samples.length} samples, RSS ${Math.min(...samples).toFixed(1)}-${Math.max(...samples).toFixed(1)} MB`);
    report(`memory: gateway RSS growth over a ${SOAK_SECONDS} s soak MB`, late - early, `≤ ${allowed.toFixed(1)}, no growth trend`, late - early <= allowed, 1);
  }

  // P6: the gateway against the fixture upstream, beside a pass-through without GraphQL.
  if (runsPhase('P6')) await benchGatewayCost(upstream, dataDir, services);

  // P7: the same operations on Hive Gateway over a Mesh OpenAPI source composed from the upstream's /openapi.json.
  if (runsPhase('P7')) await benchHiveGateway(upstream, dataDir, services);

  // P8: 200 members with their own tokens, a mix of reads and writes, gateway beside direct REST on the reference upstream.
  if (runsPhase('P8')) await benchMemberMix(upstream, dataDir, services);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await Promise.all(services.map((service) => service.stop()));
  rmSync(dataDir, { recursive: true, force: true });
}

// Subscriptions (issue 9, point 5): its own processes and 1,000 sockets, after the services above have stopped.
if (runsPhase('subscriptions')) {
  console.log('');
  const subscriptions = spawnSync(process.execPath, ['--import', 'tsx', 'bench/subscriptions.ts'], { stdio: 'inherit' });
  figures.push({ name: 'subscriptions (bench/subscriptions.ts)', value: String(subscriptions.status), target: '0', met: subscriptions.status === 0 });
}

// Notification delivery (issue 18): gateway-caused notifications with the default 30 s poll interval.
if (runsPhase('notifications')) {
  console.log('');
  const notifications = spawnSync(process.execPath, ['--import', 'tsx', 'bench/notifications.ts'], { stdio: 'inherit' });
  figures.push({ name: 'notifications (bench/notifications.ts)', value: String(notifications.status), target: '0', met: notifications.status === 0 });
}

const missed = figures.filter((figure) => !figure.met);
if (missed.length > 0) {
  console.log(`\n${missed.length} target(s) missed: ${missed.map((figure) => figure.name).join('; ')}`);
  process.exitCode = 1;
} else if (process.exitCode !== 1) {
  console.log('\nall targets met');
}
