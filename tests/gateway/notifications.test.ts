import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingTexts as m } from '../../domain/messages.js';
import { ADMIN_NOTIFICATION_TITLE_MAX, INQUIRY_CONTENT_MAX, INQUIRY_CONTENT_MIN } from '../../domain/limits.js';
import { type Stack, startStack, useStack } from '../helpers/stack.js';
import { collect as collectFrom, until, wsClient } from '../helpers/ws.js';

const INTERVAL_MS = 250;
const ALICE = 2;
const BOB = 3;

const rig = useStack({ settings: { notificationPollIntervalMs: INTERVAL_MS } });
let aliceToken: string;
let bobToken: string;
let staffToken: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  [staffToken, aliceToken, bobToken] = await Promise.all([1, ALICE, BOB].map((id) => rig.upstream.issueToken(id)));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const socket = (target: Stack, token?: string): Client => wsClient(target.gateway.url, cleanups, token);
const collect = (ws: Client, query: string, variables: Record<string, unknown> = {}) => collectFrom(ws, cleanups, query, variables);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bridge's polls as the upstream saw them, with whose token. */
const polls = (target: Stack = rig) =>
  target.proxy.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/v1/user/notification/?page=1&pageSize=20'));

const NOTIFICATION_ADDED = `subscription { notificationAdded { id title type isRead url sender { databaseId } } }`;
const UNREAD = `subscription { unreadNotificationCount }`;

async function alicePost(): Promise<string> {
  return (await alicePostAndTitle()).id;
}

async function alicePostAndTitle(): Promise<{ id: string; title: string }> {
  const answer = await rig.graphql(`{ posts(first: 50) { edges { node { id title author { databaseId } } } } }`, undefined, {
    token: aliceToken,
  });
  return answer.data.posts.edges.find((edge: any) => edge.node.author.databaseId === ALICE).node;
}

async function bobReplies(postId: string, content = '실시간 알림 시험 댓글') {
  const answer = await rig.graphql(
    `mutation ($input: CreateReplyInput!) { createReply(input: $input) { __typename } }`,
    { input: { postId, content } },
    { token: bobToken },
  );
  expect(answer.data.createReply.__typename).toBe('CreateReplyPayload');
}

