/**
 * Limits, ids and enums of the spec as plain values, free of zod so the web bundle can import them cheaply.
 * The zod schemas built from them live in community.ts and paging.ts.
 */
/** The largest number an integer column (ids, prices, counts) stores: larger input is refused, never sent to the database. */
export const STORED_INT_MAX = 2_147_483_647;
/**
 * The highest price, in gems, a trade post or a wish may name: a round figure members can read in the message, well
 * inside STORED_INT_MAX (whose 2,147,483,647 is the database's bound, not a price anyone means).
 */
export const PRICE_MAX = 1_000_000_000;

/** The longest idempotency key a create may carry (domain/idempotency.ts). */
export const IDEMPOTENCY_KEY_MAX = 100;

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
/** The search screen's recent keywords (001 §3 client state, §9 "Recent search keywords max 10"): the newest first. */
export const RECENT_SEARCHES_MAX = 10;

/*
 * Lengths are counted as the domain's zod schemas count them: in Unicode code points, so an emoji is one character
 * though JavaScript's `length` says two. The web checks search terms with these before sending them.
 */
/** How many characters `text` has as the schemas count them (Unicode code points). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}

/** Why a search term would be refused by a `min`..`max` rule, after trimming as the schemas do; null when it is searchable. */
export function searchTermProblem(term: string, min: number, max: number): 'tooShort' | 'tooLong' | null {
  const count = characterCount(term.trim());
  if (count < min) return 'tooShort';
  if (count > max) return 'tooLong';
  return null;
}
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

/**
 * 'Request keeps failing' (002 §8.2): the global error handler says it instead of a failure's own toast from the
 * `count`th failed request in a row (its default retry count, 002 §9), each within `windowMs` of the one before.
 */
export const REPEATED_FAILURES = { count: 3, windowMs: 30_000 } as const;

/** Layout constants of 000 §9. */
export const LAYOUT = {
  maxWidthPx: 640,
  tabBarHeightPx: 52,
  brandColor: '#FF6B6B',
  /** 002 §2.3: the top loading bar stays this long after a navigation finishes. */
  progressStopDelayMs: 200,
  /** 002 §2.3: from this viewport width the terms and privacy links show at the bottom left. */
  wideScreenMinPx: 1024,
} as const;

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

/**
 * A member's opens of one post or notice count as one view per this many hours: a reload or a return is the same
 * reader. A guest's every open counts (nothing tells two guests apart); the author's own opens never do.
 */
export const VIEW_REPEAT_HOURS = 24;

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
/**
 * A focused control disabled by its own action (모두 읽음 once nothing is unread) that is still disabled this long
 * after the screen last changed is done: keyboard focus goes on to the next control instead of staying on <body>.
 */
export const FOCUS_SETTLE_MS = 1000;

/** 002 §2.3: modals play a short sound when they open and close, at this volume (0-1), unless turned off. */
export const MODAL_SOUND_VOLUME = 0.4;

/**
 * The upstream's request bodies read whole (JSON and the other non-multipart ones): larger ones answer 413 with the
 * limit in words. Uploads are multipart and bounded per file instead (IMAGE_MAX_BYTES and the others below).
 */
export const REST_BODY_MAX_BYTES = 1024 * 1024;

/** Community uploads and posts (DESIGN §5 "uploads"). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const POST_IMAGES_MAX = 10;
/**
 * Pictures (post images, profile pictures, story pictures) may declare at most this many pixels: a phone's
 * 200-megapixel mode stays far above it, every 12-50 MP camera below; a small file claiming more is a
 * decompression bomb for every browser that opens it.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * The longest side, in pixels, of the small copy a list shows instead of a picture (a post card's 84 CSS pixels at up
 * to three device pixels each, and some): a member's 10 MB photo costs every visitor of the feed a few kilobytes.
 */
export const IMAGE_THUMBNAIL_MAX_PX = 320;
/**
 * The longest side, in pixels, of the copy a post's detail shows (a 640-pixel column at two device pixels each):
 * a member's 5 MB phone photo costs each reader a few hundred kilobytes instead (the original is kept beside it).
 */
