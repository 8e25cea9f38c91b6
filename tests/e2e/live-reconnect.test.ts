import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { globalErrorTexts } from '../../domain/messages.js';
import { openBrowser } from '../helpers/browser.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * Live updates survive an outage between the browser and the gateway: A's browser reaches the gateway through a
 * TCP proxy that cuts every connection and refuses new ones for 5 s (the client's first reconnect is refused),
 * while B keeps using the gateway. Once it is back, the screen shows what B did meanwhile without a reload (the
 * inbox's list, a post's like count: the screen's query read again), and the next change arrives live again.
 * A socket the gateway closes while it cannot check the token is opened again too, and a tab hidden for long
 * reads its screen again when it shows.
 */
const ALICE = 2;
const BOB = 3;
const OUTAGE_MS = 5000;

const app = useWebApp({ browser: false, faultProxy: true });
let front: TcpProxy;
beforeAll(async () => {
  front = await startTcpProxy(app.gateway.url);
}, 90_000);
afterAll(() => front?.close());

async function graphql(token: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${app.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `token ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data: any };
}

async function bobReplies(bobToken: string, postId: string, content: string) {
  const answer = await graphql(bobToken, `mutation ($input: CreateReplyInput!) { createReply(input: $input) { __typename } }`, {
    input: { postId, content },
  });
  expect(answer.data.createReply.__typename).toBe('CreateReplyPayload');
}

/** Bob likes the post, or takes his like back; the post's like count after. */
async function bobTogglesLike(bobToken: string, postId: string): Promise<number> {
  const answer = await graphql(
    bobToken,
    `mutation ($input: TogglePostLikeInput!) { togglePostLike(input: $input) { ... on TogglePostLikePayload { post { likeCount } } } }`,
    {
      input: { id: postId },
    },
  );
  return answer.data.togglePostLike.post.likeCount;
}

/**
 * Opens `path` and waits until the page has sent a subscription over its socket, plus a moment for the gateway to
 * start it: a change made before that would reach nobody, live or not.
 */
async function openSubscribed(path: string, context: BrowserContext): Promise<Page> {
  const page = app.watch(await context.newPage());
  let subscribed = false;
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (String(frame.payload).includes('"type":"subscribe"')) subscribed = true;
    }),
  );
  await page.goto(path);
  await expect.poll(() => subscribed, { timeout: 15_000 }).toBe(true);
  await page.waitForTimeout(1000);
  return page;
}

/** The count the notification tab's badge carries (its screen-reader text), 0 without a badge: only the socket sets it. */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('unread-badge');
  if ((await badge.count()) === 0) return 0;
  const match = /(\d+)개/.exec((await badge.textContent()) ?? '');
  return match ? Number(match[1]) : 0;
}

test('after 5 s without the gateway, A’s inbox shows the reply B made meanwhile, and the next one arrives live', async () => {
  const [aliceToken, bobToken] = await Promise.all([ALICE, BOB].map((id) => app.upstream.issueToken(id)));
  const posts = await graphql(aliceToken, `{ posts(first: 50) { edges { node { id author { databaseId } } } } }`);
  const postId = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node.id;
  await bobReplies(bobToken, postId, '끊기기 전에 남긴 댓글');

  const page = await app.open(`${front.url}/community/notice`, await app.browserFor(ALICE));
  await page.getByText('끊기기 전에 남긴 댓글').first().waitFor();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  // The socket is up: the badge's count came over it. The gateway's poller reads A's inbox once (its baseline).
  await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBeGreaterThan(0);
  const before = await badgeCount(page);
  await page.waitForTimeout(1000);

  await front.refuse();
  await bobReplies(bobToken, postId, '끊긴 동안 남긴 댓글');
  await page.waitForTimeout(OUTAGE_MS);
  await front.accept();

  // Subscribed again (the count is the new subscription's first value), and caught up: the list read again.
  await expect.poll(() => badgeCount(page), { timeout: 30_000 }).toBe(before + 1);
  await page.getByText('끊긴 동안 남긴 댓글').first().waitFor({ timeout: 15_000 });
  const operationsAfterCatchUp = app.graphqlOperations.length;
  await page.waitForTimeout(1000);

  // Live again: the next reply reaches the open inbox over the socket, not by another read of the list.
  await bobReplies(bobToken, postId, '다시 이어진 뒤 남긴 댓글');
  await page.getByText('다시 이어진 뒤 남긴 댓글').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBe(before + 2);
  expect(app.graphqlOperations.slice(operationsAfterCatchUp)).not.toContain('InboxPageQuery');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}, 90_000);

test('a socket the gateway closes while its upstream cannot check the token (503) is opened again until it succeeds', async () => {
  const [aliceToken, bobToken] = await Promise.all([ALICE, BOB].map((id) => app.upstream.issueToken(id)));
  const posts = await graphql(aliceToken, `{ posts(first: 50) { edges { node { id author { databaseId } } } } }`);
  const postId = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node.id;

  const page = await app.open(`${front.url}/community/notice`, await app.browserFor(ALICE));
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBeGreaterThan(0);
  const before = await badgeCount(page);

  await front.refuse();
  await bobReplies(bobToken, postId, '업스트림이 멈추기 전 댓글');
  app.proxy.fallback = { kind: 'status', status: 503 };
  const opened = sockets.length;
  await front.accept();
  // Closed with 1013 (or a code graphql-ws takes as final, such as 4500 from an older gateway): the app opens the socket again after a wait, however often it fails.
  await expect.poll(() => sockets.length - opened, { timeout: 45_000 }).toBeGreaterThanOrEqual(2);
  app.proxy.fallback = { kind: 'pass' };

  await expect.poll(() => badgeCount(page), { timeout: 60_000 }).toBe(before + 1);
  await page.getByText('업스트림이 멈추기 전 댓글').first().waitFor({ timeout: 15_000 });
}, 120_000);

test('a post’s like count missed during 5 s without the gateway is read again after, then follows live', async () => {
  const [aliceToken, bobToken] = await Promise.all([ALICE, BOB].map((id) => app.upstream.issueToken(id)));
  const posts = await graphql(aliceToken, `{ posts(first: 50) { edges { node { id author { databaseId } } } } }`);
  const postId = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node.id;
  const page = await openSubscribed(`${front.url}/community/detail?id=${encodeURIComponent(postId)}`, await app.browserFor(ALICE));
  const likeCount = () => page.getByTestId('like-count').textContent().then(Number);
  await page.getByTestId('like-count').waitFor();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  // Live before: the screen's subscription is running.
  const first = await bobTogglesLike(bobToken, postId);
  await expect.poll(likeCount, { timeout: 15_000 }).toBe(first);

  await front.refuse();
  const missed = await bobTogglesLike(bobToken, postId);
  await page.waitForTimeout(OUTAGE_MS);
  await front.accept();
  // The screen's query (store-or-network on entry) is read from the network again: the missed change shows.
  await expect.poll(likeCount, { timeout: 30_000 }).toBe(missed);
  const operationsAfterCatchUp = app.graphqlOperations.length;
  await page.waitForTimeout(1000);

  const after = await bobTogglesLike(bobToken, postId);
  await expect.poll(likeCount, { timeout: 15_000 }).toBe(after);
  expect(app.graphqlOperations.slice(operationsAfterCatchUp)).not.toContain('PostDetailPageQuery');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}, 90_000);

test('a tab back after more than the lists’ freshness hidden reads its screen again', async () => {
  const [aliceToken, bobToken] = await Promise.all([ALICE, BOB].map((id) => app.upstream.issueToken(id)));
  const posts = await graphql(aliceToken, `{ posts(first: 50) { edges { node { id author { databaseId } } } } }`);
  const postId = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node.id;
  const context = await app.browserFor(ALICE);
  // The page's clock runs as usual until fastForward jumps it past the time a hidden tab's data stays fresh.
  await context.clock.install();
  const page = await openSubscribed(`${app.gateway.url}/community/detail?id=${encodeURIComponent(postId)}`, context);
  const likeCount = () => page.getByTestId('like-count').textContent().then(Number);
  await page.getByTestId('like-count').waitFor();
  // Live: the screen's subscription (and the socket's code watching the tab) is running.
  const before = await bobTogglesLike(bobToken, postId);
  await expect.poll(likeCount, { timeout: 15_000 }).toBe(before);

  // Liked straight on the REST API: the gateway publishes nothing, as for an event a frozen tab's socket lost.
  const databaseId = Buffer.from(postId, 'base64').toString().split(':')[1];
  const liked = await fetch(`${app.upstream.url}/v1/community/${databaseId}/`, { method: 'PATCH', headers: { authorization: `token ${bobToken}` } });
  const likedNow = ((await liked.json()) as { like_count: number }).like_count;
  expect(likedNow).not.toBe(before);

  // Chromium shows every page of the test's browser: hiding one is the page's own visibility, set as the browser would.
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  await context.clock.fastForward('03:00');
  await setHidden(false);
  await expect.poll(likeCount, { timeout: 15_000 }).toBe(likedNow);
}, 90_000);

test('a catch-up read that fails (the gateway is back, its upstream is not) leaves the screen as it was', async () => {
  const posts = await graphql(await app.upstream.issueToken(ALICE), `{ posts(first: 50) { edges { node { id author { databaseId } } } } }`);
  const postId: string = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node.id;
  const databaseId = Buffer.from(postId, 'base64').toString().split(':')[1];
  // A guest: the gateway takes a guest's socket without asking the upstream, so the socket comes back first.
  const guest = await openBrowser();
  try {
    const page = app.watch(await guest.context.newPage());
    let sockets = 0;
    page.on('websocket', () => (sockets += 1));
    await page.goto(`${front.url}/community/detail?id=${encodeURIComponent(postId)}`);
    await page.getByTestId('like-count').waitFor();
    const likes = await page.getByTestId('like-count').textContent();
    await expect.poll(() => sockets, { timeout: 15_000 }).toBeGreaterThan(0);

    await front.refuse();
    app.proxy.reset();
    app.proxy.fallback = { kind: 'status', status: 503 };
    await front.accept();
    // The catch-up's read of the post reached the upstream, which answered 503.
    const failedReads = () => app.proxy.calls.filter((call) => call.fault === 'status' && call.url.includes(`/v1/community/${databaseId}`)).length;
    await expect.poll(failedReads, { timeout: 45_000 }).toBeGreaterThan(0);
    app.proxy.fallback = { kind: 'pass' };
    await page.waitForTimeout(500);
    expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    expect(await page.getByTestId('like-count').textContent()).toBe(likes);
  } finally {
    await guest.close();
  }
}, 90_000);
