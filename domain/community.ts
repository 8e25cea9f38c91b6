import { z } from './zod.js';
import { pageParam, pageSizeParam } from './paging.js';
import { validationTexts as v } from './messages.js';

import {
  POST_ORDERING_FIELDS,
  POST_PAGE_SIZE_DEFAULT,
  POST_SEARCH_TYPES,
  POST_SORTS,
  POST_TYPES,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SORT_ORDERS,
  TAGS_MAX,
  TRADE_TYPES,
  type PostOrderingField,
  type PostSearchType,
  STORED_INT_MAX,
} from './limits.js';

export * from './limits.js';

const positiveId = z.coerce.number({ error: v.id }).int({ error: v.id }).positive({ error: v.id }).max(STORED_INT_MAX, { error: v.id });

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
    page: pageParam,
    page_size: pageSizeParam(POST_PAGE_SIZE_DEFAULT),
    post_type: z.enum(POST_TYPES, { error: v.postType }).optional(),
    category: positiveId.optional(),
    sub_category: positiveId.optional(),
    search: z
      .string()
      .trim()
      .min(SEARCH_MIN_LENGTH, { error: v.searchMin(SEARCH_MIN_LENGTH) })
      .max(SEARCH_MAX_LENGTH, { error: v.searchMax(SEARCH_MAX_LENGTH) })
      .optional(),
    /** Where `search` looks (000 §2 search box); `post` (000 §7's search call) means title and content. */
    search_type: z
      .enum([...POST_SEARCH_TYPES, 'post'], { error: v.searchType })
      .transform((value): PostSearchType => (value === 'post' ? 'title_content' : value))
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
      .transform((value) =>
        value
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      )
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

/**
 * The query of `GET /v1/community/{id}/`. Reading a post counts a view, as opening it does (not its author's own
 * reads); `count_view=false` reads it without (a client's own refresh of what is on screen, such as the next page of
 * its replies, is not another view).
 */
export const postReadQuerySchema = z.object({ count_view: booleanParam.default(true) });

export type PostListQuery = z.output<typeof postListQuerySchema>;
export type PostListQueryInput = z.input<typeof postListQuerySchema>;

/**
 * Paging rule of 000 §4: a next page exists when meta.hasNext, links.next or next is set, or the page is
 * below the total; a previous page when previous is set or the page is above 1.
 */
export function pageLinks(page: number, totalPages: number) {
  return { hasNext: page < totalPages, hasPrev: page > 1 };
}
