import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_MAX,
  GRAPHQL_UPLOAD_LIMITS,
  IMAGE_UPLOAD_LIMIT,
  REPLY_MAX,
  SPECIAL_IDS,
  TITLE_MAX,
  communityTexts,
  errorMessages,
  reportTexts,
  validationTexts,
} from '../../domain/index.js';
import { postLikes, posts, replies, users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
/** Twenty members with tokens; `author` writes, `other` is someone else. */
let members: { id: number; token: string }[];
let author: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  const created = await stack.upstream.db
    .insert(users)
    .values(Array.from({ length: 20 }, (_, index) => ({ email: `writer${index}@example.com`, nickname: `동시회원${index}` })))
    .returning({ id: users.id });
  members = await Promise.all(created.map(async ({ id }) => ({ id, token: await stack.upstream.issueToken(id) })));
  [author, other] = members;
}, 30_000);

const CREATE = /* GraphQL */ `
  mutation Create($input: CreatePostInput!) {
    createPost(input: $input) {
      __typename
      ... on CreatePostPayload { post { id databaseId title content likeCount replyCount isLiked author { databaseId } images { id url width height } thumbnail } }
      ... on ValidationError { message issues { path message code } }
      ... on NotAuthenticatedError { message code }
    }
  }
`;

async function createPost(token: string, input: Record<string, unknown> = {}) {
  const answer = await stack.graphql(CREATE, { input: { title: '동시성 테스트 글', content: '좋아요를 눌러주세요', ...input } }, token);
  expect(answer.errors).toBeUndefined();
  expect(answer.data.createPost.__typename).toBe('CreatePostPayload');
  return answer.data.createPost.post;
}

const LIKE = /* GraphQL */ `
  mutation Like($input: TogglePostLikeInput!) {
    togglePostLike(input: $input) {
      __typename
      ... on TogglePostLikePayload { post { id isLiked likeCount } }
      ... on NotAuthenticatedError { message }
      ... on NotFoundError { message }
    }
  }
`;

const REPLY = /* GraphQL */ `
  mutation Reply($input: CreateReplyInput!) {
    createReply(input: $input) {
      __typename
      ... on CreateReplyPayload { replyEdge { cursor node { id databaseId content parentId author { databaseId } } } post { id replyCount } }
      ... on ValidationError { message issues { path message } }
      ... on NotAuthenticatedError { message }
    }
  }
`;

describe('guests', () => {
  it.each([
    ['createPost', CREATE, { input: { title: '제목', content: '내용' } }],
    ['togglePostLike', LIKE, { input: { id: encodeGlobalID('Post', 1) } }],
    ['createReply', REPLY, { input: { postId: encodeGlobalID('Post', 1), content: '댓글' } }],
  ])('get NotAuthenticatedError from %s before any upstream call', async (field, query, variables) => {
    stack.proxy.reset();
    const answer = await stack.graphql(query, variables);
    expect(answer.errors).toBeUndefined();
    expect(answer.data[field].__typename).toBe('NotAuthenticatedError');
    expect(answer.data[field].message).toBe(errorMessages.UNAUTHORIZED);
    expect(stack.upstreamRequests()).toEqual([]);
  });
});

