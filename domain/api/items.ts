import { pageJsonOf, userSummaryJson } from '../api.js';
import { ITEM_GRADES, ITEM_TYPES, PROBABILITY_RARITIES, WISH_STATUSES, WISH_TYPES } from '../limits.js';
import { z } from '../zod.js';

/**
 * The items area's REST answers (snake_case, as they travel) as zod schemas, named in the upstream's
 * /openapi.json; domain/items.ts re-exports their types. The web app never imports this file (it would add zod
 * schemas to its bundle).
 */

export const spriteJson = z
  .object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    frame: z.number().int().describe('Frames laid side by side in the sheet; 1 for a still picture.'),
  })
  .meta({ id: 'Sprite' });
export type SpriteJson = z.infer<typeof spriteJson>;

/** An item as the item-info modal shows it (000 §3). */
export const itemJson = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    sprite_img: spriteJson.nullable(),
    item_type: z.enum(ITEM_TYPES),
    item_rating: z.enum(ITEM_GRADES).nullable(),
    description: z.string().nullable(),
    rating_score: z.number(),
    price: z.number().int(),
    is_show_eyes: z.boolean(),
  })
  .meta({ id: 'Item' });
export type ItemJson = z.infer<typeof itemJson>;
export const itemPageJson = pageJsonOf(itemJson, 'ItemPage');

/** A wish-list entry (001 §3 "Wishlist entry"). */
export const wishJson = z
  .object({
    id: z.string(),
    uuid: z.string(),
    item: itemJson,
    user: userSummaryJson.nullable(),
    wish_type: z.enum(WISH_TYPES),
    status: z.enum(WISH_STATUSES),
    target_price: z.number().int().nullable(),
    memo: z.string().nullable(),
    priority: z.number().int(),
    quantity: z.number().int(),
    is_notification_enabled: z.boolean(),
    notification_price: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Wish' });
export type WishJson = z.infer<typeof wishJson>;
export const wishPageJson = pageJsonOf(wishJson, 'WishPage');

/** One member who wants to buy or sell an item (000 §3 "Wish entry", 001 §3 "Wishlist users result"). */
export const wishUserJson = z
  .object({
    id: z.string(),
    user: userSummaryJson,
    target_price: z.number().int().nullable(),
    quantity: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'WishUser' });
export type WishUserJson = z.infer<typeof wishUserJson>;

/** `GET /v1/item/wish-items/users/{item}/`: a page of members plus the item and the counts. */
export const wishUsersJson = pageJsonOf(wishUserJson, 'WishUserPage')
  .extend({ item: itemJson, users: z.array(wishUserJson).describe('The same members as `results`.'), totalCount: z.number().int() })
  .meta({ id: 'WishUsers' });
export type WishUsersJson = z.infer<typeof wishUsersJson>;

export const wishStatsEntryJson = z
  .object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int(), completed: z.number().int() })
  .meta({ id: 'WishStatsEntry' });
export type WishStatsEntryJson = z.infer<typeof wishStatsEntryJson>;

export const wishStatsJson = z.object({ buy: wishStatsEntryJson, sell: wishStatsEntryJson }).meta({ id: 'WishStats' });
export type WishStatsJson = z.infer<typeof wishStatsJson>;

/** What the add-or-remove toggle answers. */
export const wishManageJson = z
  .object({ item_uuid: z.string(), wish_type: z.enum(WISH_TYPES), is_wished: z.boolean(), message: z.string() })
  .meta({ id: 'WishManage' });
export type WishManageJson = z.infer<typeof wishManageJson>;

export const wishDeletedJson = z.object({ id: z.string(), message: z.string() }).meta({ id: 'WishDeleted' });

export const wishBulkDeleteJson = z
  .object({ deleted_count: z.number().int(), wish_ids: z.array(z.string()), message: z.string() })
  .meta({ id: 'WishBulkDelete' });
export type WishBulkDeleteJson = z.infer<typeof wishBulkDeleteJson>;

/** A row of a probability table (002 §3.1). */
export const probabilityItemJson = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    rarity: z.enum(PROBABILITY_RARITIES),
    probability: z.number().describe('Percent, e.g. 12.5.'),
  })
  .meta({ id: 'ProbabilityItem' });
export type ProbabilityItemJson = z.infer<typeof probabilityItemJson>;