describe('notification subscriptions through the polling bridge', () => {
  it('a reply by B to A’s post reaches A’s subscription within one poll interval', async () => {
    const post = await alicePostAndTitle();
    const alice = collect(socket(rig, aliceToken), NOTIFICATION_ADDED);
    await until(() => rig.gateway.notificationBridge.activePollers === 1 && polls().length > 0);
    await bobReplies(post.id);
    await until(() => alice.results.length > 0);
    expect(alice.results[0].data.notificationAdded).toMatchObject({
      type: 'COMMENT',
      isRead: false,
      title: m.replyOnPost('젤리곰', post.title),
      sender: { databaseId: BOB },
    });
    alice.unsubscribe();
    await until(() => rig.gateway.notificationBridge.activePollers === 0);
  });

  it('polls once per interval for three sockets of one member, and stops when the last closes', async () => {
    const sockets = [socket(rig, aliceToken), socket(rig, aliceToken), socket(rig, aliceToken)].map((ws) => collect(ws, NOTIFICATION_ADDED));
    await until(() => polls().length > 0 && rig.gateway.notificationBridge.activePollers === 1);
    await pause(300); // all three registered
    rig.proxy.reset();
    const started = performance.now();
    await until(() => polls().length >= 6);
    const elapsedIntervals = (performance.now() - started) / INTERVAL_MS;
    // One poller for the member: about one poll per interval (three pollers would make three); one interval of
    // slack for timers on a loaded machine.
    expect(polls().length).toBeLessThanOrEqual(Math.floor(elapsedIntervals) + 2);
    expect(rig.gateway.notificationBridge.activePollers).toBe(1);
    // Unchanged inbox: the upstream answered 304 after a conditional request.
    expect(
      polls()
        .slice(1)
        .every((call) => call.headers['if-none-match']),
    ).toBe(true);

    // A new notification reaches every socket.
    await bobReplies(await alicePost(), '세 창 모두에게');
    await until(() => sockets.every((subscription) => subscription.results.length > 0));

    for (const subscription of sockets) subscription.unsubscribe();
    await until(() => rig.gateway.notificationBridge.activePollers === 0);
    const afterClose = polls().length;
    await pause(INTERVAL_MS * 4);
    expect(polls().length).toBe(afterClose);
  });

  it('never lets B hear A’s notifications', async () => {
    const postId = await alicePost();
    const bob = collect(socket(rig, bobToken), NOTIFICATION_ADDED);
    const bobNamingAlice = collect(socket(rig, bobToken), `subscription ($userId: ID!) { notificationAdded(userId: $userId) { id } }`, {
      userId: String(ALICE),
    });
    const guest = collect(socket(rig), NOTIFICATION_ADDED);
    const alice = collect(socket(rig, aliceToken), NOTIFICATION_ADDED);
    await until(() => bobNamingAlice.errors.length > 0 && (guest.errors.length > 0 || guest.results.length > 0));
    expect(JSON.stringify(guest.errors[0] ?? guest.results[0])).toContain('UNAUTHORIZED');
    await until(() => rig.gateway.notificationBridge.activePollers === 2);
    await pause(INTERVAL_MS);
    await bobReplies(postId, 'B가 A에게 쓴 댓글');
    await until(() => alice.results.length > 0);
    await pause(INTERVAL_MS * 2);
    expect(bob.results).toEqual([]);
    // Every poll for a member carried that member's own token.
    for (const call of polls()) expect([`token ${aliceToken}`, `token ${bobToken}`]).toContain(call.headers.authorization);
    alice.unsubscribe();
    bob.unsubscribe();
  });

  it('a session that ends (logout on one device) ends its own subscriptions with UNAUTHORIZED; the member’s other sessions go on hearing', async () => {
    const post = await alicePostAndTitle();
    // Two devices of one member, each its own session; the one to log out subscribes first (its token polls first).
    const [leaving, staying] = await Promise.all([rig.upstream.issueToken(ALICE), rig.upstream.issueToken(ALICE)]);
    const ended = { added: collect(socket(rig, leaving), NOTIFICATION_ADDED), unread: collect(socket(rig, leaving), UNREAD) };
    await until(() => rig.gateway.notificationBridge.activePollers === 1 && ended.unread.results.length > 0);
    const kept = collect(socket(rig, staying), NOTIFICATION_ADDED);
    await pause(INTERVAL_MS * 2);

    // Logged out elsewhere than through this gateway: the upstream refuses the token at one of the next polls.
    const logout = await fetch(`${rig.upstream.url}/auth/logout`, { method: 'POST', headers: { authorization: `token ${leaving}` } });
    expect(logout.ok).toBe(true);
    const unauthorized = (result: any) => result.data === null && result.errors?.[0]?.extensions?.code === 'UNAUTHORIZED';
    await until(() => ended.added.results.some(unauthorized) && ended.unread.results.some(unauthorized));

    await bobReplies(post.id, '남은 기기에 가는 알림');
    await until(() => kept.results.length > 0);
    expect(kept.results[0].data.notificationAdded.title).toBe(m.replyOnPost('젤리곰', post.title));
    expect(ended.added.results.filter((result) => result.data?.notificationAdded)).toEqual([]);
    expect(rig.gateway.notificationBridge.activePollers).toBe(1);
    // No poll with the ended session's token once it was refused.
    rig.proxy.reset();
    await pause(INTERVAL_MS * 3);
    expect(polls().length).toBeGreaterThan(0);
    for (const call of polls()) expect(call.headers.authorization).toBe(`token ${staying}`);
    kept.unsubscribe();
    await until(() => rig.gateway.notificationBridge.activePollers === 0);
  });

  it('logging out through the gateway ends that session’s subscriptions at once, not at the next poll', async () => {
    // An interval longer than the test: after the first poll, only the logout can end the subscription.
    const slow = await startStack({ settings: { notificationPollIntervalMs: 120_000 } });
    cleanups.push(() => slow.stop());
    const leaving = await slow.upstream.issueToken(ALICE);
    const added = collect(socket(slow, leaving), NOTIFICATION_ADDED);
    await until(() => slow.gateway.notificationBridge.activePollers === 1 && polls(slow).length > 0);
    const answer = await slow.graphql('mutation { logout { __typename } }', undefined, { token: leaving });
    expect(answer.data.logout.__typename).toBe('LogoutPayload');
    await until(() => added.results.some((result) => result.errors?.[0]?.extensions?.code === 'UNAUTHORIZED'));
    expect(polls(slow).length).toBe(1);
    expect(slow.gateway.notificationBridge.activePollers).toBe(0);
  });

  it('sends the unread count first and again when it changes', async () => {
    const counts = collect(socket(rig, aliceToken), UNREAD);
    await until(() => counts.results.length > 0);
    const initial = counts.results[0].data.unreadNotificationCount;
    expect(initial).toBeGreaterThan(0);
    await until(() => polls().length > 0 && rig.gateway.notificationBridge.activePollers === 1);
    await pause(INTERVAL_MS);
    const read = await rig.graphql(
      `mutation { markNotificationsRead(input: { all: true }) { ... on MarkNotificationsReadPayload { updatedCount viewer { notifications(first: 5) { unreadCount } } } } }`,
      undefined,
      { token: aliceToken },
    );
    expect(read.data.markNotificationsRead.updatedCount).toBe(initial);
    expect(read.data.markNotificationsRead.viewer.notifications.unreadCount).toBe(0);
    await until(() => counts.results.some((result) => result.data.unreadNotificationCount === 0));
    counts.unsubscribe();
  });
});

