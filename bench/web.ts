/**
 * `npm run bench:web`: Lighthouse (mobile, its default settings) against the built web app served by the
 * gateway over the reference upstream, in the Debian Chromium. Prints each score as `name: value (target)`
 * and exits non-zero when one is missed. SKIP_BUILD=true reuses dist/web; CHROMIUM_PATH overrides the browser;
 * LIGHTHOUSE_JSON_DIR keeps each page's full report there (every audit, the network waterfall, the main thread).
 * Each page is measured LIGHTHOUSE_RUNS times (default 3) and judged by the median run, chosen by Lighthouse's
 * own `computeMedianRun`, as Lighthouse's documentation advises against reading a single run's score.
 * LIGHTHOUSE_PAGES picks pages by name (comma-separated, e.g. `post detail`). LIGHTHOUSE_THROTTLING=slow-3g measures on
 * Chrome DevTools' Slow 3G instead (applied to the real network, so a response streamed in parts paints its first part
 * early, which Lighthouse's simulated throttling cannot show) and prints the median FCP and LCP of the runs; the score
 * targets are for the default settings and are not judged there.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_OPTIONS } from '../tests/helpers/chromium.js';
import { freePort, startService, type Service } from '../tests/helpers/processes.js';
import { benchProgram } from './programs.js';

/** The fields of Lighthouse's network-requests audit read here. */
interface NetworkRequest {
  url: string;
  resourceType?: string;
  networkEndTime?: number;
}

const TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
const chromiumPath = process.env.CHROMIUM_PATH ?? CHROMIUM_OPTIONS.executablePath;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const PAGE_NAMES = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
/** Chrome DevTools' Slow 3G preset (400 ms latency and 500 kbit/s, each scaled as DevTools does), with Lighthouse's mobile CPU slowdown. */
const SLOW_3G = { requestLatencyMs: 400 * 5, downloadThroughputKbps: 500 * 0.8, uploadThroughputKbps: 500 * 0.8, cpuSlowdownMultiplier: 4 };
const slow3g = process.env.LIGHTHOUSE_THROTTLING === 'slow-3g';
if (process.env.LIGHTHOUSE_THROTTLING && !slow3g) throw new Error(`LIGHTHOUSE_THROTTLING: only slow-3g is known, not ${process.env.LIGHTHOUSE_THROTTLING}`);
const throttlingFlags = slow3g ? ({ throttlingMethod: 'devtools', throttling: SLOW_3G } as const) : {};
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

if (process.env.SKIP_BUILD !== 'true') execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });

