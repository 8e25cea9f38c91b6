import { filter, pipe } from 'graphql-yoga';
import {
  adminSendSchema,
  isNoticeId,
  markReadSchema,
  messagingTexts,
  notificationSettingsPatchSchema,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type ChannelSettingsJson,
  type NotificationJson,
  type NotificationSettingsJson,
  type NotificationStatsJson,
  type SenderJson,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { isViewer } from '../../graphql/viewer.js';
import type { GatewayContext } from '../../graphql/context.js';
import { NotAuthenticatedError, WRITE_ERRORS, invalidArgument } from '../../graphql/errors.js';
import { enumValues } from '../../graphql/enums.js';
import { byId, connectionTotalCount, listConnection, resultsConnection } from '../../graphql/connections.js';
import { NUMERIC_ID_PATTERN, localKeyOf, validateInput } from '../../graphql/ids.js';
import { payloadMutation } from '../../graphql/mutations.js';
import { Notice } from './notice.js';
import { User } from '../../graphql/refs.js';

export const NotificationTypeEnum = builder.enumType('NotificationType', { values: enumValues(NOTIFICATION_TYPES) });
export const NotificationPriorityEnum = builder.enumType('NotificationPriority', { values: enumValues(NOTIFICATION_PRIORITIES) });

/** Not a Node: the member who sent a notification as it shows them, not a thing of its own; the member is a User. */
export const Sender = builder.objectRef<SenderJson>('NotificationSender').implement({
  description: '알림을 보낸 회원',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    nickname: t.exposeString('nickname'),
    profileImage: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.profileImage) }),
  }),
});

export const Notification = upstreamNode<NotificationJson>('Notification', {
  id: (notification) => notification.id,
  read: (id, context) => context.messaging.notification(id),
  key: NUMERIC_ID_PATTERN,
});

Notification.implement({
  description: "A notification in the member's inbox.",
  fields: (t) => ({
    databaseId: t.exposeString('id'),
    title: t.exposeString('title'),
    content: t.exposeString('content'),
    type: t.field({ type: NotificationTypeEnum, resolve: (n) => n.type }),
    priority: t.field({ type: NotificationPriorityEnum, resolve: (n) => n.priority }),
    isRead: t.exposeBoolean('isRead'),
    readAt: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.readAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (n) => n.createdAt }),
    url: t.expose('url', { type: 'URL', nullable: true }),
    imageUrl: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.imageUrl) }),
    metadata: t.field({ type: 'JSONObject', resolve: (n) => n.metadata ?? {} }),
    sender: t.field({ type: Sender, nullable: true, resolve: (n) => n.sender }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (n) => n.expiresAt }),
  }),
});

const ChannelSettings = builder.objectRef<ChannelSettingsJson>('NotificationChannelSettings').implement({
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled'),
    types: t.field({ type: [NotificationTypeEnum], resolve: (channel) => channel.types }),
  }),
});

const QuietHours = builder.objectRef<NotificationSettingsJson['quietHours']>('QuietHours').implement({
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled'),
    startTime: t.exposeString('startTime', { description: 'HH:MM' }),
    endTime: t.exposeString('endTime', { description: 'HH:MM' }),
  }),
});

export const NotificationSettings = builder.objectRef<NotificationSettingsJson>('NotificationSettings').implement({
  description: '알림 설정: 채널(이메일·푸시·앱 내)별 사용 여부와 유형, 방해 금지 시간',
  fields: (t) => ({
    email: t.field({ type: ChannelSettings, resolve: (settings) => settings.channels.email }),
    push: t.field({ type: ChannelSettings, resolve: (settings) => settings.channels.push }),
    inApp: t.field({ type: ChannelSettings, resolve: (settings) => settings.channels.inApp }),
    quietHours: t.field({ type: QuietHours, resolve: (settings) => settings.quietHours }),
    updatedAt: t.field({ type: 'DateTime', resolve: (settings) => settings.updatedAt }),
  }),
});

const CountEntry = builder.objectRef<{ key: string; count: number }>('NotificationCount').implement({
  fields: (t) => ({ key: t.exposeString('key'), count: t.exposeInt('count') }),
});
const entries = (record: Record<string, number>) => Object.entries(record).map(([key, count]) => ({ key, count }));

