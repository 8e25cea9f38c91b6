/**
 * P6, the gateway's own cost: the feed and the post detail through the gateway against the fixture upstream (recorded
 * answers from memory, so the upstream is never the bottleneck), divided by a plain Node pass-through
 * (`bench/peers/passthrough.ts`) that makes the same upstream calls and answers the same JSON without GraphQL.
 * Also the gateway's CPU time per answered operation, read from /proc while each phase runs, and each side's floor: the
 * CPU per request with nothing to read (`{ __typename }`, the pass-through's /healthz).
 *
 * Both sides are asked by distinct members in turn (each request carries the next member's token), as real readers
 * differ: the gateway shares identical reads in flight only within one caller, so neither side saves upstream calls
 * the other makes. The upstream calls per answer of both sides are counted by the fixture and printed.
 *
 * BENCH_CPU_PROF_DIR=<folder> starts this gateway with `node --cpu-prof` and writes its profile there when it stops
 * (open the `.cpuprofile` in Chrome DevTools or speedscope).
 */
import { isDeepStrictEqual } from 'node:util';
import { startService, type Service } from '../tests/helpers/processes.js';
import { benchProgram, startBenchGateway } from './programs.js';
import { startFixtureUpstream } from './fixture-upstream.js';
import { FEED, FLOOR, POST_DETAIL } from './operations.js';
import { cpuSeconds, drive, graphql, graphqlLoad, profiled, report, type Load } from './load.js';
import { MEMBER_COUNT, benchMembers, memberHeaders } from './members.js';

