import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPLY_ANSWERS_PAGE_SIZE } from '../../domain/index.js';
import { users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
const ANSWERS = 25;

const REPLY = /* GraphQL */ `
  mutation ($input: CreateReplyInput!) {
    createReply(input: $input) { __typename ... on CreateReplyPayload { replyEdge { node { id } } } }
  }
`;

let token = '';
let postId = '';
let commentId = '';
let answerIds: string[] = [];

async function reply(input: Record<string, unknown>): Promise<string> {
  const answer = await stack.graphql(REPLY, { input }, token);
  expect(answer.data.createReply.__typename).toBe('CreateReplyPayload');
  return answer.data.createReply.replyEdge.node.id;
}

beforeAll(async () => {
  const [member] = await stack.upstream.db.insert(users).values({ email: 'answers@example.com', nickname: '답글많은회원' }).returning({ id: users.id });
  token = await stack.upstream.issueToken(member.id);
  const created = await stack.graphql(
    `mutation { createPost(input: { title: "답글이 많은 글", content: "답글을 달아주세요" }) { ... on CreatePostPayload { post { id } } } }`,
    {},
    token,
  );
  postId = created.data.createPost.post.id;
  commentId = await reply({ postId, content: '첫 댓글' });
  answerIds = [];
  for (let n = 1; n <= ANSWERS; n++) answerIds.push(await reply({ postId, content: `답글 ${n}`, parentId: commentId }));
}, 60_000);

const ANSWERS_PAGE = /* GraphQL */ `
  query ($id: ID!, $after: String) {
    node(id: $id) {
      __typename
      ... on Reply { id replies(first: ${REPLY_ANSWERS_PAGE_SIZE}, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id content } } } }
    }
  }
`;

describe('Reply as a node', () => {
  it('loads a comment and an answer by node(id)', async () => {
    const answer = await stack.graphql(
      `query ($a: ID!, $b: ID!) {
        a: node(id: $a) { __typename ... on Reply { content parentId postId replies(first: 1) { totalCount } } }
        b: node(id: $b) { __typename ... on Reply { content parentId replies(first: 1) { totalCount } } }
      }`,
      { a: commentId, b: answerIds[12] },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.a).toEqual({ __typename: 'Reply', content: '첫 댓글', parentId: null, postId, replies: { totalCount: ANSWERS } });
    expect(answer.data.b).toEqual({ __typename: 'Reply', content: '답글 13', parentId: commentId, replies: { totalCount: 0 } });
  });

  it('answers a missing reply with null and a Korean NOT_FOUND error, beside the ones it found', async () => {
    const missing = encodeGlobalID('Reply', 987654);
    const answer = await stack.graphql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Reply { content } } }`, {
      ids: [commentId, missing, answerIds[0]],
    });
    expect(answer.data.nodes).toEqual([{ id: commentId, content: '첫 댓글' }, null, { id: answerIds[0], content: '답글 1' }]);
    expect(answer.errors).toHaveLength(1);
    const [error] = answer.errors!;
    expect(error.path).toEqual(['nodes', 1]);
    expect(error.extensions?.code).toBe('NOT_FOUND');
    expect(error.message).toMatch(/[가-힣]/);
    expect(error.message).not.toMatch(/[A-Za-z]{3,}/);

    const single = await stack.graphql(`query ($id: ID!) { node(id: $id) { id } }`, { id: missing });
    expect(single.data.node).toBeNull();
    expect(single.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('walks 25 answers in pages of 10 with after cursors: each once, in order, with the total', async () => {
    // The first page arrives with the post's replies (no extra upstream call); the rest through the reply's node.
    stack.proxy.reset();
    const detail = await stack.graphql(
      `query ($id: ID!) { post(id: $id) { ... on Post { replies(first: 1) { edges { node { id replies(first: ${REPLY_ANSWERS_PAGE_SIZE}) { totalCount pageInfo { hasNextPage endCursor } edges { node { id content } } } } } } } } }`,
      { id: postId },
    );
    expect(detail.errors).toBeUndefined();
    expect(stack.upstreamRequests().some((line) => line.includes('parent_id'))).toBe(false);
    let page = detail.data.post.replies.edges[0].node.replies;
    const seen: string[] = [];
    const pages: number[] = [];
    for (;;) {
      expect(page.totalCount).toBe(ANSWERS);
      seen.push(...page.edges.map((edge: any) => edge.node.id));
      pages.push(page.edges.length);
      if (!page.pageInfo.hasNextPage) break;
      const next = await stack.graphql(ANSWERS_PAGE, { id: commentId, after: page.pageInfo.endCursor });
      expect(next.errors).toBeUndefined();
      page = next.data.node.replies;
    }
    expect(pages).toEqual([10, 10, 5]);
    expect(seen).toEqual(answerIds);
  });
});
