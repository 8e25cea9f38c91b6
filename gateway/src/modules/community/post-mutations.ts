import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  POST_SEARCH_TYPES,
  TRENDING_PAGE_SIZE,
  postCreateSchema,
  postReportSchema,
  postSearchSchema,
  postUpdateSchema,
  userBlockSchema,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import type { GatewayContext } from '../../graphql/context.js';
import { ConflictError, ValidationError, WRITE_ERRORS } from '../../graphql/errors.js';
import { enumValues } from '../../graphql/enums.js';
import { idempotencyKeyOf, inputIdOf, ownIdOf, targetUpstreamIdOf, upstreamFields, validateInput } from '../../graphql/ids.js';
import { idempotencyKeyField, payloadMutation, targetIdFields, type InputFieldBuilder } from '../../graphql/mutations.js';
import { Post, User } from '../../graphql/refs.js';
import { inputNameOf, POST_UPSTREAM_NAMES, postOrderFor, PostType, TradeType } from './post.js';
import { byIdentity, listConnection, offsetArgument, queryConnection, resultsConnection } from '../../graphql/connections.js';
import { isViewer } from '../../graphql/viewer.js';

/** A post input: the fields the upstream names differently, and the rest, which it names the same in snake case. */
interface PostInputFields {
  [field: string]: unknown;
  categoryId?: number | null;
  subCategoryId?: number | null;
  imageIds?: (string | number)[] | null;
}

/** The upstream body for a post input, validated with the domain's post rules before any upstream call. */
function postBody<S extends typeof postCreateSchema | typeof postUpdateSchema>(schema: S, input: PostInputFields) {
  const { categoryId, subCategoryId, imageIds, ...sameNamed } = input;
  const body = {
    // A new input field reaches the upstream without being listed here; the domain schema keeps only what it knows.
    ...upstreamFields(sameNamed, Object.keys(sameNamed)),
    category: categoryId ?? undefined,
    sub_category: subCategoryId ?? undefined,
    images: imageIds?.map((id, index) => ownIdOf(String(id), 'Image', ['input', 'imageIds', String(index)])),
  };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => {
        const [head, ...rest] = issue.path.map(String);
        return { path: head === undefined ? ['input'] : ['input', inputNameOf(head), ...rest], message: issue.message, code: issue.code };
      }),
    );
  }
  return parsed.data;
}

const postFieldsOf = (required: boolean) => (t: InputFieldBuilder) => ({
  title: t.string({ required, description: '1-100자' }),
  content: t.string({ required, description: '1-10000자' }),
  postType: t.field({ type: PostType }),
  categoryId: t.int(),
  subCategoryId: t.int(),
  tradeType: t.field({ type: TradeType }),
  price: t.int({ description: '0 이상' }),
  location: t.string(),
  imageIds: t.idList({ description: 'uploadImage로 올린 Image id (순서대로, 첫 장이 대표 이미지)' }),
  tags: t.stringList(),
  noImage: t.boolean({ description: '이미지 없이 (수정 시 기존 이미지 삭제)' }),
});

payloadMutation('createPost', {
  input: (t) => ({ ...postFieldsOf(true)(t), idempotencyKey: idempotencyKeyField(t) }),
  payload: { post: Post },
  upstreamNames: POST_UPSTREAM_NAMES,
  resolve: async (input, context) => {
    const { idempotencyKey, ...fields } = input;
    return { post: await context.community.createPost(postBody(postCreateSchema, fields), idempotencyKeyOf({ idempotencyKey })) };
  },
});

payloadMutation('updatePost', {
  description: '작성자만. 모든 필드가 선택입니다.',
  input: (t) => ({ id: t.id({ required: true }), ...postFieldsOf(false)(t), isSold: t.boolean({ description: '판매 완료 (작성자만)' }) }),
  payload: { post: Post },
  upstreamNames: POST_UPSTREAM_NAMES,
  resolve: async (input, context) => ({ post: await context.community.updatePost(inputIdOf(input, 'id', 'Post'), postBody(postUpdateSchema, input)) }),
});

const postId = (t: InputFieldBuilder) => ({ id: t.id({ required: true }) });

payloadMutation('togglePostLike', {
  description: '좋아요를 누르거나 취소합니다. 바뀐 isLiked와 likeCount를 돌려줍니다.',
  input: postId,
  payload: { post: Post },
  resolve: async (input, context) => {
    const post = await context.community.togglePostLike(inputIdOf(input, 'id', 'Post'));
    context.publishPostChanged(post);
    if (post.is_like && post.author) context.notificationBridge.hint({ userIds: [post.author.id] });
    return { post };
  },
});

