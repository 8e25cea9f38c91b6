import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { messagingTexts as m } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * The live inbox on every screen, with the gateway's default 30 s poll interval: B's reply through the gateway
 * hints A's poller, so A's tab badge rises on /my well before any interval tick, and 알림 shows the reply on return.
 */
const STAFF = 1;
const ALICE = 2;
const BOB = 3;

const app = useWebApp({ browser: false });

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

/** The count the notification tab's badge carries (its screen-reader text), 0 without a badge. */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('unread-badge');
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.textContent()) ?? '';
  const match = /(\d+)개/.exec(text);
  return match ? Number(match[1]) : 0;
}

test('A on /my sees the unread count rise when B replies to A’s post, and 알림 shows the reply on return', async () => {
  const [aliceToken, bobToken] = await Promise.all([ALICE, BOB].map((id) => app.upstream.issueToken(id)));
  const posts = await graphql(aliceToken, `{ posts(first: 50) { edges { node { id author { databaseId } } } } }`);
  const postId = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node.id;
  await bobReplies(bobToken, postId, '먼저 남긴 댓글입니다');

  const page = await app.open('/community/notice', await app.browserFor(ALICE));
  await page.getByText('먼저 남긴 댓글입니다').first().waitFor();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await page.locator('.tab[data-tab="profile"]').click();
  await page.waitForURL(/\/my$/);
  await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);
  const before = await badgeCount(page);
  expect(await page.getByTestId('unread-badge').textContent()).toContain(m.unread(before));
  // The count takes the permanent dot's place: one red mark on the bell, not a dot peeking out from under the count.
  expect(await page.locator('.tab[data-tab="notification"] .tab__icon').evaluate((icon) => getComputedStyle(icon, '::after').content)).toBe('none');
  // The gateway's poller has read A's inbox once (its baseline) before the news.
  await page.waitForTimeout(1000);

  await bobReplies(bobToken, postId, '마이 페이지에서 본 댓글');
  await expect.poll(() => badgeCount(page), { timeout: 10_000 }).toBe(before + 1);
  expect(new URL(page.url()).pathname).toBe('/my');

  // One the gateway never saw (straight to the REST API): no push before the interval, but 알림 reads its list again.
  const sent = await fetch(`${app.upstream.url}/v1/admin/notification/send/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `token ${await app.upstream.issueToken(STAFF)}` },
    body: JSON.stringify({ targetUsers: [ALICE], title: '돌아와서 보는 공지', content: '다시 읽은 목록에 있습니다' }),
  });
  expect(sent.status).toBe(200);

  await page.locator('.tab[data-tab="notification"]').click();
  await page.getByText('마이 페이지에서 본 댓글').first().waitFor({ timeout: 5_000 });
  await page.getByText('돌아와서 보는 공지').first().waitFor({ timeout: 5_000 });
  await expect.poll(async () => (await page.getByTestId('unread-count').textContent()) ?? '').toBe(m.unread(before + 2));
  // All of it without a reload.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
