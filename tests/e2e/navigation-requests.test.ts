import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { uiTexts } from '../../domain/messages.js';
import { startGateway, type RunningGateway } from '../../gateway/src/server/server.js';
import { startUpstream } from '../helpers/upstream.js';
import { openBrowser, type BrowserProfile } from '../helpers/browser.js';

/**
 * Performance (issue 9): each route navigation asks the gateway once. Counts the /graphql HTTP requests a
 * first visit and each in-app navigation make, in Chromium against the built app (`npm run build`).
 */

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let gateway: RunningGateway;
let browser: BrowserContext;
let profile: BrowserProfile;

beforeAll(async () => {
  upstream = await startUpstream();
  gateway = await startGateway({ upstreamUrl: upstream.url, port: 0, webDir: 'dist/web' });
  profile = await openBrowser('navigation');
  browser = profile.context;
}, 60_000);

afterAll(async () => {
  await profile?.close();
  await gateway?.close();
  await upstream?.stop();
});

/** The /graphql HTTP requests (not the WebSocket) the page makes while `step` runs and the screen settles. */
async function graphqlRequestsDuring(page: Page, step: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (request: { url(): string; method(): string }) => {
    if (new URL(request.url()).pathname === '/graphql') seen.push(`${request.method()} ${request.url()}`);
  };
  page.on('request', listener);
  await step();
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  return seen;
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: uiTexts.appNavigation });

test('a first visit and each navigation between the main routes make one GraphQL request', async () => {
  const page = await browser.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));

  const community = await graphqlRequestsDuring(page, async () => {
    await page.goto(`${gateway.url}/community`);
    await page.getByTestId('post-card').first().waitFor();
  });
  expect(community).toHaveLength(1);

  const detail = await graphqlRequestsDuring(page, async () => {
    await page.getByTestId('post-card').first().click();
    await page.waitForURL(/\/community\/detail/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });
  expect(detail).toHaveLength(1);

  const search = await graphqlRequestsDuring(page, async () => {
    await tabBar(page).getByRole('link', { name: uiTexts.tabs.search, exact: true }).click();
    await page.waitForURL(/\/community\/search/);
  });
  expect(search).toHaveLength(1);

  const home = await graphqlRequestsDuring(page, async () => {
    await tabBar(page).getByRole('link', { name: uiTexts.tabs.home, exact: true }).click();
    await page.waitForURL(/\/community$/);
    await page.getByTestId('post-card').first().waitFor();
  });
  // Back to the feed: Relay answers from its store or asks once, never more.
  expect(home.length).toBeLessThanOrEqual(1);

  const probability = await graphqlRequestsDuring(page, async () => {
    await page.goto(`${gateway.url}/probability/ticket`);
    await page.waitForLoadState('domcontentloaded');
  });
  expect(probability).toHaveLength(1);
  expect(pageErrors).toEqual([]);
  await page.close();
}, 120_000);