/** Starts its own fixture upstream, gateway and pass-through (added to `services` for the caller to stop) and reports P6. */
export async function benchGatewayCost(referenceUpstream: Service, dataDir: string, services: Service[]): Promise<void> {
  const fixture = await startFixtureUpstream(referenceUpstream.url, await benchProgram('fixture-upstream'));
  services.push(fixture);
  const gateway = await startBenchGateway('gateway on the fixture', dataDir, { UPSTREAM_URL: fixture.url }, profiled());
  services.push(gateway);
  const passThrough = await startService('pass-through peer', await benchProgram('passthrough'), { UPSTREAM_URL: fixture.url }, '/healthz');
  services.push(passThrough);
  const stockYoga = await startService('stock Yoga peer', await benchProgram('stock-yoga'), {}, '/healthz');
  services.push(stockYoga);
  const members = await benchMembers(referenceUpstream, MEMBER_COUNT);
  const callers = memberHeaders(members);

  // Record what both sides ask for, then replay only: the busiest post, so the detail carries replies and answers.
  const [{ token }] = members;
  const feed = await graphql(gateway, FEED, undefined, token);
  const busiest = [...feed.posts.edges].sort((a: any, b: any) => b.node.replyCount - a.node.replyCount)[0].node;
  const postId = Number(Buffer.from(busiest.id, 'base64').toString().split(':')[1]);
  const detail = await graphql(gateway, POST_DETAIL, { id: busiest.id }, token);
  const peerAnswer = async (path: string) => (await (await fetch(`${passThrough.url}${path}`, { headers: callers[0] })).json()).data;
  const sameFeed = isDeepStrictEqual(await peerAnswer('/feed'), feed);
  const sameDetail = isDeepStrictEqual(await peerAnswer(`/post-detail/${postId}`), detail);
  // The feed, the post and its reply page: a URL only one side asked for would make a fourth.
  const { recorded } = await fixture.stats();
  await fixture.freeze();
  if (!sameFeed || !sameDetail) console.log(`P6 answers differ: feed ${sameFeed ? 'equal' : 'differs'}, post detail ${sameDetail ? 'equal' : 'differs'}`);
  report(
    'P6 the pass-through answers what the gateway answers, and calls the same URLs',
    sameFeed && sameDetail && recorded === 3 ? 1 : 0,
    '1',
    sameFeed && sameDetail && recorded === 3,
    0,
  );

  const operations: { name: string; gateway: Load; peer: Load }[] = [
    { name: 'feed', gateway: graphqlLoad(gateway, FEED, undefined, callers), peer: { url: `${passThrough.url}/feed`, callers } },
    {
      name: 'post detail',
      gateway: graphqlLoad(gateway, POST_DETAIL, { id: busiest.id }, callers),
      peer: { url: `${passThrough.url}/post-detail/${postId}`, callers },
    },
  ];
  for (const operation of operations) {
    await drive(operation.gateway, { seconds: 3 });
    await drive(operation.peer, { seconds: 3 });
  }
  /** The pass-through's CPU per answer of each operation, for the ceiling below. */
  const peerCpuPerAnswer = new Map<string, number>();
  for (const operation of operations) {
    const gatewayRuns: number[] = [];
    const peerRuns: number[] = [];
    let cpu = 0;
    let answers = 0;
    let peerCpu = 0;
    let peerAnswers = 0;
    let upstreamCalls = 0;
    let peerUpstreamCalls = 0;
    let failures = 0;
    // Only the side under load calls the fixture while it runs: its count is that side's upstream calls.
    const served = async () => (await fixture.stats()).served;
    // Alternated twice, so drift on the shared machine touches both sides alike.
    for (let round = 0; round < 2; round += 1) {
      const cpuBefore = cpuSeconds(gateway);
      const callsBefore = await served();
      const viaGateway = await drive(operation.gateway);
      cpu += cpuSeconds(gateway) - cpuBefore;
      upstreamCalls += (await served()) - callsBefore;
      answers += viaGateway.answers;
      const peerCpuBefore = cpuSeconds(passThrough);
      const peerCallsBefore = await served();
      const viaPeer = await drive(operation.peer);
      peerCpu += cpuSeconds(passThrough) - peerCpuBefore;
      peerUpstreamCalls += (await served()) - peerCallsBefore;
      peerAnswers += viaPeer.answers;
      gatewayRuns.push(viaGateway.rps);
      peerRuns.push(viaPeer.rps);
      failures += viaGateway.failures + viaPeer.failures;
    }
    const gatewayRps = gatewayRuns.reduce((sum, rps) => sum + rps, 0) / gatewayRuns.length;
    const peerRps = peerRuns.reduce((sum, rps) => sum + rps, 0) / peerRuns.length;
    console.log(
      `P6 ${operation.name}: gateway ${gatewayRps.toFixed(0)} req/s (${(upstreamCalls / Math.max(1, answers)).toFixed(2)} upstream calls per answer), ` +
        `pass-through ${peerRps.toFixed(0)} req/s (${(peerUpstreamCalls / Math.max(1, peerAnswers)).toFixed(2)} upstream calls per answer, ` +
        `${((peerCpu * 1e6) / Math.max(1, peerAnswers)).toFixed(0)} µs CPU per answer); ${callers.length} members asking in turn`,
    );
    peerCpuPerAnswer.set(operation.name, (peerCpu * 1e6) / Math.max(1, peerAnswers));
    report(`P6 ${operation.name}: gateway upstream calls per answer`, upstreamCalls / Math.max(1, answers), 'reported', true);
    report(`P6 ${operation.name}: pass-through upstream calls per answer`, peerUpstreamCalls / Math.max(1, peerAnswers), 'reported', true);
    report(`P6 ${operation.name}: gateway req/s ÷ pass-through req/s, fixture upstream`, gatewayRps / peerRps, '≥ 0.5', gatewayRps / peerRps >= 0.5);
    report(`P6 ${operation.name}: gateway CPU µs per operation`, (cpu * 1e6) / Math.max(1, answers), 'reported', true, 0);
    report(`P6 ${operation.name}: failed responses`, failures, '0', failures === 0, 0);
  }
  // The floor: what a request costs each side with nothing to read (no upstream call), so the figures above split into
  // what every request costs and what the operation adds.
  const floor = { gateway: graphqlLoad(gateway, FLOOR, undefined, callers), peer: { url: `${passThrough.url}/healthz`, callers } };
  const floorCpu = async (service: Service, load: Load) => {
    const before = cpuSeconds(service);
    const run = await drive(load);
    return { rps: run.rps, cpuMicros: ((cpuSeconds(service) - before) * 1e6) / Math.max(1, run.answers) };
  };
  const gatewayFloor = await floorCpu(gateway, floor.gateway);
  const peerFloor = await floorCpu(passThrough, floor.peer);
  const stockYogaFloor = await floorCpu(stockYoga, graphqlLoad(stockYoga, FLOOR, undefined, callers));
  console.log(
    `P6 floor, no upstream call: gateway \`{ __typename }\` ${gatewayFloor.rps.toFixed(0)} req/s, ` +
      `stock Yoga \`{ __typename }\` ${stockYogaFloor.rps.toFixed(0)} req/s, pass-through /healthz ${peerFloor.rps.toFixed(0)} req/s`,
  );
  report('P6 floor: gateway CPU µs per `{ __typename }`', gatewayFloor.cpuMicros, 'reported', true, 0);
  report('P6 floor: stock Yoga on Fastify, no plugin, CPU µs per `{ __typename }`', stockYogaFloor.cpuMicros, 'reported', true, 0);
  report('P6 floor: pass-through CPU µs per /healthz', peerFloor.cpuMicros, 'reported', true, 0);
  // What P6 could reach on Yoga if resolving the fields and writing the GraphQL answer cost nothing: stock Yoga's floor
  // plus the pass-through's own work (its CPU per answer less its floor), against the pass-through's CPU per answer.
  for (const [name, peerMicros] of peerCpuPerAnswer) {
    const ceiling = peerMicros / (stockYogaFloor.cpuMicros + peerMicros - peerFloor.cpuMicros);
    report(`P6 ${name}: ceiling on stock Yoga (CPU), fields and answer free`, ceiling, 'reported', true);
  }
  const { misses } = await fixture.stats();
  report('P6 fixture upstream misses (calls it had not recorded)', misses, '0', misses === 0, 0);
}
