import { ERROR_CODES } from './errors.js';
import { IMAGE_DISPLAY_MAX_PX, POST_TYPES, TRADE_TYPES } from './limits.js';
import { z } from './zod.js';

/**
 * The REST API's answers (000 §3, §7) as they travel: snake_case, the shapes the upstream writes and the gateway
 * reads. Each is a zod schema (its `id` names it in the upstream's /openapi.json) and the type inferred from it;
 * nothing parses answers with them.
 */
export const imageJson = z
  .object({
    id: z.number().int(),
    url: z.string(),
    thumbnail_url: z.string().nullable(),
    display_url: z
      .string()
      .nullable()
      .describe(
        `A copy at most ${IMAGE_DISPLAY_MAX_PX} pixels on its longest side, for a post's detail; the picture's own URL when it is no larger; null for pictures stored before such copies were made.`,
      ),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    size: z.number().int().nullable(),
    mime_type: z.string().nullable(),
  })
  .meta({ id: 'Image' });
export type ImageJson = z.infer<typeof imageJson>;

export const badgeJson = z
  .object({ id: z.number().int(), title: z.string(), hex_code: z.string(), image: z.string().nullable(), grade: z.string() })
  .meta({ id: 'Badge' });
export type BadgeJson = z.infer<typeof badgeJson>;

export const userSummaryJson = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    nickname: z.string(),
    profile_image: z.string().nullable(),
    email: z.string().nullable().describe('Only its owner sees it; null for everyone else.'),
    represent_badge: badgeJson.nullable(),
  })
  .meta({ id: 'UserSummary' });
export type UserSummaryJson = z.infer<typeof userSummaryJson>;

/** A category as a post embeds it. */
export const categoryRefJson = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() }).meta({ id: 'CategoryRef' });
export type CategoryRefJson = z.infer<typeof categoryRefJson>;

export const categoryJson = categoryRefJson
  .extend({
    priority: z.number().int(),
    hidden: z.boolean(),
    get children() {
      return z.array(categoryJson);
    },
  })
  .meta({ id: 'Category' });
export type CategoryJson = z.infer<typeof categoryJson>;

export const categoriesJson = z.object({ update_code: z.string(), results: z.array(categoryJson) }).meta({ id: 'Categories' });
export type CategoriesJson = z.infer<typeof categoriesJson>;

export const postJson = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    title: z.string(),
    content: z.string(),
    post_type: z.enum(POST_TYPES),
    category: categoryRefJson.nullable(),
    sub_category: categoryRefJson.nullable(),
    author: userSummaryJson.nullable(),
    view_count: z.number().int(),
    like_count: z.number().int(),
    reply_count: z.number().int(),
    is_like: z.boolean(),
    is_bookmarked: z.boolean().describe('Whether the viewer bookmarked the post (false for guests).'),
    trade_type: z.enum(TRADE_TYPES).nullable(),
    price: z.number().int().nullable(),
    location: z.string().nullable(),
    is_sold: z.boolean(),
    images: z.array(imageJson),
    thumbnail: z.string().nullable(),
    tags: z.array(z.string()),
    is_pinned: z.boolean(),
    is_notice: z.boolean(),
    is_hidden: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'Post' });
export type PostJson = z.infer<typeof postJson>;

const pageFields = {
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  total_pages: z.number().int(),
  links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
  meta: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
};

/** A DRF-style page (000 §3 "List response") of `item`, named `<id>` in the API description. */
export const pageJsonOf = <T extends z.ZodType>(item: T, id: string) => z.object({ results: z.array(item), ...pageFields }).meta({ id });
export type PageJson<T> = Omit<z.infer<ReturnType<typeof pageJsonOf>>, 'results'> & { results: T[] };

/** A reply (000 §3) with its answers; a deleted reply keeps its place (and answers) but not its text or author. */
const replyFields = {
  id: z.number().int(),
  uuid: z.string(),
  post_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  content: z.string(),
  author: userSummaryJson.nullable(),
  like_count: z.number().int(),
  is_like: z.boolean(),
  is_deleted: z.boolean(),
  is_edited: z.boolean(),
  get replies() {
    return z.array(replyJson).describe('The first live answers (in a thread list or a reply’s lookup; empty elsewhere).');
  },
  answer_count: z.number().int().describe('How many live answers the reply has in all, as the viewer may see them.'),
  created_at: z.string(),
  updated_at: z.string(),
};
export const replyJson = z.object(replyFields).meta({ id: 'Reply' });
export type ReplyJson = z.infer<typeof replyJson>;

/** A member's reply as `GET /v1/community/reply/` lists it: with the title of its post. */
export const userReplyJson = z.object({ ...replyFields, post_title: z.string() }).meta({ id: 'UserReply' });
export type UserReplyJson = z.infer<typeof userReplyJson>;

/** What a reply write answers: the reply and its post as they now are (reply_count included). */
export const replyWriteJson = z.object({ ...replyFields, post: postJson }).meta({ id: 'ReplyWrite' });
export type ReplyWriteJson = z.infer<typeof replyWriteJson>;

export const postPageJson = pageJsonOf(postJson, 'PostPage');
export const replyPageJson = pageJsonOf(replyJson, 'ReplyPage');
export const userReplyPageJson = pageJsonOf(userReplyJson, 'UserReplyPage');

export const errorDetailJson = z.object({ path: z.string().optional(), message: z.string(), code: z.string().optional() }).meta({ id: 'ErrorDetail' });
export type ErrorDetail = z.infer<typeof errorDetailJson>;

/** The error object of 002 §3.4, as the upstream answers every failure and the gateway reads it. */
export const apiErrorJson = z
  .object({
    code: z.enum(ERROR_CODES),
    status: z.number().int(),
    message: z.string(),
    path: z.string(),
    timestamp: z.string(),
    details: z.array(errorDetailJson),
  })
  .meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof apiErrorJson>;
