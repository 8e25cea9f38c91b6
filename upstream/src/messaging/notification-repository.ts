import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationPriority, type NotificationType } from '../../../domain/limits.js';
import type { NotificationSettingsJson, NotificationSettingsPatch, NotificationStatsJson } from '../../../domain/messaging.js';
import type { Database } from '../db/client.js';
import { selectPage } from '../db/queries.js';
import { notifications, notificationSettings, users, type NotificationRow } from '../db/schema.js';

/** Anything that runs queries: the database or an open transaction, so a notification commits with its event. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export interface NotificationEvent {
  /** Who is told. */
  userId: number;
  /** Who caused it; a member is never told of their own act. */
  senderId?: number | null;
  type: NotificationType;
  title: string;
  content: string;
  priority?: NotificationPriority;
  url?: string | null;
  imageUrl?: string | null;
  metadata?: Record<string, unknown>;
  expiresAt?: Date | null;
}

type Settings = Pick<NotificationSettingsJson, 'channels' | 'quietHours'>;

export function defaultSettings(): Settings {
  const all = { enabled: true, types: [...NOTIFICATION_TYPES] };
  return {
    channels: { email: { enabled: false, types: [...NOTIFICATION_TYPES] }, push: { ...all, types: [...all.types] }, inApp: all },
    quietHours: { enabled: false, startTime: '22:00', endTime: '08:00' },
  };
}

async function settingsOf(db: Queryable, userId: number): Promise<Settings & { updatedAt: Date | null }> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
  return row ? { channels: row.channels, quietHours: row.quietHours, updatedAt: row.updatedAt } : { ...defaultSettings(), updatedAt: null };
}

/** Does the member want this type in their inbox? (the in-app channel; quiet hours only hold back push). */
function wantsInApp(settings: Settings, type: NotificationType): boolean {
  return settings.channels.inApp.enabled && settings.channels.inApp.types.includes(type);
}

function rowFor(userId: number, event: Omit<NotificationEvent, 'userId'>) {
  return {
    userId,
    senderId: event.senderId ?? null,
    type: event.type,
    title: event.title,
    content: event.content,
    priority: event.priority ?? 'normal',
    url: event.url ?? null,
    imageUrl: event.imageUrl ?? null,
    metadata: event.metadata ?? {},
    expiresAt: event.expiresAt ?? null,
  };
}

/**
 * Records an event in the member's inbox, unless it is their own act or they turned the type off.
 * Call it with the transaction of the write that caused it, so both commit or neither does.
 */
export async function notify(db: Queryable, event: NotificationEvent): Promise<NotificationRow | null> {
  if (event.senderId != null && event.senderId === event.userId) return null;
  if (!wantsInApp(await settingsOf(db, event.userId), event.type)) return null;
  const [row] = await db.insert(notifications).values(rowFor(event.userId, event)).returning();
  return row;
}

/** Many recipients at once (staff announcements): one insert for all who want the type, in one transaction. */
export async function notifyMany(db: Database, recipients: number[], event: Omit<NotificationEvent, 'userId'>): Promise<number> {
  return db.transaction((tx) => notifyWanting(tx, recipients, event));
}

/** Many recipients, each who wants the type, in one insert (within the caller's transaction, if any). */
export async function notifyWanting(db: Queryable, recipients: number[], event: Omit<NotificationEvent, 'userId'>): Promise<number> {
  if (recipients.length === 0) return 0;
  const overrides = await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, recipients));
  const refused = new Set(overrides.filter((row) => !wantsInApp(row, event.type)).map((row) => row.userId));
  const wanting = recipients.filter((id) => !refused.has(id));
  if (wanting.length === 0) return 0;
  await db.insert(notifications).values(wanting.map((userId) => rowFor(userId, event)));
  return wanting.length;
}

/** Expired notifications leave the inbox. */
const live = () => or(isNull(notifications.expiresAt), gt(notifications.expiresAt, sql`now()`))!;
const ownLive = (userId: number) => and(eq(notifications.userId, userId), live())!;

export interface ListFilter {
  isRead?: boolean;
  type?: NotificationType;
}

function filterOf(userId: number, filter: ListFilter): SQL {
  const conditions = [ownLive(userId)];
  if (filter.isRead !== undefined) conditions.push(eq(notifications.isRead, filter.isRead));
  if (filter.type) conditions.push(eq(notifications.type, filter.type));
  return and(...conditions)!;
}