describe('notification fields and mutations', () => {
  it('lists the viewer’s notifications with the unread count; others see null', async () => {
    const mine = await rig.graphql(
      `{ viewer { notifications(first: 2) { totalCount unreadCount edges { node { id databaseId title isRead } } } notificationStats { totalNotifications byType { key count } } } }`,
      undefined,
      { token: aliceToken },
    );
    expect(mine.data.viewer.notifications.totalCount).toBeGreaterThan(0);
    expect(mine.data.viewer.notificationStats.totalNotifications).toBe(mine.data.viewer.notifications.totalCount);
    const others = await rig.graphql(`{ user(id: ${ALICE}) { ... on User { notifications(first: 1) { totalCount } } } }`, undefined, { token: bobToken });
    if (!others.errors) expect(others.data.user?.notifications ?? null).toBeNull();

    const id = mine.data.viewer.notifications.edges[0].node.id;
    const bobReads = await rig.graphql(`query ($id: ID!) { notification(id: $id) { __typename ... on Error { message } } }`, { id }, { token: bobToken });
    expect(bobReads.data.notification).toEqual({ __typename: 'NotFoundError', message: m.notificationNotFound });
    const deleted = await rig.graphql(
      `mutation ($id: ID!) { deleteNotification(input: { id: $id }) { ... on DeleteNotificationPayload { deletedNotificationId } } }`,
      { id },
      { token: aliceToken },
    );
    expect(deleted.data.deleteNotification.deletedNotificationId).toBe(id);
    const readOnly = await rig.graphql(
      `mutation { deleteNotifications(input: {}) { ... on DeleteNotificationsPayload { deletedCount message } } }`,
      undefined,
      { token: aliceToken },
    );
    expect(readOnly.data.deleteNotifications.message).toBe(m.deleted(readOnly.data.deleteNotifications.deletedCount));
  });

  it('refuses guests with NotAuthenticatedError and a mark-read without ids with the spec message', async () => {
    const guest = await rig.graphql(`mutation { markNotificationsRead(input: { all: true }) { __typename } }`);
    expect(guest.data.markNotificationsRead.__typename).toBe('NotAuthenticatedError');
    const empty = await rig.graphql(`mutation { markNotificationsRead(input: {}) { ... on ValidationError { issues { path message } } } }`, undefined, {
      token: aliceToken,
    });
    // Told at the input's own field, `ids`.
    expect(empty.data.markNotificationsRead.issues).toEqual([{ path: ['input', 'ids'], message: m.notificationIdsRequired }]);
  });

  it('updates settings, checking quiet hours', async () => {
    const bad = await rig.graphql(
      `mutation { updateNotificationSettings(input: { quietHours: { startTime: "7:5" } }) { ... on ValidationError { issues { message } } } }`,
      undefined,
      { token: aliceToken },
    );
    expect(bad.data.updateNotificationSettings.issues[0].message).toBe(m.quietHoursTime);
    const saved = await rig.graphql(
      `mutation { updateNotificationSettings(input: { push: { enabled: false }, quietHours: { enabled: true, startTime: "22:30", endTime: "07:00" } }) { ... on UpdateNotificationSettingsPayload { settings { push { enabled } inApp { enabled types } quietHours { enabled startTime endTime } } } } }`,
      undefined,
      { token: aliceToken },
    );
    expect(saved.data.updateNotificationSettings.settings).toMatchObject({
      push: { enabled: false },
      inApp: { enabled: true },
      quietHours: { enabled: true, startTime: '22:30', endTime: '07:00' },
    });
  });

  it('lets staff send announcements; members get ForbiddenError; lengths are checked first', async () => {
    const send = (token: string, title = '점검 안내') =>
      rig.graphql(
        `mutation ($title: String!) { sendAdminNotification(input: { userIds: [${ALICE}], title: $title, content: "오늘 밤 점검합니다." }) { __typename ... on SendAdminNotificationPayload { sentCount failedCount } ... on Error { message } ... on ValidationError { issues { message } } } }`,
        { title },
        { token },
      );
    const member = await send(bobToken);
    expect(member.data.sendAdminNotification).toMatchObject({ __typename: 'ForbiddenError', message: m.staffOnly });
    const long = await send(staffToken, 'x'.repeat(ADMIN_NOTIFICATION_TITLE_MAX + 1));
    expect(long.data.sendAdminNotification.issues[0].message).toBe(m.adminTitle(ADMIN_NOTIFICATION_TITLE_MAX));
    expect((await send(staffToken)).data.sendAdminNotification).toMatchObject({ sentCount: 1, failedCount: 0 });
  });
});