export const IMAGE_DISPLAY_MAX_PX = 1280;
/**
 * The longest side, in pixels, a profile picture is stored at: a larger upload is kept only as a WebP copy of this
 * size. The app shows pictures at 40 CSS pixels at most; another client's profile header (~160 points at 3×) still
 * gets a sharp picture, and no visitor downloads a member's 10 MB photo beside each of their posts.
 */
export const PROFILE_IMAGE_MAX_PX = 480;
/**
 * Post pictures are uploaded before the post is sent; one never attached (the member gave up, closed the tab) is
 * released by a periodic sweep of the upstream once it is `graceMs` old: its record and its files go. The web client
 * keeps an unsent draft, with the ids of its uploaded pictures, in the tab's sessionStorage (web/src/community/drafts.ts),
 * which lasts as long as the tab: three days keeps a draft safe in a tab left open over a long weekend, far past the
 * day a session lasts without "remember me" (SESSION_TTL_MS). A draft older than that which names a swept picture is
 * refused with the unknown-picture message at `images[i]` (communityTexts.errors.unknownImage), and the member uploads
 * it again. The upstream sweeps `everyMs`, the first time `firstAfterMs` after it starts, releasing at most `batch`
 * pictures per transaction (three files each at most, so their removal stays one short query).
 * UNUSED_UPLOADS_GRACE_MS and UNUSED_UPLOADS_SWEEP_INTERVAL_MS override `graceMs` and `everyMs` (docs/configuration.md).
 */
export const UNUSED_UPLOADS_SWEEP = {
  graceMs: 3 * 24 * 60 * 60 * 1000,
  everyMs: 60 * 60 * 1000,
  firstAfterMs: 60 * 1000,
  batch: 200,
} as const;
export const LOCATION_MAX = 100;
/** Search types of the community search box (000 §2): title+content, title, content, nickname. */
export const POST_SEARCH_TYPES = ['title_content', 'title', 'content', 'nickname'] as const;
export type PostSearchType = (typeof POST_SEARCH_TYPES)[number];
export const REPLY_PAGE_SIZE = 20;
/**
 * Answers under one reply come in pages of this many: a post's reply list and a reply's lookup carry the first
 * page of each thread, `GET /v1/community/{id}/reply/?parent_id=` the rest.
 */
export const REPLY_ANSWERS_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE = 20;
/**
 * Anti-spam: a reply notifies at most this many of the members it `@mentions` (the first distinct ones, in
 * the order they appear); it is still saved with every mention in its text.
 */
export const MENTIONS_NOTIFIED_MAX = 5;

/** Accounts (001 §5, §9; DESIGN §5 "password minimum"). */
export const LOGIN_SHEET_PASSWORD_MIN = 8;
export const LOGIN_SHEET_PASSWORD_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 100;
/**
 * Words no member but staff may use in a nickname, compared without case, width, spaces or punctuation and
 * anywhere in it (운영자, 관리 자, ADMIN_01 ...), so nobody passes for the staff.
 */
