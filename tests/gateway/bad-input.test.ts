import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationTexts } from '../../domain/index.js';
import { posts, users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
let token: string;
let postId: string;

beforeAll(async () => {
  const [member] = await stack.upstream.db.select().from(users).where(eq(users.isStaff, false)).limit(1);
  token = await stack.upstream.issueToken(member.id);
  const [post] = await stack.upstream.db.select().from(posts).limit(1);
  postId = encodeGlobalID('Post', post.id);
}, 30_000);

describe('bad input through GraphQL', () => {
  it('a NUL character in a title or a reply answers ValidationError naming the field, not a server error', async () => {
    const post = await stack.graphql(
      `mutation ($input: CreatePostInput!) { createPost(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
      { input: { title: '제목\u0000', content: '내용' } },
      token,
    );
    expect(post.errors).toBeUndefined();
    expect(post.data.createPost).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'title'], message: validationTexts.nulCharacter }] });

    const reply = await stack.graphql(
      `mutation ($input: CreateReplyInput!) { createReply(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
      { input: { postId, content: '댓글\u0000' } },
      token,
    );
    expect(reply.data.createReply).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'content'], message: validationTexts.nulCharacter }] });
  });
});
