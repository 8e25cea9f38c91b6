import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { PageJson, PostJson } from '../../domain/api.js';
import { accountTexts, uiTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * @defer in Chromium: the post detail's replies and /my/profile's activities come in a later part of the gateway's
 * multipart answer. The fault proxy holds back only the upstream call behind that part, so the screen must paint
 * what it has, with the part's skeleton, and fill the part in once its call is answered.
 */
const MEMBER = 12;
const app = useWebApp({ member: MEMBER, faultProxy: true });

const busySkeleton = (page: Page) => page.getByRole('status').filter({ has: page.getByText(uiTexts.loading, { exact: true }) });

/** The answer to the route's query, as the browser received it: its content type and every part of its body. */
function routeQueryAnswer(page: Page, operationName: string) {
  return page.waitForResponse((response) => response.url().endsWith('/graphql') && response.request().postDataJSON()?.operationName === operationName);
}

test("a post paints while the upstream still holds back its replies, which then take their skeleton's place", async () => {
  const feed = (await (await fetch(`${app.upstream.url}/v1/community/?page=1`)).json()) as PageJson<PostJson>;
  const post = feed.results.find((candidate) => candidate.reply_count > 0)!;
  expect(post, 'a demo post with replies').toBeDefined();
  const release = app.proxy.hold(new RegExp(`^/v1/community/${post.id}/reply/`));
  try {
    const page = app.watch(await app.browser.newPage());
    const answer = routeQueryAnswer(page, 'PostDetailPageQuery');
    await page.goto(`${app.gateway.url}/community/detail?id=${post.id}`);
    await page.getByRole('heading', { name: post.title }).waitFor();
    expect((await answer).headers()['content-type']).toMatch(/^multipart\/mixed/);
    // The post is there, its replies are not: their part shows the busy skeleton.
    await busySkeleton(page).waitFor();
    expect(await page.getByTestId('reply-count').count()).toBe(0);
    expect(await page.getByTestId('like-button').count()).toBe(1);

    release();
    await expect.poll(() => page.getByTestId('reply').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('reply-count').textContent()).toBe(String(post.reply_count));
    expect(await busySkeleton(page).count()).toBe(0);
    // The answer comes in parts: the first with the post, a later one with the replies. The browser may drop a
    // finished response's body once the page rewrites its address, so the same request is asked again here.
    const asked = (await answer).request();
    const headers = await asked.allHeaders();
    const body = await (
      await fetch(asked.url(), {
        method: 'POST',
        headers: {
          accept: headers.accept,
          'content-type': headers['content-type'],
          ...(headers.authorization ? { authorization: headers.authorization } : {}),
        },
        body: asked.postData(),
      })
    ).text();
    expect(body).toContain('"hasNext":true');
    expect(body).toContain('"label":"PostDetailPageQuery$defer$ReplySection_post"');
    await page.close();
  } finally {
    release();
  }
});

test("/my/profile paints the member's profile while their activities are on their way", async () => {
  const release = app.proxy.hold(/\/activities/);
  try {
    const page = app.watch(await app.browser.newPage());
    await page.goto(`${app.gateway.url}/my/profile`);
    const detail = page.getByTestId('profile-detail');
    await detail.getByRole('heading', { name: /복숭아빛/ }).waitFor();
    await detail.getByRole('heading', { name: accountTexts.detail.activitiesSection }).waitFor();
    await busySkeleton(page).waitFor();
    expect(await page.getByTestId('activity').count()).toBe(0);

    release();
    await expect.poll(() => page.getByTestId('activity').count()).toBeGreaterThan(0);
    expect(await busySkeleton(page).count()).toBe(0);
    await page.close();
  } finally {
    release();
  }
});
