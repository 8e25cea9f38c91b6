import { describe, expect, test } from 'vitest';
import { ITEM_SEARCH_MIN_LENGTH, PROBABILITY_SKELETON_CARDS } from '../../domain/limits.js';
import { accountTexts, communityTexts, itemTexts, reportTexts, uiTexts } from '../../domain/messages.js';
import { recordAnnouncements } from '../helpers/announcements.js';
import { offModalEntries, useWebApp } from '../helpers/web-app.js';

/**
 * The item journeys in Chromium (000 §2 item-info modal, 001 wish lists, 002 §2.2 probability tables), against
 * the built web app served by the real gateway over the real upstream with its Korean demo data.
 */

// Member 1 (운영자슬라임) has no wishes in the demo data.
const app = useWebApp({ member: 1 });
const open = (path: string) => app.open(path);
/** Operations the pages sent to /graphql, by operation name. */
const operations = app.graphqlOperations;

describe('item search and the item-info modal', () => {
  test('typing searches once per pause, the modal shows info, sellers and buyers, and adds to the needed list', async () => {
    const page = await open('/community/search/item');
    const box = page.getByRole('searchbox', { name: itemTexts.searchPlaceholder });
    operations.length = 0;
    // Three keystrokes faster than the debounce, as the page gets them (input events one after another, with no pause
    // between them that a busy machine could stretch past the debounce): one search, for the whole word.
    await box.evaluate((input: HTMLInputElement, word) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (let end = 1; end <= word.length; end++) {
        setValue.call(input, word.slice(0, end));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }, '용사의');
    const result = page.getByRole('button', { name: /용사의 갑옷 세트/ });
    await result.waitFor();
    expect(operations.filter((name) => name === 'ItemSearchPageQuery')).toHaveLength(1);
    // The results came away from the box that has the focus: how many is told.
    const shown = await page.locator('.item-result').count();
    await page
      .locator('.item-search')
      .getByRole('status')
      .filter({ hasText: communityTexts.search.resultCount(shown) })
      .waitFor({ state: 'attached' });
    // A search that finds nothing is told so; one that finds as many as before is told again.
    const announcements = await recordAnnouncements(page);
    await box.fill('없는아이템이름');
    await page.locator('.item-search__state').getByText(itemTexts.noResults).waitFor();
    // Below the shortest term the hint replaces the results, and nothing is left saying how many they were.
    await box.fill('용');
    await page.locator('.item-search__state').getByText(itemTexts.searchHint(ITEM_SEARCH_MIN_LENGTH)).waitFor();
    expect(await page.locator('.item-search').getByRole('status').textContent()).toBe('');
    await box.fill('용사의');
    await result.waitFor();
    const told = [itemTexts.noResults, communityTexts.search.resultCount(shown)];
    await expect.poll(async () => (await announcements()).filter((said) => told.includes(said))).toEqual(told);

    await result.click();
    const modal = page.getByRole('dialog', { name: itemTexts.modalTitle });
    await modal.waitFor();
    await expect.poll(() => modal.getByText('SSS등급').isVisible()).toBe(true);
    expect(await modal.getByText('980점').isVisible()).toBe(true);
    expect(await modal.getByText('12,000 젬').isVisible()).toBe(true);
    expect(await modal.getByTestId('item-picture').getAttribute('data-kind')).toBe('equipment');
    expect(await modal.locator('[data-layer]').count()).toBe(12);
    const width = await modal.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(500);

    await modal.getByRole('tab', { name: itemTexts.tabs.sellers }).click();
    await modal.getByText('슬라임장인').waitFor();
    expect(await modal.getByText('바다슬라임').isVisible()).toBe(true);
    await modal.getByRole('tab', { name: itemTexts.tabs.buyers }).click();
    await modal.getByText('말랑콩떡').waitFor();
    const badge = modal.getByText('슬라임 마스터').first();
    expect(await badge.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 180, 0)');

    await modal.getByRole('button', { name: itemTexts.chat }).first().click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.chatUnavailable }).waitFor();

    await modal.getByRole('button', { name: itemTexts.addToBuyList }).click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.addedToBuyList }).waitFor();
    // The buyers tab now lists the member who just added it, without reopening the modal, marked 나 with no 채팅.
    const me = modal.locator('.wisher').filter({ hasText: '운영자슬라임' });
    await me.waitFor();
    await me.getByText(itemTexts.me, { exact: true }).waitFor();
    expect(await me.getByRole('button', { name: itemTexts.chat }).count()).toBe(0);
    expect(await modal.locator('.wisher').filter({ hasText: '말랑콩떡' }).getByRole('button', { name: itemTexts.chat }).count()).toBe(1);
    // The button now says the item is on the list; pressed, it takes it off (and the buyers no longer list the member),
    // and the button offers to add it again.
    const buy = modal.locator('footer').getByRole('button', { name: itemTexts.inBuyList });
    await buy.waitFor();
    expect(await modal.locator('footer').getByRole('button', { name: itemTexts.addToBuyList, exact: true }).count()).toBe(0);
    await buy.click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.removedFromBuyList }).waitFor();
    await modal.locator('footer').getByRole('button', { name: itemTexts.addToBuyList, exact: true }).waitFor();
    await me.waitFor({ state: 'detached' });
    await modal.locator('footer').getByRole('button', { name: itemTexts.addToBuyList, exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.addedToBuyList }).last().waitFor();
    await buy.waitFor();
    await me.waitFor();
    await modal.locator('footer').getByRole('button', { name: uiTexts.close }).click();
    await modal.waitFor({ state: 'detached' });
    await offModalEntries(page);

    await page.goto(`${app.gateway.url}/my/wishes`);
    const wish = page.getByTestId('wish').filter({ hasText: '용사의 갑옷 세트' });
    await wish.waitFor();
    expect(await page.getByTestId('wish').count()).toBe(1);

    // Once it is 완료 it is no longer among the item's buyers, but the modal, opened afresh, still says it is on the
    // buy list; the same item also goes on the sell list, both buttons then saying so.
    await wish.getByRole('combobox', { name: itemTexts.wishStatusOf('용사의 갑옷 세트') }).selectOption('COMPLETED');
    const completed = () => page.getByTestId('wish-stats-buy').locator('[data-stat="completed"]').textContent();
    await expect.poll(completed).toBe('1');
    await page.goto(`${app.gateway.url}/community/search/item?q=${encodeURIComponent('용사의')}`);
    await page.getByRole('button', { name: /용사의 갑옷 세트/ }).click();
    await buy.waitFor();
    await modal.getByRole('tab', { name: itemTexts.tabs.buyers }).click();
    await modal.getByText('말랑콩떡').waitFor();
    expect(await me.count()).toBe(0);
    await modal.locator('footer').getByRole('button', { name: itemTexts.addToSellList, exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.addedToSellList }).waitFor();
    const sell = modal.locator('footer').getByRole('button', { name: itemTexts.inSellList });
    await sell.waitFor();
    expect(await buy.isVisible()).toBe(true);
    // Taken off the sell list again: the buy list keeps it.
    await sell.click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.removedFromSellList }).waitFor();
    await modal.locator('footer').getByRole('button', { name: itemTexts.addToSellList, exact: true }).waitFor();
    expect(await buy.isVisible()).toBe(true);
    await page.goto(`${app.gateway.url}/my/wishes`);
    await wish.getByRole('combobox', { name: itemTexts.wishStatusOf('용사의 갑옷 세트') }).waitFor();
    expect(await wish.getByRole('combobox', { name: itemTexts.wishStatusOf('용사의 갑옷 세트') }).inputValue()).toBe('COMPLETED');
    expect(await page.getByTestId('wish').count()).toBe(1);
    expect(await completed()).toBe('1');
    await page.close();
  });

  test('the search forgives spacing and takes initial consonants (초성)', async () => {
    const page = await open('/community/search/item');
    const box = page.getByRole('searchbox', { name: itemTexts.searchPlaceholder });
    for (const term of ['푸른크리스탈', 'ㅍㄹㅋ']) {
      await box.fill(term);
      await page.getByRole('button', { name: /푸른 크리스탈/ }).waitFor();
      expect(await page.locator('.item-result').count(), term).toBe(1);
    }
    await page.close();
  });

  test('an avatar part shows on the grey avatar background; empty lists say so', async () => {
    const page = await open('/community/search/item');
    await page.getByRole('searchbox', { name: itemTexts.searchPlaceholder }).fill('볼터치');
    await page.getByRole('button', { name: /발그레 볼터치/ }).click();
    const modal = page.getByRole('dialog', { name: itemTexts.modalTitle });
    await modal.getByText('F등급').waitFor();
    expect(await modal.getByTestId('item-picture').getAttribute('data-kind')).toBe('part');
    // Score and price are 0: no rows for them.
    expect(await modal.getByText('점수').count()).toBe(0);
    expect(await modal.getByText('가격').count()).toBe(0);
    await modal.getByRole('tab', { name: itemTexts.tabs.sellers }).click();
    await modal.getByText(itemTexts.noSellers).waitFor();
    await modal.getByRole('tab', { name: itemTexts.tabs.buyers }).click();
    await modal.getByText(itemTexts.noBuyers).waitFor();
    await page.close();
  });
  test('the modal takes focus, keeps Tab inside, returns focus on close, and fits its footer on one line', async () => {
    const page = await open('/community/search/item');
    await page.getByRole('searchbox', { name: itemTexts.searchPlaceholder }).fill('랜턴');
    const result = page.getByRole('button', { name: /반짝 랜턴/ });
    await result.click();
    const modal = page.getByRole('dialog', { name: itemTexts.modalTitle });
    await modal.getByText(itemTexts.report).waitFor();
    const focusInModal = () => modal.evaluate((element) => element.contains(document.activeElement));
    expect(await focusInModal()).toBe(true);
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInModal()).toBe(true);
    }

    // As it opened, then on a phone (390 px), where 닫기 beside the two list buttons is still a thumb-sized target.
    for (const width of [null, 390]) {
      if (width) await page.setViewportSize({ width, height: 844 });
      const buttons = await modal.locator('footer button').evaluateAll((elements) =>
        elements.map((element) => ({
          name: element.textContent ?? '',
          top: element.getBoundingClientRect().top,
          width: element.getBoundingClientRect().width,
          height: element.getBoundingClientRect().height,
          overflows: element.scrollWidth > element.clientWidth,
        })),
      );
      expect(buttons).toHaveLength(3);
      expect(new Set(buttons.map((button) => Math.round(button.top))).size).toBe(1);
      for (const button of buttons) {
        expect(button.height, button.name).toBeLessThanOrEqual(44);
        expect(button.width, button.name).toBeGreaterThanOrEqual(44);
        expect(button.overflows, button.name).toBe(false);
      }
    }

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await result.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });

  test('a request that fails shows the list failure text, not the network error', async () => {
    const page = await open('/community/search/item');
    await page.route('**/graphql', (route) => (route.request().postData()?.includes('useAddWishMutation') ? route.abort('connectionreset') : route.fallback()));
    await page.getByRole('searchbox', { name: itemTexts.searchPlaceholder }).fill('랜턴');
    await page.getByRole('button', { name: /반짝 랜턴/ }).click();
    const modal = page.getByRole('dialog', { name: itemTexts.modalTitle });
    await modal.getByRole('button', { name: itemTexts.addToSellList }).click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.addSellFailed }).waitFor();
    await page.close();
  });

  test('the item report modal sends once; a second report says it was already reported', async () => {
    const page = await open('/community/search/item');
    await page.getByRole('searchbox', { name: itemTexts.searchPlaceholder }).fill('랜턴');
    await page.getByRole('button', { name: /반짝 랜턴/ }).click();
    const modal = page.getByRole('dialog', { name: itemTexts.modalTitle });
    for (const expected of [reportTexts.success, reportTexts.alreadyReported]) {
      await modal.getByRole('button', { name: itemTexts.report }).click();
      const report = page.getByRole('dialog', { name: reportTexts.title });
      await report.waitFor();
      for (const note of reportTexts.notes) expect(await report.getByText(note).isVisible()).toBe(true);
      await report.getByRole('combobox').selectOption('1');
      await report.getByRole('textbox').fill('착용 부위가 맞지 않아요');
      await report.getByRole('button', { name: reportTexts.submit, exact: true }).click();
      // Reported before: said alone (the report stands), not as a failure to take to support; the modal closes.
      await expect.poll(() => page.getByTestId('toast').last().textContent()).toBe(expected);
      await report.waitFor({ state: 'hidden' });
    }
    await page.close();
  });
});