const NotificationStats = builder.objectRef<NotificationStatsJson>('NotificationStats').implement({
  fields: (t) => ({
    totalNotifications: t.exposeInt('totalNotifications'),
    unreadCount: t.exposeInt('unreadCount'),
    readCount: t.exposeInt('readCount'),
    byType: t.field({ type: [CountEntry], resolve: (stats) => entries(stats.byType) }),
    byPriority: t.field({ type: [CountEntry], resolve: (stats) => entries(stats.byPriority) }),
    lastNotificationAt: t.field({ type: 'DateTime', nullable: true, resolve: (stats) => stats.lastNotificationAt }),
    averageReadTime: t.int({ nullable: true, description: '읽기까지 걸린 평균 시간(초)', resolve: (stats) => stats.averageReadTime }),
  }),
});

builder.objectFields(User, (t) => ({
  notifications: listConnection(
    t,
    'Notification',
    {
      type: Notification,
      nullable: true,
      description: '나의 알림 (본인만, 다른 회원에게는 null). 최신 순.',
      args: { isRead: t.arg.boolean(), type: t.arg({ type: NotificationTypeEnum }) },
      resolve: async (user, args, context) => {
        if (!isViewer(user, context)) return null;
        let unreadCount = 0;
        const connection = await resultsConnection(
          args,
          async (page) => {
            const answer = await context.messaging.notifications({ ...page, isRead: args.isRead ?? undefined, type: args.type ?? undefined });
            unreadCount = answer.noread_count;
            return answer;
          },
          byId('desc'),
        );
        return { ...connection, unreadCount };
      },
    },
    (c) => ({
      ...connectionTotalCount.fields(c),
      unreadCount: c.int({ description: '읽지 않은 알림 수', resolve: (connection: { unreadCount?: number }) => connection.unreadCount ?? 0 }),
    }),
  ),
  notificationStats: t.field({
    type: NotificationStats,
    nullable: true,
    description: '나의 알림 통계 (본인만)',
    resolve: (user, _args, context) => (isViewer(user, context) ? context.messaging.stats() : null),
  }),
  notificationSettings: t.field({
    type: NotificationSettings,
    nullable: true,
    description: '나의 알림 설정 (본인만)',
    resolve: (user, _args, context) => (isViewer(user, context) ? context.messaging.settings() : null),
  }),
}));

/** The notification key inside a Notification id (a bare upstream id is taken too). */
export function notificationIdOf(id: string, path: string[]): string {
  const key = localKeyOf(id, 'Notification', /^\d{1,10}$/) ?? (/^\d{1,10}$/.test(id) ? id : null);
  if (!key) throw invalidArgument(path, messagingTexts.notificationId, 'invalid_format');
  return key;
}

builder.queryField('notification', (t) =>
  t.field({
    type: Notification,
    nullable: true,
    description: '나의 알림 하나',
    authScopes: { member: true },
    errors: { types: [...WRITE_ERRORS], directResult: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.messaging.notification(notificationIdOf(String(args.id), ['id'])),
  }),
);

/** 001 §4: an id with a hyphen names a notice post, any other a notification. */
const InboxEntry = builder.unionType('InboxEntry', {
  types: [Notification, Notice],
  resolveType: (entry) => ('uuid' in entry ? Notice : Notification),
});

builder.queryField('inboxEntry', (t) =>
  t.field({
    type: InboxEntry,
    nullable: true,
    description: 'An inbox entry by the id the inbox lists: an id with a hyphen is a notice, any other a notification.',
    authScopes: { member: true },
    errors: { types: [...WRITE_ERRORS] },
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      if (isNoticeId(args.id)) return context.messaging.notice(args.id);
      return context.messaging.notification(notificationIdOf(args.id, ['id']));
    },
  }),
);

/** The member whose inbox and unread count the client reads again after the change. */
const viewerToRefetch = {
  type: User,
  nullable: true,
  description: '알림 목록과 읽지 않은 수를 다시 읽을 회원',
  resolve: (_payload: unknown, context: GatewayContext) => context.accounts.me(),
} as const;

