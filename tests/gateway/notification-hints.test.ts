import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_POLL_INTERVAL_MS, NOTIFICATION_PAGE_SIZE_DEFAULT } from '../../domain/limits.js';
import { messagingTexts as m } from '../../domain/messages.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { collect as collectFrom, until, wsClient } from '../helpers/ws.js';

/**
 * Pushes on hint: a write the gateway makes itself polls the recipients' inboxes at once, so these suites run with
 * the default 30 s interval and wait at most `until`'s 10 s for each arrival: nothing here can wait for a poll tick.
 */
const STAFF = 1;
const ALICE = 2;
const BOB = 3;
const CAROL = 4;
const NOTIFICATION_ADDED = `subscription { notificationAdded { databaseId title type } }`;

/** One upstream for the file (starting one seeds a database); each suite puts its own gateway rigs in front. */
let upstream: RunningUpstream;
beforeAll(async () => {
  upstream = await startUpstream();
}, 60_000);
afterAll(async () => upstream?.stop());

/** A gateway rig over the file's upstream for the enclosing suite. */
function useRig(options: Parameters<typeof startGatewayRig>[1]): Stack {
  const rig = {} as Stack;
  beforeAll(async () => void Object.assign(rig, await startGatewayRig(upstream, options)));
  afterAll(async () => rig.stop?.());
  return rig;
}

const cleanups: (() => Promise<void> | void)[] = [];
/** Closes the sockets a suite opened; registered after its rig, so it runs before the rig stops. */
const closeSockets = () =>
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

const collect = (target: Stack, token: string, query = NOTIFICATION_ADDED) => collectFrom(wsClient(target.gateway.url, cleanups, token), cleanups, query);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pollsOf = (target: Stack, page = 1) =>
  target.proxy.calls.filter((call) => call.method === 'GET' && call.url.startsWith(`/v1/user/notification/?page=${page}&pageSize=`));

/** The gateway's `gateway_notification_polls_total` for one cause, summed over outcomes. */
async function pollsCounted(target: Stack, cause: string): Promise<number> {
  const text = await (await fetch(`${target.gateway.url}/metrics`)).text();
  const pattern = new RegExp(`^gateway_notification_polls_total\\{cause="${cause}",outcome="\\w+"\\} (\\d+)`, 'gm');
  return [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
}

/** A member's subscription once the bridge has read their inbox's baseline. */
async function subscribed(target: Stack, token: string, query?: string) {
  const before = pollsOf(target).length;
  const subscription = collect(target, token, query);
  await until(() => pollsOf(target).length > before);
  // The baseline poll's answer is in: what comes next is news.
  await pause(150);
  return subscription;
}

async function postOf(target: Stack, token: string, authorId: number): Promise<{ id: string; title: string }> {
  const answer = await target.graphql(`{ posts(first: 50) { edges { node { id title author { databaseId } } } } }`, undefined, { token });
  return answer.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === authorId).node;
}

async function reply(target: Stack, token: string, input: Record<string, unknown>): Promise<string> {
  const answer = await target.graphql(
    `mutation ($input: CreateReplyInput!) { createReply(input: $input) { ... on CreateReplyPayload { replyEdge { node { id } } } } }`,
    { input },
    { token },
  );
  return answer.data.createReply.replyEdge.node.id;
}

