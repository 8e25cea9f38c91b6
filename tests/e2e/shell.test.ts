import { describe, expect, test } from 'vitest';
import { LAYOUT } from '../../domain/limits.js';
import { legalTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/** The app shell of 002 §2.3 in Chromium: wide-screen legal links and the loading bar's stop delay. */
const app = useWebApp('shell');

describe('the app shell', () => {
  test('terms and privacy links sit at the bottom left on a wide screen, and not on a phone', async () => {
    const page = await app.open('/community');
    const links = page.getByRole('navigation', { name: legalTexts.links });
    expect(await links.isVisible()).toBe(false);

    await page.setViewportSize({ width: LAYOUT.wideScreenMinPx + 256, height: 800 });
    await links.waitFor();
    const box = (await links.boundingBox())!;
    expect(box.x).toBeLessThan(100);
    expect(box.y + box.height).toBeGreaterThan(700);
    await links.getByRole('link', { name: legalTexts.terms }).click();
    await page.waitForURL(/\/terms$/);
    await page.getByRole('heading', { name: legalTexts.terms }).first().waitFor();
    await links.getByRole('link', { name: legalTexts.privacy }).click();
    await page.waitForURL(/\/privacy$/);
    await page.close();
  });

  test('the loading bar is there while a screen loads and stays for the stop delay after it', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().waitFor();
    const bar = page.getByTestId('navigation-progress');
    expect(await bar.evaluate((element) => getComputedStyle(element).visibility)).toBe('hidden');
    // A stop delay of LAYOUT.progressStopDelayMs before it fades (002 §2.3).
    const delays = await bar.evaluate((element) => getComputedStyle(element).transitionDelay);
    expect(delays.split(',')[0].trim()).toBe(`${LAYOUT.progressStopDelayMs / 1000}s`);

    // Held open by a slow screen: the bar shows while its data is on the way.
    await page.route('**/graphql', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fallback();
    });
    await page.getByTestId('post-card').first().click();
    await expect.poll(() => bar.evaluate((element) => element.classList.contains('navigation-progress--active'))).toBe(true);
    expect(await bar.evaluate((element) => getComputedStyle(element).visibility)).toBe('visible');
    await page.waitForURL(/\/community\/detail/);
    await expect.poll(() => bar.evaluate((element) => element.classList.contains('navigation-progress--active'))).toBe(false);
    await page.close();
  });
});
