import { filter, pipe } from 'graphql-yoga';
import {
  ADMIN_NOTIFICATION_CONTENT_MAX,
  ADMIN_NOTIFICATION_TITLE_MAX,
  NOTIFICATION_POLL_INTERVAL_MS,
  PAGE_SIZE_MAX,
  adminSendSchema,
  isNoticeId,
  markReadSchema,
  messagingTexts,
  notificationSettingsPatchSchema,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type ChannelSettingsJson,
  type NotificationJson,
  type NotificationPriority,
  type NotificationType,
  type NotificationSettingsJson,
  type NotificationStatsJson,
  type SenderJson,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { isViewer } from '../../graphql/viewer.js';
import type { GatewayContext } from '../../graphql/context.js';
import { NotAuthenticatedError, ValidationError, WRITE_ERRORS, invalidArgument } from '../../graphql/errors.js';
import { enumValues, labelledDescriptions } from '../../graphql/enums.js';
import { byId, connectionTotalCount, listConnection, resultsConnection } from '../../graphql/connections.js';
import { NUMERIC_ID_PATTERN, issuesAt, localKeyOf, ownIdsOf, refuseRenamedConflict, validateInput } from '../../graphql/ids.js';
import { payloadMutation, RENAMED_INPUT_REMOVAL_DATE } from '../../graphql/mutations.js';
import { Notice } from './notice.js';
import { User } from '../../graphql/refs.js';

const notificationTypeMeanings: Record<NotificationType, string> = {
  system: 'From the app itself, such as an answer to an inquiry',
  comment: 'A comment on something of the member',
  like: 'A like of something of the member',
  follow: 'A new follower',
  mention: 'A mention of the member',
  story: 'About stories',
  announcement: 'An announcement from the staff',
  event: 'About an event',
  marketing: 'Promotional news',
  other: 'Anything else',
};
export const NotificationTypeEnum = builder.enumType('NotificationType', {
  description: 'What a notification is about; members choose per channel which kinds they receive.',
  values: enumValues(NOTIFICATION_TYPES, labelledDescriptions(NOTIFICATION_TYPES, notificationTypeMeanings, messagingTexts.typeLabels)),
});
export const NotificationPriorityEnum = builder.enumType('NotificationPriority', {
  description: 'How important a notification is.',
  values: enumValues(NOTIFICATION_PRIORITIES, {
    low: 'Low.',
    normal: 'Normal: most notifications.',
    high: 'High.',
    urgent: 'Urgent.',
  } satisfies Record<NotificationPriority, string>),
});

/** Not a Node: the member who sent a notification as it shows them, not a thing of its own; the member is a User. */
export const Sender = builder.objectRef<SenderJson>('NotificationSender').implement({
  description: 'The member whose action a notification tells of.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The member's number (a User's `databaseId`)." }),
    nickname: t.exposeString('nickname', { description: "The member's nickname." }),
    profileImage: t.field({
      type: 'URL',
      nullable: true,
      description: "The member's profile picture; null when they have none.",
      resolve: (parent, _args, context) => context.mediaUrl(parent.profileImage),
    }),
  }),
});

export const Notification = upstreamNode<NotificationJson>('Notification', {
  id: (notification) => notification.id,
  read: (id, context) => context.messaging.notification(id),
  key: NUMERIC_ID_PATTERN,
});

Notification.implement({
  description: "A notification in the member's inbox. Only its recipient can read it.",
  fields: (t) => ({
    databaseId: t.exposeString('id', {
      description:
        'The notification\'s id in the REST API, which gives it as a string of digits (`"42"`), so unlike other `databaseId`s it is a String; also the id the inbox lists it by (`inboxEntry`).',
    }),
    title: t.exposeString('title', { description: 'The title, in Korean.' }),
    content: t.exposeString('content', { description: 'The text, in Korean.' }),
    type: t.field({ type: NotificationTypeEnum, description: 'What it is about.', resolve: (n) => n.type }),
    priority: t.field({ type: NotificationPriorityEnum, description: 'How important it is.', resolve: (n) => n.priority }),
    isRead: t.exposeBoolean('isRead', { description: 'Whether the member has read it.' }),
    readAt: t.field({ type: 'DateTime', nullable: true, description: 'When the member read it; null while unread.', resolve: (n) => n.readAt }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was sent.', resolve: (n) => n.createdAt }),
    url: t.expose('url', { type: 'URL', nullable: true, description: 'Where to take the member when they open it; null when nowhere in particular.' }),
    imageUrl: t.field({
      type: 'URL',
      nullable: true,
      description: 'A picture to show with it; null when there is none.',
      resolve: (parent, _args, context) => context.mediaUrl(parent.imageUrl),
    }),
    metadata: t.field({ type: 'JSONObject', description: 'Extra values its sender attached, an empty object when none.', resolve: (n) => n.metadata ?? {} }),
    sender: t.field({
      type: Sender,
      nullable: true,
      description: 'The member whose action it tells of; null when the app or the staff sent it.',
      resolve: (n) => n.sender,
    }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it leaves the inbox; null: it stays until deleted.',
      resolve: (n) => n.expiresAt,
    }),
  }),
});

