import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { INQUIRY_NEXT_STATUS, type InquiryStatus } from '../../../domain/limits.js';
import { messagingTexts } from '../../../domain/messages.js';
import type { InquiryCreateInput, InquiryDetailJson, InquiryJson, InquiryStatusUpdate, InquiryUserJson } from '../../../domain/messaging.js';
import type { Database } from '../db/client.js';
import { inquiries, inquiryComments, users, type InquiryRow } from '../db/schema.js';
import type { MediaUrl } from '../serializers.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import { notify, type Queryable } from './notifications.js';

export async function createInquiry(db: Database, userId: number, input: InquiryCreateInput): Promise<InquiryRow> {
  const [row] = await db
    .insert(inquiries)
    .values({ ...input, userId })
    .returning();
  return row;
}

/** A member's own inquiries; staff (`userId` null) see everyone's. */
export async function listInquiries(db: Database, userId: number | null, status: InquiryStatus | undefined, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (userId !== null) conditions.push(eq(inquiries.userId, userId));
  if (status) conditions.push(eq(inquiries.status, status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(inquiries)
      .where(where)
      .orderBy(desc(inquiries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(inquiries).where(where),
  ]);
  return { rows, total };
}

export async function findInquiry(db: Database, id: number): Promise<InquiryRow | undefined> {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  return row;
}

/** What an inquiry's author hears when staff act on it. */
async function tellAuthor(db: Queryable, inquiry: InquiryRow, senderId: number, content: string): Promise<void> {
  await notify(db, { userId: inquiry.userId, senderId, type: 'system', title: inquiry.title, content, url: `/my/inquiries/${inquiry.id}` });
}

/** A comment on an open inquiry; the author hears of answers by anyone else. Answers the inquiry as it now is. */
export async function addComment(db: Database, inquiry: InquiryRow, userId: number, comment: string): Promise<InquiryRow> {
  if (inquiry.status === 'closed') throw new ConflictError(messagingTexts.inquiryClosed);
  await db.transaction(async (tx) => {
    await tx.insert(inquiryComments).values({ inquiryId: inquiry.id, userId, comment });
    await tx
      .update(inquiries)
      .set({ updatedAt: sql`now()` })
      .where(eq(inquiries.id, inquiry.id));
  });
  if (userId !== inquiry.userId) await tellAuthor(db, inquiry, userId, messagingTexts.inquiryAnswered);
  return (await findInquiry(db, inquiry.id))!;
}

/** Staff move an inquiry along its statuses (or keep it, changing notes); the author hears of a new status. */
export async function changeStatus(db: Database, inquiry: InquiryRow, staffId: number, update: InquiryStatusUpdate): Promise<InquiryRow> {
  if (update.status !== inquiry.status && INQUIRY_NEXT_STATUS[inquiry.status] !== update.status) {
    throw new ConflictError(messagingTexts.statusTransition(inquiry.status, update.status));
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

export function presentInquiry(row: InquiryRow): InquiryJson {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    status: row.status,
    category: row.category,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    satisfaction: row.satisfaction,
  };
}

/** The detail with comments; internal notes only for staff. E-mail addresses only of the viewer. */
export async function presentInquiryDetail(
  db: Database,
  row: InquiryRow,
  media: MediaUrl,
  viewer: { id: number; isStaff: boolean },
): Promise<InquiryDetailJson> {
  const comments = await db.select().from(inquiryComments).where(eq(inquiryComments.inquiryId, row.id)).orderBy(asc(inquiryComments.id));
  const ids = [...new Set([row.userId, ...(row.assignedToId ? [row.assignedToId] : []), ...comments.map((comment) => comment.userId)])];
  const people = await db
    .select({ id: users.id, nickname: users.nickname, email: users.email, profileImage: users.profileImage })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((person) => [person.id, person]));
  const userJson = (id: number): InquiryUserJson => {
    const person = byId.get(id);
    return { id, name: person?.nickname ?? '', email: id === viewer.id ? (person?.email ?? null) : null, profileImage: media(person?.profileImage ?? null) };
  };
  return {
    ...presentInquiry(row),
    user: userJson(row.userId),
    comments: comments.map((comment) => ({
      id: comment.id,
      inquiryId: comment.inquiryId,
      userId: comment.userId,
      user: userJson(comment.userId),
      comment: comment.comment,
      isAIGenerated: comment.isAiGenerated,
      createdAt: comment.createdAt.toISOString(),
    })),
    attachments: row.attachments,
    assignedTo: row.assignedToId ? userJson(row.assignedToId) : null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolution: row.resolution,
    ...(viewer.isStaff ? { internalNotes: row.internalNotes } : {}),
  };
}
