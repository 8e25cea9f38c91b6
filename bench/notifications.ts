/**
 * `npx tsx bench/notifications.ts` (also a phase of `npm run bench`): issue 18. How soon a notification caused
 * through the gateway reaches the recipient's open socket, with the default poll interval (30 s): the write hints
 * the recipient's poller, which polls at once instead of at its next tick. Every demo member holds one socket on
 * `notificationAdded`; BENCH_NOTIFICATION_EVENTS replies (default 40, BENCH_NOTIFICATION_GAP_MS apart, default 150)
 * each answer one member's post, or mention them under another member's post, and tag their text with the event.
 *
 * Latency runs from sending the mutation to the recipient's `next` arriving in the bench. Prints each figure as
 * `name: value (target)` and exits non-zero when one is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { NOTIFICATION_POLL_INTERVAL_MS } from '../domain/limits.js';
import { DEMO_PASSWORD } from '../upstream/src/db/seed-accounts.js';
import { DEMO_MEMBERS } from '../upstream/src/db/seed-data.js';
import { startService, type Service } from '../tests/helpers/processes.js';
import { benchProgram, startBenchGateway } from './programs.js';

const EVENTS = Number(process.env.BENCH_NOTIFICATION_EVENTS ?? 40);
const GAP_MS = Number(process.env.BENCH_NOTIFICATION_GAP_MS ?? 150);
const P99_TARGET_MS = 1000;

const NOTIFICATION_ADDED = `subscription BenchNotifications { notificationAdded { databaseId type content } }`;
const LOGIN = `mutation BenchLogin($input: LoginWithPasswordInput!) { loginWithPassword(input: $input) { __typename ... on LoginWithPasswordPayload { token viewer { databaseId nickname } } } }`;
const REPLY = `mutation BenchReply($input: CreateReplyInput!) { createReply(input: $input) { __typename } }`;

const figures: { name: string; met: boolean }[] = [];
function report(name: string, value: number | string, target: string, met: boolean) {
  figures.push({ name, met });
  console.log(`${name}: ${value} (${target})${met ? '' : '  <-- missed'}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;

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

interface Member {
  token: string;
  userId: number;
  nickname: string;
  /** One of their posts, when they wrote any. */
  postId?: string;
  client?: Client;
  /** Event tag → arrival times of the notification carrying it. */
  arrivals: Map<string, number[]>;
}

const tagOf = (event: number) => `[bench-${event}]`;

