import { expect, it } from 'vitest';
import { useStack } from '../helpers/stack.js';
import { ask, stockClient } from '../helpers/stock-client.js';

/**
 * A reference asked only for its id is answered from the key: reading a post counts a view, so a member's comment
 * list linking to its posts must not count one per post each time it is shown. Asking for more reads the post.
 */
const stack = useStack();

it('a comment list asking its posts for their id alone counts no view; asking for their title reads them', async () => {
  const author = stockClient(stack.gateway.url, await stack.upstream.issueToken(3));
  const commenter = stockClient(stack.gateway.url, await stack.upstream.issueToken(2));
  const created = await ask(author, `mutation { createPost(input: { title: "조회수 확인", content: "본문" }) { ... on CreatePostPayload { post { id } } } }`);
  const postId: string = created.data.createPost.post.id;
  const replied = await ask(commenter, `mutation ($postId: ID!) { createReply(input: { postId: $postId, content: "댓글" }) { __typename } }`, { postId });
  expect(replied.data.createReply.__typename).toBe('CreateReplyPayload');

  // The feed is read from the list, which counts no view.
  const viewsOf = async () =>
    (await ask(stockClient(stack.gateway.url), `{ posts(first: 5) { edges { node { id viewCount } } } }`)).data.posts.edges.find(
      (edge: { node: { id: string } }) => edge.node.id === postId,
    ).node.viewCount as number;
  const before = await viewsOf();

  const commentList = (postFields: string) => `{ viewer { replies(first: 5) { edges { node { content post { ${postFields} } } } } } }`;
  for (let shown = 0; shown < 3; shown++) {
    const list = await ask(commenter, commentList('id __typename'));
    expect(list.errors).toBeUndefined();
    expect(list.data.viewer.replies.edges[0].node).toEqual({ content: '댓글', post: { id: postId, __typename: 'Post' } });
  }
  expect(await viewsOf()).toBe(before);

  const withTitles = await ask(commenter, commentList('id title'));
  expect(withTitles.data.viewer.replies.edges[0].node.post).toEqual({ id: postId, title: '조회수 확인' });
  expect(await viewsOf()).toBe(before + 1);
});
