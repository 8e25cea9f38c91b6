import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { WishAdd, WishListQuery, WishUpdate } from '../../../domain/items.js';
import type { ProbabilityKind, WishStatus, WishType } from '../../../domain/limits.js';
import { STORED_INT_MAX } from '../../../domain/limits.js';
import type { Database } from '../db/client.js';
import { containing, escapeLike, isUuid, nameContaining, offsetOf, selectPage } from '../db/queries.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import { itemTexts } from '../../../domain/messages.js';
import { itemReports, items, probabilityItems, probabilityTables, wishes, type ItemRow, type WishRow } from '../db/schema.js';

export async function findItemByUuid(db: Database, uuid: string): Promise<ItemRow | undefined> {
  if (!isUuid(uuid)) return undefined;
  const [row] = await db.select().from(items).where(eq(items.uuid, uuid.toLowerCase())).limit(1);
  return row;
}

/**
 * An item whose name contains the term, spaces aside either way (푸른크리스탈 finds 푸른 크리스탈), or whose initial
 * consonants do (ㅍㄹㅋ finds it too: the store's name_choseong). A term of whole syllables matches only the name.
 */
function itemNameMatching(term: string): SQL {
  return or(nameContaining(items.name, term), sql`${items.nameChoseong} ilike ${containing(term.replace(/\s+/g, ''))}`)!;
}

export async function searchItemsByName(db: Database, term: string, page: number, pageSize: number) {
  const where = itemNameMatching(term);
  // Names that start with the term first, then alphabetical.
  const startsFirst = sql`case when ${items.name} ilike ${`${escapeLike(term)}%`} then 0 else 1 end`;
  return selectPage(db, items, where, [startsFirst, asc(items.name), asc(items.id)], { page, pageSize });
}

export interface WishRecord {
  wish: WishRow;
  item: ItemRow;
}

export async function findWish(db: Database, id: number): Promise<WishRecord | undefined> {
  const [row] = await db.select({ wish: wishes, item: items }).from(wishes).innerJoin(items, eq(items.id, wishes.itemId)).where(eq(wishes.id, id)).limit(1);
  return row;
}

/** Adds a wish; the same item already in that list is answered as it is, never stored twice. */
export async function addWish(db: Database, userId: number, item: ItemRow, input: WishAdd): Promise<{ record: WishRecord; created: boolean }> {
  const [inserted] = await db
    .insert(wishes)
    .values({
      userId,
      itemId: item.id,
      wishType: input.wish_type,
      targetPrice: input.target_price ?? null,
      memo: input.memo ?? null,
      priority: input.priority,
      quantity: input.quantity,
      isNotificationEnabled: input.is_notification_enabled,
      notificationPrice: input.notification_price ?? null,
    })
    .onConflictDoNothing({ target: [wishes.userId, wishes.itemId, wishes.wishType] })
    .returning();
  if (inserted) return { record: { wish: inserted, item }, created: true };
  const [existing] = await db
    .select()
    .from(wishes)
    .where(and(eq(wishes.userId, userId), eq(wishes.itemId, item.id), eq(wishes.wishType, input.wish_type)))
    .limit(1);
  return { record: { wish: existing, item }, created: false };
}

export async function removeWishOfItem(db: Database, userId: number, itemId: number, wishType: WishType): Promise<boolean> {
  const removed = await db
    .delete(wishes)
    .where(and(eq(wishes.userId, userId), eq(wishes.itemId, itemId), eq(wishes.wishType, wishType)))
    .returning({ id: wishes.id });
  return removed.length > 0;
}

export async function deleteWish(db: Database, id: number): Promise<void> {
  await db.delete(wishes).where(eq(wishes.id, id));
}

/**
 * Deletes the member's wishes of one type: the listed ones, or all of them without a list, and answers the ids that
 * went. One id of another member's wish refuses the whole request and deletes nothing; ids of no wish (already
 * deleted: the request sent again) or of the member's other list are passed over, so sending it twice is safe.
 */
export async function deleteWishes(db: Database, userId: number, wishType: WishType, ids: number[] | undefined): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (ids) {
      const unique = [...new Set(ids)];
      if (!unique.length) return [];
      const found = await tx
        .select({ id: wishes.id, userId: wishes.userId, wishType: wishes.wishType })
        .from(wishes)
        .where(inArray(wishes.id, unique))
        .for('update');
      if (found.some((row) => row.userId !== userId)) throw new ForbiddenError(itemTexts.notOwnWish);
      // Ids already gone (a request sent again) or on the other list are left as they are: the answer names what went.
      const owned = found.filter((row) => row.wishType === wishType).map((row) => row.id);
      if (owned.length) await tx.delete(wishes).where(inArray(wishes.id, owned));
      return unique.filter((id) => owned.includes(id));
    }
    const removed = await tx
      .delete(wishes)
      .where(and(eq(wishes.userId, userId), eq(wishes.wishType, wishType)))
      .returning({ id: wishes.id });
    return removed.map((row) => row.id);
  });
}

