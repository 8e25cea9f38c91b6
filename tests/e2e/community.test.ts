import { type Locator, type Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CATEGORY_IDS, SPECIAL_IDS } from '../../domain/community.js';
import { accountTexts, globalErrorTexts, uiTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * The community journeys of 000 §2 in Chromium, against the built web app served by the real gateway over
 * the real upstream (in-memory database with its Korean demo data). Run with `npm run test:e2e`.
 */

const HANGUL = /[가-힣]/;

const app = useWebApp();
const open = (path: string) => app.open(path);

const cards = (page: Page) => page.getByTestId('post-card');
const tabBar = (page: Page) => page.getByRole('navigation', { name: uiTexts.appNavigation });
const tab = (page: Page, label: string) => tabBar(page).getByRole('link', { name: label, exact: true });

/** What a screen reader reads in an element: its text, without what aria-hidden hides (an aria-label on a list item is not read). */
const heardText = (locator: Locator) =>
  locator.evaluate((root) => {
    const words: string[] = [];
    const walk = (node: Node) => {
      if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return;
      if (node.nodeType === Node.TEXT_NODE) words.push(node.textContent ?? '');
      node.childNodes.forEach(walk);
    };
    walk(root);
    return words.join(' ').replace(/\s+/g, ' ').trim();
  });

async function firstPageOfFeed(page: Page) {
  await cards(page).first().waitFor();
  return cards(page).count();
}

/** A category whose chip is worth tapping: visible, not 'all' (that is the 전체 chip), and with posts in it. */
async function categoryWithPosts(): Promise<{ databaseId: number; name: string }> {
  const response = await fetch(`${app.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ categories { databaseId name hidden } }' }),
  });
  const { data } = (await response.json()) as { data: { categories: { databaseId: number; name: string; hidden: boolean }[] } };
  for (const category of data.categories.filter((candidate) => !candidate.hidden && candidate.databaseId !== CATEGORY_IDS.all)) {
    const answer = await fetch(`${app.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($id: Int) { posts(first: 1, categoryId: $id) { totalCount } }',
        variables: { id: category.databaseId },
      }),
    });
    const { data: posts } = (await answer.json()) as { data: { posts: { totalCount: number } } };
    if (posts.posts.totalCount > 0) return category;
  }
  throw new Error('the demo data has no category with posts');
}

