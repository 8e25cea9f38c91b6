import type { InputShapeFromFields } from '@pothos/core';
import { POST_SORTS, POST_TYPES, TRADE_TYPES, isNoticePost, postListQuerySchema, validationTexts, type PostSort } from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import type { GatewayContext, PostSnapshot } from '../../graphql/context.js';
import { NotFoundError, type ValidationIssue } from '../../graphql/errors.js';
import { byIdentity, offsetArgument, queryConnection, resultsConnection, type ListOrder, type SortDirection } from '../../graphql/connections.js';
import { camelCase, localKeyOf, NUMERIC_ID_PATTERN } from '../../graphql/ids.js';
import type { QueryValue } from '../../upstream/client.js';
import type { PostJson } from '../../../../domain/api.js';
import { Category } from './category.js';
import { OrderDirection, enumValues } from '../../graphql/enums.js';
import { Image } from './image.js';
import { Post, User } from '../../graphql/refs.js';

export const PostType = builder.enumType('PostType', { values: enumValues(POST_TYPES) });
export const TradeType = builder.enumType('TradeType', { values: enumValues(TRADE_TYPES) });
const PostSort = builder.enumType('PostSort', {
  description: '정렬 기준. TRENDING은 최근 좋아요·댓글·조회를 시간 가중으로 합산합니다.',
  values: enumValues(POST_SORTS),
});

/** The post made of each `postChanged` snapshot, shared by its subscribers: `is_like` and `is_bookmarked` are a guest's false. */
const postOfSnapshot = new WeakMap<PostSnapshot, PostJson>();
const fromSnapshots = new WeakSet<PostJson>();
/** A subscribing member's own reading of a snapshot's post, once per event however many of their fields ask. */
const ownReadings = new WeakMap<PostJson, WeakMap<GatewayContext, Promise<PostJson>>>();

/**
 * The post a `postChanged` subscriber resolves: the snapshot the mutation published, no upstream call.
 * Only `isLiked` and `isBookmarked` differ between subscribers: false for a guest, read for a member who selects them.
 */
export function postFromSnapshot(snapshot: PostSnapshot): PostJson {
  let post = postOfSnapshot.get(snapshot);
  if (!post) {
    post = { ...snapshot, is_like: false, is_bookmarked: false };
    postOfSnapshot.set(snapshot, post);
    fromSnapshots.add(post);
  }
  return post;
}

/** A field only its viewer sees (their like, their bookmark): as answered, but read for a member from a published snapshot. */
async function viewersOwn(post: PostJson, key: 'is_like' | 'is_bookmarked', context: GatewayContext): Promise<boolean> {
  if (!fromSnapshots.has(post) || !context.caller.token) return post[key];
  let readings = ownReadings.get(post);
  if (!readings) ownReadings.set(post, (readings = new WeakMap()));
  let reading = readings.get(context);
  if (!reading) readings.set(context, (reading = context.community.post(post.id)));
  return (await reading)[key];
}

