import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountTexts, communityTexts } from '../../domain/index.js';
import { addMembers } from '../helpers/stories.js';
import { useStack } from '../helpers/stack.js';

/** Blocking and privacy reach GraphQL clients as the upstream enforces them, as typed errors. */
const stack = useStack();
let blocker: { id: number; token: string };
let blocked: { id: number; token: string };

beforeAll(async () => {
  const [a, b] = await addMembers(stack.upstream.db, ['게이트차단자', '게이트차단됨']);
  blocker = { id: a, token: await stack.upstream.issueToken(a) };
  blocked = { id: b, token: await stack.upstream.issueToken(b) };
}, 30_000);

const CREATE = /* GraphQL */ `
  mutation Create($input: CreatePostInput!) {
    createPost(input: $input) {
      ... on CreatePostPayload { post { id } }
    }
  }
`;
const BLOCK = /* GraphQL */ `
  mutation Block($input: BlockUserInput!) {
    blockUser(input: $input) { __typename }
  }
`;
const REPLY = /* GraphQL */ `
  mutation Reply($input: CreateReplyInput!) {
    createReply(input: $input) {
      __typename
      ... on ForbiddenError { message code }
    }
  }
`;
const FOLLOW = /* GraphQL */ `
  mutation Follow($input: FollowUserInput!) {
    followUser(input: $input) {
      __typename
      ... on ForbiddenError { message code }
    }
  }
`;

describe('blocking', () => {
  it('a blocked member’s reply on the blocker’s post and their follow answer ForbiddenError with the Korean text', async () => {
    const created = await stack.graphql(CREATE, { input: { title: '차단자의 글', content: '내용' } }, blocker.token);
    const postId = created.data.createPost.post.id;
    expect((await stack.graphql(BLOCK, { input: { userId: encodeGlobalID('User', blocked.id) } }, blocker.token)).data.blockUser.__typename).toBe(
      'BlockUserPayload',
    );

    const reply = await stack.graphql(REPLY, { input: { postId, content: '댓글' } }, blocked.token);
    expect(reply.errors).toBeUndefined();
    expect(reply.data.createReply).toEqual({ __typename: 'ForbiddenError', message: communityTexts.errors.replyBlocked, code: 'FORBIDDEN' });

    const follow = await stack.graphql(FOLLOW, { input: { userId: encodeGlobalID('User', blocker.id) } }, blocked.token);
    expect(follow.errors).toBeUndefined();
    expect(follow.data.followUser).toEqual({ __typename: 'ForbiddenError', message: accountTexts.errors.followBlocked, code: 'FORBIDDEN' });
  });
});