const ChannelSettings = builder.objectRef<ChannelSettingsJson>('NotificationChannelSettings').implement({
  description: 'Whether a member receives notifications on one channel, and which kinds.',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', { description: 'Whether the channel is on.' }),
    types: t.field({ type: [NotificationTypeEnum], description: 'The kinds of notification sent on this channel.', resolve: (channel) => channel.types }),
  }),
});

const QuietHours = builder.objectRef<NotificationSettingsJson['quietHours']>('QuietHours').implement({
  description: `A daily period in which push notifications are held back (shown as "${messagingTexts.quietHours}").`,
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', { description: 'Whether quiet hours apply.' }),
    startTime: t.exposeString('startTime', { description: 'When quiet hours begin each day, as HH:MM on a 24-hour clock.' }),
    endTime: t.exposeString('endTime', { description: 'When quiet hours end, as HH:MM on a 24-hour clock; before `startTime` when they run past midnight.' }),
  }),
});

export const NotificationSettings = builder.objectRef<NotificationSettingsJson>('NotificationSettings').implement({
  description: "A member's notification settings: each channel (e-mail, push, in the app) on or off and its kinds, and quiet hours.",
  fields: (t) => ({
    email: t.field({ type: ChannelSettings, description: 'Notifications by e-mail.', resolve: (settings) => settings.channels.email }),
    push: t.field({ type: ChannelSettings, description: "Push notifications to the member's devices.", resolve: (settings) => settings.channels.push }),
    inApp: t.field({ type: ChannelSettings, description: "Notifications in the app's inbox.", resolve: (settings) => settings.channels.inApp }),
    quietHours: t.field({ type: QuietHours, description: 'When push notifications are held back.', resolve: (settings) => settings.quietHours }),
    updatedAt: t.field({ type: 'DateTime', description: 'When the member last changed their settings.', resolve: (settings) => settings.updatedAt }),
  }),
});

const CountEntry = builder.objectRef<{ key: string; count: number }>('NotificationCount').implement({
  description: 'How many notifications share one kind or one priority.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The kind or priority, as its lower-case value (`comment`, `high`).' }),
    count: t.exposeInt('count', { description: 'How many notifications have it.' }),
  }),
});
const entries = (record: Record<string, number>) => Object.entries(record).map(([key, count]) => ({ key, count }));

const NotificationStats = builder.objectRef<NotificationStatsJson>('NotificationStats').implement({
  description: "Counts over a member's inbox.",
  fields: (t) => ({
    totalNotifications: t.exposeInt('totalNotifications', { description: 'All notifications in the inbox.' }),
    unreadCount: t.exposeInt('unreadCount', { description: 'The unread ones.' }),
    readCount: t.exposeInt('readCount', { description: 'The read ones.' }),
    byType: t.field({ type: [CountEntry], description: 'The counts by kind; kinds with none are left out.', resolve: (stats) => entries(stats.byType) }),
    byPriority: t.field({
      type: [CountEntry],
      description: 'The counts by priority; priorities with none are left out.',
      resolve: (stats) => entries(stats.byPriority),
    }),
    lastNotificationAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the newest notification came; null when the inbox is empty.',
      resolve: (stats) => stats.lastNotificationAt,
    }),
    averageReadTime: t.int({
      nullable: true,
      description: 'How long the member takes on average to read a notification, in seconds; null before they read any.',
      resolve: (stats) => stats.averageReadTime,
    }),
  }),
});

