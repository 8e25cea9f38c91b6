import { z } from './zod.js';
import { pageParam, pageSizeParam } from './paging.js';
import type { ProbabilityItemJson } from './api/items.js';
import {
  ITEM_SEARCH_MAX_LENGTH,
  ITEM_SEARCH_MIN_LENGTH,
  ITEM_SEARCH_PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PROBABILITY_KINDS,
  PROBABILITY_RARITIES,
  PROBABILITY_SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  WISH_MEMO_MAX,
  WISH_PAGE_SIZE_DEFAULT,
  WISH_PRIORITY_MAX,
  WISH_QUANTITY_DEFAULT,
  WISH_QUANTITY_MAX,
  WISH_STATUSES,
  WISH_TYPES,
  PRICE_MAX,
} from './limits.js';
import { wholeNumberInput } from './price.js';
import { itemTexts, validationTexts as v } from './messages.js';

/* ---------- answers of the REST API (snake_case, as they travel): zod schemas in ./api/items.ts ---------- */

export type {
  ItemJson,
  ProbabilityItemJson,
  SpriteJson,
  WishBulkDeleteJson,
  WishJson,
  WishManageJson,
  WishStatsEntryJson,
  WishStatsJson,
  WishUserJson,
  WishUsersJson,
} from './api/items.js';
export type { ReportCreatedJson } from './api/common.js';

/* ---------- input rules ---------- */

const page = pageParam;
const pageSize = pageSizeParam;
/**
 * A whole number from `min` to `max`, as members type it (wholeNumberFromText: "1,000" is 1000; "1e3", "1.5", "-1",
 * "0x10" and "1 2" are refused) or sent as a JSON number; `message` for anything else, a boolean or a list included.
 */
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(wholeNumberInput, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));
/** A price in gems. */
const price = wholeNumber(0, PRICE_MAX, itemTexts.price(PRICE_MAX));

/** The item search term: at least 2 characters after trimming (000 §5). */
export const itemSearchTermSchema = z
  .string({ error: itemTexts.searchMin(ITEM_SEARCH_MIN_LENGTH) })
  .trim()
  .min(ITEM_SEARCH_MIN_LENGTH, { error: itemTexts.searchMin(ITEM_SEARCH_MIN_LENGTH) })
  .max(ITEM_SEARCH_MAX_LENGTH, { error: itemTexts.searchMax(ITEM_SEARCH_MAX_LENGTH) });

/** `GET /v1/item/search-name/?item_name=` */
export const itemSearchQuerySchema = z.object({
  item_name: itemSearchTermSchema,
  page,
  page_size: pageSize(ITEM_SEARCH_PAGE_SIZE_DEFAULT),
});

export const wishTypeSchema = z.enum(WISH_TYPES, { error: itemTexts.wishTypeInvalid });
export const wishStatusSchema = z.enum(WISH_STATUSES, { error: itemTexts.wishStatusInvalid });

const memo = z
  .string()
  .trim()
  .max(WISH_MEMO_MAX, { error: itemTexts.memoMax(WISH_MEMO_MAX) });
/** 001 §5: a positive integer (up to WISH_QUANTITY_MAX), default 1. */
const quantity = wholeNumber(1, WISH_QUANTITY_MAX, itemTexts.quantity(WISH_QUANTITY_MAX));
const priority = wholeNumber(0, WISH_PRIORITY_MAX, itemTexts.priority(WISH_PRIORITY_MAX));

/** The add payload of 001 §5 "Wishlist add"; `wish_type` also comes from the path (`/v1/wishlist/buy`). */
export const wishAddSchema = z.object({
  item_uuid: z.uuid({ error: itemTexts.wishItemRequired }),
  wish_type: wishTypeSchema,
  target_price: price.nullish(),
  memo: memo.nullish(),
  priority: priority.default(0),
  quantity: quantity.default(WISH_QUANTITY_DEFAULT),
  is_notification_enabled: z.boolean({ error: v.boolean }).default(true),
  notification_price: price.nullish(),
});
export type WishAdd = z.output<typeof wishAddSchema>;
export type WishAddInput = z.input<typeof wishAddSchema>;

/** `PUT /v1/wishlist/{id}/`: any subset of the editable fields. */
export const wishUpdateSchema = z.object({
  target_price: price.nullish(),
  memo: memo.nullish(),
  priority: priority.optional(),
  quantity: quantity.optional(),
  is_notification_enabled: z.boolean({ error: v.boolean }).optional(),
  notification_price: price.nullish(),
  status: wishStatusSchema.optional(),
});
export type WishUpdate = z.output<typeof wishUpdateSchema>;

/** `POST /v1/wishlist/buy/{id}/toggle/` */
export const wishStatusChangeSchema = z.object({ status: wishStatusSchema });

/** 001 §5 "Wishlist list query". */
export const wishListQuerySchema = z
  .object({
    wish_type: wishTypeSchema,
    page,
    pageSize: pageSize(WISH_PAGE_SIZE_DEFAULT),
    search: z
      .string()
      .trim()
      .max(ITEM_SEARCH_MAX_LENGTH, { error: itemTexts.searchMax(ITEM_SEARCH_MAX_LENGTH) })
      .optional(),
    order: z.enum(SORT_ORDERS, { error: v.order }).default('desc'),
    status: wishStatusSchema.optional(),
    minPrice: price.optional(),
    maxPrice: price.optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: v.priceRange,
    path: ['minPrice'],
  });
export type WishListQuery = z.output<typeof wishListQuerySchema>;

const wishId = z.coerce.number({ error: itemTexts.wishIds }).int({ error: itemTexts.wishIds }).positive({ error: itemTexts.wishIds });

/** 001 §5 "Bulk delete": optional ids (absent: the whole list of that type) and the required type. */
export const wishBulkDeleteSchema = z.object({
  wish_ids: z.array(wishId, { error: itemTexts.wishIds }).max(PAGE_SIZE_MAX, { error: itemTexts.wishIds }).optional(),
  wish_type: wishTypeSchema,
});

/** `GET /v1/item/wish-items/users/{item}/` */
export const wishUsersQuerySchema = z.object({ wish_type: wishTypeSchema, page, page_size: pageSize(WISH_PAGE_SIZE_DEFAULT) });

export const probabilityKindSchema = z.enum(PROBABILITY_KINDS, { error: itemTexts.probability.kindInvalid });
export const probabilityRaritySchema = z.enum(PROBABILITY_RARITIES);

/** The probability search box (002 §5.2): any text, matched case-insensitively on name or description. */
export const probabilitySearchSchema = z
  .string()
  .trim()
  .max(PROBABILITY_SEARCH_MAX_LENGTH, { error: itemTexts.searchMax(PROBABILITY_SEARCH_MAX_LENGTH) });

/** 002 §5.2: case-insensitive substring on name or description; a blank term keeps everything. */
export function matchesProbabilitySearch(item: Pick<ProbabilityItemJson, 'name' | 'description'>, term: string | null | undefined): boolean {
  const needle = (term ?? '').trim().toLocaleLowerCase('ko-KR');
  if (!needle) return true;
  return item.name.toLocaleLowerCase('ko-KR').includes(needle) || (item.description ?? '').toLocaleLowerCase('ko-KR').includes(needle);
}
