import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PRICE_MAX, WISH_MEMO_MAX, WISH_PAGE_SIZE_DEFAULT, WISH_QUANTITY_MAX } from '../../domain/limits.js';
import { globalErrorTexts, itemTexts, recoveryTexts, uiTexts } from '../../domain/messages.js';
import { items } from '../../upstream/src/db/schema.js';
import { offModalEntries, useWebApp } from '../helpers/web-app.js';

/**
 * The wish lists in Chromium (001 §3, §5, §7-§8): items put on a list from the item-info modal, one entry edited
 * (an over-limit quantity refused with the domain's Korean message), one deleted after confirming, the counts of
 * /my/wishes following every change, and the pages after the first.
 */

// Member 1 (운영자슬라임) has no wishes in the demo data.
const MEMBER = 1;
const app = useWebApp({ member: MEMBER });

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
const stat = (page: Page, type: 'buy' | 'sell', name: string) => page.getByTestId(`wish-stats-${type}`).locator(`[data-stat="${name}"]`).textContent();

async function addFromModal(page: Page, search: string, name: string, button: string, done: string) {
  const box = page.getByRole('searchbox', { name: itemTexts.searchPlaceholder });
  await box.fill(search);
  await page.getByRole('button', { name: new RegExp(name) }).click();
  const modal = page.getByRole('dialog', { name: itemTexts.modalTitle });
  await modal.getByRole('button', { name: button }).click();
  await toast(page, done);
  await modal.locator('footer').getByRole('button', { name: uiTexts.close }).click();
  await modal.waitFor({ state: 'detached' });
}

/** The footer's three buttons share one line and no label is cut. */
async function footerOnOneLine(modal: Locator) {
  const buttons = await modal
    .locator('footer button')
    .evaluateAll((elements) =>
      elements.map((element) => ({ top: Math.round(element.getBoundingClientRect().top), overflows: element.scrollWidth > element.clientWidth })),
    );
  expect(new Set(buttons.map((button) => button.top)).size).toBe(1);
  expect(buttons.filter((button) => button.overflows)).toEqual([]);
}