/**
 * A write to the caller's own inbox: their other tabs and devices hear the new unread count at once (the bridge
 * polls on the hint). Whose inbox it is comes from their token, read beside the write.
 */
async function ownInboxWrite<T>(context: GatewayContext, write: Promise<T>): Promise<T> {
  const [answer, me] = await Promise.all([write, context.accounts.me().catch(() => null)]);
  if (me) context.notificationBridge.hint({ userIds: [me.id] });
  return answer;
}

payloadMutation('markNotificationsRead', {
  input: (f) => ({ ids: f.idList({ description: '읽음 처리할 알림' }), all: f.boolean({ description: '모든 알림 읽음' }) }),
  payload: {
    updatedCount: 'Int',
    message: 'String',
    notifications: { type: [Notification], description: '읽음 처리된 알림 (ids로 부른 경우)' },
    viewer: viewerToRefetch,
  },
  resolve: async (input, context) => {
    const ids = (input.ids ?? []).map((id, index) => notificationIdOf(String(id), ['input', 'ids', String(index)]));
    validateInput(markReadSchema, { notificationIds: ids, markAll: input.all ?? undefined }, ['input']);
    const answer = await ownInboxWrite(context, context.messaging.markRead(input.all ? 'all' : ids));
    const notifications = input.all ? [] : await Promise.all(ids.map((id) => context.messaging.notification(id)));
    return { updatedCount: answer.updatedCount, message: answer.message, notifications };
  },
});

payloadMutation('deleteNotification', {
  input: (f) => ({ id: f.id({ required: true }) }),
  payload: { deletedNotificationId: 'ID', viewer: viewerToRefetch },
  resolve: async (input, context) => {
    const key = notificationIdOf(String(input.id), ['input', 'id']);
    await ownInboxWrite(context, context.messaging.deleteNotification(key));
    return { deletedNotificationId: Buffer.from(`Notification:${key}`).toString('base64') };
  },
});

payloadMutation('deleteNotifications', {
  input: (f) => ({ readOnly: f.boolean({ description: '읽은 알림만 (기본 true)' }) }),
  payload: { deletedCount: 'Int', message: 'String', viewer: viewerToRefetch },
  resolve: async (input, context) => {
    const answer = await ownInboxWrite(context, context.messaging.deleteNotifications(input.readOnly ?? true));
    return { deletedCount: answer.deletedCount, message: answer.message };
  },
});

const ChannelInput = builder.inputType('NotificationChannelInput', {
  fields: (f) => ({ enabled: f.boolean(), types: f.field({ type: [NotificationTypeEnum] }) }),
});

payloadMutation('updateNotificationSettings', {
  input: (f) => ({
    email: f.field({ type: ChannelInput }),
    push: f.field({ type: ChannelInput }),
    inApp: f.field({ type: ChannelInput }),
    quietHours: f.field({
      type: builder.inputType('QuietHoursInput', {
        fields: (q) => ({ enabled: q.boolean(), startTime: q.string({ description: 'HH:MM' }), endTime: q.string({ description: 'HH:MM' }) }),
      }),
    }),
  }),
  payload: { settings: NotificationSettings },
  resolve: async (input, context) => {
    const channel = (value: { enabled?: boolean | null; types?: string[] | null } | null | undefined) =>
      value ? { ...(value.enabled != null ? { enabled: value.enabled } : {}), ...(value.types ? { types: value.types } : {}) } : undefined;
    const quiet = input.quietHours;
    const patch = validateInput(
      notificationSettingsPatchSchema,
      {
        channels: { email: channel(input.email), push: channel(input.push), inApp: channel(input.inApp) },
        quietHours: quiet
          ? {
              ...(quiet.enabled != null ? { enabled: quiet.enabled } : {}),
              ...(quiet.startTime != null ? { startTime: quiet.startTime } : {}),
              ...(quiet.endTime != null ? { endTime: quiet.endTime } : {}),
            }
          : undefined,
      },
      ['input'],
    );
    return { settings: await context.messaging.updateSettings(patch) };
  },
});