export const RESERVED_NICKNAME_WORDS = ['운영자', '관리자', '운영진', '운영팀', 'admin', 'moderator', '슬라임커뮤니티'] as const;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 20;
export const BIO_MAX = 500;
export const LOCATION_TEXT_MAX = 100;
export const WEBSITE_MAX = 200;
export const BLOCK_REASON_MAX = 500;
export const DEVICE_ID_WEB = 'web';
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const PRIVACY_LEVELS = ['public', 'friends', 'private'] as const;
export type PrivacyLevel = (typeof PRIVACY_LEVELS)[number];
export const SOCIAL_PROVIDERS = ['google', 'kakao', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const ACTIVITY_TYPES = ['post', 'like', 'comment', 'follow', 'share'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** A session lasts a day, or 30 days with "remember me"; a refresh token 60 days; mailed tokens an hour. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBERED_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 60 * 24 * 60 * 60 * 1000;
/**
 * The gateway answers every refresh of one refresh token within this many seconds of the first with the session that
 * first refresh got (requests sharing an expired session each refresh at once), instead of refusing all but one.
 */
export const SESSION_REFRESH_REUSE_SECONDS = 10;
export const ACCOUNT_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Google SDK readiness retry (001 §4, §9). */
export const GOOGLE_SDK_RETRY_MS = 500;
/**
 * Failed logins (domain/loginThrottle.ts, one policy for the gateway and the upstream): an identifier from one
 * address is refused after 5 failures in 15 minutes; an identifier from addresses it never logged in from after
 * 50 failures in an hour (a correct password from a known address still gets in); an address after 20 failures
 * in 15 minutes across identifiers (spraying). An address stays known for 20 days after each successful login (in-memory
 * counters expire by timer, and Node's timers stop at 24.8 days).
 */
export const LOGIN_ATTEMPTS_PER_PAIR = 5;
export const LOGIN_ATTEMPT_WINDOW_SECONDS = 15 * 60;
export const LOGIN_ATTEMPTS_PER_IDENTIFIER = 50;
export const LOGIN_IDENTIFIER_WINDOW_SECONDS = 60 * 60;
export const LOGIN_ATTEMPTS_PER_IP = 20;
export const LOGIN_KNOWN_ADDRESS_SECONDS = 20 * 24 * 60 * 60;

/** Items (000 §2-§3): the 12 avatar layers, bottom to top as the preview stacks them. */
export const AVATAR_LAYER_TYPES = [
  'hair_back',
  'body',
  'face',
  'eye_deco',
  'face_deco',
  'bottom',
  'top',
  'shoes',
  'cape',
  'hand',
  'hair_front',
  'head',
] as const;
export type AvatarLayerType = (typeof AVATAR_LAYER_TYPES)[number];
/** Every item kind: equipment (a whole outfit, previewed on the layered avatar), the avatar parts and the rest. */
export const ITEM_TYPES = ['equipment', ...AVATAR_LAYER_TYPES, 'consumable', 'material', 'decoration', 'ticket'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
/** Rating grades, best first. */
export const ITEM_GRADES = ['SSS', 'SS', 'S+', 'S', 'A', 'B', 'C', 'F'] as const;
export type ItemGrade = (typeof ITEM_GRADES)[number];
export const ITEM_SEARCH_MIN_LENGTH = 2;
export const ITEM_SEARCH_MAX_LENGTH = 50;
export const ITEM_SEARCH_PAGE_SIZE_DEFAULT = 20;
/** Debounce of the search-as-you-type box, in milliseconds. */
export const ITEM_SEARCH_DEBOUNCE_MS = 300;

/** Wish lists (001 §3-§5, §9). */
export const WISH_TYPES = ['buy', 'sell'] as const;
export type WishType = (typeof WISH_TYPES)[number];
export const WISH_STATUSES = ['active', 'inactive', 'completed'] as const;
export type WishStatus = (typeof WISH_STATUSES)[number];
export const WISH_MEMO_MAX = 500;
export const WISH_QUANTITY_DEFAULT = 1;
export const WISH_QUANTITY_MAX = 9999;
export const WISH_PRIORITY_MAX = 10;
export const WISH_PAGE_SIZE_DEFAULT = 20;
export const WISH_ORDERS = SORT_ORDERS;

/** Probability tables (002 §2.2, §9). */
export const PROBABILITY_KINDS = ['guildornament', 'treasurebox', 'specialshop', 'villagedecoration', 'ticket'] as const;
export type ProbabilityKind = (typeof PROBABILITY_KINDS)[number];
export const PROBABILITY_RARITIES = ['legendary', 'epic', 'rare', 'uncommon', 'common'] as const;
export type ProbabilityRarity = (typeof PROBABILITY_RARITIES)[number];
export const PROBABILITY_PAGE_SIZE = 20;
export const PROBABILITY_SKELETON_CARDS = 5;

/**
 * The grey blocks of the screen skeleton (web `ScreenSkeleton`) while a screen's code or data loads: any screen, the
 * feed, and a deferred part of a screen (a post's replies, the profile's activities).
 */
export const SKELETON_BLOCKS = { screen: 3, feed: 5, deferredPart: 2 } as const;
export const PROBABILITY_SEARCH_MAX_LENGTH = 50;

/**
 * Gateway hardening: what one GraphQL request may ask for (OWASP GraphQL cheat sheet, GraphQL Armor, GitHub's
 * limits). Cost counts every object or list field once per item it can return: `first`/`last` (1-100) and the
 * number of `ids` multiply what is below them, so `posts(first: 100) { edges { node { author { id } } } }` costs 301;
 * a page counts its size even with no item selected, and a read by id weighs `byIdReadCost` (gateway/src/server/limits/cost.ts).
 */
/** A GraphQL request body, checked before parsing (a name of its own: the upload limits below add it up). */
const GRAPHQL_MAX_BODY_BYTES = 100_000;
export const GRAPHQL_LIMITS = {
  maxDepth: 12,
  maxAliases: 15,
  maxDirectives: 20,
  maxTokens: 2000,
  maxCost: 5000,
  /** A query at or above this cost counts against the expensive-query rate limit. */
  expensiveCost: 1000,
  /**
   * The weight of one read by id (`node(id:)`, `post(id:)`, each id of `nodes(ids:)`): one upstream call of its own,
   * weighed as Hot Chocolate weighs a field that does I/O (10). So the largest by-id batch (`maxVariableArrayLength`
   * ids, even of `{ id }` alone) reaches `expensiveCost`.
   */
  byIdReadCost: 10,
  /** Request body, checked before parsing. */
  maxBodyBytes: GRAPHQL_MAX_BODY_BYTES,
  /** Any array inside the variables, and all values in them together. */
  maxVariableArrayLength: 100,
  maxVariableValues: 1000,
  /** Objects and lists nested inside the variables (`{ "x": { "a": … } }` is 2 deep); no input of the schema needs 5. */
  maxVariableDepth: 20,
} as const;

/** Upstream calls (002 §7.1): per-phase time-outs inside the overall budget, retries for GET/HEAD only. */
export const UPSTREAM_RESILIENCE = {
  connectTimeoutMs: 3000,
  /** Attempts of an idempotent call in all, the first included. */
  maxAttempts: 4,
  retryBaseDelayMs: 1000,
  /** Consecutive failures that open the breaker, and how long it stays open before one probe. */
  breakerFailures: 5,
  breakerHalfOpenAfterMs: 10_000,
  /** Calls running at once for the whole gateway process, and waiting beyond those. */
  maxConcurrent: 64,
  maxQueued: 2000,
  /**
   * Calls one operation (one GraphQL request, or one operation over a socket) runs at once; its further calls wait in
   * its own queue, so a by-id batch of 100 reads holds 8 of the 64 slots, never all of them, while others wait.
   */
  maxConcurrentPerOperation: 8,
} as const;

/** Rate limits per member (their token) and per IP address, each over a window of `seconds`. */
export const RATE_LIMITS = {
  mutationsPerMember: { points: 60, seconds: 60 },
  mutationsPerIp: { points: 300, seconds: 60 },
  expensiveQueriesPerMember: { points: 30, seconds: 60 },
  expensiveQueriesPerIp: { points: 120, seconds: 60 },
} as const;

/**
 * Automatic persisted queries (Apollo's APQ protocol): documents registered by their SHA-256, kept in each gateway
 * process up to this many characters in all (the least recently used leave first) and for this long.
 */
export const APQ_LIMITS = {
  maxStoredCharacters: 5_000_000,
  ttlMs: 24 * 60 * 60 * 1000,
} as const;

/** graphql-ws (the protocol's close codes 4408 and 4403 mark a late init and a refused token). */
export const WS_LIMITS = {
  connectionInitTimeoutMs: 5000,
  maxPayloadBytes: 100_000,
  maxSubscriptionsPerSocket: 20,
  keepAliveMs: 12_000,
  /**
   * Admission on connect storms (a fleet restart reconnects every client at once), per replica: socket set-ups
   * (ConnectionInit's token check, a subscription's start with its upstream reads) running at once, and waiting
   * beyond those; a socket past both is closed with 1013 Try Again Later and reconnects after its backoff. Half the
   * upstream client's concurrency (UPSTREAM_RESILIENCE.maxConcurrent) and far below its queue, so a storm neither
   * overflows that queue nor starves HTTP reads. WS_SETUP_CONCURRENCY and WS_SETUP_QUEUE override them.
   */
  setupConcurrency: 32,
  setupQueue: 256,
  /** A socket gives its set-up slot back when its first operation has started, or after this long at most. */
  setupHoldMs: 5000,
} as const;

/**
 * Close codes the gateway ends a socket with when the client should come back: stock graphql-ws clients reconnect on
 * these (its isFatalInternalCloseCode), unlike 4500, which they treat as final. 1012 on shutdown, 1013 when shedding load.
 */
export const WS_RETRY_CLOSE = {
  serviceRestart: { code: 1012, reason: 'Service Restart' },
  tryAgainLater: { code: 1013, reason: 'Try Again Later' },
} as const;

/** How long the upstream's /readyz waits for its database to answer `select 1` before it says 503. */
export const READINESS_DATABASE_TIMEOUT_MS = 2_000;

/**
 * While the upstream finds its database unreachable, it asks it `select 1` this often (each waiting
 * READINESS_DATABASE_TIMEOUT_MS at most) to log one line when it is back, whether requests come or not.
 */
export const DATABASE_OUTAGE_PROBE_INTERVAL_MS = 1_000;

/**
 * Request time-outs of both servers (gateway and upstream). Node answers 408 and closes the connection when a request's
 * headers take longer than `headersTimeoutMs` or the whole request (body included) longer than `requestTimeoutMs`,
 * checking every `checkIntervalMs` (Node's default 30 s let header slowloris live ~85 s). A body arriving slower than
 * `minBodyBytesPerSecond` on average once `bodyRateGraceMs` have passed is cut too (bodyRate.ts; Kestrel's
 * MinRequestBodyDataRate defaults), so a 1 byte/s trickle ends within seconds while a 50 MB video on a slow line
 * still has the whole `requestTimeoutMs`.
 */
export const HTTP_SERVER_TIMEOUTS = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 300_000,
  checkIntervalMs: 1000,
  minBodyBytesPerSecond: 240,
  bodyRateGraceMs: 5000,
} as const;

/**
 * The upstream's PostgreSQL connections (node-postgres `connectionTimeoutMillis`): a server that does not complete a
 * new connection within this is given up on. At start the upstream then stops, naming DATABASE_URL; later, the
 * request that needed the connection answers 503.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 5000;

/**
 * Fastify's `pluginTimeout` for both servers: a plugin that has not finished registering by then stops the start (one that
 * never calls `done`). Fastify's own 10 s was reached by a real plugin (@fastify/swagger-ui reading its files) on a
 * starved 2-core machine.
 */
export const PLUGIN_START_TIMEOUT_MS = 60_000;

/** SIGTERM: how long requests under way may take to finish before the process cuts them and exits (SHUTDOWN_GRACE_MS). */
export const SHUTDOWN_GRACE_MS = 10_000;
/** A request refused while a server drains: `Retry-After` asks its client to come back this soon (another replica takes it). */
export const DRAIN_RETRY_AFTER_SECONDS = 1;

/**
 * How long a browser may keep the answer to a CORS preflight (`Access-Control-Max-Age`, seconds), so a client on an
 * origin of CORS_ORIGINS does not ask again before each request: two hours, the most Chromium keeps (Firefox keeps up
 * to a day). Each answer still names the allowed origin, so an origin taken out of CORS_ORIGINS is refused at once.
 */
export const CORS_PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * The web client's live updates: after a lost socket or a refused subscription it tries again forever, each wait
 * twice the last (from `firstWaitMs`, at most `maxWaitMs`), drawn at random between half and all of it so the
 * clients of a restarted gateway do not come back all at once.
 */
export const LIVE_RECONNECT = { firstWaitMs: 1000, maxWaitMs: 30_000 } as const;
/** The data cache's freshness for probability tables (002 §9: stale after 300000 ms). */
export const PROBABILITY_TABLE_FRESH_MS = 300_000;

/** Stories (002 §3.5-§3.11, §5.3, §9; DESIGN §5: 24 h expiry). */
export const STORY_TYPES = ['image', 'video'] as const;
export type StoryType = (typeof STORY_TYPES)[number];
export const STORY_PRIVACY_LEVELS = ['public', 'friends', 'close_friends'] as const;
export type StoryPrivacy = (typeof STORY_PRIVACY_LEVELS)[number];
export const STORY_DEFAULT_PRIVACY: StoryPrivacy = 'public';
export const STORY_REACTION_TYPES = ['like', 'emoji', 'comment'] as const;
export type StoryReactionType = (typeof STORY_REACTION_TYPES)[number];
export const STORY_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const STORY_CAPTION_MAX = 500;
export const STORY_COMMENT_MAX = 200;
/** The emoji a story can be answered with: a small fixed set (anything else is refused). */
export const STORY_REACTION_EMOJIS = ['❤️', '😂', '😮', '😢', '👏', '🔥'] as const;
export type StoryReactionEmoji = (typeof STORY_REACTION_EMOJIS)[number];
export const HIGHLIGHT_TITLE_MAX = 50;
export const HIGHLIGHT_STORIES_MAX = 100;
/** Seconds a story shows for (002 §9: 1 to 60); images without one show for the default. */
export const STORY_DURATION_MIN = 1;
export const STORY_DURATION_MAX = 60;
export const STORY_IMAGE_DEFAULT_DURATION = 5;
export const STORY_VIDEO_DEFAULT_DURATION = 15;
export const STORY_COMPLETION_MAX = 100;
/** Close friends a member may mark at once (the spec names no limit: a bound on one request's list). */
export const CLOSE_FRIENDS_MAX = 1000;
/** Mentions, hashtags and effects: how many, and how long each may be. */
export const STORY_TAGS_MAX = 20;
export const STORY_TAG_LENGTH_MAX = 50;
export const STORY_MUSIC_ID_MAX = 100;
export const STORY_LOCATION_NAME_MAX = 100;
export const STORY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const STORY_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const STORY_VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
/** Uploaded media that a browser shows inline; anything else (notice attachments) is served as a download. */
export const INLINE_MEDIA_TYPES = [...IMAGE_MIME_TYPES, ...STORY_VIDEO_MIME_TYPES] as const;
/**
 * How long browsers and caches keep served media, in seconds: an upload's name is a random id that never
 * names other bytes (a year, immutable); the bundled demo pictures may change with a release (a day).
 */
export const MEDIA_CACHE_SECONDS = { uploaded: 365 * 24 * 60 * 60, bundled: 24 * 60 * 60 } as const;
/**
 * An inquiry file's address is signed to expire at the end of the window after the current one, so it works for 6 to
 * 12 hours after the inquiry was read, and every read within one window answers the same address (browsers cache it).
 */
export const PRIVATE_MEDIA_LINK_WINDOW_SECONDS = 6 * 60 * 60;
export const STORY_GROUPS_PAGE_SIZE = 20;
export const STORY_VIEWERS_PAGE_SIZE = 50;
/** The author's list of reactions and messages on one story. */
export const STORY_REACTIONS_PAGE_SIZE = 50;
/** The close-friends picker's and the hidden members' pages. */
export const STORY_FRIENDS_PAGE_SIZE = 100;
/** The stories toaster (002 §4.4, §9). */
export const STORY_TOAST = { visible: 3, durationMs: 4000, widthPx: 356, gapPx: 14, swipeThresholdPx: 45 } as const;

/** Messaging (001 §4, §5, §9): notifications, notices, inquiries. */
/** `story`: a reaction or message on one's story (an addition to 001 §4's types, which predate stories). */
export const NOTIFICATION_TYPES = ['system', 'comment', 'like', 'follow', 'mention', 'story', 'announcement', 'event', 'marketing', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
export const NOTIFICATION_CHANNELS = ['email', 'push', 'inApp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;
/** The inbox is polled every 30 s (001 §4, §9); the gateway's bridge polls at this interval unless configured. */
export const NOTIFICATION_POLL_INTERVAL_MS = 30_000;
/**
 * With Redis, one replica polls a member (the holder of the member's lease). Every replica with a subscriber of the
 * member claims or renews the lease this many times per poll interval, and a lease lasts `ttlRounds` of those
 * rounds: a holder that stops renewing is replaced within one interval, and a renewal one round late keeps it.
 */
export const NOTIFICATION_LEASE = { roundsPerInterval: 3, ttlRounds: 2 } as const;
/** A write the gateway made itself hints the recipients' pollers; hints for one member within this window make one poll. */
export const NOTIFICATION_HINT_COALESCE_MS = 50;
/** The notification tab's badge shows unread counts up to this, then `99+`. */
export const UNREAD_BADGE_MAX = 99;
/** Pages of the inbox one poll reads back to the newest notification already pushed (a burst beyond them is announced only in part). */
export const NOTIFICATION_CATCH_UP_PAGES_MAX = 50;
export const ADMIN_NOTIFICATION_TITLE_MAX = 100;
export const ADMIN_NOTIFICATION_CONTENT_MAX = 1000;
export const NOTICE_CATEGORIES = ['general', 'update', 'maintenance', 'event', 'policy', 'guide', 'other'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
export const NOTICE_SORT_FIELDS = ['createdAt', 'updatedAt', 'viewCount', 'title'] as const;
export type NoticeSortField = (typeof NOTICE_SORT_FIELDS)[number];
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 10_000;
export const NOTICE_PAGE_SIZE_DEFAULT = 10;
export const NOTICE_ATTACHMENTS_MAX = 5;
/** Each attachment of a notice or an inquiry, by bytes. */
export const NOTICE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Files a member attaches to an inquiry (screenshots, a receipt), each within NOTICE_ATTACHMENT_MAX_BYTES. */
export const INQUIRY_ATTACHMENTS_MAX = 5;
export const INQUIRY_STATUSES = ['pending', 'in_progress', 'resolved', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
/** Staff move an inquiry forward one step at a time (pending → in_progress → resolved → closed). */
export const INQUIRY_NEXT_STATUS: Record<InquiryStatus, InquiryStatus | null> = {
  pending: 'in_progress',
  in_progress: 'resolved',
  resolved: 'closed',
  closed: null,
};
export const INQUIRY_CATEGORIES = ['general', 'technical', 'account', 'payment', 'other'] as const;
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number];
export const INQUIRY_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type InquiryPriority = (typeof INQUIRY_PRIORITIES)[number];
export const INQUIRY_TITLE_MAX = 200;
export const INQUIRY_CONTENT_MIN = 10;
export const INQUIRY_CONTENT_MAX = 5000;
export const INQUIRY_COMMENT_MAX = 2000;
export const INQUIRY_RESOLUTION_MAX = 1000;
export const INQUIRY_INTERNAL_NOTES_MAX = 500;
export const INQUIRY_SATISFACTION_MAX = 5;
export const INQUIRY_PAGE_SIZE_DEFAULT = 20;

/**
 * Multipart GraphQL requests (file uploads) bypass the JSON body cap: bound each file by the largest upload any
 * mutation accepts (a story video), the number of files by a post's image count, and the other fields by the body cap.
 */
export const GRAPHQL_UPLOAD_LIMITS = {
  fileSize: Math.max(IMAGE_MAX_BYTES, STORY_IMAGE_MAX_BYTES, STORY_VIDEO_MAX_BYTES),
  files: POST_IMAGES_MAX,
  fieldSize: GRAPHQL_MAX_BODY_BYTES,
  fields: 20,
  /** The whole body: the most any one mutation takes (a story video, or a notice's attachments) plus its fields. */
  requestBytes: Math.max(STORY_VIDEO_MAX_BYTES, NOTICE_ATTACHMENTS_MAX * NOTICE_ATTACHMENT_MAX_BYTES) + GRAPHQL_MAX_BODY_BYTES,
} as const;

/** Accounts: how many posts, comments, activities, blocked members and search results a profile screen loads at a time. */
export const PROFILE_LIST_PAGE_SIZE = 10;

/** Performance (issue 9): the web app's initial JavaScript for /community, gzip, in kB (1000 bytes). */
export const WEB_INITIAL_JS_BUDGET_KB = 150;
