import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { TOAST_DURATION_MS, TRENDING_PAGE_SIZE } from '../../domain/limits.js';
import { accountTexts, communityTexts, globalErrorTexts, messagingTexts as m, recoveryTexts, uiTexts } from '../../domain/messages.js';
import { recordAnnouncements } from '../helpers/announcements.js';
import { openBrowser } from '../helpers/browser.js';
import { useWebApp, viewerNickname } from '../helpers/web-app.js';

/**
 * What a keyboard and screen-reader trial in Chromium found: focus that fell to <body>, results nobody was told,
 * and controls that gave a keyboard user no feedback. Each test drives the app with the keyboard only.
 */
const ALICE = 2;
const BOB = 3;

const app = useWebApp({ member: ALICE });

/** Bob answers one of Alice's posts through the upstream: Alice gets an unread notification. */
async function bobRepliesToAlice(content: string): Promise<void> {
  const posts = (await (await fetch(`${app.upstream.url}/v1/community/?page_size=50`)).json()) as { results: { id: number; author: { id: number } | null }[] };
  const postId = posts.results.find((post) => post.author?.id === ALICE)!.id;
  const created = await fetch(`${app.upstream.url}/v1/community/${postId}/reply/`, {
    method: 'POST',
    headers: { authorization: `token ${await app.upstream.issueToken(BOB)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  expect(created.status).toBe(201);
}

/** Whether two elements' boxes on screen overlap. */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([first, second]) => {
      const [p, q] = [first, second].map((selector) => document.querySelector(selector)!.getBoundingClientRect());
      return p.bottom > q.top && p.top < q.bottom && p.right > q.left && p.left < q.right;
    },
    [a, b],
  );
}

/** What has keyboard focus: its tag and text, so a failure says where focus went. */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName}: ${document.activeElement?.textContent?.trim() ?? ''}`);

describe('focus and announcements', () => {
  test('모두 읽음 pressed with Enter stays disabled: focus goes on to the next control, not <body>, and the result is told', async () => {
    await bobRepliesToAlice('키보드로 읽을 알림');
    const page = await app.open('/community/notice');
    const markAll = page.getByRole('button', { name: m.markAllRead });
    await expect.poll(() => markAll.isEnabled()).toBe(true);
    await markAll.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: m.allMarkedRead }).waitFor();
    expect(await markAll.isDisabled()).toBe(true);
    await expect.poll(() => focused(page)).toBe(`BUTTON: ${m.deleteRead}`);
    await page.close();
  });

  test('a toast stays while it has focus or the pointer, is told without taking focus, and never covers what has focus', async () => {
    await bobRepliesToAlice('토스트를 부를 알림');
    const page = await app.open('/community/notice');
    const markAll = page.getByRole('button', { name: m.markAllRead });
    await expect.poll(() => markAll.isEnabled()).toBe(true);
    await markAll.focus();
    await page.keyboard.press('Enter');
    const toast = page.getByTestId('toast').filter({ hasText: m.allMarkedRead });
    await toast.waitFor();
    // The toast did not take focus; once focus went on to the next control, the toast is not over it.
    await expect.poll(() => focused(page)).toBe(`BUTTON: ${m.deleteRead}`);
    await expect.poll(() => overlap(page, '[data-testid="toast"]', ':focus')).toBe(false);

    // Reached with the keyboard, it stays past its time; left, it goes.
    await toast.focus();
    await page.waitForTimeout(TOAST_DURATION_MS + 500);
    expect(await focused(page)).toBe(`BUTTON: ${m.allMarkedRead}`);
    await page.getByRole('button', { name: m.deleteRead }).focus();
    await toast.hover();
    await page.waitForTimeout(TOAST_DURATION_MS + 500);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(0, 0);
    await toast.waitFor({ state: 'detached', timeout: TOAST_DURATION_MS + 2000 });
    await page.close();
  });
});

describe('forms whose submit cannot go yet', () => {
  const sheet = accountTexts.sheet;

  test('a 3-character password and Enter: the field says why, is marked invalid and keeps focus; nothing is sent', async () => {
    const guest = await openBrowser();
    try {
      const page = app.watch(await guest.context.newPage());
      await page.goto(`${app.gateway.url}/login/sign-in`);
      const identifier = page.getByLabel(sheet.identifierLabel);
      await identifier.fill('someone@example.com');
      await identifier.press('Enter');
      const password = page.getByLabel(sheet.passwordLabel);
      await password.fill('abc');
      app.graphqlOperations.length = 0;
      await password.press('Enter');
      const message = page.getByRole('alert').filter({ hasText: accountTexts.validation.sheetPassword });
      await message.waitFor();
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(await password.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
      expect(await password.evaluate((element) => element === document.activeElement)).toBe(true);
      // 로그인 is in the Tab order (marked unavailable, not skipped): pressed, it says the same and sends nothing.
      const login = page.getByRole('button', { name: sheet.submit, exact: true });
      expect(await login.getAttribute('aria-disabled')).toBe('true');
      await login.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => password.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(app.graphqlOperations.filter((name) => /Login/i.test(name) && !/Providers/.test(name))).toEqual([]);
    } finally {
      await guest.close();
    }
  });

  test('a mismatched confirmation: Tab reaches 비밀번호 변경 (not the verification mail), Enter shows the mismatch at its field', async () => {
    const page = await app.open('/my/settings');
    const s = accountTexts.settings;
    await page.getByLabel(s.currentPassword, { exact: true }).fill('whatever1');
    await page.getByLabel(s.newPassword, { exact: true }).fill('newpass123');
    const confirmation = page.getByLabel(s.newPasswordConfirm, { exact: true });
    await confirmation.fill('newpass124');
    app.graphqlOperations.length = 0;
    await confirmation.press('Tab');
    expect(await focused(page)).toBe(`BUTTON: ${s.changePassword}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => confirmation.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await confirmation.getAttribute('aria-invalid')).toBe('true');
    const mismatch = page.getByText(accountTexts.validation.newPasswordMismatch);
    expect(await confirmation.getAttribute('aria-describedby')).toBe(await mismatch.getAttribute('id'));
    expect(app.graphqlOperations).toEqual([]);

    // Nothing typed in the current password: pressed, that field says so and takes focus.
    await page.getByLabel(s.currentPassword, { exact: true }).fill('');
    await confirmation.fill('newpass123');
    await page.getByRole('button', { name: s.changePassword }).focus();
    await page.keyboard.press('Enter');
    const current = page.getByLabel(s.currentPassword, { exact: true });
    await expect.poll(() => current.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(accountTexts.validation.passwordRequired).first().waitFor();
    expect(app.graphqlOperations).toEqual([]);
    await page.close();
  });
});

describe('getting around', () => {
  test('the first Tab reaches 본문으로 건너뛰기, which takes focus to the screen’s content', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: uiTexts.skipToContent });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(page.url()).toBe(`${app.gateway.url}/community`);
    // The next Tab is in the content, not back at the top.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    await page.close();
  });

  test('a tab pressed with Enter takes focus to the heading of the screen it opens', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().waitFor();
    const tabs = page.getByRole('navigation', { name: uiTexts.appNavigation });
    await tabs.getByRole('link', { name: uiTexts.tabs.search, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/community\/search$/);
    await expect.poll(() => focused(page)).toBe(`H1: ${communityTexts.search.title}`);
    await page.close();
  });

  test('a guest’s tab that needs a login: once logged in from the sheet, focus is on the heading of the screen it opens', async () => {
    const sheet = accountTexts.sheet;
    const guest = await openBrowser();
    try {
      const page = app.watch(await guest.context.newPage());
      await page.goto(`${app.gateway.url}/community`);
      await page.getByTestId('post-card').first().waitFor();
      const tabs = page.getByRole('navigation', { name: uiTexts.appNavigation });
      await tabs.getByRole('link', { name: uiTexts.tabs.write, exact: true }).focus();
      await page.keyboard.press('Enter');
      const identifier = page.getByLabel(sheet.identifierLabel);
      await expect.poll(() => identifier.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type('mallang@slime.community');
      await page.keyboard.press('Enter');
      const password = page.getByLabel(sheet.passwordLabel);
      await expect.poll(() => password.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type('slime1234');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/community\/write$/);
      await expect.poll(() => focused(page)).toBe(`H1: ${communityTexts.write.title}`);
    } finally {
      await guest.close();
    }
  });

  test('every navigation landmark on /my and the 알림 screen has a name', async () => {
    for (const path of ['/my', '/community/notice']) {
      const page = await app.open(path);
      await page.locator('main h1').first().waitFor();
      await page.locator('main nav').first().waitFor();
      const unnamed = await page
        .locator('nav')
        .evaluateAll((navs) => navs.filter((nav) => !nav.getAttribute('aria-label') && !nav.getAttribute('aria-labelledby')).length);
      expect(unnamed, path).toBe(0);
      await page.close();
    }
  });
});

describe('replies from the keyboard', () => {
  const r = communityTexts.reply;
  const isFocused = (element: HTMLElement | SVGElement) => element === document.activeElement;

  test('a reply and an answer are told when sent; the 답글 form follows its button in the Tab order and Escape closes it', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: r.title });
    const nickname = await viewerNickname(page);
    const box = section.getByRole('textbox', { name: r.placeholder });
    await box.fill('키보드 점검 댓글');
    await section.getByRole('button', { name: r.submit, exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: r.created }).waitFor();

    const mine = section.locator('li.reply:not(.reply--nested)').filter({ hasText: '키보드 점검 댓글' }).first();
    // Each button names whose reply it acts on.
    const target = r.target(nickname, false);
    const answerButton = mine.getByRole('button', { name: r.toTarget(target, r.reply), exact: true });
    await answerButton.waitFor();
    expect(await mine.getByRole('button', { name: `${target} ${r.edit}`, exact: true }).count()).toBe(1);
    expect(await mine.getByRole('button', { name: `${target} ${r.delete}`, exact: true }).count()).toBe(1);
    expect(await mine.getByRole('button', { name: new RegExp(`^${r.toTarget(target, communityTexts.post.like)} \\d+$`) }).count()).toBe(1);

    // Opened, the form takes the focus in its box, and is next in the Tab order after 답글: before 수정 and 삭제.
    await answerButton.focus();
    await page.keyboard.press('Enter');
    // Named for the reply it answers, as its buttons are.
    const answerBox = mine.getByRole('textbox', { name: r.toTarget(target, r.replyPlaceholder), exact: true });
    await expect.poll(() => answerBox.evaluate(isFocused)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await answerButton.evaluate(isFocused)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await answerBox.evaluate(isFocused)).toBe(true);
    // Escape closes it, back to its 답글 button; what was typed is kept for when it opens again.
    await page.keyboard.type('키보드 점검');
    await page.keyboard.press('Escape');
    await answerBox.waitFor({ state: 'detached' });
    expect(await answerButton.evaluate(isFocused)).toBe(true);
    expect(await answerButton.getAttribute('aria-expanded')).toBe('false');

    // Sent, the answer is told and the focus stays in the thread, on the 답글 button (not the post's reply box).
    await page.keyboard.press('Enter');
    await expect.poll(() => answerBox.evaluate(isFocused)).toBe(true);
    expect(await answerBox.inputValue()).toBe('키보드 점검');
    await page.keyboard.type(' 답글');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await mine.locator('.reply--nested').filter({ hasText: '키보드 점검 답글' }).waitFor();
    await page.getByRole('status').filter({ hasText: r.answerCreated }).waitFor();
    await expect.poll(() => answerButton.evaluate(isFocused)).toBe(true);
    const answer = mine.locator('.reply--nested').filter({ hasText: '키보드 점검 답글' });
    expect(await answer.getByRole('button', { name: `${r.target(nickname, true)} ${r.delete}`, exact: true }).count()).toBe(1);

    // A reply's author is a link to their profile, as the post's author is.
    await answer.getByRole('link', { name: nickname, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: accountTexts.profile.title(nickname) }).waitFor();
    await page.close();
  });
});

describe('notifications for screen readers', () => {
  /** Bob answers one of Alice's posts through the gateway, which tells Alice's live inbox at once. */
  async function bobRepliesLive(content: string): Promise<void> {
    const ask = async (token: string, query: string, variables: Record<string, unknown> = {}) =>
      (await (
        await fetch(`${app.gateway.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `token ${token}` },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as { data: any };
    const posts = await ask(await app.upstream.issueToken(ALICE), `{ posts(first: 50) { edges { node { id author { databaseId } } } } }`);
    const postId = posts.data.posts.edges.find((edge: any) => edge.node.author?.databaseId === ALICE).node.id;
    const answer = await ask(await app.upstream.issueToken(BOB), `mutation ($input: CreateReplyInput!) { createReply(input: $input) { __typename } }`, {
      input: { postId, content },
    });
    expect(answer.data.createReply.__typename).toBe('CreateReplyPayload');
  }

  test('the 알림 tab is named label first, an unread notification says so in words, and one arriving live is told', async () => {
    await bobRepliesToAlice('읽지 않은 채로 둘 알림');
    const page = await app.open('/community/notice');
    const badge = page.getByTestId('unread-badge');
    await badge.waitFor({ state: 'attached' });
    const count = Number(/(\d+)개/.exec((await badge.textContent()) ?? '')![1]);
    const tabs = page.getByRole('navigation', { name: uiTexts.appNavigation });
    // Label, then count (Chromium puts a space before the comma: screen readers pause there alike).
    expect(await tabs.getByRole('link', { name: new RegExp(`^${uiTexts.tabs.notification} ?, ${m.unread(count)}$`) }).count()).toBe(1);

    const unread = page.locator('.inbox__item--unread .inbox__open').first();
    expect((await unread.textContent())?.startsWith(m.unreadMark)).toBe(true);
    expect(
      await page
        .locator('.inbox__item:not(.inbox__item--unread) .inbox__open')
        .evaluateAll((items) => items.some((item) => item.textContent?.includes('읽지 않음'))),
    ).toBe(false);

    // Wait for the socket's first count (the live inbox is up), then a notification arrives.
    await page.waitForTimeout(1000);
    await bobRepliesLive('실시간으로 들어온 알림');
    const told = page.getByRole('status').filter({ hasText: m.arrived('') });
    await told.waitFor({ timeout: 15_000 });
    const firstTold = (await told.textContent())!;
    // A second one titled alike (Bob again, on the same post) is told again: its words are added anew to the status.
    const announcements = await recordAnnouncements(page);
    await bobRepliesLive('실시간으로 들어온 두 번째 알림');
    await expect.poll(announcements, { timeout: 15_000 }).toContain(firstTold);
    await page.close();
  });
});

describe('leftovers', () => {
  test('with a quick login on, the login sheet opens on the first provider, not on 닫기', async () => {
    const saved = process.env.GOOGLE_CLIENT_ID;
    process.env.GOOGLE_CLIENT_ID = 'keyboard-trial-google';
    const guest = await openBrowser();
    try {
      const page = app.watch(await guest.context.newPage());
      await page.route('https://accounts.google.com/gsi/client', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      await page.goto(`${app.gateway.url}/community`);
      await page.getByTestId('post-card').first().waitFor();
      await page.getByRole('navigation', { name: uiTexts.appNavigation }).getByRole('link', { name: uiTexts.tabs.profile, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: accountTexts.sheet.title });
      await dialog.getByRole('button', { name: accountTexts.sheet.google }).waitFor();
      await expect.poll(() => focused(page)).toBe(`BUTTON: ${accountTexts.sheet.google}`);
    } finally {
      if (saved === undefined) delete process.env.GOOGLE_CLIENT_ID;
      else process.env.GOOGLE_CLIENT_ID = saved;
      await guest.close();
    }
  });

  test('더 보기 whose page fails says so in place and offers 다시 시도, which loads it', async () => {
    const page = await app.open('/community/search');
    const cards = page.getByTestId('post-card');
    const more = page.getByRole('button', { name: communityTexts.search.more });
    await more.waitFor();
    expect(await cards.count()).toBe(TRENDING_PAGE_SIZE);
    await page.route('**/graphql', (route) => route.abort());
    await more.click();
    const failure = page.getByRole('alert').filter({ hasText: recoveryTexts.moreFailed });
    await failure.waitFor();
    await page.unroute('**/graphql');
    await page.getByRole('button', { name: globalErrorTexts.tryAgain, exact: true }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(TRENDING_PAGE_SIZE);
    await failure.waitFor({ state: 'detached' });
    // What came is told, not only 더 불러오는 중...
    const added = (await cards.count()) - TRENDING_PAGE_SIZE;
    const last = (await more.count()) === 0;
    await page
      .getByRole('status')
      .filter({ hasText: recoveryTexts.moreLoaded(added, last) })
      .waitFor({ state: 'attached' });
    await page.close();
  });
  test('unblocking one of several members from the settings takes focus to the next row, not the top of the page', async () => {
    const aliceToken = await app.upstream.issueToken(ALICE);
    const members = [4, 5, 6];
    for (const member of members) {
      const blocked = await fetch(`${app.upstream.url}/users/${member}/block`, {
        method: 'POST',
        headers: { authorization: `token ${aliceToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: '포커스 점검' }),
      });
      expect(blocked.status).toBe(201);
    }
    const page = await app.open('/my/settings');
    const rows = page.getByTestId('blocked-member');
    await expect.poll(() => rows.count()).toBe(members.length);
    const names = (await rows.locator('.blocked-list__member').allTextContents()).map((name) => name.trim());
    const unblockSecond = page.getByRole('button', { name: accountTexts.settings.unblockMember(names[1]!), exact: true });
    await unblockSecond.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: accountTexts.settings.unblocked }).waitFor();
    await expect.poll(() => rows.count()).toBe(members.length - 1);
    // The row that followed the unblocked one has focus: the member's link, the first control of that row.
    await expect.poll(() => focused(page)).toBe(`A: ${names[2]}`);

    // The last row unblocked: the row before it (now the last) has focus.
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe(`BUTTON: ${accountTexts.profile.unblock}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(members.length - 2);
    await expect.poll(() => focused(page)).toBe(`A: ${names[0]}`);
    await page.getByRole('button', { name: accountTexts.settings.unblockMember(names[0]!), exact: true }).click();
    await expect.poll(() => rows.count()).toBe(0);
    await page.close();
  });
});

describe('already in place when checked', () => {
  test('unblocking from the settings is told; the write form names its counters as its fields’ descriptions', async () => {
    const aliceToken = await app.upstream.issueToken(ALICE);
    const blocked = await fetch(`${app.upstream.url}/users/${BOB}/block`, {
      method: 'POST',
      headers: { authorization: `token ${aliceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: '키보드 점검' }),
    });
    expect(blocked.status).toBe(201);
    const page = await app.open('/my/settings');
    await page.getByTestId('blocked-member').first().getByRole('button').click();
    await page.getByRole('status').filter({ hasText: accountTexts.settings.unblocked }).waitFor();

    await page.goto(`${app.gateway.url}/community/write`);
    const w = communityTexts.write;
    for (const [label, counter] of [
      [w.titleLabel, 'title-counter'],
      [w.contentLabel, 'content-counter'],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      const counterId = await page.getByTestId(counter).getAttribute('id');
      expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(counterId);
    }
    await page.close();
  });
});
