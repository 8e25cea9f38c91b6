import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { INQUIRY_NEXT_STATUS, type InquiryStatus } from '../../../domain/limits.js';
import { messagingTexts } from '../../../domain/messages.js';
import type { AttachmentJson, InquiryCreateInput, InquiryStatusUpdate } from '../../../domain/messaging.js';
import type { Database } from '../db/client.js';
import { selectPage } from '../db/queries.js';
import { inquiries, inquiryComments, users, type InquiryRow } from '../db/schema.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import { notify, notifyWanting, type Queryable } from './notification-repository.js';

/** Files an inquiry; every staff member hears of it (in one transaction with it). */
export async function createInquiry(db: Database, userId: number, input: InquiryCreateInput, attachments: AttachmentJson[] = []): Promise<InquiryRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({ ...input, userId, attachments })
      .returning();
    await tellStaff(tx, row, userId, messagingTexts.inquiryReceived);
    return row;
  });
}

/**
 * What staff hear of a member's inquiry: the staff member it is assigned to, or every staff member while nobody has
 * taken it (a staff member's own inquiry tells the others only).
 */
async function tellStaff(db: Queryable, inquiry: InquiryRow, senderId: number, content: string): Promise<void> {
  const recipients = inquiry.assignedToId
    ? [inquiry.assignedToId]
    : (await db.select({ id: users.id }).from(users).where(eq(users.isStaff, true))).map((staff) => staff.id);
  const others = recipients.filter((id) => id !== senderId);
  await notifyWanting(db, others, { senderId, type: 'system', title: inquiry.title, content, url: `/my/inquiries/${inquiry.id}` });
}

/** A member's own inquiries; staff (`userId` null) see everyone's. */
export async function listInquiries(db: Database, userId: number | null, status: InquiryStatus | undefined, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (userId !== null) conditions.push(eq(inquiries.userId, userId));
  if (status) conditions.push(eq(inquiries.status, status));
  return selectPage(db, inquiries, conditions.length ? and(...conditions) : undefined, [desc(inquiries.id)], { page, pageSize });
}

export async function findInquiry(db: Database, id: number): Promise<InquiryRow | undefined> {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  return row;
}

/** What an inquiry's author hears when staff act on it. */
async function tellAuthor(db: Queryable, inquiry: InquiryRow, senderId: number, content: string): Promise<void> {
  await notify(db, { userId: inquiry.userId, senderId, type: 'system', title: inquiry.title, content, url: `/my/inquiries/${inquiry.id}` });
}

/**
 * A comment on an open inquiry; the author hears of answers by anyone else. Staff answering an inquiry still 접수
 * (pending) take it: it becomes 처리 중 (in_progress), assigned to them unless someone has it, in the same transaction
 * (and decided in SQL, so an answer racing a status change never moves it back). Answers the inquiry as it now is.
 */
export async function addComment(db: Database, inquiry: InquiryRow, userId: number, comment: string): Promise<InquiryRow> {
  if (inquiry.status === 'closed') throw new ConflictError(messagingTexts.inquiryClosed);
  const byStaff = userId !== inquiry.userId;
  await db.transaction(async (tx) => {
    await tx.insert(inquiryComments).values({ inquiryId: inquiry.id, userId, comment });
    const pending = sql`${inquiries.status} = 'pending'`;
    await tx
      .update(inquiries)
      .set({
        updatedAt: sql`now()`,
        ...(byStaff
          ? {
              status: sql`case when ${pending} then 'in_progress' else ${inquiries.status} end`,
              assignedToId: sql`case when ${pending} then coalesce(${inquiries.assignedToId}, ${userId}) else ${inquiries.assignedToId} end`,
            }
          : {}),
      })
      .where(eq(inquiries.id, inquiry.id));
  });
  if (userId !== inquiry.userId) await tellAuthor(db, inquiry, userId, messagingTexts.inquiryAnswered);
  else await tellStaff(db, inquiry, userId, messagingTexts.inquiryFollowedUp);
  return (await findInquiry(db, inquiry.id))!;
}

/** Staff move an inquiry along its statuses (or keep it, changing notes); the author hears of a new status. */
export async function changeStatus(db: Database, inquiry: InquiryRow, staffId: number, update: InquiryStatusUpdate): Promise<InquiryRow> {
  if (update.status !== inquiry.status && INQUIRY_NEXT_STATUS[inquiry.status] !== update.status) {
    throw new ConflictError(
      messagingTexts.statusTransition(messagingTexts.inquiryStatusLabels[inquiry.status], messagingTexts.inquiryStatusLabels[update.status]),
    );
  }
  return db.transaction(async (tx) => {
    const changed = await updateStatus(tx, inquiry, staffId, update);
    if (update.status !== inquiry.status) {
      await tellAuthor(tx, inquiry, staffId, messagingTexts.inquiryStatusChanged(messagingTexts.inquiryStatusLabels[update.status]));
    }
    return changed;
  });
}

async function updateStatus(db: Queryable, inquiry: InquiryRow, staffId: number, update: InquiryStatusUpdate): Promise<InquiryRow> {
  const [row] = await db
    .update(inquiries)
    .set({
      status: update.status,
      ...(update.resolution !== undefined ? { resolution: update.resolution } : {}),
      ...(update.internalNotes !== undefined ? { internalNotes: update.internalNotes } : {}),
      assignedToId: inquiry.assignedToId ?? staffId,
      resolvedAt: update.status === 'resolved' ? sql`now()` : inquiry.resolvedAt,
      updatedAt: sql`now()`,
    })
    .where(eq(inquiries.id, inquiry.id))
    .returning();
  return row;
}

/** The author rates the answer once the inquiry is resolved or closed. */
export async function rate(db: Database, inquiry: InquiryRow, userId: number, score: number): Promise<InquiryRow> {
  if (inquiry.userId !== userId) throw new ForbiddenError();
  if (inquiry.status !== 'resolved' && inquiry.status !== 'closed') throw new ConflictError(messagingTexts.satisfactionTooEarly);
  const id = inquiry.id;
  const [row] = await db
    .update(inquiries)
    .set({ satisfaction: score, updatedAt: sql`now()` })
    .where(eq(inquiries.id, id))
    .returning();
  return row;
}
