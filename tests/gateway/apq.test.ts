import { createHash } from 'node:crypto';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client/core';
import { createPersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { describe, expect, it } from 'vitest';
import { APQ_LIMITS } from '../../domain/limits.js';
import { hardeningTexts } from '../../domain/messages.js';
import { createAutomaticPersistedQueryStore, PersistedOperations } from '../../gateway/src/server/persisted.js';
import { useStack } from '../helpers/stack.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hashOnly = (hash: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });

const FEED = gql`
  query ApqFeed($first: Int!) {
    posts(first: $first) {
      totalCount
      edges {
        node {
          id
          title
        }
      }
    }
  }
`;

describe('automatic persisted queries (Apollo APQ)', () => {
  const rig = useStack();

  /** A stock Apollo Client with the persisted-query link (sha256 from node:crypto), counting its HTTP requests. */
  function apolloClient() {
    const requests: { hashOnly: boolean }[] = [];
    const countingFetch: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body));
      requests.push({ hashOnly: body.query === undefined });
      return fetch(input, init);
    };
    const link = createPersistedQueryLink({ sha256 }).concat(new HttpLink({ uri: `${rig.gateway.url}/graphql`, fetch: countingFetch }));
    const client = new ApolloClient({ link, cache: new InMemoryCache(), defaultOptions: { query: { fetchPolicy: 'no-cache' } } });
    return { client, requests };
  }

  it('registers a document on first use, so the next run of it (from any client) is one request carrying only the hash', async () => {
    const first = apolloClient();
    const registered = await first.client.query({ query: FEED, variables: { first: 2 } });
    expect(registered.data.posts.edges).toHaveLength(2);
    expect(first.requests).toEqual([{ hashOnly: true }, { hashOnly: false }]);

    const second = apolloClient();
    const again = await second.client.query({ query: FEED, variables: { first: 2 } });
    expect(again.data).toEqual(registered.data);
    expect(second.requests).toEqual([{ hashOnly: true }]);
  });

  it('refuses a hash that is not the SHA-256 of the document, and registers nothing under it', async () => {
    const query = '{ categories { name } }';
    const wrongHash = sha256('{ categories { databaseId } }');
    const refused = await rig.post({ query, ...hashOnly(wrongHash) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ message: hardeningTexts.persistedQueryMismatch, extensions: { code: 'PERSISTED_QUERY_MISMATCH' } });

    const lookup = await rig.post(hashOnly(wrongHash));
    expect(lookup.body.errors[0]).toMatchObject({ message: hardeningTexts.persistedOperationNotFound, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
  });

  it("keeps running the web client's own persisted ids", async () => {
    const persisted = PersistedOperations.load();
    const id = persisted.ids().find((candidate) => /^query CommunityPageQuery\b/.test(persisted.get(candidate)!));
    expect(id, 'run `npm run relay`').toBeDefined();
    const answer = await rig.post({ variables: { count: 2 }, ...hashOnly(id!) });
    expect(answer.status).toBe(200);
    expect(answer.body.data.posts.edges).toHaveLength(2);
  });
});

describe('automatic persisted queries with PERSISTED_ONLY', () => {
  const rig = useStack({ settings: { persistedOnly: true } });

  it('registers nothing: a document with its hash is refused, and the hash stays unknown', async () => {
    const query = '{ categories { name } }';
    const refused = await rig.post({ query, ...hashOnly(sha256(query)) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    const lookup = await rig.post(hashOnly(sha256(query)));
    expect(lookup.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(rig.upstreamCalls()).toBe(0);
  });
});

describe('the store of registered documents', () => {
  it('is bounded: past its size the least recently used documents leave', () => {
    const store = createAutomaticPersistedQueryStore();
    const document = `{ categories { name } } # ${'x'.repeat(100_000)}`;
    const count = Math.ceil(APQ_LIMITS.maxStoredCharacters / document.length) * 2;
    for (let index = 0; index < count; index += 1) store.set(sha256(`${index}${document}`), `${index}${document}`);
    expect(store.calculatedSize).toBeLessThanOrEqual(APQ_LIMITS.maxStoredCharacters);
    expect(store.get(sha256(`0${document}`))).toBeUndefined();
    expect(store.get(sha256(`${count - 1}${document}`))).toBeDefined();
  });
});
