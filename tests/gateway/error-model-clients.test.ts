import { beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_SIZE_MAX, CONNECTION_SIZE_MIN, GRAPHQL_LIMITS, hardeningTexts, validationTexts } from '../../domain/index.js';
import { PREFLIGHT_HEADERS } from '../../gateway/src/server/cors.js';
import { useStack } from '../helpers/stack.js';
import { ask, stockClient } from '../helpers/stock-client.js';

// What a client author sees through a stock client (graphql-request) against the real gateway and upstream.
const stack = useStack();

const clientAs = (token?: string) => stockClient(stack.gateway.url, token);

describe('nested connections fail alone', () => {
  it('a bad paging argument on a nested connection nulls only that connection, with its located error', async () => {
    const answer = await ask(
      clientAs(),
      `{ posts(first: 1) { edges { node { title replies(first: -1) { totalCount } author { nickname posts(first: -1) { totalCount } } } } } }`,
    );
    const post = answer.data.posts.edges[0].node;
    expect(post.title).toEqual(expect.any(String));
    expect(post.replies).toBeNull();
    expect(post.author.nickname).toEqual(expect.any(String));
    expect(post.author.posts).toBeNull();
    expect(answer.errors?.map((error) => [error.path, error.extensions?.code, error.extensions?.issues?.[0]?.path])).toEqual([
      [['posts', 'edges', 0, 'node', 'replies'], 'VALIDATION_ERROR', ['first']],
      [['posts', 'edges', 0, 'node', 'author', 'posts'], 'VALIDATION_ERROR', ['first']],
    ]);
    // What a client showing errors[0].message shows: the rule broken, not a count of broken rules.
    expect(answer.errors?.[0].message).toBe(validationTexts.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX));
  });
});

describe('a refused token', () => {
  const feed = `{ posts(first: 2) { totalCount edges { node { title } } } categories { name } }`;

  it('answers public fields as for a guest, with one error without a path saying the token was refused', async () => {
    const asGuest = await ask(clientAs(), feed);
    const refused = await ask(clientAs('a-token-nobody-issued'), feed);
    expect(refused.data).toEqual(asGuest.data);
    expect(refused.errors).toEqual([{ message: hardeningTexts.tokenRefused, extensions: { code: 'UNAUTHORIZED' } }]);
  });

  it('still fails member-only fields, and tells of the refused token once', async () => {
    const token = await stack.upstream.issueToken(2);
    expect((await ask(clientAs(token), 'mutation { logout { __typename } }')).data.logout.__typename).toBe('LogoutPayload');
    const answer = await ask(clientAs(token), `{ posts(first: 1) { totalCount } viewer { nickname } }`);
    expect(answer.data.posts.totalCount).toBeGreaterThan(0);
    expect(answer.data.viewer).toBeNull();
    expect(answer.errors?.[0]).toEqual({ message: hardeningTexts.tokenRefused, extensions: { code: 'UNAUTHORIZED' } });
    expect(answer.errors?.slice(1).map((error) => [error.path, error.extensions?.code])).toEqual([[['viewer'], 'UNAUTHORIZED']]);

    const write = await ask(clientAs(token), `mutation { updateProfile(input: { bio: "소개" }) { __typename ... on Error { code } } }`);
    expect(write.data.updateProfile).toEqual({ __typename: 'NotAuthenticatedError', code: 'UNAUTHORIZED' });
  });
});