describe('my wish lists', () => {
  test('status toggle and multi-select delete', async () => {
    const page = await open('/community/search/item');
    await page.getByRole('searchbox', { name: itemTexts.searchPlaceholder }).fill('물약');
    await page.getByRole('button', { name: /회복 물약/ }).click();
    const modal = page.getByRole('dialog', { name: itemTexts.modalTitle });
    await modal.getByRole('button', { name: itemTexts.addToSellList }).click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.addedToSellList }).waitFor();

    await page.goto(`${app.gateway.url}/my/wishes?type=sell`);
    const wish = page.getByTestId('wish').filter({ hasText: '회복 물약' });
    await wish.waitFor();
    await wish.getByRole('combobox').selectOption('COMPLETED');
    await expect.poll(() => wish.getAttribute('class')).toContain('wish--completed');

    await wish.getByRole('checkbox').check();
    // 선택 삭제 asks first: 취소 keeps the entry, 삭제 deletes it.
    await page.getByRole('button', { name: itemTexts.deleteSelected }).click();
    const confirm = page.getByRole('alertdialog', { name: itemTexts.deleteSelectedConfirm(1) });
    await confirm.getByRole('button', { name: uiTexts.cancel }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await wish.isVisible()).toBe(true);
    expect(await wish.getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: itemTexts.deleteSelected }).click();
    await confirm.getByRole('button', { name: itemTexts.wishEdit.remove }).click();
    await page.getByTestId('toast').filter({ hasText: itemTexts.deletedSelected }).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await wish.waitFor({ state: 'detached' });
    await page.getByText(itemTexts.emptyWishes).waitFor();
    await page.close();
  });
});

