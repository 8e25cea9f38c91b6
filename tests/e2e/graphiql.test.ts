import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeBrowsers, openBrowser, type BrowserProfile } from '../helpers/browser.js';
import { useStack } from '../helpers/stack.js';

/** GraphiQL at /graphql in Chromium with the network limited to the gateway's own origin. */
const rig = useStack();
let browser: BrowserProfile;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeBrowsers();
});

describe('GraphiQL', () => {
  test('loads from the gateway alone, opens on the example operation and runs it', async () => {
    const origin = new URL(rig.gateway.url).origin;
    const elsewhere: string[] = [];
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route('**', (route) => {
      const url = new URL(route.request().url());
      // blob: and data: URLs (the editor's workers, inlined icons) never reach the router; anything else must be ours.
      if (url.origin === origin) return route.continue();
      elsewhere.push(url.href);
      return route.abort();
    });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto(`${rig.gateway.url}/graphql`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).not.toMatch(/https?:/);

    // The query editor holds the example: its operation, a fragment and variables.
    const editor = page.locator('.graphiql-query-editor');
    const editorText = async () => (await editor.innerText()).replace(/\u00a0/g, ' ');
    await expect.poll(editorText, { timeout: 60_000 }).toContain('query CommunityFeed');
    const example = await editorText();
    expect(example).toContain('fragment PostCard on Post');
    expect(example).toContain('$first');

    const answered = page.waitForResponse((answer) => answer.request().method() === 'POST' && /CommunityFeed/.test(answer.request().postData() ?? ''));
    await page.locator('.graphiql-execute-button').click();
    const body = await (await answered).json();
    expect(body.errors).toBeUndefined();
    expect(body.data.posts.edges.length).toBeGreaterThan(0);
    // …and the result pane shows it (the editor renders only the lines in view: the answer's first ones).
    const result = async () => (await page.locator('.result-window').innerText()).replace(/\s/g, '');
    await expect.poll(result, { timeout: 60_000 }).toContain('{"data":{"categories":[{');

    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 150_000);

  test("the web client's persisted operations are listed beside it", async () => {
    const listing = await fetch(`${rig.gateway.url}/graphql/persisted`);
    expect(listing.status).toBe(200);
    const operations = (await listing.json()) as Record<string, string>;
    const texts = Object.values(operations);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.some((text) => /^query CommunityPageQuery\b/.test(text))).toBe(true);
  });
});
