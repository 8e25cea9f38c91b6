import { describe, expect, test } from 'vitest';
import {
  ITEM_SEARCH_DEBOUNCE_MS,
  ITEM_SEARCH_MAX_LENGTH,
  PROBABILITY_SEARCH_MAX_LENGTH,
  RECENT_SEARCHES_MAX,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from '../../domain/limits.js';
import { accountTexts, communityTexts, globalErrorTexts, itemTexts, recentSearchTexts, validationTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * Search terms the gateway refuses, typed or carried in the address: an emoji (one character to the gateway, two
 * UTF-16 units to JavaScript) and terms over each search's limit. Each screen says the rule where the results go,
 * sends nothing the gateway would refuse, and keeps its header and search box (no error screen).
 */
const app = useWebApp({ member: 2 });
const sent = (operation: string) => app.graphqlOperations.filter((name) => name === operation).length;

describe('search terms the gateway would refuse', () => {
  test('item search: an emoji gets the 2-character hint, a term over the limit in the address its rule', async () => {
    const page = await app.open('/community/search/item');
    const box = page.getByRole('searchbox', { name: itemTexts.searchPlaceholder });
    await box.fill('😀');
    await page.waitForURL(/\?q=/);
    await page.getByText(itemTexts.searchHint(2)).waitFor();

    await page.goto(`${app.gateway.url}/community/search/item?q=${encodeURIComponent('가'.repeat(ITEM_SEARCH_MAX_LENGTH + 1))}`);
    await page.getByText(itemTexts.searchMax(ITEM_SEARCH_MAX_LENGTH)).waitFor();
    expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    expect(sent('ItemSearchPageQuery')).toBe(0);

    // A real term still searches.
    await box.fill('랜턴');
    await page.getByRole('button', { name: /랜턴/ }).first().waitFor();
    await page.close();
  });

  test('post search: an emoji is refused in the box with the minimum, a long term in the address with the maximum', async () => {
    const page = await app.open('/community/search');
    // At 390 px the placeholder is read whole, not cut at the box's edge.
    const fits = await page.getByRole('searchbox', { name: communityTexts.search.placeholder }).evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    await page.getByRole('searchbox', { name: communityTexts.search.placeholder }).fill('😀');
    await page.getByRole('button', { name: communityTexts.search.submit }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: validationTexts.searchMin(SEARCH_MIN_LENGTH) })
      .waitFor();

    await page.goto(`${app.gateway.url}/community/search/post?query=${encodeURIComponent('가'.repeat(SEARCH_MAX_LENGTH + 1))}`);
    await page.getByText(validationTexts.searchMax(SEARCH_MAX_LENGTH)).waitFor();
    expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    expect(sent('SearchPostPageQuery')).toBe(0);

    // The list that searches in place lists every post for a term it cannot search, and says why at once.
    await page.goto(`${app.gateway.url}/community/posts?query=${encodeURIComponent('😀')}`);
    await page
      .getByRole('alert')
      .filter({ hasText: validationTexts.searchMin(SEARCH_MIN_LENGTH) })
      .waitFor();
    await page.close();
  });

  test('probability table: a term over the limit in the address gets its rule, the header and box stay', async () => {
    const page = await app.open(`/probability/villagedecoration?q=${encodeURIComponent('가'.repeat(300))}`);
    await page.getByText(itemTexts.searchMax(PROBABILITY_SEARCH_MAX_LENGTH)).waitFor();
    await page.getByRole('heading', { name: itemTexts.probability.kinds.villagedecoration }).waitFor();
    const box = page.getByRole('searchbox', { name: itemTexts.probability.searchPlaceholder });
    await box.waitFor();
    expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    expect(sent('ProbabilityListPageQuery')).toBe(0);

    // A term within the limit searches again.
    await box.fill('');
    await page.getByTestId('probability-card').first().waitFor();
    expect(await page.getByText(itemTexts.searchMax(PROBABILITY_SEARCH_MAX_LENGTH)).count()).toBe(0);
    await page.close();
  });

  test('a huge page number opens the last page, not a refused request', async () => {
    const page = await app.open('/community/posts?page=99999999999');
    const current = page.locator('.pager [aria-current="page"]');
    await current.waitFor();
    const last = Number(await current.textContent());
    expect(last).toBeGreaterThan(1);
    expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    await page.close();
  });

  test('member search: a term over the limit in the address gets the maximum, not an error screen', async () => {
    const page = await app.open(`/users/search?q=${encodeURIComponent('가'.repeat(SEARCH_MAX_LENGTH + 1))}`);
    await page
      .getByRole('alert')
      .filter({ hasText: validationTexts.searchMax(SEARCH_MAX_LENGTH) })
      .waitFor();
    expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    expect(sent('MemberSearchPageQuery')).toBe(0);
    // The box holds at most the limit, and a term within it searches.
    const box = page.getByRole('searchbox', { name: accountTexts.search.label });
    await box.fill('😀'.repeat(SEARCH_MAX_LENGTH + 1));
    expect([...(await box.inputValue())].length).toBe(SEARCH_MAX_LENGTH);
    await box.fill('슬라임');
    await page.getByRole('button', { name: accountTexts.search.submit }).click();
    await expect.poll(() => page.getByTestId('member-result').count()).toBeGreaterThan(0);
    await page.close();
  });
});

describe('typing Korean through an input method', () => {
  test('item search does not search a half-made syllable (슬ㄹ) while the input method composes it, and searches once it is done', async () => {
    const page = await app.open('/community/search/item');
    const box = page.getByRole('searchbox', { name: itemTexts.searchPlaceholder });
    await box.focus();
    const ime = await page.context().newCDPSession(page);
    // 슬 is done; ㄹ is the start of the next syllable, still being composed.
    await page.keyboard.insertText('슬');
    await ime.send('Input.imeSetComposition', { text: 'ㄹ', selectionStart: 1, selectionEnd: 1 });
    expect(await box.inputValue()).toBe('슬ㄹ');
    // Well past the typing pause that starts a search: nothing half-made was searched or put in the address.
    await page.waitForTimeout(ITEM_SEARCH_DEBOUNCE_MS * 4);
    expect(page.url()).not.toContain(encodeURIComponent('ㄹ'));
    expect(await page.getByText(itemTexts.noResults).count()).toBe(0);

    // The syllable done (라), the search runs.
    await ime.send('Input.imeSetComposition', { text: '라', selectionStart: 1, selectionEnd: 1 });
    await page.keyboard.insertText('라');
    await page.waitForURL((url) => url.searchParams.get('q') === '슬라');
    await page
      .getByRole('button', { name: /슬라임/ })
      .first()
      .waitFor();
    await page.close();
  });
});

describe('the search screen on a phone', () => {
  test('its links to item search, the probability tables and the post list are 44 px targets that look like links', async () => {
    const page = await app.open('/community/search');
    await page.setViewportSize({ width: 390, height: 844 });
    const links = page.locator('.search-home__links').getByRole('link');
    await links.first().waitFor();
    const boxes = await links.evaluateAll((elements) =>
      elements.map((link) => ({
        name: link.textContent,
        box: link.getBoundingClientRect().toJSON() as DOMRect,
        decoration: getComputedStyle(link).textDecorationLine,
        colour: getComputedStyle(link).color,
        bodyColour: getComputedStyle(document.body).color,
      })),
    );
    expect(boxes.length).toBe(3);
    for (const { name, box, decoration, colour, bodyColour } of boxes) {
      expect(Math.min(box.width, box.height), name ?? '').toBeGreaterThanOrEqual(44);
      expect(box.right, name ?? '').toBeLessThanOrEqual(390);
      // Told apart from the text around them by more than their place: underlined, in the brand's text colour.
      expect(decoration, name ?? '').toContain('underline');
      expect(colour, name ?? '').not.toBe(bodyColour);
    }
    await page.close();
  });
});

describe('recent search keywords', () => {
  test('the search screen keeps the newest 10, newest first; one searched again moves up; each or all can be forgotten', async () => {
    const page = await app.open('/community/search');
    await page.evaluate(() => localStorage.removeItem('recentSearchKeywords'));
    await page.reload();
    const box = page.getByRole('searchbox', { name: communityTexts.search.placeholder });
    const recent = page.getByRole('region', { name: recentSearchTexts.title });
    const shown = () => recent.getByRole('listitem').getByRole('link').allTextContents();
    // Nothing searched yet: no section.
    await box.waitFor();
    expect(await recent.count()).toBe(0);

    const keywords = Array.from({ length: RECENT_SEARCHES_MAX + 2 }, (_, index) => `슬라임 ${index + 1}`);
    for (const keyword of [...keywords, '😀']) {
      await box.fill(`  ${keyword} `);
      await page.getByRole('search').getByRole('button', { name: communityTexts.search.submit }).click();
      if (keyword !== '😀') {
        await page.waitForURL(/\/community\/search\/post\?/);
        await page.goBack();
        await box.waitFor();
      }
    }
    // Trimmed, the newest first, at most 10; a refused term is not kept.
    expect(await shown()).toEqual(keywords.slice(-RECENT_SEARCHES_MAX).reverse());

    // A chip searches its keyword again and comes first.
    const oldest = keywords[keywords.length - RECENT_SEARCHES_MAX];
    await recent.getByRole('link', { name: oldest, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('query') === oldest);
    await page.goBack();
    await expect.poll(shown).toEqual([oldest, ...keywords.slice(-RECENT_SEARCHES_MAX + 1).reverse()]);

    // Kept across a reload (this browser's storage); one forgotten, then all.
    await page.reload();
    await recent.getByRole('button', { name: recentSearchTexts.remove(oldest) }).click();
    await expect.poll(shown).toEqual(keywords.slice(-RECENT_SEARCHES_MAX + 1).reverse());
    // The removal is read out, and the focus goes to the next chip's remove button, not to the page.
    await page
      .getByRole('status')
      .filter({ hasText: recentSearchTexts.removed(oldest) })
      .waitFor({ state: 'attached' });
    const nextKeyword = keywords[keywords.length - 1];
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(recentSearchTexts.remove(nextKeyword));
    await recent.getByRole('button', { name: recentSearchTexts.clear }).click();
    await recent.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: recentSearchTexts.cleared }).waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('search-box__input'))).toBe(true);
    await page.reload();
    await box.waitFor();
    expect(await recent.count()).toBe(0);
    await page.close();
  });
});
