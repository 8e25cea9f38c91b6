import { ApolloClient, HttpLink, InMemoryCache, gql, type ApolloQueryResult, type NormalizedCacheObject, type ObservableQuery } from '@apollo/client/core';
import { relayStylePagination } from '@apollo/client/utilities';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationTexts } from '../../domain/messages.js';
import { useStack } from '../helpers/stack.js';

// A stock Apollo Client scrolls the feed with relayStylePagination while other clients create and delete posts:
// the stable cursors must give it every post that existed throughout exactly once, forward and backward.

const FEED = gql`
  query Feed($first: Int, $after: String, $last: Int, $before: String) {
    posts(first: $first, after: $after, last: $last, before: $before) {
      totalCount
      edges {
        cursor
        node {
          id
          databaseId
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`;

const CREATE = gql`
  mutation Create($input: CreatePostInput!) {
    createPost(input: $input) {
      __typename
      ... on CreatePostPayload {
        post {
          databaseId
        }
      }
    }
  }
`;

const DELETE = gql`
  mutation Delete($input: DeletePostInput!) {
    deletePost(input: $input) {
      __typename
    }
  }
`;

const REPLIES = gql`
  query Replies($id: ID!) {
    post(id: $id) {
      ... on Post {
        replies(first: 1) {
          pageInfo {
            endCursor
          }
        }
      }
    }
  }
`;

const PAGE = 6;
/** Members who write while the reader scrolls: several, so each stays within the per-member mutation limit. */
const WRITERS = [2, 3, 4, 5];

type FeedVariables = Record<string, number | string | null>;

interface FeedPage {
  posts: {
    totalCount: number;
    edges: { cursor: string; node: { id: string; databaseId: number } }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  };
}

/** The first loaded result of a watched query; the subscription stays open, as a screen's would. */
function loaded<T>(watch: ObservableQuery<T, FeedVariables>): Promise<ApolloQueryResult<T>> {
  return new Promise((resolve, reject) => {
    watch.subscribe({ next: (result) => !result.loading && resolve(result), error: reject });
  });
}