export async function updateWish(db: Database, id: number, changes: WishUpdate): Promise<WishRow> {
  const values: Partial<typeof wishes.$inferInsert> = { updatedAt: new Date() };
  if (changes.target_price !== undefined) values.targetPrice = changes.target_price;
  if (changes.memo !== undefined) values.memo = changes.memo;
  if (changes.priority !== undefined) values.priority = changes.priority;
  if (changes.quantity !== undefined) values.quantity = changes.quantity;
  if (changes.is_notification_enabled !== undefined) values.isNotificationEnabled = changes.is_notification_enabled;
  if (changes.notification_price !== undefined) values.notificationPrice = changes.notification_price;
  if (changes.status !== undefined) Object.assign(values, statusChange(changes.status));
  const [row] = await db.update(wishes).set(values).where(eq(wishes.id, id)).returning();
  return row;
}

/** Completing stamps completed_at, once: completing a completed wish again keeps when it was; any other status clears it. */
function statusChange(status: WishStatus) {
  return { status, completedAt: status === 'completed' ? sql`coalesce(${wishes.completedAt}, now())` : null };
}

export async function listWishesOfUser(db: Database, userId: number, query: WishListQuery) {
  const conditions: SQL[] = [eq(wishes.userId, userId), eq(wishes.wishType, query.wish_type)];
  if (query.status) conditions.push(eq(wishes.status, query.status));
  if (query.search) conditions.push(itemNameMatching(query.search));
  const price = sql`coalesce(${wishes.targetPrice}, ${items.price})`;
  if (query.minPrice !== undefined) conditions.push(gte(price, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(price, query.maxPrice));
  const where = and(...conditions);
  const order = query.order === 'asc' ? [asc(wishes.createdAt), asc(wishes.id)] : [desc(wishes.createdAt), desc(wishes.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ wish: wishes, item: items })
      .from(wishes)
      .innerJoin(items, eq(items.id, wishes.itemId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    db.select({ total: count() }).from(wishes).innerJoin(items, eq(items.id, wishes.itemId)).where(where),
  ]);
  return { rows, total };
}

/** The members with an active wish of that type for the item, newest first. */
export async function listWishersOfItem(db: Database, itemId: number, wishType: WishType, page: number, pageSize: number) {
  const where = and(eq(wishes.itemId, itemId), eq(wishes.wishType, wishType), eq(wishes.status, 'active'));
  return selectPage(db, wishes, where, [desc(wishes.createdAt), desc(wishes.id)], { page, pageSize });
}

export async function wishStats(db: Database, userId: number) {
  return db
    .select({ wishType: wishes.wishType, status: wishes.status, total: count() })
    .from(wishes)
    .where(eq(wishes.userId, userId))
    .groupBy(wishes.wishType, wishes.status);
}

export async function listProbabilityItems(db: Database, kind: ProbabilityKind) {
  return db
    .select({ row: probabilityItems })
    .from(probabilityItems)
    .innerJoin(probabilityTables, eq(probabilityTables.id, probabilityItems.tableId))
    .where(eq(probabilityTables.kind, kind))
    .orderBy(asc(probabilityItems.position), asc(probabilityItems.id))
    .then((rows) => rows.map(({ row }) => row));
}

export async function findProbabilityItem(db: Database, kind: ProbabilityKind, id: string) {
  const byId = /^\d{1,10}$/.test(id) && Number(id) <= STORED_INT_MAX ? eq(probabilityItems.id, Number(id)) : undefined;
  const byUuid = isUuid(id) ? eq(probabilityItems.uuid, id.toLowerCase()) : undefined;
  const match = byId ?? byUuid;
  if (!match) return undefined;
  const [found] = await db
    .select({ row: probabilityItems })
    .from(probabilityItems)
    .innerJoin(probabilityTables, eq(probabilityTables.id, probabilityItems.tableId))
    .where(and(eq(probabilityTables.kind, kind), match))
    .limit(1);
  return found?.row;
}

/** One report per member and item: a second one is a conflict and stores nothing. */
export async function reportItem(
  db: Database,
  itemId: number,
  reporterId: number,
  report: { reason: string; reason_type: number; submit_item?: string; content?: string; context_id?: string },
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(itemReports)
    .values({
      itemId,
      reporterId,
      reason: report.reason,
      reasonType: report.reason_type,
      submitItem: report.submit_item ?? null,
      content: report.content ?? null,
      contextId: report.context_id ?? null,
    })
    .onConflictDoNothing({ target: [itemReports.itemId, itemReports.reporterId] })
    .returning({ id: itemReports.id, createdAt: itemReports.createdAt });
  if (!row) throw new ConflictError();
  return row;
}