describe('probability tables', () => {
  test('reached from the search screen and the member’s menu: open a table, search, page forward and open an item', async () => {
    const page = await open('/my');
    await page.getByRole('navigation', { name: accountTexts.profile.myMenu }).getByRole('link', { name: itemTexts.probability.title }).click();
    await page.waitForURL((url) => url.pathname === '/probability');
    await page.goto(`${app.gateway.url}/community/search`);
    await page.getByRole('link', { name: itemTexts.probability.title }).click();
    await page.waitForURL((url) => url.pathname === '/probability');
    await page.getByRole('link', { name: itemTexts.probability.kinds.villagedecoration }).click();
    await page.getByTestId('probability-card').first().waitFor();
    expect(await page.getByTestId('probability-card').count()).toBe(20);
    expect(await page.getByTestId('probability-page').textContent()).toBe('1 / 2');

    await page.getByRole('button', { name: itemTexts.probability.next }).click();
    await expect.poll(() => page.getByTestId('probability-page').textContent()).toBe('2 / 2');
    expect(await page.getByTestId('probability-card').count()).toBe(4);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The page is in the address: a row opened and Back, or a reload, find page 2 again.
    await page.waitForURL(/\?page=2$/);
    const secondPageFirst = await page.getByTestId('probability-card').first().textContent();
    await page.getByTestId('probability-card').first().click();
    await page.waitForURL(/\/probability\/villagedecoration\/\d+$/);
    await page.goBack();
    await expect.poll(() => page.getByTestId('probability-page').textContent()).toBe('2 / 2');
    expect(await page.getByTestId('probability-card').first().textContent()).toBe(secondPageFirst);
    await page.reload();
    await expect.poll(() => page.getByTestId('probability-page').textContent()).toBe('2 / 2');
    // A page past the end opens the last page.
    await page.goto(`${app.gateway.url}/probability/villagedecoration?page=9`);
    await expect.poll(() => page.getByTestId('probability-page').textContent()).toBe('2 / 2');
    await page.waitForURL(/\?page=2$/);
    await page.getByRole('button', { name: itemTexts.probability.previous }).click();
    await expect.poll(() => page.getByTestId('probability-page').textContent()).toBe('1 / 2');
    await page.getByRole('button', { name: itemTexts.probability.next }).click();
    await expect.poll(() => page.getByTestId('probability-page').textContent()).toBe('2 / 2');

    // A new search starts again at page 1: "분수대" matches the 4th, 12th and 20th rows.
    await page.getByRole('searchbox', { name: itemTexts.probability.searchPlaceholder }).fill('분수대');
    await expect.poll(() => page.getByTestId('probability-card').count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await page.getByTestId('probability-page').count()).toBe(0);

    await page.getByRole('searchbox', { name: itemTexts.probability.searchPlaceholder }).fill('없는 장식');
    await page.getByText(itemTexts.probability.noResults).waitFor();
    await page.getByText(itemTexts.probability.noResultsHint).waitFor();

    await page.getByRole('searchbox', { name: itemTexts.probability.searchPlaceholder }).fill('풍차');
    await expect.poll(() => page.getByTestId('probability-card').count()).toBeGreaterThan(0);
    await page.getByTestId('probability-card').first().click();
    await page.waitForURL(/\/probability\/villagedecoration\/\d+$/);
    await page.getByRole('heading', { name: /풍차/ }).waitFor();
    expect(await page.getByTestId('probability-value').textContent()).toMatch(/^\d+(\.\d+)?%$/);

    // Back from the row: the search and its results are as they were left, and a reload keeps them too.
    await page.goBack();
    const box = page.getByRole('searchbox', { name: itemTexts.probability.searchPlaceholder });
    await expect.poll(() => box.inputValue()).toBe('풍차');
    await expect.poll(() => page.getByTestId('probability-card').first().textContent()).toMatch(/풍차/);
    const rows = await page.getByTestId('probability-card').count();
    await page.reload();
    await expect.poll(() => box.inputValue()).toBe('풍차');
    await expect.poll(() => page.getByTestId('probability-card').count()).toBe(rows);
    await page.close();
  });

  test('the item search is kept in the address: back from another screen shows the same search and results', async () => {
    const page = await open('/community/search/item');
    const box = page.getByRole('searchbox', { name: itemTexts.searchPlaceholder });
    await box.fill('랜턴');
    await page.getByRole('button', { name: /랜턴/ }).first().waitFor();
    const results = await page.locator('.item-result').count();
    await page.waitForURL(/\/community\/search\/item\?q=/);
    await page.getByRole('link', { name: uiTexts.tabs.home }).click();
    await page.waitForURL('**/community');
    await page.goBack();
    await expect.poll(() => box.inputValue()).toBe('랜턴');
    await expect.poll(() => page.locator('.item-result').count()).toBe(results);
    await page.close();
  });

  test('shows skeleton cards while the table loads', async () => {
    const page = app.watch(await app.browser.newPage());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.gateway.url}/probability/ticket`);
    await expect.poll(() => page.getByTestId('probability-skeleton').count()).toBe(PROBABILITY_SKELETON_CARDS);
    release();
    await page.getByTestId('probability-card').first().waitFor();
    expect(await page.getByTestId('probability-skeleton').count()).toBe(0);
    await page.close();
  });
});
