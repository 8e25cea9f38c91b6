import { readFile } from 'node:fs/promises';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, describe, expect, it } from 'vitest';
import { hardeningTexts, validationTexts } from '../../domain/index.js';
import { printedSchema } from '../../gateway/src/graphql/served-schema.js';
import { type GraphQLAnswer, useStack } from '../helpers/stack.js';
import { until } from '../helpers/ws.js';

const stack = useStack();
/** Every listed post id in the upstream's own default order. */
let upstreamIds: number[];

beforeAll(async () => {
  upstreamIds = [];
  for (let page = 1; ; page++) {
    const answer = await stack.rest(`/v1/community/?page=${page}&page_size=100`);
    upstreamIds.push(...answer.results.map((post: { id: number }) => post.id));
    if (!answer.next) break;
  }
});

const PAGE = /* GraphQL */ `
  query Page($first: Int, $after: String, $last: Int, $before: String) {
    posts(first: $first, after: $after, last: $last, before: $before) {
      totalCount
      edges { cursor node { id databaseId } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`;

describe('posts connection', () => {
  it('has demo data to page through', () => {
    expect(upstreamIds.length).toBeGreaterThanOrEqual(60);
  });

  it.each([1, 3, 7, 20, 100])('pages forward with first=%i through exactly the upstream list', async (first) => {
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const answer: GraphQLAnswer = await stack.graphql(PAGE, { first, after });
      expect(answer.errors).toBeUndefined();
      const { edges, pageInfo, totalCount }: any = answer.data.posts;
      expect(totalCount).toBe(upstreamIds.length);
      seen.push(...edges.map((edge: any) => edge.node.databaseId));
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(seen).toEqual(upstreamIds);
  });

  it.each([1, 3, 7, 20, 100])('pages backward with last=%i through exactly the upstream list', async (last) => {
    const seen: number[] = [];
    let before: string | null = null;
    for (;;) {
      const answer: GraphQLAnswer = await stack.graphql(PAGE, { last, before });
      expect(answer.errors).toBeUndefined();
      const { edges, pageInfo }: any = answer.data.posts;
      seen.unshift(...edges.map((edge: any) => edge.node.databaseId));
      if (!pageInfo.hasPreviousPage) break;
      before = pageInfo.startCursor;
    }
    expect(seen).toEqual(upstreamIds);
  });

  it.each([
    [{ first: 0 }, 'first'],
    [{ first: 101 }, 'first'],
    [{ last: 0 }, 'last'],
    [{ last: 101 }, 'last'],
    [{}, 'first'],
  ])('rejects %o as a validation error before calling upstream', async (variables, path) => {
    stack.proxy.reset();
    const answer = await stack.graphql(PAGE, variables);
    expect(answer.data?.posts ?? null).toBeNull();
    const [error] = answer.errors!;
    expect(error.extensions?.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe(error.extensions?.issues[0].message);
    expect(error.extensions?.issues[0].path).toEqual([path]);
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('validates filters with the domain rules, naming the GraphQL argument', async () => {
    const answer = await stack.graphql(`{ posts(first: 5, search: " a ", priceMin: -1) { totalCount } }`);
    const [error] = answer.errors!;
    expect(error.extensions?.code).toBe('VALIDATION_ERROR');
    const paths = error.extensions?.issues.map((issue: any) => issue.path.join('.')).sort();
    expect(paths).toEqual(['priceMin', 'search']);
    expect(error.extensions?.issues.find((issue: any) => issue.path[0] === 'search').message).toBe(validationTexts.searchMin(2));
  });

  it('serves the first 20 posts of the feed, with authors and badges, in exactly one upstream call', async () => {
    stack.proxy.reset();
    const answer = await stack.graphql(`{
      posts(first: 20) {
        totalCount
        edges { node { id title likeCount replyCount viewCount createdAt category { name } author { id nickname profileImage representBadge { title hexCode } } images { url } } }
        pageInfo { hasNextPage endCursor }
      }
    }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.posts.edges).toHaveLength(20);
    expect(answer.data.posts.edges.some((edge: any) => edge.node.author.representBadge)).toBe(true);
    expect(stack.upstreamRequests()).toEqual(['GET /v1/community/?page=1&page_size=20']);
  });

  it('passes filters through to the upstream', async () => {
    const answer = await stack.graphql(`{ posts(first: 100, postType: TRADE, isSold: false) { totalCount edges { node { type isSold tradeType price } } } }`);
    expect(answer.errors).toBeUndefined();
    const direct = await stack.rest('/v1/community/?post_type=trade&is_sold=false&page_size=100');
    expect(answer.data.posts.totalCount).toBe(direct.count);
    expect(answer.data.posts.totalCount).toBeGreaterThan(0);
    for (const { node } of answer.data.posts.edges) {
      expect(node).toMatchObject({ type: 'TRADE', isSold: false });
    }
  });
});

describe('post and node', () => {
  const POST_FIELDS = `id databaseId title content type likeCount isLiked author { id nickname } category { databaseId name priority }`;

  it('round-trips a post through node(id)', async () => {
    const listed = await stack.graphql(`{ posts(first: 1) { edges { node { ${POST_FIELDS} } } } }`);
    const post = listed.data.posts.edges[0].node;
    const answer = await stack.graphql(`query ($id: ID!) { node(id: $id) { __typename ... on Post { ${POST_FIELDS} } } }`, { id: post.id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.node).toEqual({ __typename: 'Post', ...post });
  });

  it('loads N posts with one parallel round of upstream calls and no duplicate fetch', async () => {
    const [a, b, c] = upstreamIds.slice(0, 3).map((id) => encodeGlobalID('Post', id));
    stack.proxy.reset();
    const answer = await stack.graphql(`query ($ids: [ID!]!, $a: ID!) { nodes(ids: $ids) { id } node(id: $a) { id } post(id: $a) { ... on Post { id } } }`, {
      ids: [a, b, a, c],
      a,
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.nodes.map((node: any) => node.id)).toEqual([a, b, a, c]);
    // The post field opens \`a\` (a view), which node() and nodes() reuse; \`b\` and \`c\` are read without a view.
    const [first, second, third] = upstreamIds.slice(0, 3);
    expect([...stack.upstreamRequests()].sort()).toEqual(
      [`GET /v1/community/${first}/`, `GET /v1/community/${second}/?count_view=false`, `GET /v1/community/${third}/?count_view=false`].sort(),
    );
  });

  it('reads a post detail’s first reply page beside the post, not after it, and each only once', async () => {
    const busiest = (await stack.rest(`/v1/community/?page=1&page_size=100`)).results.sort((a: any, b: any) => b.reply_count - a.reply_count)[0];
    const id = encodeGlobalID('Post', busiest.id);
    const detail = /* GraphQL */ `
      query Detail($id: ID!, $count: Int) { post(id: $id) { ... on Post { id ...Replies } } }
      fragment Replies on Post { replies(first: $count) { totalCount edges { node { content } } } }
    `;
    const postPath = new RegExp(`^/v1/community/${busiest.id}/$`);
    stack.proxy.reset();
    // The post's own read is held back: the reply page must already be on its way.
    const release = stack.proxy.hold(postPath);
    try {
      const answer = stack.graphql(detail, { id, count: 20 });
      await until(() => stack.upstreamRequests().some((request) => request.startsWith(`GET /v1/community/${busiest.id}/reply/`)));
      release();
      const { data, errors } = await answer;
      expect(errors).toBeUndefined();
      expect(data.post.replies.edges.length).toBeGreaterThan(0);
      expect([...stack.upstreamRequests()].sort()).toEqual([`GET /v1/community/${busiest.id}/`, `GET /v1/community/${busiest.id}/reply/?page=1&page_size=20`]);
    } finally {
      release();
    }

    // A page further on is read once the post is known, as before: nothing is read ahead that the field would not ask.
    stack.proxy.reset();
    const firstPage = await stack.graphql(`query ($id: ID!) { post(id: $id) { ... on Post { replies(first: 2) { pageInfo { endCursor } } } } }`, { id });
    stack.proxy.reset();
    const next = await stack.graphql(
      `query ($id: ID!, $after: String) { post(id: $id) { ... on Post { replies(first: 2, after: $after) { edges { node { id } } } } } }`,
      {
        id,
        after: firstPage.data.post.replies.pageInfo.endCursor,
      },
    );
    expect(next.errors).toBeUndefined();
    expect(stack.upstreamRequests().filter((request) => request.includes('/reply/'))).toHaveLength(1);
  });

  it('answers an unknown post with a typed not-found error', async () => {
    const answer = await stack.graphql(`query ($id: ID!) { post(id: $id) { __typename ... on NotFoundError { message code } } }`, {
      id: encodeGlobalID('Post', 987654),
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.post.__typename).toBe('NotFoundError');
    expect(answer.data.post.code).toBe('NOT_FOUND');
    expect(answer.data.post.message).toMatch(/[가-힣]/);
  });

  it('answers an id that is not a Post id with a ValidationError at ["id"], as node does', async () => {
    for (const id of ['garbage', encodeGlobalID('User', 1)]) {
      const answer = await stack.graphql(`query ($id: ID!) { post(id: $id) { __typename ... on ValidationError { issues { path } } } }`, { id });
      expect(answer.data.post).toEqual({ __typename: 'ValidationError', issues: [{ path: ['id'] }] });
    }
  });

  it('resolves the full category only when asked, and categories hide hidden ones', async () => {
    const answer = await stack.graphql(`{ categories { databaseId name hidden children { databaseId } } }`);
    const direct = await stack.rest('/v1/community/categories/');
    expect(answer.data.categories.map((category: any) => category.databaseId)).toEqual(direct.results.map((category: any) => category.id));
    expect(answer.data.categories.every((category: any) => category.hidden === false)).toBe(true);
  });
});

describe('viewer-specific data', () => {
  it('gives each token its own isLiked', async () => {
    const likedBy = async (token?: string) => {
      const answer = await stack.graphql(`{ posts(first: 100) { edges { node { databaseId isLiked } } } }`, {}, token);
      return answer.data.posts.edges.filter((edge: any) => edge.node.isLiked).map((edge: any) => edge.node.databaseId);
    };
    expect(await likedBy()).toEqual([]);
    const likes = [];
    for (const userId of [1, 2, 3, 4, 5, 6]) likes.push(await likedBy(await stack.upstream.issueToken(userId)));
    expect(likes.some((liked) => liked.length > 0)).toBe(true);
    expect(new Set(likes.map((liked) => liked.join())).size).toBeGreaterThan(1);
  });

  it("answers a bad token's public read as a guest's, with the refused token told as UNAUTHORIZED", async () => {
    const answer = await stack.graphql(`{ posts(first: 1) { totalCount } }`, {}, 'not-a-real-token');
    expect(answer.data.posts.totalCount).toBeGreaterThan(0);
    expect(answer.errors).toEqual([{ message: hardeningTexts.tokenRefused, extensions: { code: 'UNAUTHORIZED' } }]);
  });
});

describe('schema.graphql', () => {
  it('is the committed print of the schema as served (Pothos with the defer-stream directives)', async () => {
    const committed = await readFile(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printedSchema());
  });
});

describe('viewer', () => {
  it('is the token’s member with their e-mail, and null for a guest without any upstream call', async () => {
    stack.proxy.reset();
    const guest = await stack.graphql(`{ viewer { id } }`);
    expect(guest).toEqual({ data: { viewer: null } });
    expect(stack.upstreamRequests()).toEqual([]);

    const token = await stack.upstream.issueToken(2);
    const member = await stack.graphql(`{ viewer { databaseId nickname email } }`, {}, token);
    expect(member.data.viewer.databaseId).toBe(2);
    expect(member.data.viewer.email).toMatch(/@/);
    const other = await stack.graphql(`{ node(id: "${encodeGlobalID('User', 2)}") { ... on User { email } } }`);
    expect(other.data.node.email).toBeNull();
  });
});
