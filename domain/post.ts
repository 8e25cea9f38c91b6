import { z } from './zod.js';
import {
  CONTENT_MAX,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  LOCATION_MAX,
  POST_IMAGES_MAX,
  POST_SEARCH_TYPES,
  POST_TYPES,
  REPLY_MAX,
  REPORT_REASON_MAX,
  REPORT_REASON_TYPES,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  TAGS_MAX,
  TITLE_MAX,
  TRADE_TYPES,
  PRICE_MAX,
  STORED_INT_MAX,
  SPECIAL_IDS,
} from './limits.js';
import { showsText } from './characters.js';
import { wholeNumberInput } from './price.js';
import { communityTexts, itemTexts, reportTexts, validationTexts as v } from './messages.js';
import { IMAGE_UPLOAD_LIMIT } from './uploads.js';

const positiveId = z.coerce.number({ error: v.id }).int({ error: v.id }).positive({ error: v.id }).max(STORED_INT_MAX, { error: v.id });

/** Empty form fields (multipart sends '') count as absent. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Multipart sends lists as repeated fields, a comma list or a JSON array; JSON bodies send arrays. */
function listOf(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return value;
      }
    }
    return text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  }
  return value;
}

const booleanField = z.preprocess((value) => (typeof value === 'string' ? ['true', '1', 'True'].includes(value) : value), z.boolean({ error: v.boolean }));

export const postTitleSchema = z
  .string({ error: v.titleRequired })
  .trim()
  .min(1, { error: v.titleRequired, abort: true })
  .refine(showsText, { error: v.titleRequired })
  .max(TITLE_MAX, { error: v.titleMax(TITLE_MAX) });

export const postContentSchema = z
  .string({ error: v.contentRequired })
  .trim()
  .min(1, { error: v.contentRequired, abort: true })
  .refine(showsText, { error: v.contentRequired })
  .max(CONTENT_MAX, { error: v.contentMax(CONTENT_MAX) });

const postFields = {
  title: postTitleSchema,
  content: postContentSchema,
  post_type: optional(z.enum(POST_TYPES, { error: v.postType })),
  category: optional(positiveId),
  sub_category: optional(positiveId),
  trade_type: optional(z.enum(TRADE_TYPES, { error: v.tradeType })),
  // At most PRICE_MAX, as a wish's price: above it the item's range message names the bound.
  // Read as members type it (wholeNumberFromText): "12,000" is 12000, "1e9" is refused.
  price: optional(
    z.preprocess(
      wholeNumberInput,
      z
        .number({ error: v.price })
        .int({ error: v.price })
        .min(0, { error: v.price })
        .max(PRICE_MAX, { error: itemTexts.price(PRICE_MAX) }),
    ),
  ),
  location: optional(
    z
      .string()
      .trim()
      .max(LOCATION_MAX, { error: v.locationMax(LOCATION_MAX) }),
  ),
  images: z.preprocess(
    listOf,
    z
      .array(positiveId)
      .max(POST_IMAGES_MAX, { error: communityTexts.upload.tooMany(POST_IMAGES_MAX) })
      .optional(),
  ),
  tags: z.preprocess(
    listOf,
    z
      .array(z.string().trim().min(1))
      .max(TAGS_MAX, { error: v.tags(TAGS_MAX) })
      .optional(),
  ),
  no_image: optional(booleanField),
};

/** `POST /v1/community/` (000 §5, §7): title and content required, the rest optional. */
export const postCreateSchema = z.object(postFields);

/** `PUT /v1/community/{id}/`: every field optional (000 §5); the author also sets `is_sold` (DESIGN §5). */
export const postUpdateSchema = z
  .object({ ...postFields, title: optional(postTitleSchema), content: optional(postContentSchema), is_sold: optional(booleanField) })
  .refine((update) => Object.values(update).some((value) => value !== undefined), { error: communityTexts.errors.noChanges });

export type PostCreate = z.output<typeof postCreateSchema>;
export type PostUpdate = z.output<typeof postUpdateSchema>;