describe('my wish lists', () => {
  test('add two from the item modal, edit one (an over-limit quantity refused), delete one; the stats follow', async () => {
    const page = await app.open('/community/search/item');
    // The narrowest phone the layout serves: the lists' full names still fit the modal's footer.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('searchbox', { name: itemTexts.searchPlaceholder }).fill('랜턴');
    await page.getByRole('button', { name: /반짝 랜턴/ }).click();
    const modal = page.getByRole('dialog', { name: itemTexts.modalTitle });
    await modal.getByRole('button', { name: itemTexts.addToBuyList }).waitFor();
    await footerOnOneLine(modal);
    await modal.locator('footer').getByRole('button', { name: uiTexts.close }).click();

    await addFromModal(page, '용사의', '용사의 갑옷 세트', itemTexts.addToBuyList, itemTexts.addedToBuyList);
    await addFromModal(page, '랜턴', '반짝 랜턴', itemTexts.addToBuyList, itemTexts.addedToBuyList);
    // Opened again, the lantern's buy button says it is on the list, and the longer label still fits the line.
    await page.getByRole('button', { name: /반짝 랜턴/ }).click();
    await modal.locator('footer').getByRole('button', { name: itemTexts.inBuyList }).waitFor();
    await footerOnOneLine(modal);
    await modal.locator('footer').getByRole('button', { name: uiTexts.close }).click();
    await modal.waitFor({ state: 'detached' });
    await offModalEntries(page);

    await page.goto(`${app.gateway.url}/my/wishes`);
    await page.getByRole('link', { name: itemTexts.wishListNames.buy }).waitFor();
    await expect.poll(() => page.getByTestId('wish').count()).toBe(2);
    expect(await stat(page, 'buy', 'total')).toBe('2');
    expect(await stat(page, 'buy', 'active')).toBe('2');
    expect(await stat(page, 'sell', 'total')).toBe('0');

    // Edit the lantern: a quantity above the limit is refused in the dialog with the domain's text.
    const lantern = page.getByTestId('wish').filter({ hasText: '반짝 랜턴' });
    // The status select and the text buttons are the app's, not the browser's bare controls.
    const look = await lantern.evaluate((entry) => ({
      select: getComputedStyle(entry.querySelector('select')!).borderRadius,
      button: getComputedStyle(entry.querySelector('.link-button')!).borderStyle,
    }));
    expect(look).toEqual({ select: '8px', button: 'none' });
    // 수정 and 삭제 are whole touch targets (44 px), though drawn as text.
    for (const name of [itemTexts.editWish('반짝 랜턴'), itemTexts.removeWish('반짝 랜턴')]) {
      const box = (await lantern.getByRole('button', { name }).boundingBox())!;
      expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
    }
    // The selection box is labelled with its item, and a 44 px target at 390 px: a tap near its corner ticks it.
    await page.setViewportSize({ width: 390, height: 844 });
    const select = lantern.getByRole('checkbox', { name: itemTexts.selectWish('반짝 랜턴') });
    const target = await select.evaluate((box) => (box.closest('label') ?? box).getBoundingClientRect().toJSON() as DOMRect);
    expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
    expect(target.left).toBeGreaterThanOrEqual(0);
    await page.mouse.click(target.left + 2, target.top + 2);
    expect(await select.isChecked()).toBe(true);
    await page.mouse.click(target.right - 2, target.bottom - 2);
    expect(await select.isChecked()).toBe(false);
    // Nothing drawn over it takes a tap: every point of its edges (the item's picture beside it included) is the label's.
    const coveredAt = await select.evaluate((box) => {
      const label = box.closest('label')!;
      const { left, right, top, bottom } = label.getBoundingClientRect();
      const points: Array<[number, number]> = [];
      for (let y = top + 0.5; y < bottom; y += 4) points.push([left + 0.5, y], [right - 0.5, y]);
      for (let x = left + 0.5; x < right; x += 4) points.push([x, top + 0.5], [x, bottom - 0.5]);
      return points.filter(([x, y]) => !label.contains(document.elementFromPoint(x, y))).map(([x, y]) => `${Math.round(x)},${Math.round(y)}`);
    });
    expect(coveredAt).toEqual([]);
    await lantern.getByRole('button', { name: itemTexts.editWish('반짝 랜턴') }).click();
    const dialog = page.getByRole('dialog', { name: itemTexts.editWish('반짝 랜턴') });
    await dialog.waitFor();
    const quantity = dialog.getByRole('textbox', { name: itemTexts.wishEdit.quantity });
    await quantity.fill(String(WISH_QUANTITY_MAX + 1));
    await dialog.getByRole('button', { name: itemTexts.wishEdit.save }).click();
    await dialog.getByText(itemTexts.quantity(WISH_QUANTITY_MAX)).waitFor();
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.isVisible()).toBe(true);
    // Only a positive integer as typed: an exponent (1e3 was once saved as 1000), a decimal, zero or a sign is refused.
    for (const typed of ['1e3', '1.5', '0', '-1', '1 2']) {
      await quantity.fill(typed);
      expect(await quantity.getAttribute('aria-invalid'), typed).toBe('false');
      await dialog.getByRole('button', { name: itemTexts.wishEdit.save }).click();
      await dialog.getByText(itemTexts.quantity(WISH_QUANTITY_MAX)).waitFor();
      expect(await quantity.getAttribute('aria-invalid'), typed).toBe('true');
    }

    // A price over the stored range names the real range; a memo over its limit is kept whole, marked, and refused.
    const price = dialog.getByRole('textbox', { name: itemTexts.wishEdit.targetPrice });
    const memo = dialog.getByRole('textbox', { name: itemTexts.wishEdit.memo });
    await quantity.fill('3');
    await price.fill(String(PRICE_MAX + 1));
    const pasted = '가'.repeat(WISH_MEMO_MAX + 100);
    await memo.fill(pasted);
    expect(await memo.inputValue()).toBe(pasted);
    expect(await dialog.locator('.field__counter').textContent()).toBe(`${WISH_MEMO_MAX + 100}/${WISH_MEMO_MAX}`);
    expect(await dialog.locator('.field__counter').getAttribute('class')).toContain('field__counter--over');
    await dialog.getByText(itemTexts.memoMax(WISH_MEMO_MAX)).waitFor();
    await dialog.getByRole('button', { name: itemTexts.wishEdit.save }).click();
    await dialog.getByText(itemTexts.price(PRICE_MAX)).waitFor();
    expect(itemTexts.price(PRICE_MAX)).toBe('가격은 0에서 1,000,000,000 사이의 정수여야 합니다.');
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await memo.getAttribute('aria-invalid')).toBe('true');

    // "4,500" with a thousands separator is read as 4500.
    await price.fill('4,500');
    await memo.fill('밤 산책용으로 찾아요');
    await dialog.getByRole('checkbox', { name: itemTexts.wishEdit.notification }).uncheck();
    await dialog.getByRole('button', { name: itemTexts.wishEdit.save }).click();
    await toast(page, itemTexts.wishEdit.saved);
    await dialog.waitFor({ state: 'hidden' });
    await lantern.getByText(itemTexts.targetPriceLabel(4500)).waitFor();
    expect(await lantern.textContent()).toContain(itemTexts.quantityLabel(3));
    expect(await lantern.textContent()).toContain('밤 산책용으로 찾아요');

    // A status change moves the counts.
    await lantern.getByRole('combobox', { name: itemTexts.wishStatusOf('반짝 랜턴') }).selectOption('COMPLETED');
    await expect.poll(() => stat(page, 'buy', 'completed')).toBe('1');
    expect(await stat(page, 'buy', 'active')).toBe('1');

    // Delete the armour after confirming in the app's dialog.
    const armour = page.getByTestId('wish').filter({ hasText: '용사의 갑옷 세트' });
    await armour.getByRole('button', { name: itemTexts.removeWish('용사의 갑옷 세트') }).click();
    const confirm = page.getByRole('alertdialog', { name: itemTexts.wishEdit.removeConfirm('용사의 갑옷 세트') });
    await confirm.getByRole('button', { name: itemTexts.wishEdit.remove, exact: true }).click();
    await toast(page, itemTexts.removedFromBuyList);
    await armour.waitFor({ state: 'detached' });
    await expect.poll(() => stat(page, 'buy', 'total')).toBe('1');
    expect(await stat(page, 'buy', 'active')).toBe('0');

    // All of it was stored: a reload shows the same.
    await offModalEntries(page);
    await page.reload();
    await lantern.getByText(itemTexts.targetPriceLabel(4500)).waitFor();
    expect(await page.getByTestId('wish').count()).toBe(1);
    expect(await stat(page, 'buy', 'total')).toBe('1');
    const reopened = lantern.getByRole('button', { name: itemTexts.editWish('반짝 랜턴') });
    await reopened.click();
    expect(await page.getByRole('checkbox', { name: itemTexts.wishEdit.notification }).isChecked()).toBe(false);
    await page.close();
  });

  test('more than one page: 더 보기 loads the rest, and a delete on the first page skips nothing after it', async () => {
    const token = await app.upstream.issueToken(MEMBER);
    const all = await app.upstream.db.select({ uuid: items.uuid }).from(items);
    const wanted = WISH_PAGE_SIZE_DEFAULT + 2;
    expect(all.length).toBeGreaterThanOrEqual(wanted);
    for (const { uuid } of all.slice(0, wanted)) {
      const response = await fetch(`${app.upstream.url}/v1/wishlist/sell`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ item_uuid: uuid }),
      });
      expect(response.status).toBe(201);
    }

    const page = await app.open('/my/wishes?type=sell');
    await expect.poll(() => page.getByTestId('wish').count()).toBe(WISH_PAGE_SIZE_DEFAULT);
    expect(await stat(page, 'sell', 'total')).toBe(String(wanted));

    const first = page.getByTestId('wish').first();
    const firstName = (await first.locator('.wish__name').textContent()) ?? '';
    await first.getByRole('button', { name: itemTexts.removeWish(firstName) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: itemTexts.wishEdit.remove, exact: true }).click();
    await toast(page, itemTexts.removedFromSellList);
    await expect.poll(() => stat(page, 'sell', 'total')).toBe(String(wanted - 1));

    // A page that fails says so in place; 다시 시도 loads it, and a screen reader hears how many came (the two left, to the
    // 19 shown after the delete) and that no more are left.
    await page.route('**/graphql', (route) => route.abort());
    await page.getByRole('button', { name: itemTexts.loadMore }).click();
    const failure = page.getByRole('alert').filter({ hasText: recoveryTexts.moreFailed });
    await failure.waitFor();
    await page.unroute('**/graphql');
    await page.getByRole('button', { name: globalErrorTexts.tryAgain, exact: true }).click();
    await expect.poll(() => page.getByTestId('wish').count()).toBe(wanted - 1);
    await page
      .getByRole('status')
      .filter({ hasText: recoveryTexts.moreLoaded(wanted - 1 - (WISH_PAGE_SIZE_DEFAULT - 1), true) })
      .waitFor({ state: 'attached' });
    expect(await failure.count()).toBe(0);
    const names = await page.locator('[data-testid="wish"] .wish__name').allTextContents();
    expect(new Set(names).size).toBe(wanted - 1);
    expect(names).not.toContain(firstName);
    expect(await page.getByRole('button', { name: itemTexts.loadMore }).count()).toBe(0);
    await page.close();
  });
});