Post.implement({
  description: 'A community post (“게시글”).',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    title: t.exposeString('title'),
    content: t.exposeString('content'),
    postType: t.expose('post_type', { type: PostType }),
    category: t.field({ type: Category, nullable: true, resolve: (post) => post.category }),
    subCategory: t.field({ type: Category, nullable: true, resolve: (post) => post.sub_category }),
    author: t.field({ type: User, nullable: true, resolve: (post) => post.author }),
    viewCount: t.exposeInt('view_count'),
    likeCount: t.exposeInt('like_count'),
    replyCount: t.exposeInt('reply_count'),
    isLiked: t.boolean({
      description: '요청한 회원이 좋아요를 눌렀는지 (비회원은 false)',
      resolve: (post, _args, context) => viewersOwn(post, 'is_like', context),
    }),
    isBookmarked: t.boolean({
      description: '요청한 회원이 북마크했는지 (비회원은 false)',
      resolve: (post, _args, context) => viewersOwn(post, 'is_bookmarked', context),
    }),
    tradeType: t.expose('trade_type', { type: TradeType, nullable: true }),
    price: t.exposeInt('price', { nullable: true }),
    location: t.exposeString('location', { nullable: true }),
    isSold: t.exposeBoolean('is_sold'),
    images: t.field({ type: [Image], resolve: (post) => (post.images ?? []).map((image) => ({ ...image, postId: post.id })) }),
    thumbnail: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.thumbnail) }),
    tags: t.exposeStringList('tags'),
    isPinned: t.exposeBoolean('is_pinned'),
    isNotice: t.exposeBoolean('is_notice'),
    isHidden: t.exposeBoolean('is_hidden'),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime' }),
    deletedAt: t.expose('deleted_at', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryField('post', (t) =>
  t.field({
    type: Post,
    nullable: true,
    errors: { types: [NotFoundError], directResult: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => Post.getDataloader(context).load(localKeyOf(String(args.id), 'Post', NUMERIC_ID_PATTERN) ?? '0'),
  }),
);

/**
 * The GraphQL name of an upstream post field or list parameter, to point validation issues at what the client sent:
 * the upstream's name in camelCase, but for the category ids and the image ids.
 */
export function inputNameOf(upstreamName: string): string {
  const name = camelCase(upstreamName);
  return POST_UPSTREAM_NAMES[name] ?? name;
}

/** The post fields the upstream names differently from the GraphQL input (its name in camelCase → the input's). */
export const POST_UPSTREAM_NAMES: Readonly<Record<string, string>> = { category: 'categoryId', subCategory: 'subCategoryId', images: 'imageIds' };

/** The post list's filters. */
const postFilterArgs = builder.args((t) => ({
  postType: t.field({ type: PostType }),
  categoryId: t.int({ description: '카테고리 databaseId (하위 카테고리 글 포함)' }),
  subCategoryId: t.int(),
  search: t.string({ description: '제목·내용 검색어 (2자 이상)' }),
  authorId: t.id({ description: '작성자 User id' }),
  sort: t.field({ type: PostSort }),
  order: t.field({ type: OrderDirection }),
  dateFrom: t.field({ type: 'DateTime' }),
  dateTo: t.field({ type: 'DateTime' }),
  isSold: t.boolean(),
  tradeType: t.field({ type: TradeType }),
  priceMin: t.int(),
  priceMax: t.int(),
  tags: t.stringList(),
  offset: offsetArgument(t),
}));

/** The upstream list query for the filters, validated with the domain's rules before any upstream call. */
function postListQueryFor(args: InputShapeFromFields<typeof postFilterArgs>): { query: Record<string, QueryValue>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  let authorId: string | undefined;
  if (args.authorId != null) {
    authorId = localKeyOf(args.authorId, 'User', NUMERIC_ID_PATTERN) ?? undefined;
    if (!authorId) issues.push({ path: ['authorId'], message: validationTexts.id, code: 'invalid_format' });
  }
  const query = {
    post_type: args.postType ?? undefined,
    category: args.categoryId ?? undefined,
    sub_category: args.subCategoryId ?? undefined,
    search: args.search ?? undefined,
    author_id: authorId,
    sort: args.sort ?? undefined,
    order: args.order ?? undefined,
    date_from: args.dateFrom?.toISOString(),
    date_to: args.dateTo?.toISOString(),
    is_sold: args.isSold == null ? undefined : String(args.isSold),
    trade_type: args.tradeType ?? undefined,
    price_min: args.priceMin ?? undefined,
    price_max: args.priceMax ?? undefined,
    tags: args.tags?.length ? args.tags.join(',') : undefined,
  };
  const parsed = postListQuerySchema.safeParse(query);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, ...rest] = issue.path.map(String);
      issues.push({ path: [inputNameOf(head), ...rest], message: issue.message, code: issue.code });
    }
  }
  return { query, issues };
}

/** What each sort orders posts by; trending is a score of the moment, which posts do not carry. */
const sortFields: Record<PostSort, 'created_at' | 'like_count' | 'view_count' | 'reply_count' | 'price' | null> = {
  latest: 'created_at',
  likes: 'like_count',
  views: 'view_count',
  replies: 'reply_count',
  price: 'price',
  trending: null,
};

/**
 * The order the upstream lists posts in for a list query, as far as posts show it (the upstream's own rule: the sort's
 * field in the chosen direction, ties by id; the notice board keeps its pinned posts on top unless searched).
 */
export function postOrderFor(query: {
  sort?: PostSort | null;
  order?: SortDirection | null;
  search?: string | null;
  postType?: string | null;
  categoryId?: number | null;
}): ListOrder<PostJson> {
  const field = sortFields[query.sort ?? 'latest'];
  if (!field) return byIdentity;
  const direction = query.order ?? 'desc';
  const pinnedFirst = !query.search && isNoticePost({ post_type: query.postType ?? undefined, category: query.categoryId ?? undefined });
  return {
    id: (post) => post.id,
    sort: pinnedFirst
      ? { key: (post) => [post.is_pinned, post[field]], directions: ['desc', direction, direction] }
      : { key: (post) => [post[field]], directions: [direction, direction] },
  };
}

builder.queryField('posts', (t) =>
  queryConnection(t, 'Post', {
    type: Post,
    description: '게시글 목록. first 또는 last(1-100) 중 하나가 필요합니다.',
    args: postFilterArgs,
    resolve: async (_root, args, context) => {
      const { query, issues } = postListQueryFor(args);
      return resultsConnection(args, ({ page, pageSize }) => context.community.posts({ ...query, page, page_size: pageSize }), postOrderFor(args), issues);
    },
  }),
);
