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

const PROFILE = /* GraphQL */ `
  query Profile($id: ID!) {
    node(id: $id) {
      ... on User {
        nickname
        profileImage
        representBadge { title }
        bio
        profileRestriction
        stats { postsCount followersCount }
        badges { badge { title } }
        posts(first: 10) { totalCount }
        followers(first: 10) { totalCount }
      }
    }
  }
`;
const UPDATE = /* GraphQL */ `
  mutation Update($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on ConflictError { message }
    }
  }
`;

describe('privacy', () => {
  it('a guest sees only the nickname, picture and represented badge of a private member; the member sees everything', async () => {
    // 말랑콩떡 (member 2) of the demo data: a bio-less profile with posts, followers and two badges.
    const id = encodeGlobalID('User', 2);
    const owner = await stack.upstream.issueToken(2);
    expect((await stack.graphql(UPDATE, { input: { bio: '소개글', privacy: 'private' } }, owner)).data.updateProfile.__typename).toBe('UpdateProfilePayload');

    const guest = await stack.graphql(PROFILE, { id });
    expect(guest.errors).toBeUndefined();
    expect(guest.data.node).toEqual({
      nickname: '말랑콩떡',
      profileImage: expect.stringContaining('avatar-mint'),
      representBadge: { title: '슬라임 마스터' },
      bio: null,
      profileRestriction: 'PRIVATE',
      stats: { postsCount: 0, followersCount: 0 },
      badges: [{ badge: { title: '슬라임 마스터' } }],
      posts: { totalCount: 0 },
      followers: { totalCount: 0 },
    });

    const own = await stack.graphql(PROFILE, { id }, owner);
    expect(own.data.node).toMatchObject({ bio: '소개글', profileRestriction: null, badges: [{}, {}] });
    expect(own.data.node.posts.totalCount).toBeGreaterThan(0);
  });

  it('a taken nickname answers ConflictError (updateProfile)', async () => {
    const answer = await stack.graphql(UPDATE, { input: { nickname: '젤리곰' } }, blocked.token);
    expect(answer.data.updateProfile).toEqual({ __typename: 'ConflictError', message: accountTexts.errors.nicknameTaken });
  });
});