describe('notices and inquiries', () => {
  it('staff write notices, members are refused, and a hyphenated id is a notice', async () => {
    const create = (token: string) =>
      rig.graphql(
        `mutation { createNotice(input: { title: "중요 점검 공지", content: "점검합니다", isImportant: true, category: MAINTENANCE }) { __typename ... on CreateNoticePayload { notice { id uuid isImportant category } } ... on Error { message } } }`,
        undefined,
        { token },
      );
    expect((await create(bobToken)).data.createNotice).toMatchObject({ __typename: 'ForbiddenError', message: m.staffOnly });
    const created = (await create(staffToken)).data.createNotice.notice;
    expect(created).toMatchObject({ isImportant: true, category: 'MAINTENANCE' });
    const list = await rig.graphql(`{ notices(first: 10) { totalCount edges { node { id title isImportant } } } }`);
    expect(list.data.notices.edges[0].node.isImportant).toBe(true);
    const entry = await rig.graphql(
      `query ($id: String!) { inboxEntry(id: $id) { __typename ... on QueryInboxEntrySuccess { data { __typename ... on Notice { title } } } } }`,
      { id: created.uuid },
      { token: aliceToken },
    );
    expect(entry.data.inboxEntry.data).toEqual({ __typename: 'Notice', title: '중요 점검 공지' });
    const deleted = await rig.graphql(`mutation ($id: ID!) { deleteNotice(input: { id: $id }) { __typename } }`, { id: created.id }, { token: staffToken });
    expect(deleted.data.deleteNotice.__typename).toBe('DeleteNoticePayload');
  });

  it('files an inquiry with the rules, comments on it, staff move it and the member rates it', async () => {
    const bad = await rig.graphql(
      `mutation { createInquiry(input: { title: "", content: "짧아요", category: GENERAL }) { ... on ValidationError { issues { path message } } } }`,
      undefined,
      { token: aliceToken },
    );
    expect(bad.data.createInquiry.issues.map((issue: any) => issue.message)).toContain(m.inquiryContent(INQUIRY_CONTENT_MIN, INQUIRY_CONTENT_MAX));
    const created = await rig.graphql(
      `mutation { createInquiry(input: { title: "계정 문의", content: "로그인이 자꾸 풀립니다. 확인 부탁드려요.", category: ACCOUNT }) { ... on CreateInquiryPayload { inquiry { id status priority } } } }`,
      undefined,
      { token: aliceToken },
    );
    const inquiry = created.data.createInquiry.inquiry;
    expect(inquiry).toMatchObject({ status: 'PENDING', priority: 'MEDIUM' });
    const listed = await rig.graphql(`{ viewer { inquiries(first: 10) { totalCount edges { node { id title } } } } }`, undefined, { token: aliceToken });
    expect(listed.data.viewer.inquiries.edges.map((edge: any) => edge.node.id)).toContain(inquiry.id);
    const foreign = await rig.graphql(`query ($id: ID!) { inquiry(id: $id) { __typename } }`, { id: inquiry.id }, { token: bobToken });
    expect(foreign.data.inquiry.__typename).toBe('NotFoundError');
    const byMember = await rig.graphql(
      `mutation ($id: ID!) { setInquiryStatus(input: { inquiryId: $id, status: IN_PROGRESS }) { __typename } }`,
      { id: inquiry.id },
      { token: aliceToken },
    );
    expect(byMember.data.setInquiryStatus.__typename).toBe('ForbiddenError');
    const skip = await rig.graphql(
      `mutation ($id: ID!) { setInquiryStatus(input: { inquiryId: $id, status: RESOLVED }) { __typename ... on Error { message } } }`,
      { id: inquiry.id },
      { token: staffToken },
    );
    expect(skip.data.setInquiryStatus).toEqual({
      __typename: 'ConflictError',
      message: m.statusTransition(m.inquiryStatusLabels.pending, m.inquiryStatusLabels.resolved),
    });
    await rig.graphql(
      `mutation ($id: ID!) { setInquiryStatus(input: { inquiryId: $id, status: IN_PROGRESS, internalNotes: "비밀 메모" }) { __typename } }`,
      { id: inquiry.id },
      { token: staffToken },
    );
    const comment = await rig.graphql(
      `mutation ($id: ID!) { addInquiryComment(input: { inquiryId: $id, comment: "확인했습니다" }) { ... on AddInquiryCommentPayload { inquiry { comments { comment user { name } } } } } }`,
      { id: inquiry.id },
      { token: staffToken },
    );
    expect(comment.data.addInquiryComment.inquiry.comments[0]).toEqual({ comment: '확인했습니다', user: { name: '운영자슬라임' } });
    await rig.graphql(
      `mutation ($id: ID!) { setInquiryStatus(input: { inquiryId: $id, status: RESOLVED, resolution: "세션을 초기화했습니다" }) { __typename } }`,
      { id: inquiry.id },
      { token: staffToken },
    );
    const rated = await rig.graphql(
      `mutation ($id: ID!) { rateInquiry(input: { inquiryId: $id, score: 5 }) { ... on RateInquiryPayload { inquiry { satisfaction status resolution internalNotes } } } }`,
      { id: inquiry.id },
      { token: aliceToken },
    );
    expect(rated.data.rateInquiry.inquiry).toEqual({ satisfaction: 5, status: 'RESOLVED', resolution: '세션을 초기화했습니다', internalNotes: null });
  });
});
