import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { users } from './core.js';
import { createdAt, id, ownedBy, publicUuid, timestamptz, updatedAt } from './columns.js';

/** Game items (000 §3): a picture, an optional sprite sheet, the kind, the grade and the price in gems. */
export const items = pgTable(
  'items',
  {
    id: id(),
    uuid: publicUuid(),
    name: text('name').notNull(),
    description: text('description'),
    /** One of ITEM_TYPES (domain/limits.ts). */
    itemType: text('item_type').notNull(),
    /** One of ITEM_GRADES, or null for items without a grade. */
    itemRating: text('item_rating'),
    ratingScore: integer('rating_score').notNull().default(0),
    /** In gems. */
    price: integer('price').notNull().default(0),
    /** Path under /media. */
    image: text('image'),
    spriteImage: text('sprite_img'),
    spriteWidth: integer('sprite_width'),
    spriteHeight: integer('sprite_height'),
    spriteFrame: integer('sprite_frame'),
    isShowEyes: boolean('is_show_eyes').notNull().default(true),
    createdAt: createdAt(),
    /**
     * The name's initial consonants without spaces, in lower case (푸른 크리스탈: ㅍㄹㅋㄹㅅㅌ), for 초성 search; the store
     * computes it on every write (hangul_choseong, migration 0018), so no writer can leave it stale.
     */
    nameChoseong: text('name_choseong')
      .notNull()
      .generatedAlwaysAs(sql`hangul_choseong(replace(lower(name), ' ', ''))`),
  },
  (t) => [index('items_name_idx').on(t.name)],
);

/** A member's buy or sell wish for an item (001 §3); one entry per member, item and type. */
export const wishes = pgTable(
  'wishes',
  {
    id: id(),
    uuid: publicUuid(),
    userId: ownedBy('user_id', () => users.id),
    itemId: ownedBy('item_id', () => items.id),
    wishType: text('wish_type').notNull(),
    status: text('status').notNull().default('active'),
    targetPrice: integer('target_price'),
    memo: text('memo'),
    priority: integer('priority').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    isNotificationEnabled: boolean('is_notification_enabled').notNull().default(true),
    notificationPrice: integer('notification_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [unique('wishes_user_item_type_unique').on(t.userId, t.itemId, t.wishType), index('wishes_item_type_idx').on(t.itemId, t.wishType, t.createdAt)],
);

/** One drop-probability table per kind (002 §2.2). */
export const probabilityTables = pgTable('probability_tables', {
  id: id(),
  /** One of PROBABILITY_KINDS. */
  kind: text('kind').notNull().unique(),
  name: text('name').notNull(),
});

export const probabilityItems = pgTable(
  'probability_items',
  {
    id: id(),
    uuid: publicUuid(),
    tableId: ownedBy('table_id', () => probabilityTables.id),
    name: text('name').notNull(),
    description: text('description'),
    image: text('image'),
    /** One of PROBABILITY_RARITIES. */
    rarity: text('rarity').notNull(),
    /** Percent with four decimals; a table's rows sum to 100. */
    probability: numeric('probability', { precision: 7, scale: 4 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('probability_items_table_idx').on(t.tableId, t.position)],
);

/** A member's report of an item (002 §3.2); one per member and item. */
export const itemReports = pgTable(
  'item_reports',
  {
    id: id(),
    itemId: ownedBy('item_id', () => items.id),
    reporterId: ownedBy('reporter_id', () => users.id),
    reason: text('reason').notNull(),
    reasonType: integer('reason_type').notNull(),
    submitItem: text('submit_item'),
    content: text('content'),
    contextId: text('context_id'),
    createdAt: createdAt(),
  },
  (t) => [unique('item_reports_item_reporter_unique').on(t.itemId, t.reporterId)],
);

export type ItemRow = typeof items.$inferSelect;
export type WishRow = typeof wishes.$inferSelect;
export type ProbabilityItemRow = typeof probabilityItems.$inferSelect;