describe('request errors in Korean, each with a code of ErrorCode', () => {
  const url = () => `${stack.gateway.url}/graphql`;
  const postJson = async (body: unknown) => {
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const fields = (count: number, field: (index: number) => string) => Array.from({ length: count }, (_, index) => field(index)).join(' ');

  it.each([
    [
      'depth',
      () =>
        postJson({ query: `{ posts(first: 1) { edges { node { ${'author { posts(first: 1) { edges { node { '.repeat(3)}title${' } } } }'.repeat(3)} } } } }` }),
      hardeningTexts.tooDeep(GRAPHQL_LIMITS.maxDepth),
      'GRAPHQL_VALIDATION_FAILED',
    ],
    [
      'aliases',
      () => postJson({ query: `{ ${fields(GRAPHQL_LIMITS.maxAliases + 1, (index) => `a${index}: categories { name }`)} }` }),
      hardeningTexts.tooManyAliases(GRAPHQL_LIMITS.maxAliases),
      'GRAPHQL_VALIDATION_FAILED',
    ],
    [
      'directives',
      () => postJson({ query: `{ categories { ${fields(GRAPHQL_LIMITS.maxDirectives + 1, () => 'name @include(if: true)')} } }` }),
      hardeningTexts.tooManyDirectives(GRAPHQL_LIMITS.maxDirectives),
      'GRAPHQL_VALIDATION_FAILED',
    ],
    [
      'tokens',
      () => postJson({ query: `{ ${fields(GRAPHQL_LIMITS.maxTokens, (index) => `a${index}: __typename`)} }` }),
      hardeningTexts.tooManyTokens(GRAPHQL_LIMITS.maxTokens),
      'GRAPHQL_PARSE_FAILED',
    ],
    [
      'batching',
      () => postJson([{ query: '{ categories { name } }' }, { query: '{ categories { name } }' }]),
      hardeningTexts.batchingUnsupported,
      'BAD_REQUEST',
    ],
    ['an unknown field', () => postJson({ query: '{ nope }' }), hardeningTexts.documentInvalid, 'GRAPHQL_VALIDATION_FAILED'],
    [
      // Within the token limit, but graphql-js stops comparing so many like fields with each other.
      'a field selected a thousand times',
      () => postJson({ query: `{ categories { ${'id '.repeat(1000)}} }` }),
      hardeningTexts.documentTooComplex,
      'GRAPHQL_VALIDATION_FAILED',
    ],
    ['a syntax error', () => postJson({ query: '{ posts(' }), hardeningTexts.documentUnreadable, 'GRAPHQL_PARSE_FAILED'],
    [
      'a bad variable',
      () => postJson({ query: 'query ($first: Int) { posts(first: $first) { totalCount } }', variables: { first: 'ten' } }),
      hardeningTexts.variablesInvalid,
      'BAD_REQUEST',
    ],
    [
      // urql's default: a query as GET within URL limits, with no header of its own.
      'a GET without a CSRF-proof header',
      async () => {
        const response = await fetch(`${url()}?query=${encodeURIComponent('{ categories { name } }')}`, {
          headers: { accept: 'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed' },
        });
        return { status: response.status, body: await response.json() };
      },
      hardeningTexts.csrfGetRefused(PREFLIGHT_HEADERS),
      'BAD_REQUEST',
    ],
    [
      'a form-like POST without a CSRF-proof header',
      async () => {
        const response = await fetch(url(), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"query":"{ __typename }"}' });
        return { status: response.status, body: await response.json() };
      },
      hardeningTexts.csrfPostRefused(PREFLIGHT_HEADERS),
      'BAD_REQUEST',
    ],
  ])('%s', async (_name, send, message, code) => {
    const { status, body } = await send();
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ message, extensions: { code } });
    expect(ENUM_CODES()).toContain(code);
  });

  it('keeps graphql-js words for the developer beside the Korean message', async () => {
    const { body } = await postJson({ query: '{ nope }' });
    expect(body.errors[0].extensions.reason).toMatch(/Cannot query field "nope"/);
    expect(body.errors[0].locations).toEqual([{ line: 1, column: 3 }]);
  });
});

let enumCodes: string[] = [];
const ENUM_CODES = () => enumCodes;
beforeAll(async () => {
  const answer = await ask(clientAs(), '{ __type(name: "ErrorCode") { enumValues { name } } }');
  enumCodes = answer.data.__type.enumValues.map((value: { name: string }) => value.name);
});

