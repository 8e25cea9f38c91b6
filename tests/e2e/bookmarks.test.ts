import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { NUMBERED_LIST_PAGE_SIZE } from '../../domain/limits.js';
import { accountTexts, communityTexts, uiTexts } from '../../domain/messages.js';
import { openBrowser } from '../helpers/browser.js';
import { useWebApp } from '../helpers/web-app.js';

/** Bookmarks in Chromium: the toggle on a post, /my/bookmarks with its pages, and taking a bookmark back (README "Bookmarks"). */
const MEMBER_ID = 2;
const app = useWebApp({ member: MEMBER_ID });
const b = communityTexts.bookmark;

interface ListedPost {
  id: number;
  title: string;
  author: { id: number } | null;
}

/** Posts of the demo feed, newest first. */
async function feed(count: number): Promise<ListedPost[]> {
  const response = await fetch(`${app.upstream.url}/v1/community/?page_size=${count}`);
  const posts = ((await response.json()) as { results: ListedPost[] }).results;
  expect(posts.length).toBe(count);
  return posts;
}

/** The member's bookmarks, straight through the REST API (the upstream, not the gateway). */
async function bookmarkOverRest(postIds: number[]): Promise<void> {
  const token = await app.upstream.issueToken(MEMBER_ID);
  for (const id of postIds) {
    const response = await fetch(`${app.upstream.url}/v1/community/${id}/bookmark/`, { method: 'PUT', headers: { authorization: `token ${token}` } });
    expect(response.status).toBe(200);
  }
}

const toggleOf = (page: Page) => page.getByRole('button', { name: b.label, exact: true });
const pressed = (page: Page, value: boolean) => page.locator(`[data-testid="bookmark-button"][aria-pressed="${value}"]`).waitFor();
const cards = (page: Page) => page.getByTestId('my-bookmarks').getByTestId('post-card');

describe('bookmarks', () => {
  test('a member bookmarks a post on its detail, finds it first on /my/bookmarks, pages through more, takes it back and it is gone', async () => {
    // More than one page: the feed's posts after the first bookmarked over REST, then the first one on its screen.
    const posts = await feed(NUMBERED_LIST_PAGE_SIZE + 2);
    const [chosen, ...seeded] = posts;
    await bookmarkOverRest(seeded.map((post) => post.id));

    const page = await app.open(`/community/detail?id=${chosen.id}`);
    await pressed(page, false);
    await toggleOf(page).click();
    await pressed(page, true);

    // /my links to the list; the newest bookmark comes first, one page at a time.
    await page.goto(`${app.gateway.url}/my`);
    await page.getByRole('link', { name: b.label, exact: true }).click();
    await page.waitForURL('**/my/bookmarks');
    await page.getByRole('heading', { name: b.label }).waitFor();
    await cards(page).first().waitFor();
    expect(await cards(page).first().textContent()).toContain(chosen.title);
    expect(await cards(page).count()).toBe(NUMBERED_LIST_PAGE_SIZE);
    await page.getByRole('button', { name: communityTexts.search.more }).click();
    await cards(page).nth(NUMBERED_LIST_PAGE_SIZE).waitFor();
    expect(await cards(page).count()).toBe(posts.length);
    expect(await cards(page).last().textContent()).toContain(seeded[0].title);

    // Taken back on the post's own screen, it is gone from the list on the way back, and after a reload.
    await cards(page).first().click();
    await page.waitForURL(/\/community\/detail\?id=/);
    await pressed(page, true);
    await toggleOf(page).click();
    await pressed(page, false);
    await page.goBack();
    await page.waitForURL('**/my/bookmarks');
    await cards(page).first().waitFor();
    expect(await cards(page).filter({ hasText: chosen.title }).count()).toBe(0);
    await page.reload();
    await cards(page).first().waitFor();
    expect(await cards(page).first().textContent()).toContain(seeded[seeded.length - 1].title);
    expect(await cards(page).filter({ hasText: chosen.title }).count()).toBe(0);
    await page.close();
  });

  test('a bookmark that fails (the post was deleted meanwhile) is put back and says so in a toast; with none the list says how to make one; a guest gets the login sheet', async () => {
    // Posts the first journey leaves alone.
    const [, post, deleted] = (await feed(NUMBERED_LIST_PAGE_SIZE + 4)).slice(-3);
    const page = await app.open(`/community/detail?id=${deleted.id}`);
    await pressed(page, false);
    const authorToken = await app.upstream.issueToken(deleted.author!.id);
    expect(
      (await fetch(`${app.upstream.url}/v1/community/${deleted.id}/`, { method: 'DELETE', headers: { authorization: `token ${authorToken}` } })).status,
    ).toBe(200);
    await toggleOf(page).click();
    expect(await page.getByTestId('toast').first().textContent()).toBeTruthy();
    await pressed(page, false);
    await page.close();

    // A member with no bookmarks is told how to make one.
    const empty = await app.open('/my/bookmarks', await app.browserFor(MEMBER_ID + 1));
    await empty.getByText(b.empty).waitFor();
    await empty.getByText(b.emptyHint).waitFor();
    await empty.close();

    const guest = await openBrowser();
    try {
      const guestPage = app.watch(await guest.context.newPage());
      await guestPage.goto(`${app.gateway.url}/community/detail?id=${post.id}`);
      await toggleOf(guestPage).click();
      await guestPage.getByRole('dialog', { name: accountTexts.sheet.title }).waitFor();
      await guestPage.goto(`${app.gateway.url}/my/bookmarks`);
      await guestPage.getByRole('heading', { name: uiTexts.loginRequired }).waitFor();
    } finally {
      await guest.close();
    }
  });
});
