import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { readFile, readdir } from 'node:fs/promises';
import { parse, validate } from 'graphql';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONNECTION_SIZE_MAX, CONNECTION_SIZE_MIN, GRAPHQL_LIMITS } from '../../domain/limits.js';
import { hardeningTexts, validationTexts } from '../../domain/messages.js';
import { operationCost } from '../../gateway/src/server/limits/cost.js';
import { PersistedOperations } from '../../gateway/src/server/persisted.js';
import { schema } from '../../gateway/src/graphql/schema.js';
import { useStack } from '../helpers/stack.js';

const rig = useStack();
beforeEach(() => rig.proxy.reset());

/** `children { children { … name } }` nested `levels` deep under a category. */
const nestedChildren = (levels: number) => `${'children { '.repeat(levels)}name${' }'.repeat(levels)}`;

async function expectRejectedBeforeUpstream(body: unknown, pattern: RegExp | string) {
  const answer = await rig.post(body);
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.body.data ?? null).toBeNull();
  expect(answer.body.errors?.[0]?.message).toMatch(pattern);
  expect(rig.upstreamCalls()).toBe(0);
}

describe('operation limits reject each abuse before any upstream call', () => {
  it('lets a query within every limit through (the control)', async () => {
    const answer = await rig.graphql(`{ categories { ${nestedChildren(3)} } }`);
    expect(answer.errors).toBeUndefined();
    expect(rig.upstreamCalls()).toBe(1);
  });

  it('depth', async () => {
    await expectRejectedBeforeUpstream(
      { query: `{ categories { ${nestedChildren(GRAPHQL_LIMITS.maxDepth)} } }` },
      hardeningTexts.tooDeep(GRAPHQL_LIMITS.maxDepth),
    );
  });

  it('depth, with the operation named __schema', async () => {
    await expectRejectedBeforeUpstream(
      { query: `query __schema { categories { ${nestedChildren(GRAPHQL_LIMITS.maxDepth)} } }` },
      hardeningTexts.tooDeep(GRAPHQL_LIMITS.maxDepth),
    );
  });

  it('depth, hidden in a fragment named __schema', async () => {
    const query = `query { categories { ...__schema } } fragment __schema on Category { ${nestedChildren(GRAPHQL_LIMITS.maxDepth)} }`;
    await expectRejectedBeforeUpstream({ query }, hardeningTexts.tooDeep(GRAPHQL_LIMITS.maxDepth));
  });

  it('depth, when a fragment first spread shallow is spread again deep (fragment caching)', async () => {
    const query = `query {
      shallow: categories { ...Deep }
      categories { ${'children { '.repeat(6)}...Deep${' }'.repeat(6)} }
    }
    fragment Deep on Category { ${nestedChildren(6)} }`;
    await expectRejectedBeforeUpstream({ query }, hardeningTexts.tooDeep(GRAPHQL_LIMITS.maxDepth));
  });

  it('aliases, counted again each time their fragment is spread', async () => {
    const eight = Array.from({ length: 8 }, (_, index) => `n${index}: name`).join(' ');
    const query = `query { categories { ...Names children { ...Names } } } fragment Names on Category { ${eight} }`;
    await expectRejectedBeforeUpstream({ query }, hardeningTexts.tooManyAliases(GRAPHQL_LIMITS.maxAliases));
  });

  it('directives', async () => {
    const query = `{ categories { ${'name @include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1)} } }`;
    await expectRejectedBeforeUpstream({ query }, hardeningTexts.tooManyDirectives(GRAPHQL_LIMITS.maxDirectives));
  });

  it('tokens', async () => {
    const query = `{ categories { ${'name '.repeat(GRAPHQL_LIMITS.maxTokens)} } }`;
    await expectRejectedBeforeUpstream({ query }, hardeningTexts.tooManyTokens(GRAPHQL_LIMITS.maxTokens));
  });

  it('cost, weighted by first/last from the variables', async () => {
    // Each alias may return 100 posts, each with edge, node, category and three levels of children:
    // 1 + 100 × 6 = 601, and 10 × 601 is above the maximum of 5000.
    const aliases = Array.from({ length: 10 }, (_, index) => `p${index}: posts(first: $count) { edges { node { category { ${nestedChildren(3)} } } } }`).join(
      '\n',
    );
    const query = `query ($count: Int!) { ${aliases} }`;
    await expectRejectedBeforeUpstream({ query, variables: { count: 100 } }, hardeningTexts.tooExpensive(10 * 601, GRAPHQL_LIMITS.maxCost));
    // The same document asking for 10 items each is cheap, and runs.
    const cheap = await rig.graphql(query, { count: 10 });
    expect(cheap.errors).toBeUndefined();
    expect(cheap.data.p0.edges).toHaveLength(10);
  });

  it('connections without first/last, or outside 1-100', async () => {
    for (const args of ['', '(first: 0)', '(first: 101)', '(last: 101)']) {
      rig.proxy.reset();
      const answer = await rig.graphql(`{ posts${args} { totalCount } }`);
      expect(answer.data?.posts ?? null).toBeNull();
      expect(answer.errors?.length).toBeGreaterThan(0);
      expect(rig.upstreamCalls()).toBe(0);
    }
  });

  it('judges the paging arguments of each request on their own, whatever was asked before (the rules remember outcomes)', async () => {
    const sizeRule = validationTexts.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX);
    const cases: [string, string | null][] = [
      ['(first: 0)', sizeRule],
      ['(first: 5)', null],
      ['(first: 0)', sizeRule],
      ['(first: 5, offset: 3)', null],
      ['(first: 5, offset: 3, before: "x")', validationTexts.connectionOffsetAlone],
      ['(first: 5, last: 5)', validationTexts.connectionBothSizes],
      ['(last: 5)', null],
      ['(first: 5)', null],
    ];
    for (const [args, refusal] of cases) {
      const answer = await rig.graphql(`{ posts${args} { totalCount } }`);
      expect(answer.data?.posts != null, args).toBe(refusal === null);
      expect(answer.errors?.[0]?.extensions?.issues?.map((issue: { message: string }) => issue.message) ?? null, args).toEqual(refusal && [refusal]);
    }
  });

  it('a request body above the cap, before it is parsed', async () => {
    const answer = await rig.post({ query: `{ categories { name } }`, variables: { padding: 'x'.repeat(GRAPHQL_LIMITS.maxBodyBytes) } });
    expect(answer.status).toBe(413);
    // It names the limit, as the REST API's 413 names its own.
    expect(answer.body.errors[0].message).toBe(hardeningTexts.bodyTooLarge(GRAPHQL_LIMITS.maxBodyBytes));
    expect(answer.body.errors[0].message).toContain('100,000바이트 이하로 보내주세요');
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('arrays in the variables above the bound', async () => {
    const tags = Array.from({ length: GRAPHQL_LIMITS.maxVariableArrayLength + 1 }, (_, index) => `t${index}`);
    await expectRejectedBeforeUpstream(
      { query: `query ($tags: [String!]) { posts(first: 1, tags: $tags) { totalCount } }`, variables: { tags } },
      hardeningTexts.variablesTooLarge(GRAPHQL_LIMITS.maxVariableArrayLength),
    );
  });

  it("objects nested deep in the variables, with no list anywhere: their own message, not the lists' one", async () => {
    // Written as text: 8,000 levels are deeper than JSON.stringify goes.
    const x = `${'{"a":'.repeat(8000)}{}${'}'.repeat(8000)}`;
    await expectRejectedBeforeUpstream(
      `{"query":"query ($x: JSONObject) { categories { name } }","variables":{"x":${x}}}`,
      hardeningTexts.variablesTooDeep(GRAPHQL_LIMITS.maxVariableDepth),
    );
    expect(hardeningTexts.variablesTooDeep(GRAPHQL_LIMITS.maxVariableDepth)).not.toBe(hardeningTexts.variablesTooLarge(GRAPHQL_LIMITS.maxVariableArrayLength));
  });

  it('more values in the variables than the bound, in short lists: the count of values, not the length of a list', async () => {
    const lists = Array.from({ length: 11 }, () => Array.from({ length: GRAPHQL_LIMITS.maxVariableArrayLength }, (_, index) => index));
    await expectRejectedBeforeUpstream(
      { query: `query ($x: JSONObject) { categories { name } }`, variables: { x: { lists } } },
      hardeningTexts.variablesTooManyValues(GRAPHQL_LIMITS.maxVariableValues),
    );
  });

  describe('lists written in the document, held to the bound of lists in the variables', () => {
    const max = GRAPHQL_LIMITS.maxVariableArrayLength;
    const postIds = (count: number) => Array.from({ length: count }, (_, index) => JSON.stringify(Buffer.from(`Post:${index + 1}`).toString('base64')));

    it.each([max + 1, 1000])('nodes(ids:) with %i ids inline', async (count) => {
      await expectRejectedBeforeUpstream({ query: `{ nodes(ids: [${postIds(count).join(', ')}]) { id } }` }, hardeningTexts.listTooLong('ids', count, max));
    });

    it('nodes(ids:) with the ids in a variable', async () => {
      const ids = postIds(max + 1).map((id) => JSON.parse(id) as string);
      await expectRejectedBeforeUpstream(
        { query: `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, variables: { ids } },
        hardeningTexts.variablesTooLarge(max),
      );
    });

    it("an input's list and a variable's default", async () => {
      const ids = postIds(max + 1).join(', ');
      await expectRejectedBeforeUpstream(
        { query: `mutation { markNotificationsRead(input: { ids: [${ids}] }) { __typename } }` },
        hardeningTexts.listTooLong('ids', max + 1, max),
      );
      await expectRejectedBeforeUpstream(
        { query: `query ($tags: [String!] = [${postIds(max + 1).join(', ')}]) { posts(first: 1, tags: $tags) { totalCount } }` },
        hardeningTexts.listTooLong('$tags', max + 1, max),
      );
    });

    it('lets the bound itself through, one read per distinct id', async () => {
      const answer = await rig.graphql(`{ nodes(ids: [${Array.from({ length: max }, () => postIds(1)[0]).join(', ')}]) { id } }`);
      expect(answer.errors).toBeUndefined();
      expect(answer.data.nodes).toHaveLength(max);
      expect(rig.upstreamCalls()).toBe(1);
    });
  });

  it('batched requests (batching is off)', async () => {
    const answer = await rig.post([{ query: `{ categories { name } }` }, { query: `{ categories { name } }` }]);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('keeps graphql-js protection against circular introspection', async () => {
    const query = `{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }`;
    await expectRejectedBeforeUpstream({ query }, hardeningTexts.documentInvalid);
    expect((await rig.post({ query })).body.errors[0].extensions.reason).toMatch(/introspection/i);
  });
});

describe('the web client stays inside the limits', () => {
  const persisted = PersistedOperations.load();

  /** The ids of the operations the web client is built with now (the map also keeps earlier versions). */
  async function currentOperationIds(): Promise<string[]> {
    const directory = new URL('../../web/src/__generated__/', import.meta.url);
    const ids: string[] = [];
    for (const file of await readdir(directory)) {
      if (!file.endsWith('.graphql.ts')) continue;
      const id = (await readFile(new URL(file, directory), 'utf8')).match(/"id": "([0-9a-f]{32})"/)?.[1];
      if (id) ids.push(id);
    }
    return ids;
  }

  it('every operation of the web client is persisted and passes depth, aliases, directives and cost at the largest page size', async () => {
    const ids = await currentOperationIds();
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const text = persisted.get(id);
      expect(text, id).toBeDefined();
      const document = parse(text!);
      const errors = validate(schema, document, [
        maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true }),
        maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases }),
        maxDirectivesRule({ n: GRAPHQL_LIMITS.maxDirectives }),
      ]);
      expect(
        errors.map((error) => error.message),
        text!.split('\n')[0],
      ).toEqual([]);
      expect(operationCost(schema, document, undefined, {}), text!.split('\n')[0]).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxCost);
    }
  });
});
