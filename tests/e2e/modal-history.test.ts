import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { communityTexts, itemTexts, uiTexts } from '../../domain/messages.js';
import { offModalEntries, useWebApp } from '../helpers/web-app.js';

/**
 * Back closes a modal (on Android the back button is how a sheet is put away): each modal has its own history entry,
 * which Back leaves and which the modal leaves when it is closed another way, so the next Back is never one that
 * changes nothing on screen.
 */

// Member 1 (운영자슬라임): a member, so a post's 신고 opens its confirmation.
const app = useWebApp({ member: 1 });

/** The item search for 랜턴, opened from /community (the page a Back from it returns to). */
async function itemSearch(): Promise<Page> {
  const page = await app.open('/community');
  await page.getByTestId('post-card').first().waitFor();
  await page.goto(`${app.gateway.url}/community/search/item?q=${encodeURIComponent('랜턴')}`);
  await page.getByRole('button', { name: /랜턴/ }).first().waitFor();
  return page;
}

const itemModal = (page: Page) => page.getByRole('dialog', { name: itemTexts.modalTitle });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: itemTexts.searchPlaceholder });

describe('Back and modals', () => {
  test('Back closes the item modal and leaves the search with its results; closed by ×, the next Back leaves the page', async () => {
    const page = await itemSearch();
    const results = await page.locator('.item-result').count();
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.getByRole('button', { name: /랜턴/ }).first().click();
    await itemModal(page).waitFor();
    await page.goBack();
    await itemModal(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('랜턴');
    expect(await searchBox(page).inputValue()).toBe('랜턴');
    expect(await page.locator('.item-result').count()).toBe(results);

    // Closed by its ×: no entry is left behind, so Back goes where it went before the modal was opened.
    await page.getByRole('button', { name: /랜턴/ }).first().click();
    await itemModal(page).waitFor();
    await itemModal(page).getByRole('button', { name: uiTexts.close }).first().click();
    await itemModal(page).waitFor({ state: 'detached' });
    await offModalEntries(page);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/community');
    await page.getByTestId('post-card').first().waitFor();
    await page.close();
  });

  test('a reload with the modal open leaves no entry for Back to land on in vain', async () => {
    const page = await itemSearch();
    await page.getByRole('button', { name: /랜턴/ }).first().click();
    await itemModal(page).waitFor();
    await page.reload();
    await page.getByRole('button', { name: /랜턴/ }).first().waitFor();
    expect(await itemModal(page).count()).toBe(0);
    await offModalEntries(page);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/community');
    await page.close();
  });

  test('Back closes a dialog of the modal kit (the report confirmation), and its 취소 leaves no entry behind', async () => {
    const page = await app.open('/community');
    await page
      .getByTestId('post-card')
      .filter({ hasNot: page.locator('.post-card__author', { hasText: '운영자슬라임' }) })
      .first()
      .click();
    await page.waitForURL(/\/community\/detail\?id=/);
    const post = page.url();
    const report = page.getByRole('button', { name: communityTexts.post.report, exact: true });
    const confirmation = page.getByRole('alertdialog', { name: communityTexts.confirm.report.message });

    await report.click();
    await confirmation.waitFor();
    await page.goBack();
    await confirmation.waitFor({ state: 'detached' });
    expect(page.url()).toBe(post);
    await report.waitFor();

    await report.click();
    await confirmation.waitFor();
    await confirmation.getByRole('button', { name: uiTexts.cancel }).click();
    await confirmation.waitFor({ state: 'detached' });
    await offModalEntries(page);
    expect(page.url()).toBe(post);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/community' && url.search === '');
    await page.close();
  });
});