export const replyContentSchema = z
  .string({ error: v.replyRequired })
  .trim()
  .min(1, { error: v.replyRequired, abort: true })
  .refine(showsText, { error: v.replyRequired })
  .max(REPLY_MAX, { error: v.replyMax(REPLY_MAX) });

/** `POST /v1/community/{id}/reply/`: content, and the reply it answers (`parent_id`, or `reply` as 000 §7 also names it). */
export const replyCreateSchema = z
  .object({ content: replyContentSchema, parent_id: optional(positiveId), reply: optional(positiveId) })
  .transform(({ content, parent_id, reply }) => ({ content, parent_id: parent_id ?? reply }));

export const replyUpdateSchema = z.object({ content: replyContentSchema });

/**
 * A post report. 000 §7 sends `content`; the report modal (002 §5.1) sends `reason` and `reason_type`.
 * Both are accepted: the text is `content`, else `reason`; at least 1 and at most 500 characters.
 */
export const postReportSchema = z.preprocess(
  (body) => {
    if (!body || typeof body !== 'object') return body;
    const { content, reason, ...rest } = body as Record<string, unknown>;
    return { ...rest, content: content ?? reason };
  },
  z.object({
    content: z
      .string({ error: v.reportRequired })
      .trim()
      .min(1, { error: v.reportRequired })
      .max(REPORT_REASON_MAX, { error: reportTexts.reasonMax(REPORT_REASON_MAX) }),
    reason_type: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: reportTexts.reasonType })
        .int({ error: reportTexts.reasonType })
        .min(0, { error: reportTexts.reasonType })
        .max(REPORT_REASON_TYPES.length - 1, { error: reportTexts.reasonType })
        .default(0),
    ),
  }),
);
export type PostReport = z.output<typeof postReportSchema>;

/** `POST /v1/user/block/`. */
export const userBlockSchema = z.object({
  block_target_user: positiveId,
  reason: optional(
    z
      .string()
      .trim()
      .max(REPORT_REASON_MAX, { error: reportTexts.reasonMax(REPORT_REASON_MAX) }),
  ),
});

/** The search box (000 §5): at least 2 characters after trimming, one of the four search types. */
export const postSearchSchema = z.object({
  query: z
    .string({ error: v.searchMin(SEARCH_MIN_LENGTH) })
    .trim()
    .min(SEARCH_MIN_LENGTH, { error: v.searchMin(SEARCH_MIN_LENGTH) })
    .max(SEARCH_MAX_LENGTH, { error: v.searchMax(SEARCH_MAX_LENGTH) }),
  type: z.enum(POST_SEARCH_TYPES, { error: v.searchType }).default('title_content'),
});

/** An uploaded image, checked by what its bytes are (never by its name or declared type). */
export function imageUploadProblem(detected: { type?: string } | null, size: number): string | null {
  if (size <= 0) return communityTexts.upload.missing;
  if (size > IMAGE_MAX_BYTES) return IMAGE_UPLOAD_LIMIT.tooLarge;
  if (!detected?.type || !(IMAGE_MIME_TYPES as readonly string[]).includes(`image/${detected.type === 'jpg' ? 'jpeg' : detected.type}`)) {
    return communityTexts.upload.notImage;
  }
  return null;
}

/** What only staff may file a post under: the notice post type and the 공지 category (000 §3 special id). */
export const STAFF_ONLY_POST_TYPES: readonly string[] = ['notice'];
export const STAFF_ONLY_CATEGORY_IDS: readonly number[] = [SPECIAL_IDS.notice];

/** Whether a post's type or categories make it a notice, which only staff write. */
export function isNoticePost(post: { post_type?: string; category?: number; sub_category?: number }): boolean {
  return (
    (post.post_type !== undefined && STAFF_ONLY_POST_TYPES.includes(post.post_type)) ||
    [post.category, post.sub_category].some((id) => id !== undefined && STAFF_ONLY_CATEGORY_IDS.includes(id))
  );
}
