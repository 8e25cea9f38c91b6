import { type Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { PageJson, PostJson } from '../../domain/api.js';
import { uiTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';
import { builtChunkOf } from '../helpers/web-build.js';

/**
 * Performance (issue 9): each route navigation asks the gateway once. Counts the /graphql HTTP requests a
 * first visit and each in-app navigation make, in Chromium against the built app (`npm run build`).
 */

const app = useWebApp();

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
  const page = await app.browser.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));

  const community = await graphqlRequestsDuring(page, async () => {
    await page.goto(`${app.gateway.url}/community`);
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
    await page.goto(`${app.gateway.url}/probability/ticket`);
    await page.waitForLoadState('domcontentloaded');
  });
  expect(probability).toHaveLength(1);
  expect(pageErrors).toEqual([]);
  await page.close();
}, 120_000);

test("a first visit asks for its screen's code beside its query, before the app renders around the screen", async () => {
  const feed = (await (await fetch(`${app.upstream.url}/v1/community/?page=1`)).json()) as PageJson<PostJson>;
  const page = await app.browser.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const firstRendersChunk = builtChunkOf('src/app/errors/GlobalErrorHandlers.tsx');
  const firstRendersRequested = page.waitForRequest((request) => new URL(request.url()).pathname === firstRendersChunk);
  await page.goto(`${app.gateway.url}/community/detail?id=${feed.results[0].id}`);
  await page.getByRole('heading', { name: feed.results[0].title }).waitFor();
  await firstRendersRequested;
  // The app's first render asks for the toasts of failed requests; the screen's code was asked for before it, with
  // its query, so that on a slow network the two travel together (issue 21).
  const screenCode = scripts.indexOf(builtChunkOf('src/community/PostDetailPage.tsx'));
  const firstRendersCode = scripts.indexOf(firstRendersChunk);
  expect(screenCode).toBeGreaterThan(-1);
  expect(firstRendersCode).toBeGreaterThan(-1);
  expect(screenCode).toBeLessThan(firstRendersCode);
  await page.close();
});
