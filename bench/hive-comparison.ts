/**
 * P7: the feed and the post detail (`bench/operations.ts` FEED and POST_DETAIL) through this gateway and through
 * Hive Gateway over GraphQL Mesh's OpenAPI source composed from the upstream's own /openapi.json
 * (`bench/peers/hive-gateway.ts`), each in front of its own fixture upstream (recorded answers from memory), so the
 * figure is the two gateways' own cost. Prints this gateway's req/s ÷ Hive's and the upstream calls each makes per
 * operation: this gateway's from its own counter (as P3), Hive's from its fixture, which no one else calls (this
 * gateway's readiness probe would count on a shared one).
 *
 * The Hive side asks the same data in the shape Mesh generates from the description: root fields named by the
 * operationIds (`listPosts`, `getPost`, `listPostReplies`) with the REST names and ids, each answer a union of the
 * documented answer and the error object. Mesh has no joins between operations of a plain OpenAPI source, so the
 * post detail is two root fields, as its two upstream calls are; nothing in the operations needs a shape Mesh
 * cannot express (the one description form it misreads is noted in the peer).
 */
import { startService, type Service } from '../tests/helpers/processes.js';
import { benchProgram, startBenchGateway } from './programs.js';
import { startFixtureUpstream, type FixtureUpstream } from './fixture-upstream.js';
import { FEED, MINIMUM_UPSTREAM_CALLS, POST_DETAIL } from './operations.js';
import { counter, drive, graphql, graphqlLoad, report, type Load } from './load.js';

/** FEED as Hive Gateway over the Mesh OpenAPI source answers it. */
const HIVE_FEED = /* GraphQL */ `
  query HiveFeed {
    listPosts(page: 1, page_size: 20) {
      ... on PostPage {
        count
        results { id title like_count reply_count view_count created_at author { nickname profile_image represent_badge { title hex_code } } }
      }
    }
  }
`;

/** POST_DETAIL as Hive Gateway over the Mesh OpenAPI source answers it: the post and its first reply page (answers embedded). */
const HIVE_POST_DETAIL = /* GraphQL */ `
  query HivePostDetail($id: String!) {
    getPost(id: $id) {
      ... on Post { id title content like_count reply_count author { nickname represent_badge { title hex_code } } }
    }
    listPostReplies(id: $id, page: 1, page_size: 20) {
      ... on ReplyPage {
        count
        results { id content like_count author { nickname } replies { id content author { nickname } } }
      }
    }
  }
`;

/** Upstream calls the fixture served while `ask` ran once on a calm stack. */
async function fixtureCallsOf(fixture: FixtureUpstream, ask: () => Promise<unknown>): Promise<number> {
  const before = (await fixture.stats()).served;
  await ask();
  return (await fixture.stats()).served - before;
}

/** Upstream calls the gateway counted while `ask` ran once. */
async function gatewayCallsOf(gateway: Service, ask: () => Promise<unknown>): Promise<number> {
  const before = await counter(gateway, 'gateway_upstream_requests_total');
  await ask();
  return (await counter(gateway, 'gateway_upstream_requests_total')) - before;
}