/**
 * A validator for the inbox list: changes with any insert (max id), read (max updated_at), delete (count) or
 * expiry (count of live rows), so a poller's If-None-Match answers 304 after one aggregate query.
 */
export async function inboxTag(db: Database, userId: number, variant: string): Promise<string> {
  const [row] = await db
    .select({
      total: count(),
      maxId: max(notifications.id),
      lastChange: max(notifications.updatedAt),
      unread: sql<number>`count(*) filter (where ${notifications.isRead} = false)`,
    })
    .from(notifications)
    .where(ownLive(userId));
  const fingerprint = JSON.stringify([
    userId,
    variant,
    row.total,
    row.maxId,
    row.lastChange ? new Date(row.lastChange).toISOString() : null,
    Number(row.unread),
  ]);
  return `W/"${createHash('sha256').update(fingerprint).digest('base64url').slice(0, 27)}"`;
}

export async function listNotifications(db: Database, userId: number, filter: ListFilter, page: number, pageSize: number) {
  const where = filterOf(userId, filter);
  const [{ rows, total }, [{ unread }]] = await Promise.all([
    selectPage(db, notifications, where, [desc(notifications.id)], { page, pageSize }),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(ownLive(userId), eq(notifications.isRead, false))),
  ]);
  return { rows, total, unread };
}

export async function findNotification(db: Database, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), ownLive(userId)))
    .limit(1);
  return row;
}

export async function markRead(db: Database, userId: number, ids: number[] | 'all'): Promise<number> {
  const unreadOwn = and(eq(notifications.userId, userId), eq(notifications.isRead, false));
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()`, updatedAt: sql`now()` })
    .where(ids === 'all' ? unreadOwn : and(unreadOwn, inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function deleteNotifications(db: Database, userId: number, readOnly: boolean): Promise<number> {
  const own = eq(notifications.userId, userId);
  const rows = await db
    .delete(notifications)
    .where(readOnly ? and(own, eq(notifications.isRead, true)) : own)
    .returning({ id: notifications.id });
  return rows.length;
}

export async function readSettings(db: Database, userId: number): Promise<NotificationSettingsJson> {
  const settings = await settingsOf(db, userId);
  return { userId, channels: settings.channels, quietHours: settings.quietHours, updatedAt: (settings.updatedAt ?? new Date(0)).toISOString() };
}

export async function updateSettings(db: Database, userId: number, patch: NotificationSettingsPatch): Promise<NotificationSettingsJson> {
  return db.transaction(async (tx) => {
    const current = await settingsOf(tx, userId);
    const channels = { ...current.channels };
    for (const name of ['email', 'push', 'inApp'] as const) {
      const change = patch.channels?.[name];
      if (change) channels[name] = { ...channels[name], ...change };
    }
    const quietHours = { ...current.quietHours, ...patch.quietHours };
    const [row] = await tx
      .insert(notificationSettings)
      .values({ userId, channels, quietHours })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { channels, quietHours, updatedAt: sql`now()` } })
      .returning();
    return { userId, channels: row.channels, quietHours: row.quietHours, updatedAt: row.updatedAt.toISOString() };
  });
}

export async function stats(db: Database, userId: number): Promise<NotificationStatsJson> {
  const where = ownLive(userId);
  const [[totals], byType, byPriority] = await Promise.all([
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.isRead} = false)`,
        last: max(notifications.createdAt),
        averageReadSeconds: sql<
          string | null
        >`avg(extract(epoch from (${notifications.readAt} - ${notifications.createdAt}))) filter (where ${notifications.readAt} is not null)`,
      })
      .from(notifications)
      .where(where),
    db.select({ key: notifications.type, n: count() }).from(notifications).where(where).groupBy(notifications.type),
    db.select({ key: notifications.priority, n: count() }).from(notifications).where(where).groupBy(notifications.priority),
  ]);
  const unread = Number(totals.unread);
  return {
    totalNotifications: totals.total,
    unreadCount: unread,
    readCount: totals.total - unread,
    byType: Object.fromEntries(byType.map((row) => [row.key, row.n])),
    byPriority: Object.fromEntries(byPriority.map((row) => [row.key, row.n])),
    lastNotificationAt: totals.last ? new Date(totals.last).toISOString() : null,
    averageReadTime: totals.averageReadSeconds === null ? null : Math.round(Number(totals.averageReadSeconds)),
  };
}

/** Every member's id, or the named ones that exist, for a staff announcement. */
export async function recipientsOf(db: Database, target: 'all' | number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(target === 'all' ? undefined : inArray(users.id, target));
  return rows.map((row) => row.id);
}