describe('validation before any upstream call', () => {
  it.each([
    [{ title: '   ' }, ['input', 'title'], validationTexts.titleRequired],
    // Characters that show nothing make no title or content either: zero-width spaces, a Hangul filler.
    [{ title: '\u200B\u200B\u200B' }, ['input', 'title'], validationTexts.titleRequired],
    [{ content: ' \u3164 \u200D ' }, ['input', 'content'], validationTexts.contentRequired],
    [{ title: 'ㄱ'.repeat(TITLE_MAX + 1) }, ['input', 'title'], validationTexts.titleMax(TITLE_MAX)],
    [{ content: '' }, ['input', 'content'], validationTexts.contentRequired],
    [{ content: 'ㄱ'.repeat(CONTENT_MAX + 1) }, ['input', 'content'], validationTexts.contentMax(CONTENT_MAX)],
    [{ price: -1 }, ['input', 'price'], validationTexts.price],
    [{ imageIds: ['nope'] }, ['input', 'imageIds', '0'], validationTexts.id],
  ])('createPost rejects invalid input %#', async (input, path, message) => {
    stack.proxy.reset();
    const answer = await stack.graphql(CREATE, { input: { title: '제목', content: '내용', ...input } }, author.token);
    expect(answer.data.createPost.__typename).toBe('ValidationError');
    expect(answer.data.createPost.issues).toContainEqual(expect.objectContaining({ path, message }));
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it("createPost answers a malformed id beside the input's other issues, each once", async () => {
    stack.proxy.reset();
    const input = { title: 'ㄱ'.repeat(TITLE_MAX + 1), content: '내용', price: -1, category: 'nope', imageIds: ['nope'] };
    const answer = await stack.graphql(CREATE, { input }, author.token);
    expect(answer.data.createPost.issues.map((issue: { path: string[] }) => issue.path.join('.')).sort()).toEqual(
      ['input.category', 'input.imageIds.0', 'input.price', 'input.title'].sort(),
    );
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it.each([
    ['', validationTexts.replyRequired],
    ['ㄱ'.repeat(REPLY_MAX + 1), validationTexts.replyMax(REPLY_MAX)],
  ])('createReply rejects content %#', async (content, message) => {
    stack.proxy.reset();
    const answer = await stack.graphql(REPLY, { input: { postId: encodeGlobalID('Post', 1), content } }, author.token);
    expect(answer.data.createReply.__typename).toBe('ValidationError');
    expect(answer.data.createReply.issues).toEqual([expect.objectContaining({ path: ['input', 'content'], message })]);
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('reportPost rejects a blank reason and a reason type outside 0-8', async () => {
    stack.proxy.reset();
    const REPORT = /* GraphQL */ `
      mutation Report($input: ReportPostInput!) { reportPost(input: $input) { __typename ... on ValidationError { issues { path message } } } }
    `;
    const blank = await stack.graphql(REPORT, { input: { id: encodeGlobalID('Post', 1), reason: '  ' } }, author.token);
    expect(blank.data.reportPost.issues).toEqual([{ path: ['input', 'reason'], message: validationTexts.reportRequired }]);
    const type = await stack.graphql(REPORT, { input: { id: encodeGlobalID('Post', 1), reason: '욕설', reasonType: 9 } }, author.token);
    expect(type.data.reportPost.issues).toEqual([{ path: ['input', 'reasonType'], message: reportTexts.reasonType }]);
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it.each(['', ' a ', '가'])('searchPosts refuses %j (under 2 trimmed characters)', async (query) => {
    stack.proxy.reset();
    const answer = await stack.graphql(`query($q: String!) { searchPosts(query: $q, first: 5) { __typename ... on ValidationError { issues { message } } } }`, {
      q: query,
    });
    expect(answer.data.searchPosts.__typename).toBe('ValidationError');
    expect(answer.data.searchPosts.issues[0].message).toBe(validationTexts.searchMin(2));
    expect(stack.upstreamRequests()).toEqual([]);
  });
});

describe('notices, staff only', () => {
  const NOTICE = /* GraphQL */ `
    mutation Create($input: CreatePostInput!) {
      createPost(input: $input) {
        __typename
        ... on ForbiddenError { message code }
        ... on ValidationError { issues { path message } }
      }
    }
  `;
  const invalid = { title: '   ', content: '' };

  it.each([
    ['the notice post type', { postType: 'NOTICE' }],
    ['the notice category', { category: encodeGlobalID('Category', SPECIAL_IDS.notice) }],
    ['the notice category by its former databaseId field', { categoryId: SPECIAL_IDS.notice }],
  ])('a member who is not staff gets ForbiddenError for %s before the input is checked, and nothing is written', async (_name, notice) => {
    stack.proxy.reset();
    const answer = await stack.graphql(NOTICE, { input: { ...invalid, ...notice } }, author.token);
    expect(answer.data.createPost).toEqual({ __typename: 'ForbiddenError', message: communityTexts.errors.noticeStaffOnly, code: 'FORBIDDEN' });
    expect(stack.upstreamRequests().filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('a member editing their own post into a notice gets ForbiddenError before the input is checked, and nothing is written', async () => {
    const own = await createPost(author.token);
    stack.proxy.reset();
    const answer = await stack.graphql(
      `mutation ($input: UpdatePostInput!) { updatePost(input: $input) { __typename ... on ForbiddenError { message code } } }`,
      { input: { id: own.id, title: '   ', postType: 'NOTICE' } },
      author.token,
    );
    expect(answer.data.updatePost).toEqual({ __typename: 'ForbiddenError', message: communityTexts.errors.noticeStaffOnly, code: 'FORBIDDEN' });
    expect(stack.upstreamRequests().filter((request) => !request.startsWith('GET'))).toEqual([]);
  });

  it('staff get the same invalid notice input answered with its validation errors', async () => {
    const staff = await stack.upstream.issueToken(1);
    const answer = await stack.graphql(NOTICE, { input: { ...invalid, postType: 'NOTICE' } }, staff);
    expect(answer.data.createPost.__typename).toBe('ValidationError');
    expect(answer.data.createPost.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['input.title', 'input.content']),
    );
  });
});

describe('posts', () => {
  it('creates, updates (author only) and deletes a post', async () => {
    const post = await createPost(author.token, { tags: ['동시성'], price: 0 });
    expect(post).toMatchObject({ title: '동시성 테스트 글', likeCount: 0, replyCount: 0, isLiked: false, author: { databaseId: author.id } });

    const UPDATE = /* GraphQL */ `
      mutation Update($input: UpdatePostInput!) {
        updatePost(input: $input) {
          __typename
          ... on UpdatePostPayload { post { id title isSold } }
          ... on ForbiddenError { message code }
          ... on ValidationError { issues { path message } }
        }
      }
    `;
    const foreign = await stack.graphql(UPDATE, { input: { id: post.id, title: '남의 글' } }, other.token);
    expect(foreign.data.updatePost).toEqual({ __typename: 'ForbiddenError', message: communityTexts.errors.notAuthor, code: 'FORBIDDEN' });
    const empty = await stack.graphql(UPDATE, { input: { id: post.id } }, author.token);
    expect(empty.data.updatePost.issues).toEqual([{ path: ['input'], message: communityTexts.errors.noChanges }]);
    const updated = await stack.graphql(UPDATE, { input: { id: post.id, title: '고친 제목', isSold: true } }, author.token);
    expect(updated.data.updatePost.post).toEqual({ id: post.id, title: '고친 제목', isSold: true });

    const DELETE = /* GraphQL */ `
      mutation Delete($input: DeletePostInput!) {
        deletePost(input: $input) { __typename ... on DeletePostPayload { deletedPostId } ... on ForbiddenError { code } }
      }
    `;
    expect((await stack.graphql(DELETE, { input: { id: post.id } }, other.token)).data.deletePost.code).toBe('FORBIDDEN');
    expect((await stack.graphql(DELETE, { input: { id: post.id } }, author.token)).data.deletePost).toEqual({
      __typename: 'DeletePostPayload',
      deletedPostId: post.id,
    });
    const gone = await stack.graphql(`query($id: ID!) { post(id: $id) { __typename } }`, { id: post.id });
    expect(gone.data.post.__typename).toBe('NotFoundError');
    const [row] = await stack.upstream.db.select().from(posts).where(eq(posts.id, post.databaseId));
    expect(row.deletedAt).toBeInstanceOf(Date);
  });

  it('keeps likeCount equal to the stored likes under 20 concurrent togglePostLike', async () => {
    const post = await createPost(author.token);
    const answers = await Promise.all(members.map((member) => stack.graphql(LIKE, { input: { id: post.id } }, member.token)));
    for (const answer of answers) expect(answer.data.togglePostLike.post.isLiked).toBe(true);
    const [{ stored }] = await stack.upstream.db.select({ stored: count() }).from(postLikes).where(eq(postLikes.postId, post.databaseId));
    const [row] = await stack.upstream.db.select().from(posts).where(eq(posts.id, post.databaseId));
    expect(stored).toBe(20);
    expect(row.likeCount).toBe(20);
    expect(Math.max(...answers.map((answer) => answer.data.togglePostLike.post.likeCount))).toBe(20);

    // Half of them take it back, concurrently again.
    await Promise.all(members.slice(0, 10).map((member) => stack.graphql(LIKE, { input: { id: post.id } }, member.token)));
    const [after] = await stack.upstream.db.select().from(posts).where(eq(posts.id, post.databaseId));
    const [{ left }] = await stack.upstream.db.select({ left: count() }).from(postLikes).where(eq(postLikes.postId, post.databaseId));
    expect(left).toBe(10);
    expect(after.likeCount).toBe(10);
    const viewed = await stack.graphql(`query($id: ID!) { post(id: $id) { ... on Post { likeCount isLiked } } }`, { id: post.id }, members[0].token);
    expect(viewed.data.post).toEqual({ likeCount: 10, isLiked: false });
  });
});

describe('replies', () => {
  it('creates replies and answers, with the post’s new replyCount, equal to the stored replies under 20 concurrent writers', async () => {
    const post = await createPost(author.token);
    const answers = await Promise.all(
      members.map((member, index) => stack.graphql(REPLY, { input: { postId: post.id, content: `댓글 ${index}` } }, member.token)),
    );
    for (const answer of answers) expect(answer.data.createReply.__typename).toBe('CreateReplyPayload');
    const [{ stored }] = await stack.upstream.db.select({ stored: count() }).from(replies).where(eq(replies.postId, post.databaseId));
    const [row] = await stack.upstream.db.select().from(posts).where(eq(posts.id, post.databaseId));
    expect(stored).toBe(20);
    expect(row.replyCount).toBe(20);

    const first = answers[0].data.createReply.replyEdge.node;
    const answer = await stack.graphql(REPLY, { input: { postId: post.id, content: '답글입니다', parentId: first.id } }, other.token);
    expect(answer.data.createReply.replyEdge.node).toMatchObject({ content: '답글입니다', parentId: first.id });
    expect(answer.data.createReply.post).toEqual({ id: post.id, replyCount: 21 });
    const nested = await stack.graphql(
      REPLY,
      { input: { postId: post.id, content: '답글의 답글', parentId: answer.data.createReply.replyEdge.node.id } },
      author.token,
    );
    // Answers stay one level deep: an answer to an answer joins the same thread.
    expect(nested.data.createReply.replyEdge.node.parentId).toBe(first.id);

    const DETAIL = /* GraphQL */ `
      query($id: ID!) {
        post(id: $id) {
          ... on Post {
            replyCount
            replies(first: 3) { totalCount edges { node { id content replies(first: 5) { totalCount edges { node { content } } } } } }
          }
        }
      }
    `;
    stack.proxy.reset();
    const detail = await stack.graphql(DETAIL, { id: post.id });
    expect(detail.data.post.replyCount).toBe(22);
    expect(detail.data.post.replies.totalCount).toBe(20);
    const thread = detail.data.post.replies.edges.find((edge: any) => edge.node.id === first.id).node;
    expect(thread.replies.edges.map((edge: any) => edge.node.content)).toEqual(['답글입니다', '답글의 답글']);
    // The post and its first replies (answers included) in one round: one post GET, one reply-page GET.
    expect(stack.upstreamRequests()).toHaveLength(2);
  });

  it('edits, likes and deletes a reply (author only); a deleted head with answers stays as deleted', async () => {
    const post = await createPost(author.token);
    const head = (await stack.graphql(REPLY, { input: { postId: post.id, content: '원래 댓글' } }, author.token)).data.createReply.replyEdge.node;
    await stack.graphql(REPLY, { input: { postId: post.id, content: '답글', parentId: head.id } }, other.token);

    const UPDATE = /* GraphQL */ `
      mutation($input: UpdateReplyInput!) { updateReply(input: $input) { __typename ... on UpdateReplyPayload { reply { content isEdited } } ... on ForbiddenError { code } } }
    `;
    expect((await stack.graphql(UPDATE, { input: { id: head.id, content: '남이 고침' } }, other.token)).data.updateReply.code).toBe('FORBIDDEN');
    expect((await stack.graphql(UPDATE, { input: { id: head.id, content: '고친 댓글' } }, author.token)).data.updateReply.reply).toEqual({
      content: '고친 댓글',
      isEdited: true,
    });

    const LIKE_REPLY = /* GraphQL */ `mutation($input: ToggleReplyLikeInput!) { toggleReplyLike(input: $input) { ... on ToggleReplyLikePayload { reply { likeCount isLiked } } } }`;
    expect((await stack.graphql(LIKE_REPLY, { input: { id: head.id } }, other.token)).data.toggleReplyLike.reply).toEqual({ likeCount: 1, isLiked: true });
    expect((await stack.graphql(LIKE_REPLY, { input: { id: head.id } }, other.token)).data.toggleReplyLike.reply).toEqual({ likeCount: 0, isLiked: false });

    const DELETE = /* GraphQL */ `
      mutation($input: DeleteReplyInput!) { deleteReply(input: $input) { __typename ... on DeleteReplyPayload { deletedReplyId post { replyCount } } ... on ForbiddenError { code } } }
    `;
    expect((await stack.graphql(DELETE, { input: { id: head.id } }, other.token)).data.deleteReply.code).toBe('FORBIDDEN');
    expect((await stack.graphql(DELETE, { input: { id: head.id } }, author.token)).data.deleteReply).toEqual({
      __typename: 'DeleteReplyPayload',
      deletedReplyId: head.id,
      post: { replyCount: 1 },
    });
    const listed = await stack.graphql(
      `query($id: ID!) { post(id: $id) { ... on Post { replies(first: 5) { edges { node { isDeleted content author { id } replies(first: 5) { totalCount } } } } } } }`,
      { id: post.id },
    );
    expect(listed.data.post.replies.edges).toEqual([
      { node: { isDeleted: true, content: communityTexts.reply.deletedReply, author: null, replies: { totalCount: 1 } } },
    ]);
    const [{ live }] = await stack.upstream.db
      .select({ live: count() })
      .from(replies)
      .where(and(eq(replies.postId, post.databaseId), eq(replies.isDeleted, false)));
    const [row] = await stack.upstream.db.select().from(posts).where(eq(posts.id, post.databaseId));
    expect(row.replyCount).toBe(live);
  });
});

describe('reports, blocks and search', () => {
  it('reports a post once; a second report is a ConflictError', async () => {
    const post = await createPost(author.token);
    const REPORT = /* GraphQL */ `
      mutation($input: ReportPostInput!) { reportPost(input: $input) { __typename ... on ReportPostPayload { reportedPostId } ... on ConflictError { message code } } }
    `;
    const input = { id: post.id, reason: '광고 글입니다', reasonType: 3 };
    expect((await stack.graphql(REPORT, { input }, other.token)).data.reportPost).toEqual({ __typename: 'ReportPostPayload', reportedPostId: post.id });
    expect((await stack.graphql(REPORT, { input }, other.token)).data.reportPost).toEqual({
      __typename: 'ConflictError',
      message: communityTexts.errors.alreadyReported,
      code: 'CONFLICT',
    });
    // One's own post is not reported.
    const own = await stack.graphql(
      `mutation($input: ReportPostInput!) { reportPost(input: $input) { __typename ... on Error { message code } } }`,
      { input },
      author.token,
    );
    expect(own.data.reportPost).toEqual({ __typename: 'ForbiddenError', message: communityTexts.errors.reportOwn, code: 'FORBIDDEN' });
  });

  it('blocking a member removes their posts from the blocker’s list and search; blocking a post hides it', async () => {
    const blocked = members[5];
    const nickname = '동시회원5';
    await createPost(blocked.token, { title: '차단될 회원의 글' });
    const SEARCH = /* GraphQL */ `
      query($q: String!, $type: PostSearchType) { searchPosts(query: $q, type: $type, first: 20) { ... on PostSearchConnection { totalCount edges { node { id author { nickname } } } } } }
    `;
    const before = await stack.graphql(SEARCH, { q: nickname, type: 'NICKNAME' }, other.token);
    expect(before.data.searchPosts.totalCount).toBeGreaterThan(0);
    expect(before.data.searchPosts.edges.every((edge: any) => edge.node.author.nickname === nickname)).toBe(true);

    const BLOCK = /* GraphQL */ `mutation($input: BlockUserInput!) { blockUser(input: $input) { __typename ... on BlockUserPayload { blockedUserId } } }`;
    const answer = await stack.graphql(BLOCK, { input: { userId: encodeGlobalID('User', blocked.id), reason: '스팸' } }, other.token);
    expect(answer.data.blockUser).toEqual({ __typename: 'BlockUserPayload', blockedUserId: encodeGlobalID('User', blocked.id) });

    // Blocking oneself is refused at the input field that named the member.
    const self = await stack.graphql(
      `mutation($input: BlockUserInput!) { blockUser(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
      { input: { id: encodeGlobalID('User', other.id) } },
      other.token,
    );
    expect(self.data.blockUser).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'id'], message: communityTexts.errors.blockSelf }] });

    const after = await stack.graphql(SEARCH, { q: nickname, type: 'NICKNAME' }, other.token);
    expect(after.data.searchPosts.totalCount).toBe(0);
    const feed = await stack.graphql(`{ posts(first: 100) { edges { node { author { databaseId } } } } }`, {}, other.token);
    expect(feed.data.posts.edges.some((edge: any) => edge.node.author.databaseId === blocked.id)).toBe(false);
    // Others still see them.
    expect((await stack.graphql(SEARCH, { q: nickname, type: 'NICKNAME' }, author.token)).data.searchPosts.totalCount).toBeGreaterThan(0);

    const target = await createPost(author.token, { title: '하나만 숨길 글' });
    const BLOCK_POST = /* GraphQL */ `mutation($input: BlockPostInput!) { blockPost(input: $input) { ... on BlockPostPayload { blockedPostId } } }`;
    expect((await stack.graphql(BLOCK_POST, { input: { id: target.id } }, other.token)).data.blockPost.blockedPostId).toBe(target.id);
    const titles = await stack.graphql(SEARCH, { q: '하나만 숨길', type: 'TITLE' }, other.token);
    expect(titles.data.searchPosts.totalCount).toBe(0);
    expect((await stack.graphql(SEARCH, { q: '하나만 숨길', type: 'TITLE' }, author.token)).data.searchPosts.totalCount).toBe(1);
  });

  it('lists a member’s posts and replies, and trending posts', async () => {
    const [{ id }] = await stack.upstream.db.insert(users).values({ email: 'lists@example.com', nickname: '목록회원' }).returning({ id: users.id });
    const writer = { id, token: await stack.upstream.issueToken(id) };
    const post = await createPost(writer.token, { title: '내 글 목록' });
    await stack.graphql(REPLY, { input: { postId: post.id, content: '내 댓글' } }, writer.token);
    const answer = await stack.graphql(
      `query($id: ID!) { node(id: $id) { ... on User { posts(first: 5) { totalCount edges { node { title } } } replies(first: 5) { totalCount edges { node { content postTitle } } } } } }`,
      { id: encodeGlobalID('User', writer.id) },
    );
    expect(answer.data.node.posts).toEqual({ totalCount: 1, edges: [{ node: { title: '내 글 목록' } }] });
    expect(answer.data.node.replies).toEqual({ totalCount: 1, edges: [{ node: { content: '내 댓글', postTitle: '내 글 목록' } }] });
    const trending = await stack.graphql(`{ trendingPosts(first: 10) { totalCount edges { node { id } } } }`);
    expect(trending.data.trendingPosts.edges).toHaveLength(10);
  });
});

describe('image upload', () => {
  /** A 2×3 PNG, byte for byte. */
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEklEQVR4nGP4z8DAwMDAwMAAAA4AAf8Gq8pGAAAAAElFTkSuQmCC', 'base64');

  async function upload(bytes: Buffer, type: string, token?: string) {
    return stack.upload(
      `mutation($file: File!) { uploadImage(input: { file: $file }) { __typename ... on UploadImagePayload { image { id url width height mimeType size } } ... on ValidationError { issues { path message } } ... on NotAuthenticatedError { message } } }`,
      { file: null },
      { file: { bytes, type, name: 'picture.png' } },
      token,
    );
  }

  it('stores a picture streamed through the gateway, measured by its bytes, and attaches it to a post', async () => {
    const answer = await upload(PNG, 'image/png', author.token);
    expect(answer.errors).toBeUndefined();
    const image = answer.data.uploadImage.image;
    expect(image).toMatchObject({ width: 2, height: 3, mimeType: 'image/png', size: PNG.length });
    const served = await fetch(new URL(image.url, stack.gateway.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const post = await createPost(author.token, { imageIds: [image.id] });
    // On the post the image's id names the post too (it is read through the post); the upload's is the bare key.
    const imageKey = decodeGlobalID(image.id).id;
    expect(post.images).toEqual([
      expect.objectContaining({ id: encodeGlobalID('Image', `${post.databaseId}/${imageKey}`), url: image.url, width: 2, height: 3 }),
    ]);
    expect(post.thumbnail).toBe(image.url);
    // Someone else cannot attach it.
    const foreign = await stack.graphql(CREATE, { input: { title: '남의 사진', content: '내용', imageIds: [image.id] } }, other.token);
    expect(foreign.data.createPost.issues).toEqual([{ path: ['input', 'imageIds', '0'], message: communityTexts.errors.unknownImage, code: 'invalid_value' }]);
  });

  it('refuses a file over the largest upload size while it streams in, before any upstream call', async () => {
    stack.proxy.reset();
    const oversized = Buffer.alloc(GRAPHQL_UPLOAD_LIMITS.fileSize + 1024);
    PNG.copy(oversized);
    const answer = await upload(oversized, 'image/png', author.token);
    expect(answer.data?.uploadImage ?? null).toBeNull();
    expect(answer.errors).toEqual([{ message: IMAGE_UPLOAD_LIMIT.tooLarge, extensions: { code: 'VALIDATION_ERROR' } }]);
    expect(JSON.stringify(answer)).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('rejects what is not a picture, whatever its declared type, and guests', async () => {
    const fake = await upload(Buffer.from('not a picture at all'), 'image/png', author.token);
    expect(fake.data.uploadImage).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'file'], message: communityTexts.upload.notImage }] });
    const guest = await upload(PNG, 'image/png');
    expect(guest.data.uploadImage.__typename).toBe('NotAuthenticatedError');
    const rows = await stack.upstream.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [author.id]));
    expect(rows).toHaveLength(1);
  });
});
