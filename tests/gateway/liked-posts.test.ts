import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const LIKED = /* GraphQL */ `
  query Liked($first: Int!, $after: String) {
    viewer {
      likedPosts(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { databaseId title isLiked } }
      }
    }
  }
`;

const LIKE = /* GraphQL */ `
  mutation Like($input: TogglePostLikeInput!) {
    togglePostLike(input: $input) { __typename ... on TogglePostLikePayload { post { isLiked } } }
  }
`;

describe('viewer.likedPosts through the gateway', () => {
  const stack = useStack();
  let liker: string;
  let other: { id: number; token: string };
  /** Three posts of the demo feed, newest first. */
  let feed: number[];

  beforeAll(async () => {
    const [a, b] = await stack.upstream.db
      .insert(users)
      .values([
        { email: 'liker@example.com', nickname: '좋아요회원' },
        { email: 'other-liker@example.com', nickname: '다른좋아요회원' },
      ])
      .returning({ id: users.id });
    liker = await stack.upstream.issueToken(a.id);
    other = { id: b.id, token: await stack.upstream.issueToken(b.id) };
    feed = (await stack.graphql('{ posts(first: 4) { edges { node { databaseId } } } }')).data.posts.edges.map((edge: any) => edge.node.databaseId);
  });

  const toggle = async (postId: number, token = liker) => {
    const answer = await stack.graphql(LIKE, { input: { id: encodeGlobalID('Post', postId) } }, token);
    expect(answer.data.togglePostLike.__typename).toBe('TogglePostLikePayload');
    return answer.data.togglePostLike.post.isLiked as boolean;
  };
  const likedIds = async (first = 20, after?: string) => {
    const answer = await stack.graphql(LIKED, { first, after }, liker);
    expect(answer.errors).toBeUndefined();
    return answer.data.viewer.likedPosts;
  };

  it('lists the posts the viewer liked, newest like first, as a paged connection', async () => {
    for (const id of [feed[2], feed[0], feed[1]]) expect(await toggle(id)).toBe(true);
    const first = await likedIds(2);
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((edge: any) => edge.node.databaseId)).toEqual([feed[1], feed[0]]);
    expect(first.edges.every((edge: any) => edge.node.isLiked)).toBe(true);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = await likedIds(2, first.pageInfo.endCursor);
    expect(rest.edges.map((edge: any) => edge.node.databaseId)).toEqual([feed[2]]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });

  it('an unliked post leaves the list; other members’ likes are not the viewer’s', async () => {
    expect(await toggle(feed[0])).toBe(false);
    expect(await toggle(feed[3], other.token)).toBe(true);
    const list = await likedIds();
    expect(list.edges.map((edge: any) => edge.node.databaseId)).toEqual([feed[1], feed[2]]);
    expect(list.totalCount).toBe(2);
  });

  it('is null on another member and for guests, without asking the upstream', async () => {
    stack.proxy.reset();
    const someoneElse = await stack.graphql(
      'query($id: ID!) { node(id: $id) { ... on User { nickname likedPosts(first: 5) { totalCount } } } }',
      { id: encodeGlobalID('User', other.id) },
      liker,
    );
    expect(someoneElse.errors).toBeUndefined();
    expect(someoneElse.data.node.likedPosts).toBeNull();
    expect(stack.upstreamRequests().some((line) => line.includes('/v1/community/liked/'))).toBe(false);
    const guest = await stack.graphql(LIKED, { first: 5 });
    expect(guest.data.viewer).toBeNull();
  });

  it('checks the paging arguments with the domain rules', async () => {
    const answer = await stack.graphql(LIKED, { first: 0 }, liker);
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR' } });
  });
});