describe('hinted polls with the default interval', () => {
  const rig = useRig({ settings: { notificationPollIntervalMs: NOTIFICATION_POLL_INTERVAL_MS } });
  closeSockets();
  const tokens: Record<number, string> = {};
  let carolNickname: string;

  beforeAll(async () => {
    for (const id of [STAFF, ALICE, BOB, CAROL]) tokens[id] = await rig.upstream.issueToken(id);
    const carol = await rig.graphql(`{ viewer { nickname } }`, undefined, { token: tokens[CAROL] });
    carolNickname = carol.data.viewer.nickname;
  });

  it('a reply through the gateway reaches the post author’s socket without waiting for the interval', async () => {
    const alice = await subscribed(rig, tokens[ALICE]);
    const polled = pollsOf(rig).length;
    const counted = { start: await pollsCounted(rig, 'start'), hint: await pollsCounted(rig, 'hint'), interval: await pollsCounted(rig, 'interval') };
    expect(counted.start).toBeGreaterThan(0);
    const post = await postOf(rig, tokens[ALICE], ALICE);
    await reply(rig, tokens[BOB], { postId: post.id, content: '바로 가는 댓글' });
    await until(() => alice.results.length > 0);
    expect(alice.results[0].data.notificationAdded).toMatchObject({ type: 'COMMENT', title: m.replyOnPost('젤리곰', post.title) });
    // One hinted poll, not a tick of the 30 s interval, and /metrics says which it was.
    expect(pollsOf(rig).length).toBe(polled + 1);
    expect(await pollsCounted(rig, 'hint')).toBe(counted.hint + 1);
    expect(await pollsCounted(rig, 'interval')).toBe(counted.interval);
    alice.unsubscribe();
    await until(() => rig.gateway.notificationBridge.activePollers === 0);
  });

  it('reaches the answered reply’s author and a mentioned member, and the author of a liked post', async () => {
    const post = await postOf(rig, tokens[ALICE], ALICE);
    const bob = await subscribed(rig, tokens[BOB]);
    const carol = await subscribed(rig, tokens[CAROL]);
    const bobsReply = await reply(rig, tokens[BOB], { postId: post.id, content: '먼저 단 댓글' });
    await pause(300);
    expect(bob.results).toEqual([]);
    // Staff answer Bob's reply on Alice's post and mention Carol: neither is the post's author.
    await reply(rig, tokens[STAFF], { postId: post.id, parentId: bobsReply, content: `답글입니다 @${carolNickname}` });
    await until(() => bob.results.length > 0 && carol.results.length > 0);
    expect(bob.results[0].data.notificationAdded.type).toBe('COMMENT');
    expect(carol.results[0].data.notificationAdded.type).toBe('MENTION');

    const carolsPost = await postOf(rig, tokens[CAROL], CAROL);
    const liked = await rig.graphql(
      `mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { isLiked } } } }`,
      { id: carolsPost.id },
      { token: tokens[BOB] },
    );
    expect(liked.data.togglePostLike.post.isLiked).toBe(true);
    await until(() => carol.results.length > 1);
    expect(carol.results[1].data.notificationAdded.type).toBe('LIKE');
    bob.unsubscribe();
    carol.unsubscribe();
    await until(() => rig.gateway.notificationBridge.activePollers === 0);
  });

  it('a reaction or message on a story reaches its author’s socket, naming who sent what', async () => {
    const alice = await subscribed(rig, tokens[ALICE]);
    const groups = await rig.graphql(`{ storyGroups(first: 20) { edges { node { user { databaseId } stories { id } } } } }`, undefined, { token: tokens[BOB] });
    const story = groups.data.storyGroups.edges.find((edge: any) => edge.node.user.databaseId === ALICE).node.stories[0];
    const react = (input: Record<string, unknown>) =>
      rig.graphql(
        `mutation ($input: ReactToStoryInput!) { reactToStory(input: $input) { __typename } }`,
        { input: { storyId: story.id, ...input } },
        { token: tokens[BOB] },
      );
    expect((await react({ type: 'EMOJI', emoji: '😂' })).data.reactToStory.__typename).toBe('ReactToStoryPayload');
    await until(() => alice.results.length === 1);
    expect(alice.results[0].data.notificationAdded).toMatchObject({ type: 'STORY', title: m.storyEmoji('젤리곰', '😂') });
    await react({ type: 'COMMENT', comment: '사진 예뻐요!' });
    await until(() => alice.results.length === 2);
    expect(alice.results[1].data.notificationAdded).toMatchObject({ type: 'STORY', title: m.storyMessage('젤리곰') });
    alice.unsubscribe();
    await until(() => rig.gateway.notificationBridge.activePollers === 0);
  });

  it('reaches a followed member, chosen and all recipients of a staff send, and an inquiry’s author', async () => {
    const alice = await subscribed(rig, tokens[ALICE]);
    const carol = await subscribed(rig, tokens[CAROL]);
    const followed = await rig.graphql(
      `mutation ($id: ID!) { followUser(input: { userId: $id }) { __typename } }`,
      { id: Buffer.from(`User:${ALICE}`).toString('base64') },
      { token: tokens[CAROL] },
    );
    expect(followed.data.followUser.__typename).toBe('FollowUserPayload');
    await until(() => alice.results.length === 1);
    expect(alice.results[0].data.notificationAdded.type).toBe('FOLLOW');

    const send = (recipients: string) =>
      rig.graphql(`mutation { sendAdminNotification(input: { ${recipients}, title: "점검 안내", content: "곧 점검합니다." }) { __typename } }`, undefined, {
        token: tokens[STAFF],
      });
    expect((await send(`userIds: [${CAROL}]`)).data.sendAdminNotification.__typename).toBe('SendAdminNotificationPayload');
    await until(() => carol.results.length === 1);
    expect(alice.results).toHaveLength(1);
    await send('allUsers: true');
    await until(() => alice.results.length === 2 && carol.results.length === 2);

    const filed = await rig.graphql(
      `mutation { createInquiry(input: { title: "알림이 늦어요", content: "알림이 늦게 오는 것 같습니다. 확인 부탁드려요.", category: TECHNICAL }) { ... on CreateInquiryPayload { inquiry { id } } } }`,
      undefined,
      { token: tokens[ALICE] },
    );
    const inquiryId = filed.data.createInquiry.inquiry.id;
    const answered = await rig.graphql(
      `mutation ($id: ID!) { addInquiryComment(input: { inquiryId: $id, comment: "확인해 보겠습니다." }) { __typename } }`,
      { id: inquiryId },
      { token: tokens[STAFF] },
    );
    expect(answered.data.addInquiryComment.__typename).toBe('AddInquiryCommentPayload');
    await until(() => alice.results.length === 3);
    // The answer took the inquiry (처리 중): staff move it on from there, and Alice hears of that too.
    const moved = await rig.graphql(
      `mutation ($id: ID!) { setInquiryStatus(input: { inquiryId: $id, status: RESOLVED }) { __typename } }`,
      { id: inquiryId },
      { token: tokens[STAFF] },
    );
    expect(moved.data.setInquiryStatus.__typename).toBe('SetInquiryStatusPayload');
    await until(() => alice.results.length === 4);
    expect(alice.results.slice(2).map((result) => result.data.notificationAdded.type)).toEqual(['SYSTEM', 'SYSTEM']);
    alice.unsubscribe();
    carol.unsubscribe();
  });

  it('marking read on one device moves the unread count on the member’s other sockets at once', async () => {
    const counts = await subscribed(rig, tokens[ALICE], `subscription { unreadNotificationCount }`);
    await until(() => counts.results.length > 0);
    expect(counts.results[0].data.unreadNotificationCount).toBeGreaterThan(0);
    const read = await rig.graphql(`mutation { markNotificationsRead(input: { all: true }) { __typename } }`, undefined, { token: tokens[ALICE] });
    expect(read.data.markNotificationsRead.__typename).toBe('MarkNotificationsReadPayload');
    await until(() => counts.results.at(-1).data.unreadNotificationCount === 0);
  });
});

