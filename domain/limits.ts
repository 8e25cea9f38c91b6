/**
 * Limits, ids and enums of the spec as plain values, free of zod so the web bundle can import them cheaply.
 * The zod schemas built from them live in community.ts and paging.ts.
 */
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

/** The generic HTTP client's time-out (002 §7.1, §9). */
export const HTTP_TIMEOUT_MS = 10_000;

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

/** Report reason types of 002 §5.1, by number (labels in messages.ts `reportTexts.reasonTypes`). */
export const REPORT_REASON_TYPES = [
  'other',
  'wearingPartSpec',
  'copyright',
  'promotion',
  'sexual',
  'violence',
  'harassment',
  'prohibited',
  'political',
] as const;
export type ReportReasonType = (typeof REPORT_REASON_TYPES)[number];
export const REPORT_REASON_MAX = 500;
export const REPORT_DEFAULT_REASON_TYPE = 0;

/** Toast display time (000 §9). */
export const TOAST_DURATION_MS = 3000;
