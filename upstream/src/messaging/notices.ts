import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { NoticeCategory, NoticeSortField, SortOrder } from '../../../domain/limits.js';
import type { AttachmentJson, NoticeCreateInput, NoticeJson, NoticeUpdateInput } from '../../../domain/messaging.js';
import type { Database } from '../db/client.js';
import { notices, users, type NoticeRow } from '../db/schema.js';
import type { MediaUrl } from '../serializers.js';
import { presentSender } from './notifications.js';

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
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(notices.title, pattern), ilike(notices.content, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      // Important and pinned notices first, then the chosen order.
      .orderBy(desc(notices.isImportant), desc(notices.isPinned), direction(sortColumns[query.sortBy]), desc(notices.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(notices).where(where),
  ]);
  return { rows, total };
}

export async function findNotice(db: Database, uuid: string, includeHidden: boolean): Promise<NoticeRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return undefined;
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

export async function presentNotices(db: Database, rows: NoticeRow[], media: MediaUrl): Promise<NoticeJson[]> {
  const authorIds = [...new Set(rows.map((row) => row.authorId).filter((id): id is number => id !== null))];
  const authors = authorIds.length
    ? await db.select({ id: users.id, nickname: users.nickname, profileImage: users.profileImage }).from(users).where(inArray(users.id, authorIds))
    : [];
  const byId = new Map(authors.map((author) => [author.id, author]));
  return rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    content: row.content,
    category: row.category,
    isImportant: row.isImportant,
    isPinned: row.isPinned,
    author: row.authorId === null ? null : presentSender(byId.get(row.authorId), media),
    viewCount: row.viewCount,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    attachments: row.attachments.map((attachment) => ({ ...attachment, fileUrl: media(attachment.fileUrl) ?? attachment.fileUrl })),
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