payloadMutation('sendAdminNotification', {
  description: '운영자 전용: 모든 회원 또는 고른 회원에게 알림 보내기',
  input: (f) => ({
    allUsers: f.boolean({ description: '모든 회원에게' }),
    userIds: f.intList({ description: '받을 회원의 databaseId' }),
    title: f.string({ required: true }),
    content: f.string({ required: true }),
    type: f.field({ type: NotificationTypeEnum }),
    priority: f.field({ type: NotificationPriorityEnum }),
    url: f.field({ type: 'URL' }),
    imageUrl: f.field({ type: 'URL' }),
    expiresAt: f.field({ type: 'DateTime' }),
    metadata: f.field({ type: 'JSONObject' }),
  }),
  payload: { sentCount: 'Int', failedCount: 'Int', message: 'String' },
  resolve: async (input, context) => {
    const { allUsers, userIds, type, priority, expiresAt, metadata, ...fields } = input;
    const targetUsers = allUsers ? 'all' : (userIds ?? undefined);
    const payload = validateInput(
      adminSendSchema,
      { ...fields, targetUsers, type: type ?? undefined, priority: priority ?? undefined, expiresAt: expiresAt?.toISOString(), metadata },
      ['input'],
    );
    const answer = await context.messaging.sendAdminNotification(payload);
    context.notificationBridge.hint(payload.targetUsers === 'all' ? { all: true } : { userIds: payload.targetUsers });
    return answer;
  },
});

/**
 * The caller's member id, from their own token: a subscription names no member, so nobody can listen to
 * another member's inbox. Registers with the polling bridge for as long as the subscription lives.
 */
async function watchInbox(context: GatewayContext): Promise<{ userId: string; release: () => void }> {
  const token = context.caller.token;
  if (!token) throw new NotAuthenticatedError();
  const me = await context.accounts.me();
  if (!me) throw new NotAuthenticatedError();
  return { userId: String(me.id), release: context.notificationBridge.watch(me.id, token, context.caller.deviceId, me.nickname) };
}

/**
 * Passes each notification once: after a Redis outage the bridge announces again from the shared state what a
 * replica already found on its own meanwhile. The bridge announces in id order, so a new one has a higher id.
 */
function eachOnce(): (notification: NotificationJson) => boolean {
  let newest = -Infinity;
  return (notification) => {
    const id = Number(notification.id);
    if (id <= newest) return false;
    newest = id;
    return true;
  };
}

/**
 * The pub/sub stream, optionally after a first value, releasing the bridge when the client unsubscribes.
 * Not an async generator: its `return()` would wait for the pending `next()`, which waits for an event.
 */
function releasing<T>(events: AsyncIterable<T>, release: () => void, first?: () => Promise<T>): AsyncIterableIterator<T> {
  const inner = events[Symbol.asyncIterator]();
  let pendingFirst = first;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (!pendingFirst) return inner.next();
      const read = pendingFirst;
      pendingFirst = undefined;
      return { value: await read(), done: false };
    },
    async return() {
      release();
      return inner.return ? inner.return() : { value: undefined, done: true };
    },
    async throw(error: unknown) {
      release();
      return inner.throw ? inner.throw(error) : Promise.reject(error);
    },
  };
}

builder.subscriptionField('notificationAdded', (t) =>
  t.field({
    type: Notification,
    description: '나에게 새 알림이 오면 보냅니다 (게이트웨이가 알림 목록을 주기적으로 확인합니다).',
    subscribe: async (_root, _args, context) => {
      const { userId, release } = await watchInbox(context);
      return releasing(pipe(context.pubSub.subscribe('notificationAdded', userId), filter(eachOnce())), release);
    },
    resolve: (notification) => notification,
  }),
);

builder.subscriptionField('unreadNotificationCount', (t) =>
  t.int({
    description: '읽지 않은 알림 수: 지금 값을 먼저, 그다음 바뀔 때마다 보냅니다.',
    subscribe: async (_root, _args, context) => {
      const { userId, release } = await watchInbox(context);
      const current = async () => (await context.messaging.notifications({ page: 1, pageSize: 1 })).noread_count;
      return releasing(context.pubSub.subscribe('unreadNotificationCount', userId), release, current);
    },
    resolve: (count) => count,
  }),
);
