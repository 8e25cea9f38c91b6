import { z } from './zod.js';
import { validationTexts as v } from './messages.js';

/** Limits of 000 §5 and §9. */
export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const POST_PAGE_SIZE_DEFAULT = 20;
export const TRENDING_PAGE_SIZE = 10;
export const USER_REPLIES_PAGE_SIZE = 5;
export const NUMBERED_LIST_PAGE_SIZE = 10;
export const NUMBERED_LIST_VISIBLE_PAGES = 5;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const TITLE_MAX = 100;
export const CONTENT_MAX = 10_000;
export const REPLY_MAX = 1000;
export const TAGS_MAX = 10;
/** Connections: first/last in this range (DESIGN §3). */
export const CONNECTION_SIZE_MIN = PAGE_SIZE_MIN;
export const CONNECTION_SIZE_MAX = PAGE_SIZE_MAX;

/** Cache freshness of 000 §9, in milliseconds. */
export const FRESHNESS = {
  categories: 10 * 60_000,
  postLists: 2 * 60_000,
  singlePost: 5 * 60_000,
  replies: 60_000,
  postSearch: 2 * 60_000,
  itemSearch: 5 * 60_000,
} as const;

/** Layout constants of 000 §9. */
export const LAYOUT = { maxWidthPx: 640, tabBarHeightPx: 52, brandColor: '#FF6B6B' } as const;

/** Board ids of 000 §3. */
export const BOARD_IDS = {
  default: 1,
  contest: 2,
  exhibitedItem: 3,
  community: 4,
  trade: 5,
  ranking: 7,
  general: 8,
  notice: 10,
  tradeNeed: 15,
  tradeSell: 16,
  tradeExchange: 17,
  specialRanking: 47,
} as const;

/** Category ids of 000 §3. */
export const CATEGORY_IDS = {
  all: 26,
  market: 29,
  mentoring: 30,
  sell: 15,
  buy: 16,
  sharing: 17,
  generalMentoring: 54,
} as const;

/** Special ids of 000 §3. */
export const SPECIAL_IDS = {
  notice: 10,
  contest: 46,
  allPosts: 37,
  contestParent: 7,
  excludedContest: 31,
} as const;

/**
 * Post kinds. The spec names the field but not its values; these follow the boards of 000 §3
 * (general talk, marketplace trade, mentoring, contest entries, notices).
 */
export const POST_TYPES = ['general', 'trade', 'mentoring', 'contest', 'notice'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const TRADE_TYPES = ['sell', 'buy', 'trade'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `sort` of the list call: newest first by default; `trending` weighs recent likes, replies and views. */
export const POST_SORTS = ['latest', 'likes', 'views', 'replies', 'price', 'trending'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/** DRF-style `ordering` fields, optionally prefixed with '-' for descending. */
export const POST_ORDERING_FIELDS = ['created_at', 'updated_at', 'like_count', 'view_count', 'reply_count', 'price', 'title'] as const;
export type PostOrderingField = (typeof POST_ORDERING_FIELDS)[number];

const positiveId = z.coerce.number({ error: v.id }).int({ error: v.id }).positive({ error: v.id });

const dateParam = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)), { error: v.date });

const booleanParam = z
  .enum(['true', 'false', '1', '0', 'True', 'False'], { error: v.boolean })
  .transform((value) => value === 'true' || value === 'True' || value === '1');

const priceParam = z.coerce.number({ error: v.price }).int({ error: v.price }).min(0, { error: v.price });

/** The query of `GET /v1/community/` (000 §5 "Post list filter", 000 §7). Query strings in, typed values out. */
export const postListQuerySchema = z
  .object({
    page: z.coerce.number({ error: v.page }).int({ error: v.page }).min(1, { error: v.page }).default(PAGE_DEFAULT),
    page_size: z.coerce
      .number({ error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) })
      .int({ error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) })
      .min(PAGE_SIZE_MIN, { error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) })
      .max(PAGE_SIZE_MAX, { error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) })
      .default(POST_PAGE_SIZE_DEFAULT),
    post_type: z.enum(POST_TYPES, { error: v.postType }).optional(),
    category: positiveId.optional(),
    sub_category: positiveId.optional(),
    search: z
      .string()
      .trim()
      .min(SEARCH_MIN_LENGTH, { error: v.searchMin(SEARCH_MIN_LENGTH) })
      .max(SEARCH_MAX_LENGTH, { error: v.searchMax(SEARCH_MAX_LENGTH) })
      .optional(),
    author_id: positiveId.optional(),
    target_user_id: positiveId.optional(),
    sort: z.enum(POST_SORTS, { error: v.sort }).optional(),
    order: z.enum(SORT_ORDERS, { error: v.order }).optional(),
    ordering: z
      .string()
      .trim()
      .refine((value) => POST_ORDERING_FIELDS.includes(value.replace(/^-/, '') as PostOrderingField), { error: v.ordering })
      .optional(),
    date_from: dateParam.optional(),
    date_to: dateParam.optional(),
    is_sold: booleanParam.optional(),
    trade_type: z.enum(TRADE_TYPES, { error: v.tradeType }).optional(),
    price_min: priceParam.optional(),
    price_max: priceParam.optional(),
    tags: z
      .string()
      .transform((value) => value.split(',').map((tag) => tag.trim()).filter(Boolean))
      .pipe(z.array(z.string()).max(TAGS_MAX, { error: v.tags(TAGS_MAX) }))
      .optional(),
  })
  .refine((q) => q.price_min === undefined || q.price_max === undefined || q.price_min <= q.price_max, {
    error: v.priceRange,
    path: ['price_min'],
  })
  .refine((q) => !q.date_from || !q.date_to || Date.parse(q.date_from) <= Date.parse(q.date_to), {
    error: v.dateRange,
    path: ['date_from'],
  });

export type PostListQuery = z.output<typeof postListQuerySchema>;
export type PostListQueryInput = z.input<typeof postListQuerySchema>;

/**
 * Paging rule of 000 §4: a next page exists when meta.hasNext, links.next or next is set, or the page is
 * below the total; a previous page when previous is set or the page is above 1.
 */
export function pageLinks(page: number, totalPages: number) {
  return { hasNext: page < totalPages, hasPrev: page > 1 };
}
