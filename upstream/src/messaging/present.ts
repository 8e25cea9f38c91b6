import { asc, eq, inArray } from 'drizzle-orm';
import type { AttachmentJson, InquiryDetailJson, InquiryJson, InquiryUserJson, NoticeJson, NotificationJson } from '../../../domain/messaging.js';
import type { Database } from '../db/client.js';
import { inquiryComments, users, type InquiryRow, type NoticeRow, type NotificationRow, type UserRow } from '../db/schema.js';
import type { MediaUrl } from '../serializers.js';

type Sender = Pick<UserRow, 'id' | 'nickname' | 'profileImage'>;

/** The senders or authors named by some rows, in one query. */
async function loadSenders(db: Database, ids: (number | null)[]): Promise<Map<number, Sender>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const found = unique.length
    ? await db.select({ id: users.id, nickname: users.nickname, profileImage: users.profileImage }).from(users).where(inArray(users.id, unique))
    : [];
  return new Map(found.map((sender) => [sender.id, sender]));
}

function presentSender(user: Sender | undefined, media: MediaUrl) {
  return user ? { id: user.id, nickname: user.nickname, profileImage: media(user.profileImage) } : null;
}

export async function presentNotifications(db: Database, rows: NotificationRow[], media: MediaUrl): Promise<NotificationJson[]> {
  const byId = await loadSenders(
    db,
    rows.map((row) => row.senderId),
  );
  return rows.map((row) => ({
    id: String(row.id),
    title: row.title,
    content: row.content,
    type: row.type,
    priority: row.priority,
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    url: row.url,
    imageUrl: row.imageUrl,
    metadata: row.metadata,
    sender: row.senderId === null ? null : presentSender(byId.get(row.senderId), media),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }));
}

/** A stored attachment with addresses the caller may open (signed for an inquiry's private files). */
function presentAttachment(attachment: AttachmentJson, media: MediaUrl): AttachmentJson {
  return {
    ...attachment,
    fileUrl: media(attachment.fileUrl) ?? attachment.fileUrl,
    thumbnailUrl: attachment.thumbnailUrl ? (media(attachment.thumbnailUrl) ?? attachment.thumbnailUrl) : null,
  };
}

export async function presentNotices(db: Database, rows: NoticeRow[], media: MediaUrl): Promise<NoticeJson[]> {
  const byId = await loadSenders(
    db,
    rows.map((row) => row.authorId),
  );
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
    attachments: row.attachments.map((attachment) => presentAttachment(attachment, media)),
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
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
    attachments: row.attachments.map((attachment) => presentAttachment(attachment, media)),
    assignedTo: row.assignedToId ? userJson(row.assignedToId) : null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolution: row.resolution,
    ...(viewer.isStaff ? { internalNotes: row.internalNotes } : {}),
  };
}