describe('stable cursors with a stock Apollo Client (relayStylePagination)', () => {
  const stack = useStack();
  let writers: ApolloClient<NormalizedCacheObject>[];
  let turn = 0;
  /** The posts each writer wrote and has not deleted, by id. */
  const ownPosts = new Map<number, ApolloClient<NormalizedCacheObject>>();

  const client = (token?: string) =>
    new ApolloClient({
      link: new HttpLink({ uri: `${stack.gateway.url}/graphql`, headers: token ? { authorization: `Bearer ${token}` } : {} }),
      cache: new InMemoryCache({ typePolicies: { Query: { fields: { posts: relayStylePagination() } } } }),
      defaultOptions: { mutate: { fetchPolicy: 'no-cache' } },
    });

  async function createPost(): Promise<number> {
    const writer = writers[turn++ % writers.length];
    const answer = await writer.mutate({ mutation: CREATE, variables: { input: { title: `스크롤 중 새 글 ${turn}`, content: '커서 시험' } } });
    expect(answer.data.createPost.__typename).toBe('CreatePostPayload');
    const id = answer.data.createPost.post.databaseId as number;
    ownPosts.set(id, writer);
    return id;
  }

  async function deletePost(id: number): Promise<boolean> {
    const writer = ownPosts.get(id);
    if (!writer) return false;
    ownPosts.delete(id);
    const answer = await writer.mutate({ mutation: DELETE, variables: { input: { id: encodeGlobalID('Post', id) } } });
    expect(answer.data.deletePost.__typename).toBe('DeletePostPayload');
    return true;
  }

  /** Every post id in the feed now, read from the upstream itself. */
  async function feedIds(): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const answer = await stack.rest<{ results: { id: number }[]; count: number }>(`/v1/community/?page=${page}&page_size=100`);
      ids.push(...answer.results.map((post) => post.id));
      if (ids.length >= answer.count || !answer.results.length) return ids;
    }
  }

  beforeAll(async () => {
    writers = await Promise.all(WRITERS.map(async (id) => client(await stack.upstream.issueToken(id))));
    // Enough of the writers' own posts at the top of the feed that the scroll meets deletions on its first pages.
    for (let count = 0; count < 24; count++) await createPost();
  }, 60_000);

  /**
   * Between two pages the writers add two posts on top and delete the post the reader's cursor names plus one it
   * has not reached yet, each while the next page is being fetched too. Answers the ids deleted.
   */
  async function scroll(direction: 'forward' | 'backward') {
    const reader = client();
    const deleted = new Set<number>();
    const variables: FeedVariables = direction === 'forward' ? { first: PAGE } : { last: PAGE };
    const watch = reader.watchQuery<FeedPage, FeedVariables>({ query: FEED, variables });
    let result = await loaded(watch);
    for (let round = 0; round < 100; round++) {
      const { edges, pageInfo } = result.data.posts;
      const more = direction === 'forward' ? pageInfo.hasNextPage : pageInfo.hasPreviousPage;
      if (!more) break;
      // The cursor's own post, and one a few places further in the direction of the scroll.
      const anchor = direction === 'forward' ? edges.at(-1)!.node.databaseId : edges[0].node.databaseId;
      const ahead = direction === 'forward' ? anchor - 3 : anchor + 3;
      const writes = async () => {
        await createPost();
        for (const id of [anchor, ahead]) if (await deletePost(id)) deleted.add(id);
        await createPost();
      };
      const next: FeedVariables = direction === 'forward' ? { first: PAGE, after: pageInfo.endCursor } : { last: PAGE, before: pageInfo.startCursor };
      const paging = watch.fetchMore({ variables: next });
      await Promise.all([paging, writes()]);
      result = watch.getCurrentResult() as typeof result;
    }
    return { seen: result.data.posts.edges.map((edge) => edge.node.databaseId), deleted, totalCount: result.data.posts.totalCount };
  }

  it('scrolling forward with fetchMore, sees every post that existed throughout exactly once while posts come and go', async () => {
    const before = await feedIds();
    const { seen, deleted, totalCount } = await scroll('forward');
    expect(deleted.size).toBeGreaterThan(0);
    expect(seen.length).toBe(new Set(seen).size);
    const stayed = before.filter((id) => !deleted.has(id));
    expect(seen.filter((id) => stayed.includes(id))).toEqual(stayed);
    // Nothing seen that was not in the feed when the scroll began: the new posts arrived above it.
    expect(seen.every((id) => before.includes(id))).toBe(true);
    expect(totalCount).toBeGreaterThan(0);
  }, 180_000);

  it('scrolling backward from the end with fetchMore, sees every post that existed throughout exactly once', async () => {
    const before = await feedIds();
    const { seen, deleted } = await scroll('backward');
    expect(deleted.size).toBeGreaterThan(0);
    expect(seen.length).toBe(new Set(seen).size);
    const stayed = before.filter((id) => !deleted.has(id));
    expect(seen.filter((id) => stayed.includes(id))).toEqual(stayed);
  }, 180_000);

  it('costs one upstream list call a page while nothing changes', async () => {
    const reader = client();
    const watch = reader.watchQuery<FeedPage, FeedVariables>({ query: FEED, variables: { first: PAGE } });
    let result = await loaded(watch);
    for (let round = 0; round < 4 && result.data.posts.pageInfo.hasNextPage; round++) {
      stack.proxy.reset();
      await watch.fetchMore({ variables: { first: PAGE, after: result.data.posts.pageInfo.endCursor } });
      expect(stack.upstreamRequests().filter((line) => line.startsWith('GET /v1/community/?'))).toHaveLength(1);
      result = watch.getCurrentResult() as typeof result;
    }
  });

  it('serves a numbered page at an offset in one upstream call, its edges with stable cursors; refuses an offset beside a cursor', async () => {
    const reader = client();
    const whole = await reader.query<FeedPage>({ query: FEED, variables: { first: 20 }, fetchPolicy: 'no-cache' });
    stack.proxy.reset();
    const page2 = await reader.query<FeedPage>({
      query: gql`
        query ($offset: Int) {
          posts(first: 10, offset: $offset) {
            edges {
              cursor
              node {
                databaseId
              }
            }
          }
        }
      `,
      variables: { offset: 10 },
      fetchPolicy: 'no-cache',
    });
    expect(stack.upstreamRequests().filter((line) => line.startsWith('GET /v1/community/?'))).toHaveLength(1);
    expect(page2.data.posts.edges.map((edge) => edge.node.databaseId)).toEqual(whole.data.posts.edges.slice(10).map((edge) => edge.node.databaseId));
    const next = await reader.query<FeedPage>({ query: FEED, variables: { first: 5, after: page2.data.posts.edges[4].cursor }, fetchPolicy: 'no-cache' });
    expect(next.data.posts.edges.map((edge) => edge.node.databaseId)).toEqual(whole.data.posts.edges.slice(15).map((edge) => edge.node.databaseId));

    const refused = await reader.query({
      query: gql`
        query ($after: String) {
          posts(first: 10, offset: 10, after: $after) {
            totalCount
          }
        }
      `,
      variables: { after: whole.data.posts.edges[0].cursor },
      errorPolicy: 'all',
      fetchPolicy: 'no-cache',
    });
    expect(refused.errors?.[0]).toMatchObject({
      extensions: { code: 'VALIDATION_ERROR', issues: [{ path: ['offset'], message: validationTexts.connectionOffsetAlone }] },
    });
  });

  it.each([
    ['a cursor of a post’s replies', 'replies', validationTexts.cursorForeign, 'foreign_cursor'],
    ['a cursor of the feed in another sort', 'sorted', validationTexts.cursorForeign, 'foreign_cursor'],
    ['an offset cursor of the former format', 'offset', validationTexts.cursorOutdated, 'outdated_cursor'],
  ])('refuses %s, located at the argument, before any upstream call', async (_name, kind, message, code) => {
    const reader = client();
    let cursor: string;
    if (kind === 'replies') {
      const post = await createPost();
      await writers[0].mutate({
        mutation: gql`
          mutation ($input: CreateReplyInput!) {
            createReply(input: $input) {
              __typename
            }
          }
        `,
        variables: { input: { postId: encodeGlobalID('Post', post), content: '커서를 위한 댓글' } },
      });
      const replies = await reader.query({ query: REPLIES, variables: { id: encodeGlobalID('Post', post) } });
      cursor = replies.data.post.replies.pageInfo.endCursor;
    } else if (kind === 'sorted') {
      const sorted = await reader.query({
        query: gql`
          query {
            posts(first: 2, sort: LIKES) {
              pageInfo {
                endCursor
              }
            }
          }
        `,
      });
      cursor = sorted.data.posts.pageInfo.endCursor;
    } else {
      cursor = Buffer.from('offset:5').toString('base64url');
    }
    expect(cursor).toBeTruthy();
    stack.proxy.reset();
    for (const argument of ['after', 'before'] as const) {
      const paging = argument === 'after' ? { first: PAGE, after: cursor } : { last: PAGE, before: cursor };
      const answer = await reader.query({ query: FEED, variables: paging, errorPolicy: 'all', fetchPolicy: 'no-cache' });
      expect(answer.errors?.[0]).toMatchObject({
        path: ['posts'],
        extensions: { code: 'VALIDATION_ERROR', issues: [{ path: [argument], message, code }] },
      });
    }
    expect(stack.upstreamRequests().filter((line) => line.startsWith('GET /v1/community/?'))).toEqual([]);
  });

  it('with sort LIKES, continues after the post the cursor names where it was, though it was liked since', async () => {
    const reader = client();
    const SORTED = gql`
      query Sorted($after: String) {
        posts(first: 10, after: $after, sort: LIKES) {
          edges {
            node {
              id
              databaseId
            }
          }
          pageInfo {
            endCursor
          }
        }
      }
    `;
    const LIKE = gql`
      mutation Like($input: TogglePostLikeInput!) {
        togglePostLike(input: $input) {
          __typename
        }
      }
    `;
    const mostLiked = async () => (await stack.rest<{ results: { id: number }[] }>('/v1/community/?sort=likes&page_size=30')).results.map((post) => post.id);
    const order = await mostLiked();
    const first = await reader.query({ query: SORTED, fetchPolicy: 'no-cache' });
    const seen = first.data.posts.edges.map((edge: { node: { databaseId: number } }) => edge.node.databaseId);
    expect(seen).toEqual(order.slice(0, 10));
    // Liked (or unliked, where a writer had liked it) by every writer: it sorts several places away now.
    for (const writer of writers) {
      const liked = await writer.mutate({ mutation: LIKE, variables: { input: { id: first.data.posts.edges.at(-1).node.id } } });
      expect(liked.data.togglePostLike.__typename).toBe('TogglePostLikePayload');
    }
    expect((await mostLiked()).indexOf(seen.at(-1))).not.toBe(9);
    const second = await reader.query({ query: SORTED, variables: { after: first.data.posts.pageInfo.endCursor }, fetchPolicy: 'no-cache' });
    expect(second.data.posts.edges.map((edge: { node: { databaseId: number } }) => edge.node.databaseId)).toEqual(order.slice(10, 20));
  });
});