describe('every notification of a burst, once per socket', () => {
  // Long enough that the whole burst, sent at once, lands between two polls even on a loaded machine.
  const INTERVAL_MS = 10_000;
  const rig = useRig({ settings: { notificationPollIntervalMs: INTERVAL_MS } });
  closeSockets();

  it('pushes 45 notifications created between two polls, in id order, each once to each socket', async () => {
    const [staffToken, aliceToken] = await Promise.all([STAFF, ALICE].map((id) => rig.upstream.issueToken(id)));
    const first = await subscribed(rig, aliceToken);
    const second = collect(rig, aliceToken);
    await pause(100);
    // Straight to the upstream's REST API: the gateway sees none of these, so only its interval poll finds them.
    const sent = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        fetch(`${rig.upstream.url}/v1/admin/notification/send/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `token ${staffToken}` },
          body: JSON.stringify({ targetUsers: [ALICE], title: `묶음 알림 ${index + 1}`, content: '한 번에 여러 개' }),
        }),
      ),
    );
    expect(sent.map((response) => response.status)).toEqual(Array(45).fill(200));
    await until(() => first.results.length >= 45 && second.results.length >= 45, INTERVAL_MS * 3);
    // The interval's poll found them (nothing hinted this inbox).
    expect(await pollsCounted(rig, 'interval')).toBeGreaterThan(0);
    expect(await pollsCounted(rig, 'hint')).toBe(0);
    await pause(INTERVAL_MS + 500);
    for (const subscription of [first, second]) {
      // Sent at once, so their ids (the push order) need not follow the titles: each arrives exactly once.
      const titles = subscription.results.map((result) => result.data.notificationAdded.title);
      expect(titles).toHaveLength(45);
      expect([...titles].sort()).toEqual(Array.from({ length: 45 }, (_, index) => `묶음 알림 ${index + 1}`).sort());
      const ids = subscription.results.map((result) => Number(result.data.notificationAdded.databaseId));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    // The catch-up read past the first page.
    expect(pollsOf(rig, Math.ceil(45 / NOTIFICATION_PAGE_SIZE_DEFAULT)).length).toBeGreaterThan(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('hints across two gateway replicas sharing Redis', () => {
  let replicas: Stack[];
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    // This run's own keys and hint topic: other runs on the same Redis neither hold its leases nor hear its hints.
    const options = {
      settings: { redisUrl: process.env.TEST_REDIS_URL!, notificationPollIntervalMs: NOTIFICATION_POLL_INTERVAL_MS },
      notificationKeyPrefix: `test:notification-hints:${randomUUID()}:`,
    };
    replicas = [await startGatewayRig(upstream, options), await startGatewayRig(upstream, options)];
    for (const id of [ALICE, BOB]) tokens[id] = await upstream.issueToken(id);
  }, 60_000);
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.stop();
  });
  closeSockets();

  it('a reply through one replica reaches the member’s sockets on both, polled once by the lease holder', async () => {
    const onFirst = await subscribed(replicas[0], tokens[ALICE]);
    const onSecond = collect(replicas[1], tokens[ALICE]);
    await until(() => replicas.every((replica) => replica.gateway.notificationBridge.activePollers === 1));
    await pause(300);
    const polled = replicas.map((replica) => pollsOf(replica).length);
    const post = await postOf(replicas[1], tokens[ALICE], ALICE);
    await reply(replicas[1], tokens[BOB], { postId: post.id, content: '다른 복제본에서 단 댓글' });
    await until(() => onFirst.results.length > 0 && onSecond.results.length > 0);
    await pause(300);
    expect(onFirst.results).toHaveLength(1);
    expect(onSecond.results).toHaveLength(1);
    expect(onFirst.results[0].data.notificationAdded.title).toBe(m.replyOnPost('젤리곰', post.title));
    // Only the lease holder (replica 1, which subscribed first) polled again; the other heard the hint and left it.
    expect(pollsOf(replicas[0]).length).toBe(polled[0] + 1);
    expect(pollsOf(replicas[1]).length).toBe(polled[1]);
  });
});