const scratch = mkdtempSync(join(tmpdir(), 'bench-web-'));
const services: Service[] = [];
let chromium: ReturnType<typeof spawn> | undefined;
let missed = 0;
try {
  const upstream = await startService('upstream', await benchProgram('upstream'), { UPSTREAM_DATA_DIR: join(scratch, 'db'), DEMO_DATA: 'true' }, '/healthz');
  services.push(upstream);
  const gateway = await startService('gateway', await benchProgram('gateway'), { UPSTREAM_URL: upstream.url, WEB_DIR: 'dist/web' }, '/healthz');
  services.push(gateway);

  const graphql = async (query: string, variables?: object) =>
    (
      await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      })
    ).json();
  // The post with the most replies of the newest 20: a detail whose replies weigh (they come deferred).
  const feed = await graphql('{ posts(first: 20) { edges { node { id replyCount } } } }');
  const posts: { id: string; replyCount: number }[] = (feed.data?.posts?.edges ?? []).map((edge: { node: { id: string; replyCount: number } }) => edge.node);
  const postId = encodeURIComponent(posts.reduce((most, post) => (post.replyCount > most.replyCount ? post : most)).id);
  // /my needs a member: the session goes in through the `token` parameter the app web view uses (002 §3.3), so
  // each run starts from the same clean storage Lighthouse gives every page.
  const login = await graphql('mutation ($input: LoginWithPasswordInput!) { loginWithPassword(input: $input) { ... on LoginWithPasswordPayload { token } } }', {
    input: { identifier: 'mallang@slime.community', password: 'slime1234' },
  });
  const memberToken = login.data?.loginWithPassword?.token;
  if (!memberToken) throw new Error(`the demo member could not log in: ${JSON.stringify(login)}`);
  // The main routes of 002 §2.1: home, a post, search, the probability tables and the member's page.
  const pages = [
    ['/community', '/community'],
    ['post detail', `/community/detail?id=${postId}`],
    ['search', '/community/search/post?query=%EC%8A%AC%EB%9D%BC%EC%9E%84'],
    ['probability', '/probability/treasurebox'],
    ['/my', `/my?token=${encodeURIComponent(memberToken)}`],
  ] as const;

  const port = await freePort();
  chromium = spawn(chromiumPath, [`--remote-debugging-port=${port}`, `--user-data-dir=${join(scratch, 'profile')}`, ...CHROMIUM_OPTIONS.args, 'about:blank'], {
    stdio: 'ignore',
  });
  for (let attempt = 0; ; attempt += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 100) throw new Error('Chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  if (PAGE_NAMES?.some((name) => !pages.some(([known]) => known === name)))
    throw new Error(`LIGHTHOUSE_PAGES: the pages are ${pages.map(([known]) => known).join(', ')}`);
  if (slow3g) console.log('throttling: Slow 3G (DevTools), score targets not judged');
  for (const [name, path] of pages.filter(([known]) => !PAGE_NAMES || PAGE_NAMES.includes(known))) {
    const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(gateway.url + path, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
        ...throttlingFlags,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      runs.push(result.lhr);
    }
    // Lighthouse's median run needs every run's time to interactive, which a Slow 3G load on a busy machine may never
    // reach: then the run with the median LCP stands for the page.
    const median = (
      runs.every((run) => run.audits.interactive?.numericValue !== undefined)
        ? computeMedianRun(runs)
        : [...runs].sort((a, b) => (a.audits['largest-contentful-paint']?.numericValue ?? 0) - (b.audits['largest-contentful-paint']?.numericValue ?? 0))[
            Math.floor((runs.length - 1) / 2)
          ]
    ) as (typeof runs)[number];
    const { categories, audits } = median;
    if (process.env.LIGHTHOUSE_JSON_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_JSON_DIR, `${name.replaceAll(/\W+/g, '-')}.json`), JSON.stringify(median));
    }
    const performanceScores = runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
    console.log(`${name}: performance of the ${RUNS} runs ${performanceScores.join(', ')}; the median run:`);
    console.log(
      `${name} (${path.replace(/token=[^&]+/, 'token=…')}): FCP ${audits['first-contentful-paint']?.displayValue}, LCP ${audits['largest-contentful-paint']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue}`,
    );
    if (slow3g) {
      const paint = (audit: string) => Math.round(medianOf(runs.map((run) => run.audits[audit]?.numericValue ?? NaN)));
      console.log(`${name}, Slow 3G: FCP ${paint('first-contentful-paint')} ms, LCP ${paint('largest-contentful-paint')} ms (medians of ${RUNS} runs)`);
      // Which the first paint waited for: the scripts that had arrived by then (the last of them) or the GraphQL answer.
      for (const [index, run] of runs.entries()) {
        const lcp = run.audits['largest-contentful-paint']?.numericValue ?? NaN;
        const requests = (run.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
        const scripts = requests.filter((request) => request.resourceType === 'Script' && (request.networkEndTime ?? Infinity) <= lcp);
        const lastEnd = (list: NetworkRequest[]) => Math.round(Math.max(0, ...list.map((request) => request.networkEndTime ?? 0)));
        const graphqlEnd = lastEnd(requests.filter((request) => new URL(request.url).pathname === '/graphql'));
        console.log(
          `${name}, Slow 3G run ${index + 1}: LCP ${Math.round(lcp)} ms; ${scripts.length} scripts before it, the last arrived at ${lastEnd(scripts)} ms; the GraphQL answer at ${graphqlEnd} ms`,
        );
      }
      continue;
    }
    for (const [category, target] of Object.entries(TARGETS)) {
      const score = Math.round((categories[category]?.score ?? 0) * 100);
      const met = score >= target;
      if (!met) missed += 1;
      console.log(`lighthouse ${category}, ${name}: ${score} (≥ ${target})${met ? '' : '  <-- missed'}`);
      if (!met) {
        const failing = Object.values(audits).filter(
          (audit) => categories[category].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0) && audit.score !== null && audit.score < 0.9,
        );
        for (const audit of failing.slice(0, 6)) console.log(`    ${audit.id}: ${audit.displayValue ?? audit.score}`);
      }
    }
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  chromium?.kill('SIGKILL');
  await Promise.all(services.map((service) => service.stop()));
  rmSync(scratch, { recursive: true, force: true });
}
if (missed > 0) {
  console.log(`\n${missed} target(s) missed`);
  process.exitCode = 1;
}
