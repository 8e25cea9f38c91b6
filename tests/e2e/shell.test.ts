import { describe, expect, test } from 'vitest';
import { LAYOUT } from '../../domain/limits.js';
import { accountTexts, communityTexts, globalErrorTexts, infoTexts, legalTexts, uiTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/** The app shell of 002 §2.3 in Chromium: wide-screen legal links and the loading bar's stop delay. */
const app = useWebApp();

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

    // Held open by a slow screen: the bar shows while its data is on the way, and stops after.
    await page.route('**/graphql', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fallback();
    });
    await bar.evaluate((element) => {
      const seen = { active: false };
      (window as unknown as { progress: typeof seen }).progress = seen;
      new MutationObserver(() => {
        if (element.classList.contains('navigation-progress--active')) seen.active = true;
      }).observe(element, { attributes: true, attributeFilter: ['class'] });
    });
    await page.getByTestId('post-card').first().click();
    await page.waitForURL(/\/community\/detail/);
    await page.getByTestId('post-content').waitFor();
    expect(await page.evaluate(() => (window as unknown as { progress: { active: boolean } }).progress.active)).toBe(true);
    await expect.poll(() => bar.evaluate((element) => element.classList.contains('navigation-progress--active'))).toBe(false);
    await page.close();
  });

  test('modals sound when they open and close, and give focus back to what opened them; the sound can be turned off', async () => {
    const countTones = () => {
      const tones = { count: 0 };
      (window as unknown as { tones: typeof tones }).tones = tones;
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        tones.count += 1;
        return create.call(this);
      };
    };
    const tones = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { tones: { count: number } }).tones.count);

    await app.browser.addInitScript(countTones);
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().waitFor();
    const write = page.getByRole('link', { name: uiTexts.tabs.write, exact: true });
    await write.focus();
    await write.press('Enter');
    const sheet = page.getByRole('dialog', { name: accountTexts.sheet.title });
    await sheet.waitFor();
    await expect.poll(() => tones(page)).toBe(1);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => tones(page)).toBe(2);
    expect(await write.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();

    // A member turns the sound off in the settings; the choice stays, and the report dialog then opens silently.
    const member = await app.browserFor(2);
    await member.addInitScript(countTones);
    const settings = await app.open('/my/settings', member);
    const toggle = settings.getByRole('checkbox', { name: accountTexts.settings.modalSounds });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await settings.reload();
    expect(await toggle.isChecked()).toBe(false);
    await settings.goto(`${app.gateway.url}/community`);
    await settings.getByTestId('post-card').nth(3).click();
    await settings.getByRole('button', { name: communityTexts.post.report, exact: true }).click();
    await settings.getByRole('alertdialog').waitFor();
    expect(await tones(settings)).toBe(0);
    await settings.close();
  });

  test('the login sheet opened and closed ten times in quick succession leaves the guest on the page', async () => {
    // A closing modal steps Back off its entry; the router could still render that entry afterwards (its location
    // commits in a transition) and skip it once more, two steps back: off the page, here to the tab's blank first entry.
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().waitFor();
    const write = page.getByRole('link', { name: uiTexts.tabs.write, exact: true });
    for (let round = 0; round < 10; round += 1) {
      await write.focus().catch(() => {});
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.waitForTimeout(150);
    }
    // Whatever is still opening settles; Escape closes a sheet that opened after its Escape came.
    await page.waitForTimeout(1500);
    if (await page.getByRole('dialog', { name: accountTexts.sheet.title }).count()) await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: accountTexts.sheet.title }).waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/community');
    expect(await page.getByTestId('post-card').count()).toBeGreaterThan(0);
    await page.close();
  });

  test('the error pages say what they are; contact leads to inquiries; an in-the-app feature says so; an unknown address is the 404', async () => {
    const page = await app.open('/500');
    await page.getByRole('heading', { level: 1, name: infoTexts.serverError.title }).waitFor();
    await page.goto(`${app.gateway.url}/403`);
    await page.getByRole('heading', { level: 1, name: infoTexts.forbidden.title }).waitFor();
    await page.goto(`${app.gateway.url}/channel/7`);
    await page.getByText(infoTexts.inTheApp.text(infoTexts.inTheApp.channel)).waitFor();
    await page.goto(`${app.gateway.url}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: uiTexts.notFoundTitle }).waitFor();
    await page.goto(`${app.gateway.url}/contact`);
    await page.getByRole('link', { name: infoTexts.contact.action }).click();
    await page.waitForURL(/\/my\/inquiries$/);
    await page.close();
  });

  test('each screen names itself in the document title (tabs, history, screen readers), also after moving within the app', async () => {
    const page = await app.open('/community/search');
    const titled = (name: string) => `${name} · ${uiTexts.appTitle}`;
    await expect.poll(() => page.title()).toBe(titled(communityTexts.search.title));
    await page.getByRole('navigation', { name: uiTexts.appNavigation }).getByRole('link', { name: uiTexts.tabs.home, exact: true }).click();
    await expect.poll(() => page.title()).toBe(titled(uiTexts.community));
    await page.goto(`${app.gateway.url}/no/such/page`);
    await expect.poll(() => page.title()).toContain(uiTexts.appTitle);
    expect(await page.title()).not.toBe(titled(uiTexts.community));
    await page.close();
  });

  test('a tab pressed with Enter takes the focus to the new screen’s heading (it was lost to <body>)', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().waitFor();
    const tabs = page.getByRole('navigation', { name: uiTexts.appNavigation });
    for (const [name, address, ready, title] of [
      [
        uiTexts.tabs.search,
        /\/community\/search$/,
        () => page.getByRole('heading', { name: communityTexts.search.title }).first().waitFor(),
        communityTexts.search.title,
      ],
      [uiTexts.tabs.home, /\/community$/, () => page.getByTestId('post-card').first().waitFor(), uiTexts.community],
    ] as const) {
      const tab = tabs.getByRole('link', { name, exact: true });
      await tab.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(address);
      await ready();
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)).toBe(`H1 ${title}`);
    }
    await page.close();
  });

  test('a member who does not exist is a not-found screen, not a failure to retry', async () => {
    const page = await app.open('/users/999999');
    await page.getByText(uiTexts.notFoundTitle).first().waitFor();
    expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    expect(await page.getByRole('button', { name: globalErrorTexts.tryAgain }).count()).toBe(0);
    await page.close();
  });
});
