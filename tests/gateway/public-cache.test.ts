import { randomUUID } from 'node:crypto';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../gateway/src/server/server.js';
import { startStack, type GraphQLAnswer, type Stack } from '../helpers/stack.js';

const CATEGORIES = /* GraphQL */ `query { categories { id name children { id name } } }`;
const SEARCH = /* GraphQL */ `
  query Search($name: String!) { searchItems(name: $name, first: 10) { totalCount edges { node { id name } } } }
`;
const PROBABILITIES = /* GraphQL */ `
  query Table($kind: ProbabilityKind!) { probabilityTable(kind: $kind, first: 5) { totalCount edges { node { id name } } } }
`;
const REPORT_ITEM = /* GraphQL */ `
  mutation Report($input: ReportItemInput!) {
    reportItem(input: $input) { __typename ... on ReportItemPayload { reportedItemId } ... on Error { message } }
  }
`;

async function post(url: string, query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLAnswer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `token ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

/** Shared by the in-memory and Redis variants: `gateways` all front the same counting proxy. */
function publicCacheBehaviour(setup: () => { stack: Stack; gateways: () => RunningGateway[] }) {
  const upstreamCalls = (stack: Stack, route: string) => stack.upstreamRequests().filter((call) => call.includes(route));

  it('serves the category tree to every viewer from one upstream call', async () => {
    const { stack, gateways } = setup();
    const token = await stack.upstream.issueToken(2);
    stack.proxy.reset();
    const first = await post(gateways()[0].url, CATEGORIES);
    expect(first.errors).toBeUndefined();
    expect(upstreamCalls(stack, '/v1/community/categories/')).toHaveLength(1);
    for (const gateway of gateways()) {
      const again = await post(gateway.url, CATEGORIES, undefined, token);
      expect(again.data).toEqual(first.data);
    }
    expect(upstreamCalls(stack, '/v1/community/categories/')).toHaveLength(1);
    // The shared answer was asked without anyone's token.
    expect(stack.proxy.calls.map((call) => call.headers.authorization).filter(Boolean)).toEqual([]);
  });

  it('keeps a probability table: a hit makes no upstream call', async () => {
    const { stack, gateways } = setup();
    stack.proxy.reset();
    const first = await post(gateways()[0].url, PROBABILITIES, { kind: 'TICKET' });
    expect(first.errors).toBeUndefined();
    expect(stack.upstreamRequests()).toHaveLength(1);
    stack.proxy.reset();
    for (const gateway of gateways()) expect((await post(gateway.url, PROBABILITIES, { kind: 'TICKET' })).data).toEqual(first.data);
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('drops only the item searches holding an item a mutation named, by its global id', async () => {
    const { stack, gateways } = setup();
    const [writer, reader] = [gateways()[0], gateways().at(-1)!];
    const member = await stack.upstream.issueToken(5);
    const search = async (name: string) => {
      const answer = await post(reader.url, SEARCH, { name });
      expect(answer.errors).toBeUndefined();
      return answer.data!.searchItems.edges.map((edge: any) => edge.node.id) as string[];
    };
    const crystalIds = await search('크리스탈');
    const lanternIds = await search('랜턴');
    expect(crystalIds.length).toBeGreaterThan(0);
    expect(lanternIds.length).toBeGreaterThan(0);
    expect(lanternIds.some((id) => crystalIds.includes(id))).toBe(false);

    stack.proxy.reset();
    await search('크리스탈');
    await search('랜턴');
    expect(upstreamCalls(stack, '/v1/item/search-name/')).toEqual([]);

    // A mutation naming a lantern leaves the crystal search cached and drops the lantern search.
    const reported = await post(writer.url, REPORT_ITEM, { input: { itemId: lanternIds[0], reason: '가격이 이상해요' } }, member);
    expect(reported.data!.reportItem).toMatchObject({ __typename: 'ReportItemPayload', reportedItemId: lanternIds[0] });
    stack.proxy.reset();
    await search('크리스탈');
    expect(upstreamCalls(stack, '/v1/item/search-name/')).toEqual([]);
    await search('랜턴');
    expect(upstreamCalls(stack, '/v1/item/search-name/')).toHaveLength(1);
    stack.proxy.reset();
    await search('랜턴');
    expect(upstreamCalls(stack, '/v1/item/search-name/')).toEqual([]);
  });

  it('never caches what depends on the viewer: a post is asked again for each request', async () => {
    const { stack, gateways } = setup();
    const feed = await post(gateways()[0].url, `query { posts(first: 1) { edges { node { id } } } }`);
    const postId = feed.data!.posts.edges[0].node.id;
    stack.proxy.reset();
    await post(gateways()[0].url, `query($id: ID!) { node(id: $id) { id } }`, { id: postId });
    await post(gateways()[0].url, `query($id: ID!) { node(id: $id) { id } }`, { id: postId });
    expect(stack.upstreamRequests().filter((call) => /\/v1\/community\/\d+\//.test(call))).toHaveLength(2);
    expect(postId).not.toBe(encodeGlobalID('Item', 'x'));
  });
}

describe('shared public cache, in this process', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  }, 60_000);
  afterAll(() => stack?.stop());
  publicCacheBehaviour(() => ({ stack, gateways: () => [stack.gateway] }));
});

describe.runIf(process.env.TEST_REDIS_URL)('shared public cache in Redis, across two gateway replicas', () => {
  let stack: Stack;
  let second: RunningGateway;
  beforeAll(async () => {
    const redis = { settings: { redisUrl: process.env.TEST_REDIS_URL }, publicCacheKeyPrefix: `test:${randomUUID()}:` };
    stack = await startStack(redis);
    second = await startGateway({ ...redis, port: 0, upstreamUrl: stack.proxy.url });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await stack?.stop();
  });
  publicCacheBehaviour(() => ({ stack, gateways: () => [stack.gateway, second] }));
});
