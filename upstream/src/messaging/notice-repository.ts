import { and, asc, desc, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { NoticeCategory, NoticeSortField, SortOrder } from '../../../domain/limits.js';
import type { AttachmentJson, NoticeCreateInput, NoticeUpdateInput } from '../../../domain/messaging.js';
import type { Database } from '../db/client.js';
import { containing, isUuid, selectPage } from '../db/queries.js';
import { notices, type NoticeRow } from '../db/schema.js';

export interface NoticeQuery {
  page: number;
  pageSize: number;
  category?: NoticeCategory;
  search?: string;
  isImportant?: boolean;
  sortBy: NoticeSortField;
  sortOrder: SortOrder;
}

/** Shown only inside its start/end window (staff see every notice). */
const inWindow = () => and(or(isNull(notices.startDate), lte(notices.startDate, sql`now()`)), or(isNull(notices.endDate), gte(notices.endDate, sql`now()`)))!;

const sortColumns = { createdAt: notices.createdAt, updatedAt: notices.updatedAt, viewCount: notices.viewCount, title: notices.title } as const;

export async function listNotices(db: Database, query: NoticeQuery, includeHidden: boolean) {
  const conditions: SQL[] = [];
  if (!includeHidden) conditions.push(inWindow());
  if (query.category) conditions.push(eq(notices.category, query.category));
  if (query.isImportant !== undefined) conditions.push(eq(notices.isImportant, query.isImportant));
  if (query.search) {
    const pattern = containing(query.search);
    conditions.push(or(ilike(notices.title, pattern), ilike(notices.content, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sortOrder === 'asc' ? asc : desc;
  // Important and pinned notices first, then the chosen order.
  return selectPage(db, notices, where, [desc(notices.isImportant), desc(notices.isPinned), direction(sortColumns[query.sortBy]), desc(notices.id)], query);
}

export async function findNotice(db: Database, uuid: string, includeHidden: boolean): Promise<NoticeRow | undefined> {
  if (!isUuid(uuid)) return undefined;
  const byUuid = eq(notices.uuid, uuid.toLowerCase());
  const [row] = await db
    .select()
    .from(notices)
    .where(includeHidden ? byUuid : and(byUuid, inWindow()))
    .limit(1);
  return row;
}

export async function countView(db: Database, id: number): Promise<void> {
  await db
    .update(notices)
    .set({ viewCount: sql`${notices.viewCount} + 1` })
    .where(eq(notices.id, id));
}

const toDate = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

export async function createNotice(db: Database, authorId: number, input: NoticeCreateInput, attachments: AttachmentJson[]): Promise<NoticeRow> {
  const [row] = await db
    .insert(notices)
    .values({ ...input, startDate: toDate(input.startDate), endDate: toDate(input.endDate), authorId, attachments })
    .returning();
  return row;
}

export async function updateNotice(db: Database, id: number, input: NoticeUpdateInput, addedAttachments: AttachmentJson[]): Promise<NoticeRow> {
  const [row] = await db
    .update(notices)
    .set({
      ...input,
      startDate: toDate(input.startDate),
      endDate: toDate(input.endDate),
      ...(addedAttachments.length ? { attachments: sql`${notices.attachments} || ${JSON.stringify(addedAttachments)}::jsonb` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(notices.id, id))
    .returning();
  return row;
}

export async function deleteNotice(db: Database, id: number): Promise<void> {
  await db.delete(notices).where(eq(notices.id, id));
}
