import { and, asc, desc, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { NoticeCategory, NoticeSortField, SortOrder } from '../../../domain/limits.js';
import type { AttachmentJson, NoticeCreateInput, NoticeUpdateInput } from '../../../domain/messaging.js';
import { NOTICE_ATTACHMENTS_MAX, VIEW_REPEAT_HOURS } from '../../../domain/limits.js';
import { messagingTexts } from '../../../domain/messages.js';
import type { Database } from '../db/client.js';
import { ValidationError } from '../errors.js';
import { containing, isUuid, selectPage } from '../db/queries.js';
import { noticeViews, notices, type NoticeRow } from '../db/schema.js';

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

/**
 * Counts an open of the notice as a view, as a post's are: a guest's every open; a member's first in
 * `VIEW_REPEAT_HOURS` (recorded in `notice_views` in the same statement, so two opens at once count once), never its
 * author's. Answers whether it counted.
 */
export async function countView(db: Database, notice: Pick<NoticeRow, 'id' | 'authorId'>, viewerId: number | null): Promise<boolean> {
  if (viewerId !== null) {
    if (notice.authorId === viewerId) return false;
    const counted = await db
      .insert(noticeViews)
      .values({ noticeId: notice.id, userId: viewerId })
      .onConflictDoUpdate({
        target: [noticeViews.noticeId, noticeViews.userId],
        set: { countedAt: sql`excluded.counted_at` },
        setWhere: sql`${noticeViews.countedAt} <= now() - make_interval(hours => ${VIEW_REPEAT_HOURS})`,
      })
      .returning({ noticeId: noticeViews.noticeId });
    if (!counted.length) return false;
  }
  await db
    .update(notices)
    .set({ viewCount: sql`${notices.viewCount} + 1` })
    .where(eq(notices.id, notice.id));
  return true;
}

const toDate = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

export async function createNotice(db: Database, authorId: number, input: NoticeCreateInput, attachments: AttachmentJson[]): Promise<NoticeRow> {
  const [row] = await db
    .insert(notices)
    .values({ ...input, startDate: toDate(input.startDate), endDate: toDate(input.endDate), authorId, attachments })
    .returning();
  return row;
}

/**
 * Changes a notice: the fields given, the attachments named in `removeAttachments` taken off and `addedAttachments`
 * put after the rest, in one transaction (a concurrent edit waits for this one). Answers the notice and the
 * attachments it let go of, whose files the caller removes once this has committed. Refuses an id the notice does
 * not have, and more than NOTICE_ATTACHMENTS_MAX attachments in all, changing nothing.
 */
export async function updateNotice(
  db: Database,
  id: number,
  { removeAttachments = [], ...input }: NoticeUpdateInput,
  addedAttachments: AttachmentJson[],
): Promise<{ row: NoticeRow; removed: AttachmentJson[] }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ attachments: notices.attachments }).from(notices).where(eq(notices.id, id)).for('update');
    const attachments = current?.attachments ?? [];
    if (removeAttachments.some((removedId) => !attachments.some((attachment) => attachment.id === removedId))) {
      throw ValidationError.of('removeAttachments', messagingTexts.attachmentNotFound);
    }
    const kept = attachments.filter((attachment) => !removeAttachments.includes(attachment.id));
    if (kept.length + addedAttachments.length > NOTICE_ATTACHMENTS_MAX) {
      throw ValidationError.of('attachments', messagingTexts.tooManyAttachments(NOTICE_ATTACHMENTS_MAX), 'too_big');
    }
    const changesAttachments = removeAttachments.length > 0 || addedAttachments.length > 0;
    const [row] = await tx
      .update(notices)
      .set({
        ...input,
        startDate: toDate(input.startDate),
        endDate: toDate(input.endDate),
        ...(changesAttachments ? { attachments: [...kept, ...addedAttachments] } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(notices.id, id))
      .returning();
    return { row, removed: attachments.filter((attachment) => removeAttachments.includes(attachment.id)) };
  });
}

/** Deletes a notice; answers its attachments, whose files the caller removes. */
export async function deleteNotice(db: Database, id: number): Promise<AttachmentJson[]> {
  const [row] = await db.delete(notices).where(eq(notices.id, id)).returning({ attachments: notices.attachments });
  return row?.attachments ?? [];
}