describe('staff-only mutations check the caller before the input', () => {
  const STAFF = 1;
  const MEMBER = 2;
  const notice = Buffer.from('Notice:00000000-0000-0000-0000-000000000000').toString('base64');
  const inquiry = Buffer.from('Inquiry:1').toString('base64');
  const badInputs = {
    sendAdminNotification: 'sendAdminNotification(input: { title: "", content: "" })',
    createNotice: 'createNotice(input: { title: "", content: "" })',
    updateNotice: `updateNotice(input: { id: "${notice}", title: "" })`,
    deleteNotice: 'deleteNotice(input: { id: "garbage" })',
    setInquiryStatus: `setInquiryStatus(input: { id: "${inquiry}", status: RESOLVED, resolution: "${'가'.repeat(5000)}" })`,
  };

  it.each(Object.entries(badInputs))('%s with bad input answers ForbiddenError to a member, NotAuthenticatedError to a guest', async (field, call) => {
    const member = await stack.upstream.issueToken(MEMBER);
    const mutation = `mutation { ${call} { __typename ... on Error { code } } }`;
    expect((await ask(clientAs(member), mutation)).data[field]).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN' });
    expect((await ask(clientAs(), mutation)).data[field]).toEqual({ __typename: 'NotAuthenticatedError', code: 'UNAUTHORIZED' });
  });

  it('staff still get the input located at fields the input has', async () => {
    const staff = await stack.upstream.issueToken(STAFF);
    const answer = await ask(
      clientAs(staff),
      `mutation { sendAdminNotification(input: { title: "공지", content: "내용" }) { __typename ... on ValidationError { issues { path } } } }`,
    );
    expect(answer.data.sendAdminNotification).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'userIds'] }] });
  });
});

