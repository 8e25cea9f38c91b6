import { describe, expect, test } from 'vitest';
import { uiTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * The header's back button on a screen opened directly (a shared link, a new tab): with no history in the app to go
 * back to, it goes to the screen's list, not to the home feed.
 */

const app = useWebApp({ member: 2 });

async function upstreamJson(path: string): Promise<any> {
  return (await fetch(`${app.upstream.url}${path}`)).json();
}

describe('the header back button of a screen opened directly', () => {
  test("a post's goes to its board", async () => {
    const [post] = (await upstreamJson('/v1/community/?page_size=1')).results;
    expect(post.category?.id).toBeDefined();
    const page = await app.open(`/community/detail?id=${post.id}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    await page.getByRole('button', { name: uiTexts.back }).click();
    await page.waitForURL((url) => url.pathname === '/community' && url.searchParams.get('category') === String(post.category.id));
    await page.getByTestId('post-card').first().waitFor();
    await page.close();
  });

  test("a notice's goes to the notice list", async () => {
    const [notice] = (await upstreamJson('/v1/board/notice/?page=1&pageSize=1')).results;
    const page = await app.open(`/my/notice/${notice.id}`);
    await page.getByRole('button', { name: uiTexts.back }).click();
    await page.waitForURL((url) => url.pathname === '/my/notice');
    await page.close();
  });

  test('with history in the app it still goes back, focus returning to the post the member opened', async () => {
    const page = await app.open('/community?category=15');
    const second = page.getByTestId('post-card').nth(1);
    await second.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/community\/detail\?id=/);
    await page.getByRole('button', { name: uiTexts.back }).click();
    await page.waitForURL((url) => url.pathname === '/community' && url.searchParams.get('category') === '15');
    // Not the feed's heading: the card left by, so Tab goes on from where the member was in the list.
    await expect.poll(() => second.evaluate((card) => card === document.activeElement)).toBe(true);
    await page.close();
  });
});