payloadMutation('reportPost', {
  description: '게시글 신고. 같은 글을 두 번 신고하면 ConflictError.',
  errors: [...WRITE_ERRORS, ConflictError],
  input: (f) => ({
    id: f.id({ required: true }),
    reason: f.string({ required: true, description: '상세 사유 (1-500자)' }),
    reasonType: f.int({ description: '신고 사유 유형 0-8 (기본 0)' }),
  }),
  payload: { reportedPostId: 'ID', reportId: 'Int' },
  resolve: async (input, context) => {
    const id = inputIdOf(input, 'id', 'Post');
    const report = validateInput(postReportSchema, { content: input.reason, reason_type: input.reasonType ?? undefined }, ['input']);
    const created = await context.community.reportPost(id, report);
    return { reportedPostId: encodeGlobalID('Post', id), reportId: created.id };
  },
});

/** Writes on one post that answer only its id. */
const postIdWrites: [string, string, string | undefined, (context: GatewayContext, id: number) => Promise<unknown>][] = [
  ['deletePost', 'deletedPostId', undefined, (context, id) => context.community.deletePost(id)],
  ['blockPost', 'blockedPostId', '이 게시글을 내 목록과 검색에서 숨깁니다.', (context, id) => context.community.blockPost(id)],
];
for (const [name, answerField, description, write] of postIdWrites) {
  payloadMutation(name, {
    description,
    input: postId,
    payload: { [answerField]: 'ID' },
    resolve: async (input, context) => {
      const id = inputIdOf(input, 'id', 'Post');
      await write(context, id);
      return { [answerField]: encodeGlobalID('Post', id) };
    },
  });
}

payloadMutation('blockUser', {
  description: '회원 차단: 두 회원은 서로의 글·댓글·스토리를 보지 못하고, 서로 댓글·팔로우·알림을 주고받지 못합니다 (서로의 팔로우도 끊깁니다).',
  input: (f) => ({ ...targetIdFields(f, 'userId', 'member'), reason: f.string() }),
  payload: { blockedUserId: 'ID' },
  resolve: async (input, context) => {
    const userId = targetUpstreamIdOf(input, 'userId', 'User');
    const body = validateInput(userBlockSchema, { block_target_user: userId, reason: input.reason ?? undefined }, ['input']);
    await context.community.blockUser(body);
    return { blockedUserId: encodeGlobalID('User', userId) };
  },
});

export const PostSearchType = builder.enumType('PostSearchType', {
  description: '검색 유형: 제목+내용, 제목, 내용, 닉네임',
  values: enumValues(POST_SEARCH_TYPES),
});

builder.queryField('searchPosts', (t) =>
  queryConnection(t, 'PostSearch', {
    type: Post,
    description: '게시글 검색. 앞뒤 공백을 뺀 검색어가 2자 이상일 때만 실행됩니다.',
    errors: { types: [ValidationError], directResult: true },
    args: { query: t.arg.string({ required: true }), type: t.arg({ type: PostSearchType }), offset: offsetArgument(t.arg) },
    resolve: (_root, args, context) => {
      const search = validateInput(postSearchSchema, { query: args.query, type: args.type ?? undefined }, []);
      return resultsConnection(
        args,
        ({ page, pageSize }) => context.community.posts({ search: search.query, search_type: search.type, page, page_size: pageSize }),
        postOrderFor({ search: search.query }),
      );
    },
  }),
);

builder.queryField('trendingPosts', (t) =>
  queryConnection(t, 'TrendingPost', {
    type: Post,
    description: `인기 게시글 (최근 좋아요·댓글·조회 가중, 기본 ${TRENDING_PAGE_SIZE}개)`,
    args: {},
    resolve: (_root, args, context) =>
      resultsConnection(
        args,
        ({ page, pageSize }) => context.community.posts({ sort: 'trending', page, page_size: pageSize }),
        postOrderFor({ sort: 'trending' }),
      ),
  }),
);

builder.objectField(User, 'posts', (t) =>
  listConnection(t, 'UserPost', {
    type: Post,
    description: '회원이 쓴 게시글 (최신 순)',
    resolve: (user, args, context) =>
      resultsConnection(args, ({ page, pageSize }) => context.community.posts({ target_user_id: user.id, page, page_size: pageSize }), postOrderFor({})),
  }),
);

builder.objectField(User, 'likedPosts', (t) =>
  listConnection(t, 'LikedPost', {
    type: Post,
    nullable: true,
    description: '내가 좋아요한 게시글 (최근에 누른 순; 본인만, 다른 회원에게는 null). 삭제·숨김·차단된 글은 빠집니다.',
    resolve: (user, args, context) =>
      // Ordered by the time of the like, which posts do not carry: re-anchored by id alone.
      isViewer(user, context) ? resultsConnection(args, ({ page, pageSize }) => context.community.likedPosts(page, pageSize), byIdentity) : null,
  }),
);