builder.objectFields(User, (t) => ({
  notifications: listConnection(
    t,
    'Notification',
    {
      type: Notification,
      nullable: true,
      description:
        "The member's inbox, newest first, readable by that member only: null for anyone else. Expired notifications are left out. One of `first` or `last` is required.",
      args: {
        isRead: t.arg.boolean({ description: 'Only the read (true) or the unread (false) notifications; all when left out.' }),
        type: t.arg({ type: NotificationTypeEnum, description: 'Only the notifications of this kind; all when left out.' }),
      },
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
      unreadCount: c.int({
        description: 'How many notifications in the whole inbox are unread, whatever the filters.',
        resolve: (connection: { unreadCount?: number }) => connection.unreadCount ?? 0,
      }),
    }),
  ),
  notificationStats: t.field({
    type: NotificationStats,
    nullable: true,
    description: "Counts over the member's inbox, readable by that member only: null for anyone else.",
    resolve: (user, _args, context) => (isViewer(user, context) ? context.messaging.stats() : null),
  }),
  notificationSettings: t.field({
    type: NotificationSettings,
    nullable: true,
    description: "The member's notification settings, readable by that member only: null for anyone else.",
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
    description: "One of the signed-in member's notifications, members only; NotFoundError when they have no such notification.",
    authScopes: { member: true },
    errors: { types: [...WRITE_ERRORS], directResult: true },
    args: { id: t.arg.id({ required: true, description: "The notification's global id, or its `databaseId`." }) },
    resolve: (_root, args, context) => context.messaging.notification(notificationIdOf(String(args.id), ['id'])),
  }),
);

/** 001 §4: an id with a hyphen names a notice post, any other a notification. */
const InboxEntry = builder.unionType('InboxEntry', {
  description: 'An entry of the inbox: a notification, or a notice shown among the notifications.',
  types: [Notification, Notice],
  resolveType: (entry) => ('uuid' in entry ? Notice : Notification),
});

builder.queryField('inboxEntry', (t) =>
  t.field({
    type: InboxEntry,
    nullable: true,
    description:
      "An inbox entry by the id the inbox lists, members only: an id with a hyphen is a notice, any other one of the member's notifications. NotFoundError when there is none.",
    authScopes: { member: true },
    errors: { types: [...WRITE_ERRORS], dataField: { description: 'The notice or notification.' } },
    args: { id: t.arg.string({ required: true, description: "A notice's `uuid` or a notification's `databaseId`." }) },
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
  description: 'The signed-in member, to read their inbox and unread count again.',
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
  description: "Marks some or all of the signed-in member's notifications read, members only. Either `ids` or `all: true` is required.",
  input: (f) => ({
    ids: f.idList({ description: `The notifications to mark read, by global id or \`databaseId\`, at most ${PAGE_SIZE_MAX}.` }),
    all: f.boolean({ description: 'True to mark every notification read.' }),
  }),
  payload: {
    updatedCount: { type: 'Int', description: 'How many notifications changed from unread to read.' },
    message: 'String',
    notifications: { type: [Notification], description: 'The notifications named by `ids`, as they now are; empty with `all`.' },
    viewer: viewerToRefetch,
  },
  resolve: async (input, context) => {
    const ids = (input.ids ?? []).map((id, index) => notificationIdOf(String(id), ['input', 'ids', String(index)]));
    validateInput(markReadSchema, { notificationIds: ids, markAll: input.all ?? undefined }, ['input'], { notificationIds: 'ids', markAll: 'all' });
    const answer = await ownInboxWrite(context, context.messaging.markRead(input.all ? 'all' : ids));
    const notifications = input.all ? [] : await Promise.all(ids.map((id) => context.messaging.notification(id)));
    return { updatedCount: answer.updatedCount, message: answer.message, notifications };
  },
});

payloadMutation('deleteNotification', {
  description: "Deletes one of the signed-in member's notifications, members only; NotFoundError when they have no such notification.",
  input: (f) => ({ id: f.id({ required: true, description: "The notification's global id, or its `databaseId`." }) }),
  payload: { deletedNotificationId: 'ID', viewer: viewerToRefetch },
  resolve: async (input, context) => {
    const key = notificationIdOf(String(input.id), ['input', 'id']);
    await ownInboxWrite(context, context.messaging.deleteNotification(key));
    return { deletedNotificationId: Buffer.from(`Notification:${key}`).toString('base64') };
  },
});

payloadMutation('deleteNotifications', {
  description: "Deletes the signed-in member's read notifications, or all of them, members only.",
  input: (f) => ({ readOnly: f.boolean({ description: 'True to delete only the read notifications, false to delete all (default true).' }) }),
  payload: { deletedCount: { type: 'Int', description: 'How many notifications were deleted.' }, message: 'String', viewer: viewerToRefetch },
  resolve: async (input, context) => {
    const answer = await ownInboxWrite(context, context.messaging.deleteNotifications(input.readOnly ?? true));
    return { deletedCount: answer.deletedCount, message: answer.message };
  },
});

const ChannelInput = builder.inputType('NotificationChannelInput', {
  description: 'Changes to one notification channel; a field left out stays as it is.',
  fields: (f) => ({
    enabled: f.boolean({ description: 'Whether the channel is on.' }),
    types: f.field({ type: [NotificationTypeEnum], description: 'The kinds of notification to send on this channel, replacing the current list.' }),
  }),
});

payloadMutation('updateNotificationSettings', {
  description: "Changes the signed-in member's notification settings, members only. Only what is sent changes.",
  input: (f) => ({
    email: f.field({ type: ChannelInput, description: 'Changes to notifications by e-mail.' }),
    push: f.field({ type: ChannelInput, description: 'Changes to push notifications.' }),
    inApp: f.field({ type: ChannelInput, description: "Changes to the app's inbox." }),
    quietHours: f.field({
      description: 'Changes to quiet hours.',
      type: builder.inputType('QuietHoursInput', {
        description: 'Changes to quiet hours; a field left out stays as it is.',
        fields: (q) => ({
          enabled: q.boolean({ description: 'Whether quiet hours apply.' }),
          startTime: q.string({ description: 'When quiet hours begin each day, as HH:MM on a 24-hour clock.' }),
          endTime: q.string({ description: 'When quiet hours end, as HH:MM on a 24-hour clock.' }),
        }),
      }),
    }),
  }),
  payload: { settings: { type: NotificationSettings, description: 'The settings as they now are.' } },
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
  staff: true,
  description:
    'Sends a notification to every member or to the members named, staff only: ForbiddenError for other members. Members who turned the kind off in the app are skipped. Either `allUsers: true` or `users` is required.',
  input: (f) => ({
    allUsers: f.boolean({ description: 'True to send to every member.' }),
    users: f.idList({ description: 'The recipients, by User global id; those that do not exist are skipped.' }),
    userIds: f.intList({
      description: 'The recipients, by User `databaseId` (the former form of `users`).',
      deprecationReason: `Use users. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
    }),
    title: f.string({ required: true, description: `The title: 1 to ${ADMIN_NOTIFICATION_TITLE_MAX} characters after trimming.` }),
    content: f.string({ required: true, description: `The text: 1 to ${ADMIN_NOTIFICATION_CONTENT_MAX} characters after trimming.` }),
    type: f.field({ type: NotificationTypeEnum, description: 'What it is about (default ANNOUNCEMENT).' }),
    priority: f.field({ type: NotificationPriorityEnum, description: 'How important it is (default NORMAL).' }),
    url: f.field({ type: 'URL', description: 'Where to take members when they open it: an http(s) address or a path in the app.' }),
    imageUrl: f.field({ type: 'URL', description: 'A picture to show with it.' }),
    expiresAt: f.field({ type: 'DateTime', description: 'When it leaves the inboxes; never when left out.' }),
    metadata: f.field({ type: 'JSONObject', description: 'Extra values for clients, passed on as they are.' }),
  }),
  payload: {
    sentCount: { type: 'Int', description: 'How many members received it.' },
    failedCount: { type: 'Int', description: 'How many named members did not (unknown, or not receiving the kind).' },
    message: 'String',
  },
  resolve: async (input, context) => {
    const { allUsers, users, userIds, type, priority, expiresAt, metadata, ...fields } = input;
    const recipientsField = users ? 'users' : 'userIds';
    const recipients = users ? ownIdsOf(users, 'User', ['input', 'users']) : userIds;
    if (users && userIds) refuseRenamedConflict('users', 'userIds', recipients?.join() === userIds.join());
    const targetUsers = allUsers ? 'all' : (recipients ?? undefined);
    const parsed = adminSendSchema.safeParse({
      ...fields,
      targetUsers,
      type: type ?? undefined,
      priority: priority ?? undefined,
      expiresAt: expiresAt?.toISOString(),
      metadata,
    });
    // The REST body's `targetUsers` is the input's `allUsers` or its recipients: its issues point at the recipients given.
    if (!parsed.success) throw new ValidationError(issuesAt(parsed.error, [])).under(['input'], { targetUsers: recipientsField });
    const payload = parsed.data;
    const answer = await context.messaging.sendAdminNotification(payload);
    context.notificationBridge.hint(payload.targetUsers === 'all' ? { all: true } : { userIds: payload.targetUsers });
    return answer;
  },
});

/** What an inbox subscription yields once the session it was opened with ended: NotAuthenticatedError, then it completes. */
const SESSION_ENDED = Symbol('session ended');

function unlessSessionEnded<T>(value: T | typeof SESSION_ENDED): T {
  if (value === SESSION_ENDED) throw new NotAuthenticatedError();
  return value;
}

interface InboxWatch {
  userId: string;
  release: () => void;
  /** Settles when the upstream refuses the subscription's token (logged out on that device, revoked). */
  sessionEnded: Promise<void>;
}

/**
 * The caller's member id, from their own token: a subscription names no member, so nobody can listen to
 * another member's inbox. Registers with the polling bridge for as long as the subscription lives.
 */
async function watchInbox(context: GatewayContext): Promise<InboxWatch> {
  const token = context.caller.token;
  if (!token) throw new NotAuthenticatedError();
  const me = await context.accounts.me();
  if (!me) throw new NotAuthenticatedError();
  let endSession = () => {};
  const sessionEnded = new Promise<void>((resolve) => (endSession = resolve));
  const release = context.notificationBridge.watch(me.id, token, context.caller.deviceId, me.nickname, endSession);
  return { userId: String(me.id), release, sessionEnded };
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
 * The pub/sub stream, optionally after a first value, releasing the bridge when the client unsubscribes; once the
 * session ends, SESSION_ENDED and the end. Not an async generator: its `return()` would wait for the pending
 * `next()`, which waits for an event.
 */
function releasing<T>(
  events: AsyncIterable<T>,
  { release, sessionEnded }: InboxWatch,
  first?: () => Promise<T>,
): AsyncIterableIterator<T | typeof SESSION_ENDED> {
  const inner = events[Symbol.asyncIterator]();
  let pendingFirst = first;
  let ended = false;
  const endOf = sessionEnded.then(() => ({ value: SESSION_ENDED, done: false }) as const);
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (ended) return { value: undefined, done: true };
      const read = pendingFirst;
      pendingFirst = undefined;
      const result = await Promise.race([read ? read().then((value) => ({ value, done: false }) as const) : inner.next(), endOf]);
      if (result.value === SESSION_ENDED) {
        ended = true;
        release();
        void inner.return?.();
      }
      return result;
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
    description: `Each new notification of the signed-in member, as it arrives, members only (NotAuthenticatedError otherwise). It may arrive up to ${NOTIFICATION_POLL_INTERVAL_MS / 1000} seconds after it was sent.`,
    subscribe: async (_root, _args, context) => {
      const watch = await watchInbox(context);
      return releasing(pipe(context.pubSub.subscribe('notificationAdded', watch.userId), filter(eachOnce())), watch);
    },
    resolve: unlessSessionEnded,
  }),
);

builder.subscriptionField('unreadNotificationCount', (t) =>
  t.int({
    description:
      "The signed-in member's count of unread notifications: the current count first, then the count each time it changes. Members only (NotAuthenticatedError otherwise).",
    subscribe: async (_root, _args, context) => {
      const watch = await watchInbox(context);
      const current = async () => (await context.messaging.notifications({ page: 1, pageSize: 1 })).noread_count;
      return releasing(context.pubSub.subscribe('unreadNotificationCount', watch.userId), watch, current);
    },
    resolve: unlessSessionEnded,
  }),
);
