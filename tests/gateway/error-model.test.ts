import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ONLY_ERROR_CODES,
  CONNECTION_SIZE_MAX,
  CONNECTION_SIZE_MIN,
  ERROR_CODES,
  errorMessages,
  hardeningTexts,
  validationTexts,
} from '../../domain/index.js';
import { users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
let token: string;

beforeAll(async () => {
  const [member] = await stack.upstream.db.select().from(users).where(eq(users.isStaff, false)).limit(1);
  token = await stack.upstream.issueToken(member.id);
}, 30_000);

/** The type named by an introspected type reference, with its wrappers (`[Category!]!`). */
interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

describe('the one error model', () => {
  it('ErrorCode is an enum of the domain list, every value described, and the type of Error.code', async () => {
    const answer = await stack.graphql(`{
      codes: __type(name: "ErrorCode") { kind enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason } }
      current: __type(name: "ErrorCode") { enumValues { name } }
      error: __type(name: "Error") { fields { name type { kind name ofType { kind name } } } }
    }`);
    expect(answer.data.codes.kind).toBe('ENUM');
    const served = ERROR_CODES.filter((code) => !(CLIENT_ONLY_ERROR_CODES as readonly string[]).includes(code));
    expect(answer.data.codes.enumValues.map((value: { name: string }) => value.name).sort()).toEqual([...served].sort());
    for (const value of answer.data.codes.enumValues) expect(value.description, value.name).toMatch(/\w{3}/);
    // NETWORK_ERROR is a client's own word (it could not reach the server): kept for clients that name it, deprecated.
    const deprecated = answer.data.codes.enumValues.filter((value: { isDeprecated: boolean }) => value.isDeprecated);
    expect(deprecated.map((value: { name: string }) => value.name)).toEqual(['NETWORK_ERROR']);
    expect(deprecated[0].deprecationReason).toMatch(/^Never sent by the server.* Removal after \d{4}-\d{2}-\d{2}\.$/);
    expect(answer.data.current.enumValues.map((value: { name: string }) => value.name)).not.toContain('NETWORK_ERROR');
    const code = answer.data.error.fields.find((field: { name: string }) => field.name === 'code');
    expect(code.type).toEqual({ kind: 'NON_NULL', name: null, ofType: { kind: 'ENUM', name: 'ErrorCode' } });
  });

  it('a broken input rule is a typed ValidationError located by argument and input field, with the Korean rule', async () => {
    const answer = await stack.graphql(
      `mutation ($input: CreatePostInput!) {
        createPost(input: $input) { __typename ... on ValidationError { code message issues { path message code } } }
      }`,
      { input: { title: '', content: '내용' } },
      token,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createPost).toMatchObject({
      __typename: 'ValidationError',
      code: 'VALIDATION_ERROR',
      message: validationTexts.titleRequired,
      issues: [{ path: ['input', 'title'], message: validationTexts.titleRequired }],
    });
  });

  it("a ValidationError's message is its first issue's own Korean rule, every issue still listed", async () => {
    const answer = await stack.graphql(
      `mutation ($input: CreatePostInput!) {
        createPost(input: $input) { __typename ... on ValidationError { message issues { path message } } }
      }`,
      { input: { title: '', content: '' } },
      token,
    );
    const error = answer.data.createPost;
    expect(error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([
      ['input', 'title'],
      ['input', 'content'],
    ]);
    expect(error.message).toBe(error.issues[0].message);
    expect(error.message).toBe(validationTexts.titleRequired);
  });

  it('a bad paging argument has the same shape: typed on a field with a result union, located in extensions on a connection', async () => {
    const typed = await stack.graphql(`{ searchPosts(query: "슬라임") { __typename ... on ValidationError { code issues { path message } } } }`);
    expect(typed.errors).toBeUndefined();
    expect(typed.data.searchPosts).toEqual({
      __typename: 'ValidationError',
      code: 'VALIDATION_ERROR',
      issues: [{ path: ['first'], message: validationTexts.connectionSizeRequired }],
    });

    const located = await stack.graphql(`{ posts(first: ${CONNECTION_SIZE_MAX + 1}) { totalCount } }`);
    expect(located.errors).toEqual([
      expect.objectContaining({
        path: ['posts'],
        message: validationTexts.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX),
        extensions: expect.objectContaining({
          code: 'VALIDATION_ERROR',
          issues: [{ path: ['first'], message: validationTexts.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX), code: 'too_big' }],
        }),
      }),
    ]);
    expect(located.errors![0].extensions).not.toHaveProperty('details');
    // The HTTP status the same failure has in the REST API, for clients that map failures by status (docs/api.md).
    expect(located.errors![0].extensions!.status).toBe(422);

    const argument = await stack.graphql(`{ searchItems(name: " ", first: 5) { totalCount } }`);
    expect(argument.errors?.[0].extensions?.issues).toEqual([expect.objectContaining({ path: ['name'] })]);
  });

  it('a root field that fails leaves its siblings their data', async () => {
    const answer = await stack.graphql(`{ posts(first: 0) { totalCount } viewer { nickname } categories { name } }`, {}, token);
    expect(answer.data.posts).toBeNull();
    expect(answer.data.viewer.nickname).toEqual(expect.any(String));
    expect(answer.data.categories.length).toBeGreaterThan(0);
    expect(answer.errors?.map((error) => error.path)).toEqual([['posts']]);
  });

  it('every Query field that reads anything can fail alone: nullable', async () => {
    const answer = await stack.graphql(`{ __type(name: "Query") { fields { name type { kind name ofType { kind name } } } } }`);
    const nonNull = answer.data.__type.fields.filter((field: { type: TypeRef }) => field.type.kind === 'NON_NULL').map((field: { name: string }) => field.name);
    // `nodes` is `[Node]!` as the Relay server specification writes it (each item fails alone); the emoji list is a constant.
    expect(nonNull.sort()).toEqual(['nodes', 'storyReactionEmojis']);
  });

  it('an unexpected failure is masked: the generic Korean message, INTERNAL_SERVER_ERROR, nothing internal', async () => {
    // An upstream answer of the wrong shape: a provider without its name breaks a non-null field inside the gateway.
    stack.proxy.queue({ kind: 'json', body: { providers: [{ enabled: true }] } });
    const answer = await stack.graphql(`{ loginProviders { provider enabled } viewer { nickname } }`, {}, token);
    expect(answer.data.viewer.nickname).toEqual(expect.any(String));
    expect(answer.data.loginProviders).toBeNull();
    expect(answer.errors).toEqual([
      {
        message: errorMessages.INTERNAL_SERVER_ERROR,
        locations: expect.any(Array),
        path: ['loginProviders', 0, 'provider'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      },
    ]);
    expect(JSON.stringify(answer)).not.toMatch(/non-nullable|LoginProvider|stack|at /);
  });

  it("request errors the GraphQL specification defines are told in Korean with a code, graphql-js's words kept as reason", async () => {
    const unknownField = await stack.post({ query: '{ nope }' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0]).toMatchObject({
      message: hardeningTexts.documentInvalid,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', reason: expect.stringContaining('Cannot query field "nope"') },
    });

    const syntax = await stack.post({ query: '{ posts(' });
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors[0]).toMatchObject({
      message: hardeningTexts.documentUnreadable,
      extensions: { code: 'GRAPHQL_PARSE_FAILED', reason: expect.stringMatching(/Syntax Error/) },
    });

    const variable = await stack.post({ query: 'query ($first: Int) { posts(first: $first) { totalCount } }', variables: { first: 'ten' } });
    expect(variable.status).toBe(400);
    expect(variable.body.errors[0]).toMatchObject({
      message: hardeningTexts.variablesInvalid,
      extensions: { code: 'BAD_REQUEST', reason: expect.stringMatching(/Variable "\$first" got invalid value/) },
    });
  });
});
