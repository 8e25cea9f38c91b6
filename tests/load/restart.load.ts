import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../gateway/src/server/server.js';
import { buildUpstream, issueToken } from '../../upstream/src/app.js';

/**
 * 200 concurrent clients for 60 s against the gateway over a real upstream on disk, with the upstream
 * stopped and started again once mid-run. Each client is a closed loop on loopback (one request at a
 * time), mixing reads with likes and replies. Afterwards the gateway still answers, and every post's like
 * and reply counts equal its stored rows.
 */
const CLIENTS = 200;
const DURATION_MS = 60_000;
const RESTART_AT_MS = 25_000;
const MEMBERS = 15;

type Upstream = Awaited<ReturnType<typeof buildUpstream>>;
let dataDir: string;
let upstream: Upstream;
let upstreamPort: number;
let gateway: RunningGateway;

async function startUpstreamOnDisk(port = 0): Promise<void> {
  upstream = await buildUpstream({ seed: true, dataDir });
  await upstream.app.listen({ port, host: '127.0.0.1' });
  upstreamPort = (upstream.app.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'load-upstream-'));
  await startUpstreamOnDisk();
  // Clients come through a trusted load balancer, each with its own address (X-Forwarded-For).
  gateway = await startGateway({ upstreamUrl: `http://127.0.0.1:${upstreamPort}`, port: 0, settings: { trustProxy: true } });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Per post: stored counters against the rows they count. */
async function countsAgainstRows(db: Upstream['db']): Promise<Map<number, { likeCount: number; likeRows: number; replyCount: number; replyRows: number }>> {
  const result = await db.execute(sql`
    select p.id,
           p.like_count as "likeCount",
           (select count(*) from post_likes l where l.post_id = p.id)::int as "likeRows",
           p.reply_count as "replyCount",
           (select count(*) from replies r where r.post_id = p.id and r.is_deleted = false)::int as "replyRows"
    from posts p`);
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
    id: number;
    likeCount: number;
    likeRows: number;
    replyCount: number;
    replyRows: number;
  }[];
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { likeCount: Number(row.likeCount), likeRows: Number(row.likeRows), replyCount: Number(row.replyCount), replyRows: Number(row.replyRows) },
    ]),
  );
}

it(`stays up under ${CLIENTS} clients for ${DURATION_MS / 1000} s with an upstream restart, and counts match the rows`, async () => {
  const tokens = await Promise.all(Array.from({ length: MEMBERS }, (_, index) => issueToken(upstream.db, index + 1)));
  const before = await countsAgainstRows(upstream.db);
  const feed = await (await post({ query: `{ posts(first: 20) { edges { node { id } } } }` })).json();
  const postIds: string[] = feed.data.posts.edges.map((edge: { node: { id: string } }) => edge.node.id);
  expect(postIds.length).toBeGreaterThan(0);

  const tally = { ok: 0, failed: 0, okAfterRestart: 0, likes: 0, replies: 0 };
  const failures = new Map<string, number>();
  const fail = (reason: string) => {
    tally.failed += 1;
    failures.set(reason, (failures.get(reason) ?? 0) + 1);
  };
  let restarted = false;
  const started = Date.now();
  const deadline = started + DURATION_MS;

  function post(body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${gateway.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  }

  async function client(index: number) {
    const token = tokens[index % MEMBERS];
    const headers = { authorization: `token ${token}`, 'x-forwarded-for': `10.0.${index >> 8}.${index & 255}` };
    for (let round = 0; Date.now() < deadline; round++) {
      const id = postIds[(index + round) % postIds.length];
      const pick = (index + round) % 10;
      const body =
        pick < 6
          ? {
              query: `query ($id: ID!) { post(id: $id) { ... on Post { likeCount replyCount isLiked } } posts(first: 10) { edges { node { id likeCount } } } }`,
              variables: { id },
            }
          : pick < 9
            ? { query: `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename } }`, variables: { id } }
            : { query: `mutation ($id: ID!) { createReply(input: { postId: $id, content: "부하 시험 댓글" }) { __typename } }`, variables: { id } };
      try {
        const answer = await (await post(body, headers)).json();
        const typename = answer.data && (Object.values(answer.data)[0] as { __typename?: string } | null)?.__typename;
        if (answer.errors || !answer.data) fail(answer.errors?.[0]?.extensions?.code ?? 'no data');
        else if (typename && typename.endsWith('Error')) fail(typename);
        else {
          tally.ok += 1;
          if (restarted) tally.okAfterRestart += 1;
          if (pick >= 6 && pick < 9) tally.likes += 1;
          if (pick === 9) tally.replies += 1;
        }
      } catch {
        fail('fetch');
      }
    }
  }

  const restart = (async () => {
    await new Promise((resolve) => setTimeout(resolve, RESTART_AT_MS));
    const port = upstreamPort;
    await upstream.close();
    await startUpstreamOnDisk(port);
    restarted = true;
  })();

  await Promise.all([...Array.from({ length: CLIENTS }, (_, index) => client(index)), restart]);
  console.log(
    `load: ${CLIENTS} clients, ${DURATION_MS / 1000} s: ${tally.ok} ok (${tally.okAfterRestart} after the restart), ${tally.failed} failed ${JSON.stringify(Object.fromEntries(failures))}, ${tally.likes} likes, ${tally.replies} replies`,
  );

  // The gateway is up and serving from the restarted upstream.
  expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
  expect(restarted).toBe(true);
  expect(tally.okAfterRestart).toBeGreaterThan(0);
  expect(tally.likes + tally.replies).toBeGreaterThan(0);
  const check = await (await post({ query: `{ posts(first: 1) { totalCount } }` })).json();
  expect(check.errors).toBeUndefined();

  // Every counter still equals its rows (as before the run: the demo data starts consistent).
  const after = await countsAgainstRows(upstream.db);
  for (const [id, counts] of after) {
    const seeded = before.get(id);
    const likeOffset = seeded ? seeded.likeCount - seeded.likeRows : 0;
    const replyOffset = seeded ? seeded.replyCount - seeded.replyRows : 0;
    expect({ id, likes: counts.likeCount - counts.likeRows, replies: counts.replyCount - counts.replyRows }).toEqual({
      id,
      likes: likeOffset,
      replies: replyOffset,
    });
  }
  // And the gateway reports exactly what is stored.
  for (const id of postIds) {
    const answer = await (
      await post({ query: `query ($id: ID!) { post(id: $id) { ... on Post { databaseId likeCount replyCount } } }`, variables: { id } })
    ).json();
    const stored = after.get(answer.data.post.databaseId)!;
    expect({ likeCount: answer.data.post.likeCount, replyCount: answer.data.post.replyCount }).toEqual({
      likeCount: stored.likeCount,
      replyCount: stored.replyCount,
    });
  }
}, 180_000);