describe('ids are refused the same way everywhere', () => {
  it('a malformed id is a ValidationError at ["id"] on every by-id root field, as on node', async () => {
    const answer = await ask(
      clientAs(),
      `{
        post(id: "garbage") { __typename ... on ValidationError { code issues { path message } } }
        item(id: "garbage") { __typename ... on ValidationError { code issues { path message } } }
        node(id: "garbage") { id }
      }`,
    );
    const typed = { __typename: 'ValidationError', code: 'VALIDATION_ERROR', issues: [{ path: ['id'], message: validationTexts.id }] };
    expect(answer.data.post).toEqual(typed);
    expect(answer.data.item).toEqual(typed);
    expect(answer.errors).toEqual([expect.objectContaining({ path: ['node'], extensions: expect.objectContaining({ code: 'VALIDATION_ERROR' }) })]);
  });

  it("another member's wish is not found through nodes, and a composite id naming another owner or malformed is refused", async () => {
    const [owner, other] = await Promise.all([stack.upstream.issueToken(2), stack.upstream.issueToken(3)]);
    const items = await ask(clientAs(), `{ searchItems(name: "모자", first: 1) { edges { node { id } } } }`);
    const added = await ask(
      clientAs(owner),
      `mutation ($itemId: ID!) { addWish(input: { itemId: $itemId, wishType: BUY }) { ... on AddWishPayload { wish { id databaseId } } } }`,
      { itemId: items.data.searchItems.edges[0].node.id },
    );
    const wish = added.data.addWish.wish;

    const read = await ask(clientAs(other), `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [wish.id] });
    expect(read.data.nodes).toEqual([null]);
    expect(read.errors?.map((error) => error.extensions?.code)).toEqual(['NOT_FOUND']);

    const remove = (id: string) =>
      ask(clientAs(owner), `mutation ($id: ID!) { removeWish(input: { id: $id, wishType: BUY }) { __typename ... on ValidationError { issues { path } } } }`, {
        id,
      });
    const foreign = Buffer.from(`Wish:00000000-0000-4000-8000-000000000000/buy/${wish.databaseId}`).toString('base64');
    expect((await remove(foreign)).data.removeWish.__typename).toBe('ForbiddenError');
    const malformed = Buffer.from(`Wish:garbage/buy/${wish.databaseId}`).toString('base64');
    expect((await remove(malformed)).data.removeWish).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'id'] }] });
    const still = await ask(clientAs(owner), `query ($id: ID!) { node(id: $id) { id } }`, { id: wish.id });
    expect(still.data.node).toEqual({ id: wish.id });
  });

  it('createPost reports every bad image id, each at its index', async () => {
    const token = await stack.upstream.issueToken(2);
    const answer = await ask(
      clientAs(token),
      `mutation { createPost(input: { title: "제목", content: "내용", imageIds: ["bad", "${Buffer.from('Image:1').toString('base64')}", "worse"] }) { __typename ... on ValidationError { issues { path } } } }`,
    );
    expect(answer.data.createPost.issues.map((issue: { path: string[] }) => issue.path)).toEqual([
      ['input', 'imageIds', '0'],
      ['input', 'imageIds', '2'],
    ]);
  });
});

describe('mutation payloads answer objects, not raw foreign ids', () => {
  it('blockUser, blockPost and reportPost answer the member and posts as objects; the raw ids are deprecated', async () => {
    const token = await stack.upstream.issueToken(3);
    const asMember = clientAs(token);
    const feed = await ask(clientAs(), `{ posts(first: 5) { edges { node { id title author { id nickname } } } } }`);
    const [reported, blocked] = feed.data.posts.edges
      .map((edge: any) => edge.node)
      .filter((post: any) => post.author.id !== Buffer.from('User:3').toString('base64'));
    const user = Buffer.from('User:4').toString('base64');

    const report = await ask(
      asMember,
      `mutation ($id: ID!) { reportPost(input: { id: $id, reason: "광고입니다" }) { ... on ReportPostPayload { reportedPost { id title } reportedPostId } } }`,
      { id: reported.id },
    );
    expect(report.data.reportPost).toEqual({ reportedPost: { id: reported.id, title: reported.title }, reportedPostId: reported.id });
    const blockPost = await ask(
      asMember,
      `mutation ($id: ID!) { blockPost(input: { id: $id }) { ... on BlockPostPayload { blockedPostId blockedPost { id } } } }`,
      {
        id: blocked.id,
      },
    );
    expect(blockPost.data.blockPost.blockedPostId).toBe(blocked.id);
    expect([null, { id: blocked.id }]).toContainEqual(blockPost.data.blockPost.blockedPost);
    const blockUser = await ask(asMember, `mutation ($id: ID!) { blockUser(input: { id: $id }) { ... on BlockUserPayload { blockedUser { id } } } }`, {
      id: user,
    });
    expect(blockUser.data.blockUser.blockedUser).toEqual({ id: user });

    const deprecated = await ask(
      clientAs(),
      `{ ${['BlockUserPayload', 'BlockPostPayload', 'ReportPostPayload', 'ReportItemPayload', 'ReportStoryPayload']
        .map((name, index) => `t${index}: __type(name: "${name}") { fields(includeDeprecated: true) { name deprecationReason } }`)
        .join(' ')} }`,
    );
    const raw = Object.values(deprecated.data).flatMap((type: any) =>
      type.fields.filter((field: any) => /[a-z]Id$/.test(field.name) && field.name !== 'reportId'),
    );
    expect(raw.map((field: any) => [field.name, field.deprecationReason])).toEqual([
      ['blockedUserId', 'Use blockedUser. Removal after 2027-03-01.'],
      ['blockedPostId', 'Use blockedPost. Removal after 2027-03-01.'],
      ['reportedPostId', 'Use reportedPost. Removal after 2027-03-01.'],
      ['reportedItemId', 'Use reportedItem. Removal after 2027-03-01.'],
      ['reportedStoryId', 'Use reportedStory. Removal after 2027-03-01.'],
    ]);
  });
});

describe('ids are identities', () => {
  it('every object type whose id is not deprecated is a Node, which node(id) loads', async () => {
    const answer = await ask(
      clientAs(),
      `{ __schema { types { name kind interfaces { name } fields(includeDeprecated: true) { name isDeprecated type { kind name ofType { name } } } } } }`,
    );
    const withLiveId = answer.data.__schema.types.filter(
      (type: any) =>
        type.kind === 'OBJECT' &&
        !type.name.startsWith('__') &&
        type.fields.some((field: any) => field.name === 'id' && !field.isDeprecated && (field.type.name ?? field.type.ofType?.name) === 'ID'),
    );
    expect(withLiveId.filter((type: any) => !type.interfaces.some((face: any) => face.name === 'Node')).map((type: any) => type.name)).toEqual([]);
  });
});

describe("Yoga's protocol refusals in Korean, each saying what to send", () => {
  const url = () => `${stack.gateway.url}/graphql`;
  const json = { 'content-type': 'application/json', accept: 'application/graphql-response+json' };
  const send = async (init: RequestInit, query = '') => {
    const response = await fetch(`${url()}${query}`, init);
    return { status: response.status, allow: response.headers.get('allow'), body: await response.json() };
  };
  const post = (body: string) => send({ method: 'POST', headers: json, body });
  const get = (query: string, more = '') =>
    send({ headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json' } }, `?query=${encodeURIComponent(query)}${more}`);

  it.each([
    ['an empty object', () => post('{}'), 400, hardeningTexts.bodyNotRequest],
    ['null', () => post('null'), 400, hardeningTexts.bodyNotRequest],
    ['broken JSON', () => post('{"query":'), 400, hardeningTexts.bodyNotRequest],
    ['an empty query', () => post('{"query":""}'), 400, hardeningTexts.queryMissing],
    ['a query that is not a string', () => post('{"query":1}'), 400, hardeningTexts.parameterInvalid('query')],
    ['variables that are not an object', () => post('{"query":"{ __typename }","variables":"x"}'), 400, hardeningTexts.parameterInvalid('variables')],
    ['an unknown parameter', () => post('{"query":"{ __typename }","extra":1}'), 400, hardeningTexts.parameterUnknown('extra')],
    ['an operationName naming no operation', () => post('{"query":"query A { __typename }","operationName":"B"}'), 400, hardeningTexts.operationNotFound],
    ['a mutation over GET', () => get('mutation { logout { __typename } }'), 405, hardeningTexts.mutationNeedsPost],
    ['GET variables that are not JSON', () => get('{ __typename }', '&variables=%7Bbad'), 400, hardeningTexts.parameterInvalid('variables')],
    ['GET extensions that are not JSON', () => get('{ __typename }', '&extensions=%7Bbad'), 400, hardeningTexts.parameterInvalid('extensions')],
    [
      'a form POST',
      () => send({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'query=x' }),
      415,
      hardeningTexts.mediaTypeUnsupported,
    ],
    [
      'a text/plain POST',
      () => send({ method: 'POST', headers: { 'content-type': 'text/plain', 'x-graphql-yoga-csrf': '1' }, body: '{"query":"{ __typename }"}' }),
      415,
      hardeningTexts.mediaTypeUnsupported,
    ],
    ['PUT', () => send({ method: 'PUT', headers: json, body: '{"query":"{ __typename }"}' }), 405, hardeningTexts.methodNotAllowed('GET, POST')],
  ])('%s', async (_name, request, status, message) => {
    const answer = await request();
    expect(answer.status).toBe(status);
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0]).toMatchObject({ message, extensions: { code: 'BAD_REQUEST' } });
    expect(answer.body.errors[0].extensions).not.toHaveProperty('originalError');
    if (status === 405) expect(answer.allow).toBeTruthy();
  });

  it.each([
    ['an empty object', '{}'],
    ['an empty list', '[]'],
    ['an empty query', '{"query":""}'],
  ])('%s is a 400 for a client accepting only application/json too', async (_name, body) => {
    for (const accept of ['application/json', '*/*']) {
      const answer = await send({ method: 'POST', headers: { 'content-type': 'application/json', accept }, body });
      expect({ accept, status: answer.status }).toEqual({ accept, status: 400 });
      expect(answer.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    }
  });
});

describe('nodes answers each id on its own', () => {
  it("an inquiry and one of its comments, read by someone who may not, are each null with the inquiry's own error", async () => {
    const other = await stack.upstream.issueToken(3);
    const ids = [Buffer.from('Inquiry:1').toString('base64'), Buffer.from('InquiryComment:1/1').toString('base64')];
    for (const client of [clientAs(), clientAs(other)]) {
      const answer = await ask(client, `query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, { ids });
      expect(answer.data.nodes).toEqual([null, null]);
      const errors = answer.errors?.map((error) => [error.path, error.extensions?.code]);
      expect(errors?.map(([path]) => path)).toEqual([
        ['nodes', 0],
        ['nodes', 1],
      ]);
      expect(new Set(errors?.map(([, code]) => code)).size).toBe(1);
      expect(['UNAUTHORIZED', 'NOT_FOUND', 'FORBIDDEN']).toContain(errors?.[0][1]);
    }
  });
});