describe('community', () => {
  test('the feed shows Korean posts, with the home tab active', async () => {
    const page = await open('/');
    await page.waitForURL('**/community');
    expect(await firstPageOfFeed(page)).toBeGreaterThan(0);

    const titles = await cards(page).locator('h2').allTextContents();
    expect(titles.some((title) => HANGUL.test(title))).toBe(true);
    // Each count is read with what it counts (좋아요 4 댓글 4 조회 28), not as bare numbers ("4 4 28").
    expect(await heardText(cards(page).first().locator('.post-stats'))).toMatch(
      new RegExp(`^${uiTexts.likes} \\d+ ${uiTexts.replies} \\d+ ${uiTexts.views} \\d+$`),
    );
    expect(await tab(page, uiTexts.tabs.home).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toBe(`${uiTexts.community} · ${uiTexts.appTitle}`);
    // The spec's notification tab shows a permanent red dot, for guests too; the unread count is LiveInbox's, for members.
    const dot = await tab(page, uiTexts.tabs.notification)
      .locator('.tab__icon')
      .evaluate((element) => {
        const style = getComputedStyle(element, '::after');
        return { content: style.content, width: style.width, background: style.backgroundColor };
      });
    expect(dot).toEqual({ content: '""', width: '7px', background: expect.not.stringMatching(/^rgba\(0, 0, 0, 0\)$/) });
    await page.close();
  });

  test('scrolling to the bottom loads more posts', async () => {
    const page = await open('/community');
    const firstPage = await firstPageOfFeed(page);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(firstPage);
    await page.close();
  });

  test('a post opens, and the header back button returns to the feed', async () => {
    const page = await open('/community');
    await firstPageOfFeed(page);
    const card = cards(page).first();
    const title = (await card.locator('h2').textContent())?.trim();

    await card.click();
    await page.waitForURL(/\/community\/detail\?id=/);
    // The post's title is the screen's only h1 (the bar above it says 게시글 without being a heading).
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(HANGUL.test(await page.getByTestId('post-content').innerText())).toBe(true);

    await page.getByRole('button', { name: uiTexts.back }).click();
    await page.waitForURL((url) => url.pathname === '/community' && url.search === '');
    await cards(page).first().waitFor();
    await page.close();
  });

  test("the post's author name opens the author's profile", async () => {
    const page = await open('/community');
    await firstPageOfFeed(page);
    await cards(page).first().click();
    const author = page.locator('.author-profile__name');
    const nickname = (await author.textContent())!.trim();
    await author.click();
    await page.waitForURL(/\/users\//);
    await page.getByRole('heading', { name: accountTexts.profile.title(nickname) }).waitFor();
    await page.close();
  });

  test('a post opens at the top, and going back returns to where the feed was left', async () => {
    const page = await open('/community');
    await firstPageOfFeed(page);
    const card = cards(page).nth(6);
    await card.scrollIntoViewIfNeeded();
    const feedScroll = await page.evaluate(() => window.scrollY);
    expect(feedScroll).toBeGreaterThan(300);

    await card.click();
    await page.waitForURL(/\/community\/detail\?id=/);
    await page.getByTestId('post-content').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/community');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(feedScroll);
    await page.close();
  });

  test('a guest on a member-only screen is offered the login, which opens the login sheet', async () => {
    const page = await open('/community');
    const memberOnly = [
      '/my/settings',
      '/my/profile',
      '/my/profile/edit',
      '/my/notifications',
      '/my/inquiries',
      '/my/inquiries/1',
      '/stories/new',
      '/my/settings/close-friends',
    ];
    // A guest may be staff who has not logged in yet: the staff screens offer the login too, not "staff only".
    const staffOnly = ['/my/inquiries/1/status', '/my/admin/notify', '/my/admin/notice'];
    for (const path of [...memberOnly, ...staffOnly]) {
      await page.goto(`${app.gateway.url}${path}`);
      await page.getByText(uiTexts.loginRequired).first().waitFor();
      await page.getByRole('button', { name: uiTexts.login, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: accountTexts.sheet.title });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: uiTexts.close }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.close();
  });

  test('a guest tapping 작성 gets the login modal and stays on 홈', async () => {
    const page = await open('/community');
    await firstPageOfFeed(page);

    await tab(page, uiTexts.tabs.write).click();
    // The login sheet of 001 §2 (accounts).
    const dialog = page.getByRole('dialog', { name: accountTexts.sheet.title });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/community');
    expect(await tab(page, uiTexts.tabs.home).getAttribute('aria-current')).toBe('page');
    expect(await tab(page, uiTexts.tabs.write).getAttribute('aria-current')).toBeNull();

    await dialog.getByRole('button', { name: uiTexts.close }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/community');
    await page.close();
  });

  test('a category chip filters the feed', async () => {
    const category = await categoryWithPosts();
    const page = await open('/community');
    await firstPageOfFeed(page);

    const chips = page.getByRole('navigation', { name: uiTexts.categoryFilter });
    await chips.getByRole('link', { name: category.name, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === String(category.databaseId));
    expect(await chips.getByRole('link', { name: category.name, exact: true }).getAttribute('aria-current')).toBe('page');

    // The previous list stays on screen (dimmed) until the filtered one replaces it.
    await expect
      .poll(
        async () => {
          const names = await cards(page).getByTestId('post-card-category').allTextContents();
          const cardCount = await cards(page).count();
          return cardCount > 0 && names.length === cardCount && names.every((name) => name === category.name);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.close();
  });

  test('a notice on the 공지 board says 공지 once, on its card and its page: its board chip, in the notice colour, beside 고정', async () => {
    const page = await open(`/community?category=${SPECIAL_IDS.notice}`);
    const labels = cards(page).first().locator('.post-card__labels > .label');
    await labels.first().waitFor();
    expect(await labels.allTextContents()).toEqual([uiTexts.notice, uiTexts.pinned]);
    expect(await labels.first().getAttribute('class')).toContain('label--notice');
    // And so does the notice itself.
    await cards(page).first().click();
    const detailLabels = page.locator('.post-detail__labels > .label');
    await detailLabels.first().waitFor();
    expect(await detailLabels.allTextContents()).toEqual([uiTexts.notice, uiTexts.pinned]);
    await page.close();
  });

  test('an unknown post and an unknown page each say so', async () => {
    const page = await open('/community/detail?id=missing');
    await page.getByRole('heading', { name: uiTexts.postNotFound }).waitFor();

    // A member's address that cannot name anyone is a member not found, as one that names no one is.
    for (const id of ['abc', encodeURIComponent(Buffer.from('User:999999').toString('base64'))]) {
      await page.goto(`${app.gateway.url}/users/${id}`);
      await page.getByRole('heading', { name: uiTexts.notFoundTitle }).waitFor();
      expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    }

    await page.goto(`${app.gateway.url}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: uiTexts.notFoundTitle }).waitFor();
    await page.getByRole('link', { name: uiTexts.goHome }).click();
    await page.waitForURL('**/community');
    await cards(page).first().waitFor();
    await page.close();
  });
});
