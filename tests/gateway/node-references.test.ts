import { expect, it } from 'vitest';
import { useStack } from '../helpers/stack.js';
import { ask, stockClient } from '../helpers/stock-client.js';

/**
 * Only opening a post (the `post` field, the detail screen) counts a view. A reference asked only for its id is
 * answered from the key; asking it for more reads the post without counting one, as `node(id:)` does (a client's
 * next page of replies, a member's comment list showing its posts' titles).
 */
const stack = useStack();

it('a comment list counts no view, whether it asks its posts for their id alone or reads their titles; node() counts none; post() one', async () => {
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
  expect(await viewsOf()).toBe(before);

  // A client's next page of replies (Relay's refetch query) reads the post through node().
  const nextReplies = await ask(
    commenter,
    `query ($id: ID!) { node(id: $id) { ... on Post { replyCount replies(first: 20) { edges { node { content } } } } } }`,
    {
      id: postId,
    },
  );
  expect(nextReplies.data.node.replyCount).toBe(1);
  expect(await viewsOf()).toBe(before);

  // Opening it is a view, once, even when the same request also asks node() for it.
  const opened = await ask(commenter, `query ($id: ID!) { post(id: $id) { ... on Post { viewCount } } node(id: $id) { ... on Post { title } } }`, {
    id: postId,
  });
  expect(opened.data).toEqual({ post: { viewCount: before + 1 }, node: { title: '조회수 확인' } });
  expect(await viewsOf()).toBe(before + 1);
});
