import { beforeAll, describe, expect, test } from 'vitest';
import { NUMBERED_LIST_PAGE_SIZE, USER_REPLIES_PAGE_SIZE } from '../../domain/limits.js';
import { communityTexts, itemTexts, messagingTexts, uiTexts } from '../../domain/messages.js';
import { openBrowser } from '../helpers/browser.js';
import { useWebApp } from '../helpers/web-app.js';

/** The member's own lists (/my/posts, /my/comments, /my/likes), the guides and the numbered post list, in Chromium. */
const MEMBER = 2;
/** Another demo member, who writes the post the member likes. */
const OTHER = 3;
const app = useWebApp({ member: MEMBER });
const m = communityTexts.my;
const s = communityTexts.search;

async function rest(method: string, path: string, memberId: number, body?: unknown) {
  const response = await fetch(app.upstream.url + path, {
    method,
    headers: { authorization: `token ${await app.upstream.issueToken(memberId)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status).toBeLessThan(300);
  return response.json();
}

let likedPostId = 0;
beforeAll(async () => {
  // More than one page of the member's own posts and replies.
  const mine: number[] = [];
  for (let index = 1; index <= NUMBERED_LIST_PAGE_SIZE + 2; index++) {
    mine.push((await rest('POST', '/v1/community/', MEMBER, { title: `내 목록 글 ${index}`, content: '목록 확인용 글입니다', post_type: 'general' })).id);
  }
  for (let index = 1; index <= USER_REPLIES_PAGE_SIZE + 2; index++) {
    await rest('POST', `/v1/community/${mine[0]}/reply/`, MEMBER, { content: `내 목록 댓글 ${index}` });
  }
  likedPostId = (await rest('POST', '/v1/community/', OTHER, { title: '좋아요 여정 글', content: '좋아요를 눌러보세요', post_type: 'general' })).id;
}, 60_000);

describe('the member’s own lists', () => {
  test('a liked post shows on /my/likes; unliked from its detail, it leaves the list (and stays gone after a reload)', async () => {
    const page = await app.open(`/community/detail?id=${likedPostId}`);
    const like = page.getByTestId('like-button');
    await like.click();
    await page.locator('[data-testid="like-button"][aria-pressed="true"]').waitFor();

    await page.goto(app.gateway.url + '/my');
    await page.getByRole('link', { name: m.likes, exact: true }).click();
    await page.waitForURL('**/my/likes');
    const list = page.getByTestId('my-likes');
    const card = list.getByTestId('post-card').filter({ hasText: '좋아요 여정 글' });
    await card.waitFor();

    await card.click();
    await page.waitForURL((url) => url.pathname === '/community/detail');
    await page.locator('[data-testid="like-button"][aria-pressed="true"]').waitFor();
    await page.getByTestId('like-button').click();
    await page.locator('[data-testid="like-button"][aria-pressed="false"]').waitFor();
    await page.goBack();
    await page.waitForURL('**/my/likes');
    // The demo member liked other posts before: those stay.
    const others = list.getByTestId('post-card');
    await others.first().waitFor();
    await expect.poll(() => card.count()).toBe(0);

    await page.reload();
    await others.first().waitFor();
    expect(await card.count()).toBe(0);
    await page.close();
  });

  test('/my/posts and /my/comments load more than one page; a comment leads to its post', async () => {
    const page = await app.open('/my');
    await page.getByRole('link', { name: m.myPosts, exact: true }).click();
    const posts = page.getByTestId('my-posts').getByTestId('post-card');
    await posts.first().waitFor();
    expect(await posts.count()).toBe(NUMBERED_LIST_PAGE_SIZE);
    await page.getByRole('button', { name: s.more }).click();
    await expect.poll(() => posts.count()).toBeGreaterThan(NUMBERED_LIST_PAGE_SIZE);

    await page.goto(app.gateway.url + '/my');
    await page.getByRole('link', { name: m.myComments, exact: true }).click();
    const replies = page.getByTestId('my-replies').locator('li');
    await replies.first().waitFor();
    expect(await replies.count()).toBe(USER_REPLIES_PAGE_SIZE);
    await page.getByRole('button', { name: s.more }).click();
    await expect.poll(() => replies.count()).toBeGreaterThan(USER_REPLIES_PAGE_SIZE);
    await replies.first().getByRole('link', { name: m.goToPost }).click();
    await page.waitForURL((url) => url.pathname === '/community/detail');
    await page.locator('.post-detail__title', { hasText: '내 목록 글 1' }).waitFor();
    await page.close();
  });

  test('a guest is asked to log in on the member’s lists', async () => {
    const guest = await openBrowser();
    try {
      for (const path of ['/my/likes', '/my/posts']) {
        const page = app.watch(await guest.context.newPage());
        await page.goto(app.gateway.url + path);
        await page.getByText(uiTexts.loginRequired).first().waitFor();
        await page.close();
      }
    } finally {
      await guest.close();
    }
  });
});

describe('/community/posts', () => {
  test('opened from the search screen: 10 posts a page; page 2 through its button shows other posts, at the top of the screen; a page past the end opens the last one', async () => {
    const page = await app.open('/community/search');
    await page.getByRole('link', { name: communityTexts.postList.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/community/posts');
    const cards = page.getByTestId('search-results').getByTestId('post-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(NUMBERED_LIST_PAGE_SIZE);
    const pager = page.getByRole('navigation', { name: communityTexts.postList.title });
    expect(await pager.getByRole('link', { name: /^\d+ 페이지$/ }).count()).toBeLessThanOrEqual(5);
    expect(await pager.getByRole('link', { name: s.page(1) }).getAttribute('aria-current')).toBe('page');
    const firstPage = await cards.allTextContents();

    await page.mouse.wheel(0, 5000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await pager.getByRole('link', { name: s.page(2) }).click();
    await page.waitForURL((url) => url.pathname === '/community/posts' && url.searchParams.get('page') === '2');
    await expect.poll(async () => (await cards.allTextContents()).join() !== firstPage.join() && (await cards.count()) > 0).toBe(true);
    const secondPage = await cards.allTextContents();
    expect(secondPage.some((text) => firstPage.includes(text))).toBe(false);
    expect(await pager.getByRole('link', { name: s.page(2) }).getAttribute('aria-current')).toBe('page');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto(app.gateway.url + '/community/posts?page=9999');
    await page.waitForURL((url) => url.pathname === '/community/posts' && url.searchParams.get('page') !== '9999');
    await cards.first().waitFor();
    const last = Number(new URL(page.url()).searchParams.get('page'));
    expect(last).toBeGreaterThan(2);
    expect(last).toBeLessThan(9999);
    expect(await pager.getByRole('link', { name: s.page(last) }).getAttribute('aria-current')).toBe('page');
    await page.close();
  });

  test('searches in place by the chosen type, and a blank search shows every post again', async () => {
    const page = await app.open('/community/posts');
    await page.getByRole('combobox', { name: s.typeLabel }).selectOption('title');
    await page.getByRole('searchbox', { name: s.placeholder }).fill('내 목록 글');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/community/posts' && url.searchParams.has('query'));
    await page
      .getByTestId('search-count')
      .filter({ hasText: s.resultCount(NUMBERED_LIST_PAGE_SIZE + 2) })
      .waitFor();
    const cards = page.getByTestId('search-results').getByTestId('post-card');
    expect((await cards.allTextContents()).every((text) => text.includes('내 목록 글'))).toBe(true);

    await page.getByRole('searchbox', { name: s.placeholder }).fill('');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await page.waitForURL(/\/community\/posts$/);
    await expect.poll(() => page.getByTestId('search-count').count()).toBe(0);
    // The count goes before the whole list is back on screen.
    await expect.poll(() => cards.count()).toBe(NUMBERED_LIST_PAGE_SIZE);
    await page.close();
  });
});

describe('guides', () => {
  test('a guide opens from /my/guide; a notice of another category or an unknown id is a missing guide', async () => {
    const page = await app.open('/my');
    await page.getByRole('link', { name: messagingTexts.guidesTitle, exact: true }).click();
    await page.waitForURL('**/my/guide');
    await page.getByRole('link', { name: /안전한 아이템 거래 가이드/ }).click();
    await page.waitForURL('**/my/guide/notion/*');
    await page.getByRole('heading', { name: '안전한 아이템 거래 가이드' }).waitFor();
    await page.getByText(/선입금을 요구하거나/).waitFor();
    // Only guides are listed.
    await page.goBack();
    await page.getByRole('link', { name: `${itemTexts.myWishes} 사용법` }).waitFor();
    expect(await page.getByRole('link', { name: /정기 점검 안내/ }).count()).toBe(0);

    const policy = (await (await fetch(`${app.upstream.url}/v1/board/notice/?category=policy&pageSize=1`)).json()).results[0];
    for (const id of [policy.uuid, 'no-such-guide']) {
      await page.goto(`${app.gateway.url}/my/guide/notion/${id}`);
      await page.getByText(messagingTexts.guideNotFound).waitFor();
      expect(await page.getByText(policy.title).count()).toBe(0);
    }
    await page.close();
  });
});
