import { GraphQLClient } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { hardeningTexts, validationTexts } from '../../domain/index.js';
import { useStack } from '../helpers/stack.js';

// What a client author sees through a stock client (graphql-request) against the real gateway and upstream.
const stack = useStack();

/** A client that keeps every answer, errors included, as the caller with this token. */
function clientAs(token?: string) {
  return new GraphQLClient(`${stack.gateway.url}/graphql`, {
    errorPolicy: 'all',
    headers: token ? { authorization: `token ${token}` } : {},
  });
}

interface Answer {
  data?: any;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, any> }[];
}

async function ask(client: GraphQLClient, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const { data, errors } = await client.rawRequest<any>(query, variables);
  return errors ? { data, errors: errors as Answer['errors'] } : { data };
}

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
    expect(answer.errors?.[0].message).toBe(validationTexts.failed(1));
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
