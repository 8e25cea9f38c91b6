import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY, idempotencyTexts } from '../../domain/index.js';
import { posts, replies, users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

/** A short budget, so the slow upstream below runs past it quickly: each keyed attempt gets half. */
const stack = useStack({ upstream: { timeoutMs: 2000 } });
let token: string;
let postId: string;

beforeAll(async () => {
  const [member] = await stack.upstream.db.select().from(users).where(eq(users.isStaff, false)).limit(1);
  token = await stack.upstream.issueToken(member.id);
  const [post] = await stack.upstream.db.select().from(posts).limit(1);
  postId = encodeGlobalID('Post', post.id);
}, 30_000);

const REPLY = /* GraphQL */ `
  mutation Reply($input: CreateReplyInput!) {
    createReply(input: $input) {
      __typename
      ... on CreateReplyPayload { replyEdge { node { databaseId content } } }
      ... on ValidationError { message issues { path message } }
    }
  }
`;

const CREATE_POST = /* GraphQL */ `
  mutation Create($input: CreatePostInput!) {
    createPost(input: $input) {
      __typename
      ... on CreatePostPayload { post { databaseId } }
      ... on ValidationError { issues { path message } }
    }
  }
`;

const repliesSaying = async (content: string) => (await stack.upstream.db.select().from(replies).where(eq(replies.content, content))).length;
const replyCalls = () => stack.proxy.calls.filter((call) => call.method === 'POST' && call.url.endsWith('/reply/'));

describe('idempotency keys through the gateway', () => {
  it('createReply forwards its idempotencyKey as the Idempotency-Key header; a repeat answers the same reply', async () => {
    stack.proxy.reset();
    const input = { postId, content: '한 번만 저장될 댓글', idempotencyKey: 'gw-reply-1' };
    const first = await stack.graphql(REPLY, { input }, token);
    const repeat = await stack.graphql(REPLY, { input }, token);
    expect(first.data.createReply.__typename).toBe('CreateReplyPayload');
    expect(repeat.data.createReply.replyEdge.node.databaseId).toBe(first.data.createReply.replyEdge.node.databaseId);
    expect(replyCalls().map((call) => call.headers[IDEMPOTENCY.header.toLowerCase()])).toEqual(['gw-reply-1', 'gw-reply-1']);
    expect(await repliesSaying(input.content)).toBe(1);
  });

  it('a repeat answers the reply and its post as they are now, not as the first answer had them; deleted since, NotFoundError', async () => {
    const CURRENT = /* GraphQL */ `
      mutation Reply($input: CreateReplyInput!) {
        createReply(input: $input) {
          __typename
          ... on CreateReplyPayload { replyEdge { node { databaseId likeCount } } post { id replyCount likeCount } }
          ... on NotFoundError { message }
        }
      }
    `;
    const input = { postId, content: '다시 보내도 지금 모습으로', idempotencyKey: 'gw-reply-current' };
    const first = (await stack.graphql(CURRENT, { input }, token)).data.createReply;
    // Meanwhile the post gets another reply, and this reply a like.
    await stack.graphql(REPLY, { input: { postId, content: '그 사이에 달린 댓글' } }, token);
    const replyId = encodeGlobalID('Reply', first.replyEdge.node.databaseId);
    await stack.graphql('mutation ($id: ID!) { toggleReplyLike(input: { id: $id }) { __typename } }', { id: replyId }, token);

    const repeat = (await stack.graphql(CURRENT, { input }, token)).data.createReply;
    expect(repeat.replyEdge.node.databaseId).toBe(first.replyEdge.node.databaseId);
    expect(repeat.post.replyCount).toBe(first.post.replyCount + 1);
    expect(repeat.replyEdge.node.likeCount).toBe(first.replyEdge.node.likeCount + 1);
    expect(await repliesSaying(input.content)).toBe(1);

    await stack.graphql('mutation ($id: ID!) { deleteReply(input: { id: $id }) { __typename } }', { id: replyId }, token);
    const afterDelete = (await stack.graphql(CURRENT, { input }, token)).data.createReply;
    expect(afterDelete.__typename).toBe('NotFoundError');
    expect(await repliesSaying(input.content)).toBe(1);
  });

  it('a repeated createPost answers the post as it is now', async () => {
    const CURRENT_POST = /* GraphQL */ `
      mutation Create($input: CreatePostInput!) {
        createPost(input: $input) { ... on CreatePostPayload { post { id databaseId likeCount } } }
      }
    `;
    const input = { title: '다시 보낸 글', content: '좋아요가 붙은 뒤에', idempotencyKey: 'gw-post-current' };
    const first = (await stack.graphql(CURRENT_POST, { input }, token)).data.createPost.post;
    await stack.graphql('mutation ($id: ID!) { togglePostLike(input: { id: $id }) { __typename } }', { id: first.id }, token);
    const repeat = (await stack.graphql(CURRENT_POST, { input }, token)).data.createPost.post;
    expect(repeat).toEqual({ ...first, likeCount: first.likeCount + 1 });
  });

  it('two identical createPost at the same moment store one post', async () => {
    const input = { title: '두 번 누른 글', content: '한 번만', idempotencyKey: 'gw-post-race' };
    const answers = await Promise.all([1, 2].map(() => stack.graphql(CREATE_POST, { input }, token)));
    const ids = answers.map((answer) => answer.data.createPost.post.databaseId);
    expect(ids[0]).toBe(ids[1]);
    expect(await stack.upstream.db.select().from(posts).where(eq(posts.title, input.title))).toHaveLength(1);
  });

  it('the same key with other content answers ValidationError; a malformed key is refused before any upstream call', async () => {
    await stack.graphql(REPLY, { input: { postId, content: '처음 내용', idempotencyKey: 'gw-reused' } }, token);
    const other = await stack.graphql(REPLY, { input: { postId, content: '다른 내용', idempotencyKey: 'gw-reused' } }, token);
    expect(other.data.createReply.__typename).toBe('ValidationError');
    expect(other.data.createReply.issues).toEqual([{ path: ['input', 'idempotencyKey'], message: idempotencyTexts.reused }]);

    stack.proxy.reset();
    const malformed = await stack.graphql(REPLY, { input: { postId, content: '내용', idempotencyKey: 'no spaces allowed' } }, token);
    expect(malformed.data.createReply.issues).toEqual([{ path: ['input', 'idempotencyKey'], message: idempotencyTexts.key }]);
    expect(replyCalls()).toHaveLength(0);
  });

  it('a reply saved after the time-out is shown once, not as TIMEOUT: the gateway sends it again with the same key', async () => {
    stack.proxy.reset();
    // The upstream saves the reply at once, but its answer crawls back, past the first attempt's time.
    stack.proxy.queue({ kind: 'trickle', intervalMs: 200 });
    const input = { postId, content: '시간 초과 뒤에 저장된 댓글', idempotencyKey: 'gw-slow-1' };
    const answer = await stack.graphql(REPLY, { input }, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createReply.__typename).toBe('CreateReplyPayload');
    expect(answer.data.createReply.replyEdge.node.content).toBe(input.content);
    expect(await repliesSaying(input.content)).toBe(1);
    expect(replyCalls().map((call) => [call.fault, call.headers[IDEMPOTENCY.header.toLowerCase()]])).toEqual([
      ['trickle', 'gw-slow-1'],
      ['pass', 'gw-slow-1'],
    ]);
  });

  it('a write without a key is still sent once: the member sees TIMEOUT', async () => {
    stack.proxy.reset();
    stack.proxy.queue({ kind: 'trickle', intervalMs: 200 });
    const answer = await stack.graphql(REPLY, { input: { postId, content: '키 없는 느린 댓글' } }, token);
    expect(JSON.stringify(answer)).toContain('TIMEOUT');
    expect(replyCalls()).toHaveLength(1);
  });
});
