import type { InputShapeFromFields } from '@pothos/core';
import {
  POST_SORTS,
  POST_TYPES,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  TAGS_MAX,
  TRADE_TYPES,
  communityTexts,
  isNoticePost,
  postListQuerySchema,
  validationTexts,
  type PostSort,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import type { GatewayContext, PostSnapshot } from '../../graphql/context.js';
import { NotFoundError, ValidationError, type ValidationIssue } from '../../graphql/errors.js';
import { byIdentity, offsetArgument, queryConnection, resultsConnection, type ListOrder, type SortDirection } from '../../graphql/connections.js';
import { camelCase, localKeyOf, NUMERIC_ID_PATTERN, upstreamIdOf } from '../../graphql/ids.js';
import { firstPagesOf } from '../../graphql/lookahead.js';
import { RENAMED_INPUT_REMOVAL_DATE } from '../../graphql/mutations.js';
import type { QueryValue } from '../../upstream/client.js';
import type { PostJson } from '../../../../domain/api.js';
import { VIEW_REPEAT_HOURS } from '../../../../domain/limits.js';
import { Category } from './category.js';
import { OrderDirection, enumValues, labelledDescriptions } from '../../graphql/enums.js';
import { Image } from './image.js';
import { openPost, Post, User } from '../../graphql/refs.js';

export const PostType = builder.enumType('PostType', {
  description: 'What kind of post it is, which decides the board it belongs to.',
  values: enumValues(
    POST_TYPES,
    labelledDescriptions(
      POST_TYPES,
      {
        general: 'General talk',
        trade: 'A marketplace listing: selling, buying or swapping (see `tradeType`, `price`, `isSold`)',
        mentoring: 'Mentoring: asking for or offering help',
        contest: 'A contest entry',
        notice: 'A notice from the staff',
      },
      communityTexts.write.postTypes,
    ),
  ),
});
export const TradeType = builder.enumType('TradeType', {
  description: 'What a marketplace post offers.',
  values: enumValues(
    TRADE_TYPES,
    labelledDescriptions(
      TRADE_TYPES,
      { sell: 'The author sells', buy: 'The author wants to buy', trade: 'The author wants to swap' },
      communityTexts.postFields.tradeTypes,
    ),
  ),
});
const PostSort = builder.enumType('PostSort', {
  description: 'What a post list is sorted by.',
  values: enumValues(POST_SORTS, {
    latest: 'Creation time.',
    likes: 'Number of likes.',
    views: 'Number of views.',
    replies: 'Number of replies.',
    price: 'Price (marketplace posts).',
    trending: 'A score of likes, replies and views that fades as the post gets older.',
  }),
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
  if (!reading) readings.set(context, (reading = context.community.post(post.id, { countView: false })));
  return (await reading)[key];
}

Post.implement({
  description: 'A community post (shown as "게시글"): a text with optional images, on a board category.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The post's numeric id (`id` is its global id)." }),
    uuid: t.exposeString('uuid', { description: "The post's UUID: another stable identifier." }),
    title: t.exposeString('title', { description: 'The title, plain text.' }),
    content: t.exposeString('content', { description: 'The body, plain text with line breaks.' }),
    type: t.expose('post_type', { type: PostType, description: 'What kind of post it is.' }),
    postType: t.expose('post_type', {
      type: PostType,
      description: 'What kind of post it is.',
      deprecationReason: `Use type. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
    }),
    category: t.field({ type: Category, nullable: true, description: 'The board category; null when it has none.', resolve: (post) => post.category }),
    subCategory: t.field({
      type: Category,
      nullable: true,
      description: 'The sub-category within `category`; null when it has none.',
      resolve: (post) => post.sub_category,
    }),
    author: t.field({
      type: User,
      nullable: true,
      description: 'Who wrote it; null when the account is gone.',
      resolve: (post) => post.author,
    }),
    viewCount: t.exposeInt('view_count', {
      description: `How many times it was opened: once per ${VIEW_REPEAT_HOURS} hours for each member (never by its author), each time for guests.`,
    }),
    likeCount: t.exposeInt('like_count', { description: 'How many members like it.' }),
    replyCount: t.exposeInt('reply_count', { description: 'How many replies it has, answers included.' }),
    isLiked: t.boolean({
      description: 'Whether the caller likes it (false for guests).',
      resolve: (post, _args, context) => viewersOwn(post, 'is_like', context),
    }),
    isBookmarked: t.boolean({
      description: 'Whether the caller bookmarked it (false for guests).',
      resolve: (post, _args, context) => viewersOwn(post, 'is_bookmarked', context),
    }),
    tradeType: t.expose('trade_type', { type: TradeType, nullable: true, description: 'What a marketplace post offers; null on other posts.' }),
    price: t.exposeInt('price', {
      nullable: true,
      description: 'The asking price of a marketplace post in Korean won, a whole number of 0 or more; null when none is given.',
    }),
    location: t.exposeString('location', { nullable: true, description: 'Where to meet or trade, as the author wrote it; null when not given.' }),
    isSold: t.exposeBoolean('is_sold', { description: 'Whether the author marked the marketplace post as sold.' }),
    images: t.field({
      type: [Image],
      description: 'The pictures, in the order the author chose; the first is the cover picture.',
      resolve: (post) => (post.images ?? []).map((image) => ({ ...image, postId: post.id })),
    }),
    thumbnail: t.field({
      type: 'URL',
      nullable: true,
      description: 'A small version of the cover picture, for lists; null on a post without pictures.',
      resolve: (parent, _args, context) => context.mediaUrl(parent.thumbnail),
    }),
    tags: t.exposeStringList('tags', { description: 'Tags the author added.' }),
    isPinned: t.exposeBoolean('is_pinned', { description: 'Whether the staff pinned it at the top of its board.' }),
    isNotice: t.exposeBoolean('is_notice', { description: 'Whether it is a notice from the staff.' }),
    isHidden: t.exposeBoolean('is_hidden', { description: 'Whether the staff hid it from lists.' }),
    createdAt: t.expose('created_at', { type: 'DateTime', description: 'When it was written.' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime', description: 'When it was last changed.' }),
    deletedAt: t.expose('deleted_at', { type: 'DateTime', nullable: true, description: 'When it was deleted; null while it exists.' }),
  }),
});

builder.queryField('post', (t) =>
  t.field({
    type: Post,
    nullable: true,
    description:
      'The post with this global id, counting one view; ValidationError when the id is not a Post id, NotFoundError when there is none or the caller may not see it.',
    errors: { types: [ValidationError, NotFoundError], directResult: true },
    args: { id: t.arg.id({ required: true, description: "The post's global id." }) },
    resolve: (_root, args, context, info) => {
      const id = upstreamIdOf(String(args.id), 'Post', ['id']);
      // The detail screen's replies need only the post's id: their first page is read beside the post, not after it.
      for (const { page, pageSize } of firstPagesOf(info, 'replies')) context.community.prefetchReplies(id, page, pageSize);
      return openPost(context, id);
    },
  }),
);

/**
 * The post list's argument for an upstream list parameter, to point validation issues at what the client sent: the
 * upstream's name in camelCase, but for a category given in the deprecated databaseId form.
 */
function argumentNameOf(upstreamName: string, args: InputShapeFromFields<typeof postFilterArgs>): string {
  const name = camelCase(upstreamName);
  if (name === 'category' && args.category == null && args.categoryId != null) return 'categoryId';
  if (name === 'subCategory' && args.subCategory == null && args.subCategoryId != null) return 'subCategoryId';
  return name;
}

/** A category argument given by global id (`name`) or, in the deprecated form, by databaseId; an issue on `name` when the id is not a Category's. */
function categoryArgumentOf(globalId: string | null | undefined, databaseId: number | null | undefined, name: string, issues: ValidationIssue[]) {
  if (globalId == null) return databaseId ?? undefined;
  const key = localKeyOf(globalId, 'Category', NUMERIC_ID_PATTERN);
  if (key === null) issues.push({ path: [name], message: validationTexts.id, code: 'invalid_format' });
  return key === null ? undefined : Number(key);
}

/** The post list's filters. */
const postFilterArgs = builder.args((t) => ({
  postType: t.field({ type: PostType, description: 'Only posts of this kind.' }),
  category: t.id({ description: "Only posts in this category (its global id), its sub-categories' posts included." }),
  subCategory: t.id({ description: 'Only posts in this sub-category (its global id).' }),
  categoryId: t.int({ description: "Only posts in the category with this `databaseId`, its sub-categories' posts included (`category` by global id)." }),
  subCategoryId: t.int({ description: 'Only posts in the sub-category with this `databaseId` (`subCategory` by global id).' }),
  search: t.string({
    description: `Only posts whose title or content contains this text (${SEARCH_MIN_LENGTH}-${SEARCH_MAX_LENGTH} characters after trimming).`,
  }),
  authorId: t.id({ description: "Only posts by this member (the User's global id)." }),
  sort: t.field({ type: PostSort, description: 'What to sort by; `LATEST` when omitted.' }),
  order: t.field({ type: OrderDirection, description: 'Which way to sort; `DESC` when omitted.' }),
  dateFrom: t.field({ type: 'DateTime', description: 'Only posts written at or after this time.' }),
  dateTo: t.field({ type: 'DateTime', description: 'Only posts written at or before this time.' }),
  isSold: t.boolean({ description: 'Only marketplace posts marked sold (true) or not sold (false).' }),
  tradeType: t.field({ type: TradeType, description: 'Only marketplace posts that offer this.' }),
  priceMin: t.int({ description: 'Only posts priced at least this (0 or more).' }),
  priceMax: t.int({ description: 'Only posts priced at most this (0 or more).' }),
  tags: t.stringList({ description: `Only posts with at least one of these tags (at most ${TAGS_MAX} tags).` }),
  offset: offsetArgument(t),
}));

/** The upstream list query for the filters, validated with the domain's rules before any upstream call. */
function postListQueryFor(args: InputShapeFromFields<typeof postFilterArgs>): {
  query: Record<string, QueryValue>;
  category: number | undefined;
  issues: ValidationIssue[];
} {
  const issues: ValidationIssue[] = [];
  let authorId: string | undefined;
  if (args.authorId != null) {
    authorId = localKeyOf(args.authorId, 'User', NUMERIC_ID_PATTERN) ?? undefined;
    if (!authorId) issues.push({ path: ['authorId'], message: validationTexts.id, code: 'invalid_format' });
  }
  const category = categoryArgumentOf(args.category, args.categoryId, 'category', issues);
  const query = {
    post_type: args.postType ?? undefined,
    category,
    sub_category: categoryArgumentOf(args.subCategory, args.subCategoryId, 'subCategory', issues),
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
      issues.push({ path: [argumentNameOf(head, args), ...rest], message: issue.message, code: issue.code });
    }
  }
  return { query, category, issues };
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
    description:
      'Posts, filtered and sorted; on the notice board the pinned posts come first unless searching. Deleted and hidden posts, and those of blocked members, are left out.',
    args: postFilterArgs,
    resolve: async (_root, args, context) => {
      const { query, category, issues } = postListQueryFor(args);
      return resultsConnection(
        args,
        ({ page, pageSize }) => context.community.posts({ ...query, page, page_size: pageSize }),
        postOrderFor({ ...args, categoryId: category }),
        issues,
      );
    },
  }),
);
