import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';
import { collect, until, wsClient, type Cleanups } from '../helpers/ws.js';

const BOOKMARKED = /* GraphQL */ `
  query Bookmarked($first: Int!, $after: String) {
    viewer {
      bookmarkedPosts(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { databaseId isBookmarked } }
      }
    }
  }
`;

const mutation = (name: 'bookmarkPost' | 'unbookmarkPost') => /* GraphQL */ `
  mutation ($input: ${name[0].toUpperCase()}${name.slice(1)}Input!) {
    ${name}(input: $input) {
      __typename
      ... on ${name[0].toUpperCase()}${name.slice(1)}Payload { post { id databaseId isBookmarked } }
      ... on Error { message }
    }
  }
`;

/**
 * Bookmarks through the gateway: `bookmarkPost`/`unbookmarkPost` answer the post with its `isBookmarked` (so Relay's
 * store updates every screen showing it), `viewer.bookmarkedPosts` pages the viewer's list, and `isBookmarked` is
 * each viewer's own, in subscriptions too.
 */
describe('bookmarks through the gateway', () => {
  const stack = useStack();
  const cleanups: Cleanups = [];
  let member: string;
  let other: { id: number; token: string };
  /** Posts of the demo feed, newest first. */
  let feed: number[];

  beforeAll(async () => {
    const [a, b] = await stack.upstream.db
      .insert(users)
      .values([
        { email: 'bookmarker@example.com', nickname: '북마크회원' },
        { email: 'other-bookmarker@example.com', nickname: '다른북마크회원' },
      ])
      .returning({ id: users.id });
    member = await stack.upstream.issueToken(a.id);
    other = { id: b.id, token: await stack.upstream.issueToken(b.id) };
    feed = (await stack.graphql('{ posts(first: 4) { edges { node { databaseId } } } }')).data.posts.edges.map((edge: any) => edge.node.databaseId);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const run = async (name: 'bookmarkPost' | 'unbookmarkPost', postId: number | string, token: string | null = member) => {
    const id = typeof postId === 'number' ? encodeGlobalID('Post', postId) : postId;
    return (await stack.graphql(mutation(name), { input: { postId: id } }, token ?? undefined)).data[name];
  };
  const bookmarked = async (first = 20, after?: string) => {
    const answer = await stack.graphql(BOOKMARKED, { first, after }, member);
    expect(answer.errors).toBeUndefined();
    return answer.data.viewer.bookmarkedPosts;
  };

  it('bookmarkPost answers the post with isBookmarked true, and again changes nothing', async () => {
    const first = await run('bookmarkPost', feed[2]);
    expect(first).toMatchObject({ __typename: 'BookmarkPostPayload', post: { id: encodeGlobalID('Post', feed[2]), isBookmarked: true } });
    expect((await run('bookmarkPost', feed[2])).post.isBookmarked).toBe(true);
    const detail = async (token?: string) =>
      (await stack.graphql('query($id: ID!) { post(id: $id) { ... on Post { isBookmarked } } }', { id: encodeGlobalID('Post', feed[2]) }, token)).data.post
        .isBookmarked;
    expect(await detail(member)).toBe(true);
    expect(await detail(other.token)).toBe(false);
    expect(await detail()).toBe(false);
  });

  it('lists the viewer’s bookmarked posts, newest bookmark first, as a paged connection', async () => {
    for (const id of [feed[0], feed[1]]) await run('bookmarkPost', id);
    const firstPage = await bookmarked(2);
    expect(firstPage.totalCount).toBe(3);
    expect(firstPage.edges.map((edge: any) => edge.node.databaseId)).toEqual([feed[1], feed[0]]);
    expect(firstPage.edges.every((edge: any) => edge.node.isBookmarked)).toBe(true);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const rest = await bookmarked(2, firstPage.pageInfo.endCursor);
    expect(rest.edges.map((edge: any) => edge.node.databaseId)).toEqual([feed[2]]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });

  it('unbookmarkPost answers isBookmarked false and the post leaves the list; again is still a payload', async () => {
    expect((await run('unbookmarkPost', feed[0])).post.isBookmarked).toBe(false);
    expect((await run('unbookmarkPost', feed[0])).__typename).toBe('UnbookmarkPostPayload');
    const list = await bookmarked();
    expect(list.edges.map((edge: any) => edge.node.databaseId)).toEqual([feed[1], feed[2]]);
    expect(list.totalCount).toBe(2);
  });

  it('guests get NotAuthenticatedError before any upstream call; a missing post is NotFoundError; a wrong id a ValidationError', async () => {
    stack.proxy.reset();
    expect((await run('bookmarkPost', feed[3], null)).__typename).toBe('NotAuthenticatedError');
    expect(stack.upstreamRequests().some((line) => line.includes('/bookmark/'))).toBe(false);
    expect((await run('bookmarkPost', 999_999)).__typename).toBe('NotFoundError');
    expect((await run('unbookmarkPost', 999_999)).__typename).toBe('NotFoundError');
    expect((await run('bookmarkPost', encodeGlobalID('User', 1))).__typename).toBe('ValidationError');
  });

  it('is null on another member and for guests, without asking the upstream; paging arguments follow the domain rules', async () => {
    stack.proxy.reset();
    const someoneElse = await stack.graphql(
      'query($id: ID!) { node(id: $id) { ... on User { nickname bookmarkedPosts(first: 5) { totalCount } } } }',
      { id: encodeGlobalID('User', other.id) },
      member,
    );
    expect(someoneElse.errors).toBeUndefined();
    expect(someoneElse.data.node.bookmarkedPosts).toBeNull();
    expect(stack.upstreamRequests().some((line) => line.includes('/v1/community/bookmarks/'))).toBe(false);
    expect((await stack.graphql(BOOKMARKED, { first: 5 })).data.viewer).toBeNull();
    const answer = await stack.graphql(BOOKMARKED, { first: 0 }, member);
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR' } });
  });

  it('postChanged never carries the publisher’s bookmark: each member reads their own, once per event for isLiked and isBookmarked', async () => {
    const post = encodeGlobalID('Post', feed[1]);
    const query = `subscription ($id: ID!) { postChanged(id: $id) { isLiked isBookmarked } }`;
    const [mine, theirs, guest] = [member, other.token, undefined].map((token) =>
      collect(wsClient(stack.gateway.url, cleanups, token), cleanups, query, { id: post }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    stack.proxy.reset();
    const liked = await stack.graphql(
      `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { isLiked } } } }`,
      { id: post },
      member,
    );
    const isLiked = liked.data.togglePostLike.post.isLiked as boolean;
    await until(() => [mine, theirs, guest].every((subscriber) => subscriber.results.length === 1));
    expect(mine.results[0].data.postChanged).toEqual({ isLiked, isBookmarked: true });
    expect(theirs.results[0].data.postChanged).toEqual({ isLiked: false, isBookmarked: false });
    expect(guest.results[0].data.postChanged).toEqual({ isLiked: false, isBookmarked: false });
    // Each member's own reading of the post already on their screen: not a view.
    const reads = stack.proxy.calls.filter((call) => call.method === 'GET' && call.url === `/v1/community/${feed[1]}/?count_view=false`);
    expect(reads.map((call) => call.headers.authorization).sort()).toEqual([`token ${member}`, `token ${other.token}`].sort());
  });
});
