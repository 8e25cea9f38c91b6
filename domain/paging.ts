import { z } from './zod.js';
import { CONNECTION_SIZE_MAX, CONNECTION_SIZE_MIN, PAGE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZE_MIN } from './limits.js';
import { validationTexts as v } from './messages.js';

const connectionSize = z
  .number()
  .int({ error: v.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX) })
  .min(CONNECTION_SIZE_MIN, { error: v.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX) })
  .max(CONNECTION_SIZE_MAX, { error: v.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX) })
  .nullish();

/**
 * Every connection takes exactly one of `first`/`last`, each 1-100 (DESIGN §3). A numbered list may start its window at
 * an `offset` instead of a cursor: with `first`, never with `after`, `before` or `last`.
 */
export const connectionArgsSchema = z
  .looseObject({
    first: connectionSize,
    last: connectionSize,
    offset: z.number().int({ error: v.connectionOffset }).min(0, { error: v.connectionOffset }).nullish(),
  })
  .refine((args) => args.first != null || args.last != null, { error: v.connectionSizeRequired, path: ['first'] })
  .refine((args) => args.first == null || args.last == null, { error: v.connectionBothSizes, path: ['last'] })
  .refine((args) => args.offset == null || (args.first != null && args.after == null && args.before == null), {
    error: v.connectionOffsetAlone,
    path: ['offset'],
  });

/** A REST list's `page` query parameter (1-based), as a query string or a number. */
export const pageParam = z.coerce.number({ error: v.page }).int({ error: v.page }).min(1, { error: v.page }).default(PAGE_DEFAULT);

const pageSizeError = { error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) };

/** A REST list's page size (`page_size` or `pageSize`), within the catalogue's bounds, `fallback` when absent. */
export const pageSizeParam = (fallback: number) =>
  z.coerce.number(pageSizeError).int(pageSizeError).min(PAGE_SIZE_MIN, pageSizeError).max(PAGE_SIZE_MAX, pageSizeError).default(fallback);

/** `page` and `page_size` query parameters with the catalogue's messages. */
export const pageQuerySchema = (defaultSize: number) => z.object({ page: pageParam, page_size: pageSizeParam(defaultSize) });