/** Starts the gateway and Hive Gateway, each on its own fixture upstream (added to `services` for the caller to stop), and reports P7. */
export async function benchHiveGateway(referenceUpstream: Service, dataDir: string, services: Service[]): Promise<void> {
  const fixture = await startFixtureUpstream(referenceUpstream.url, await benchProgram('fixture-upstream'));
  services.push(fixture);
  const hiveFixture = await startFixtureUpstream(referenceUpstream.url, await benchProgram('fixture-upstream'));
  services.push(hiveFixture);
  const gateway = await startBenchGateway('gateway on the fixture (P7)', dataDir, { UPSTREAM_URL: fixture.url });
  services.push(gateway);
  const hive = await startService(
    'Hive Gateway peer',
    await benchProgram('hive-gateway'),
    // Hive's logger refuses the `silent` level the other services get.
    { OPENAPI_URL: `${referenceUpstream.url}/openapi.json`, UPSTREAM_URL: hiveFixture.url, LOG_LEVEL: 'error' },
    '/graphql?query=%7B__typename%7D',
  );
  services.push(hive);

  // Record what both sides ask for (the busiest post, so the detail carries replies and answers), then replay only.
  const feed = await graphql(gateway, FEED);
  const busiest = [...feed.posts.edges].sort((a: any, b: any) => b.node.replyCount - a.node.replyCount)[0].node;
  const postId = String(Buffer.from(busiest.id, 'base64').toString().split(':')[1]);
  const ours = { feed: () => graphql(gateway, FEED), postDetail: () => graphql(gateway, POST_DETAIL, { id: busiest.id }) };
  const theirs = { feed: () => graphql(hive, HIVE_FEED), postDetail: () => graphql(hive, HIVE_POST_DETAIL, { id: postId }) };
  const hiveFeed = await theirs.feed();
  const hiveDetail = await theirs.postDetail();
  await ours.postDetail();
  await fixture.freeze();
  await hiveFixture.freeze();
  const sameData =
    hiveFeed.listPosts.results.length === feed.posts.edges.length &&
    hiveFeed.listPosts.results.every((post: any, index: number) => post.title === feed.posts.edges[index].node.title) &&
    hiveDetail.getPost.reply_count === busiest.replyCount &&
    hiveDetail.listPostReplies.results.length > 0;
  report('P7 Hive Gateway answers the same posts and replies', sameData ? 1 : 0, '1', sameData, 0);

  const operations: { name: string; key: keyof typeof ours; gateway: Load; hive: Load }[] = [
    { name: 'feed', key: 'feed', gateway: graphqlLoad(gateway, FEED), hive: graphqlLoad(hive, HIVE_FEED) },
    {
      name: 'post detail',
      key: 'postDetail',
      gateway: graphqlLoad(gateway, POST_DETAIL, { id: busiest.id }),
      hive: graphqlLoad(hive, HIVE_POST_DETAIL, { id: postId }),
    },
  ];
  // Upstream calls first, on a calm stack: answers still in flight after a load phase would be counted too.
  for (const operation of operations) {
    const minimum = MINIMUM_UPSTREAM_CALLS[operation.key];
    const ourCalls = await gatewayCallsOf(gateway, ours[operation.key]);
    const hiveCalls = await fixtureCallsOf(hiveFixture, theirs[operation.key]);
    console.log(`P7 ${operation.name}: upstream calls per operation: this gateway ${ourCalls}, Hive Gateway ${hiveCalls} (minimum ${minimum})`);
    report(`P7 ${operation.name}: this gateway's upstream calls ÷ minimum`, ourCalls / minimum, '1.00', ourCalls === minimum);
  }
  for (const operation of operations) {
    await drive(operation.gateway, { seconds: 3 });
    await drive(operation.hive, { seconds: 3 });
    const gatewayRuns: number[] = [];
    const hiveRuns: number[] = [];
    let failures = 0;
    // Alternated twice, so drift on the shared machine touches both sides alike.
    for (let round = 0; round < 2; round += 1) {
      const viaGateway = await drive(operation.gateway);
      const viaHive = await drive(operation.hive);
      gatewayRuns.push(viaGateway.rps);
      hiveRuns.push(viaHive.rps);
      failures += viaGateway.failures + viaHive.failures;
    }
    const gatewayRps = gatewayRuns.reduce((sum, rps) => sum + rps, 0) / gatewayRuns.length;
    const hiveRps = hiveRuns.reduce((sum, rps) => sum + rps, 0) / hiveRuns.length;
    console.log(`P7 ${operation.name}: this gateway ${gatewayRps.toFixed(0)} req/s, Hive Gateway ${hiveRps.toFixed(0)} req/s`);
    report(`P7 ${operation.name}: gateway req/s ÷ Hive Gateway req/s, fixture upstream`, gatewayRps / hiveRps, '≥ 1.5', gatewayRps / hiveRps >= 1.5);
    report(`P7 ${operation.name}: failed responses`, failures, '0', failures === 0, 0);
  }
  const misses = (await fixture.stats()).misses + (await hiveFixture.stats()).misses;
  report('P7 fixture upstream misses (calls they had not recorded)', misses, '0', misses === 0, 0);
}