/** The first of `list` from `start` on (wrapping) that is none of `excluded`. */
function rotating(list: Member[], start: number, excluded: Member[]): Member {
  for (let offset = 0; offset < list.length; offset += 1) {
    const candidate = list[(start + offset) % list.length];
    if (!excluded.includes(candidate)) return candidate;
  }
  throw new Error('too few demo members');
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-notifications-'));
const services: Service[] = [];
const members: Member[] = [];
try {
  const upstream = await startService('upstream', await benchProgram('upstream'), { UPSTREAM_DATA_DIR: dataDir, DEMO_DATA: 'true' }, '/healthz');
  services.push(upstream);
  const gateway = await startBenchGateway('gateway', dataDir, {
    UPSTREAM_URL: upstream.url,
    NOTIFICATION_POLL_INTERVAL_MS: String(NOTIFICATION_POLL_INTERVAL_MS),
  });
  services.push(gateway);

  for (const { handle } of DEMO_MEMBERS) {
    const login = (await graphql(gateway, LOGIN, { input: { identifier: `${handle}@slime.community`, password: DEMO_PASSWORD } })).loginWithPassword;
    if (!login.token) throw new Error(`login of ${handle} failed: ${login.__typename}`);
    members.push({ token: login.token, userId: login.viewer.databaseId, nickname: login.viewer.nickname, arrivals: new Map() });
  }
  const feed = await graphql(gateway, `{ posts(first: 100) { edges { node { id author { databaseId } } } } }`, {});
  for (const { node } of feed.posts.edges) {
    const author = members.find((member) => member.userId === node.author?.databaseId);
    if (author && !author.postId) author.postId = node.id;
  }

  for (const member of members) {
    const client = createClient({
      url: `${gateway.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { token: member.token },
      retryAttempts: 0,
    });
    member.client = client;
    client.subscribe(
      { query: NOTIFICATION_ADDED },
      {
        next: (result) => {
          const at = performance.now();
          const content = (result.data as { notificationAdded?: { content: string } } | undefined)?.notificationAdded?.content ?? '';
          const tag = /\[bench-\d+\]/.exec(content)?.[0];
          if (tag) member.arrivals.set(tag, [...(member.arrivals.get(tag) ?? []), at]);
        },
        error: (error) => console.log(`subscription error: ${JSON.stringify(error).slice(0, 200)}`),
        complete: () => {},
      },
    );
  }
  // Each poller reads its baseline once before the events start.
  await pause(3000);

  const authors = members.filter((member) => member.postId);
  console.log(
    `notifications: ${members.length} members, one socket each on notificationAdded; ${EVENTS} replies through the gateway, ${GAP_MS} ms apart, half on the recipient's post, half mentioning them elsewhere; poll interval ${NOTIFICATION_POLL_INTERVAL_MS} ms`,
  );
  const sent: { tag: string; recipient: Member; at: number; answered: number }[] = [];
  for (let event = 0; event < EVENTS; event += 1) {
    const mention = event % 2 === 1;
    const recipient = mention ? members[event % members.length] : authors[event % authors.length];
    const host = mention ? rotating(authors, event, [recipient]) : recipient;
    const writer = rotating(members, event * 3, [recipient, host]);
    const tag = tagOf(event);
    const content = mention ? `@${recipient.nickname} 알림 속도를 재는 중 ${tag}` : `알림 속도를 재는 중 ${tag}`;
    const at = performance.now();
    const answer = await graphql(gateway, REPLY, { input: { postId: host.postId, content } }, writer.token);
    if (answer.createReply.__typename === 'CreateReplyPayload') sent.push({ tag, recipient, at, answered: performance.now() - at });
    else console.log(`event ${event}: ${answer.createReply.__typename}`);
    await pause(GAP_MS);
  }
  // Late arrivals (the interval fallback would bring them after up to 30 s; a hinted poll well within 5 s).
  await pause(5000);

  const latencies: number[] = [];
  let duplicates = 0;
  for (const event of sent) {
    const arrivals = event.recipient.arrivals.get(event.tag) ?? [];
    if (arrivals.length) latencies.push(arrivals[0] - event.at);
    if (arrivals.length > 1) duplicates += 1;
    if (!arrivals.length) console.log(`never arrived: ${event.tag} for ${event.recipient.nickname}`);
  }
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(1);
  report(
    'notification deliveries received once / sent (gateway-caused, default interval)',
    `${latencies.length - duplicates} / ${sent.length}`,
    `all of ${EVENTS}`,
    sent.length === EVENTS && latencies.length === sent.length && duplicates === 0,
  );
  const answered = sent.map((event) => event.answered).sort((a, b) => a - b);
  console.log(`the replies themselves were answered after a median ${ms(percentile(answered, 0.5))} ms (p99 ${ms(percentile(answered, 0.99))} ms)`);
  report('notification delivery latency from sending the mutation, p50 ms', ms(percentile(latencies, 0.5)), 'reported', true);
  report(
    'notification delivery latency from sending the mutation, p99 ms',
    ms(percentile(latencies, 0.99)),
    `< ${P99_TARGET_MS}`,
    percentile(latencies, 0.99) < P99_TARGET_MS,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const member of members) await member.client?.dispose();
  await Promise.all(services.map((service) => service.stop()));
  rmSync(dataDir, { recursive: true, force: true });
}

const missed = figures.filter((figure) => !figure.met);
if (missed.length > 0) {
  console.log(`\nnotifications: ${missed.length} target(s) missed: ${missed.map((figure) => figure.name).join('; ')}`);
  process.exitCode = 1;
} else if (process.exitCode !== 1) {
  console.log('\nnotifications: all targets met');
}
