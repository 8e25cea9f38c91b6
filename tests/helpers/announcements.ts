import type { Page } from 'playwright-core';

/**
 * Starts recording what the page's polite status regions (role=status) are given to say from now on: the text of each
 * node added inside one. A screen reader reads a live region's additions, so words set again as the same text in
 * place would be missing here, as they go unsaid.
 */
export async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { announcements: string[] }).announcements = said;
    new MutationObserver((records) => {
      for (const record of records) {
        if (!(record.target instanceof Element) || !record.target.closest('[role="status"]')) continue;
        for (const node of record.addedNodes) said.push(node.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { announcements: string[] }).announcements]);
}
