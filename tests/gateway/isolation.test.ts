import { expect, it } from 'vitest';
import { useStack } from '../helpers/stack.js';

const rig = useStack();

const QUERY = `query ($id: ID!) {
  viewer { databaseId nickname }
  post(id: $id) { ... on Post { id isLiked likeCount } }
  posts(first: 5) { edges { node { id isLiked } } }
}`;

it('never shows one member (or a guest) another member’s isLiked or viewer, however the requests interleave', async () => {
  const [alice, bob] = [1, 2];
  const aliceToken = await rig.upstream.issueToken(alice);
  const bobToken = await rig.upstream.issueToken(bob);
  const first = await rig.graphql(`{ posts(first: 1) { edges { node { id isLiked } } } }`, undefined, { token: aliceToken });
  const postId: string = first.data.posts.edges[0].node.id;
  if (first.data.posts.edges[0].node.isLiked) {
    await rig.graphql(`mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename } }`, { id: postId }, { token: aliceToken });
  }
  const liked = await rig.graphql(
    `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { isLiked } } } }`,
    { id: postId },
    { token: aliceToken },
  );
  expect(liked.data.togglePostLike.post.isLiked).toBe(true);
  const bobView = await rig.graphql(QUERY, { id: postId }, { token: bobToken });
  const bobLikes = bobView.data.post.isLiked as boolean;

  const callers = [
    { token: aliceToken, who: alice, isLiked: true },
    { token: bobToken, who: bob, isLiked: bobLikes },
    { token: undefined, who: null, isLiked: false },
  ];
  const runs = Array.from({ length: 60 }, (_, index) => callers[index % callers.length]);
  const answers = await Promise.all(runs.map((caller) => rig.graphql(QUERY, { id: postId }, { token: caller.token }).then((answer) => ({ caller, answer }))));

  for (const { caller, answer } of answers) {
    expect(answer.errors).toBeUndefined();
    expect(answer.data.viewer?.databaseId ?? null).toBe(caller.who);
    expect(answer.data.post.isLiked).toBe(caller.isLiked);
    const samePostInList = answer.data.posts.edges.find((edge: { node: { id: string } }) => edge.node.id === postId);
    if (samePostInList) expect(samePostInList.node.isLiked).toBe(caller.isLiked);
  }
  // Every upstream call carried the token of the member it was made for.
  const tokens = new Set(rig.proxy.calls.map((call) => call.headers.authorization ?? 'guest'));
  expect(tokens).toEqual(new Set([`token ${aliceToken}`, `token ${bobToken}`, 'guest']));
});
