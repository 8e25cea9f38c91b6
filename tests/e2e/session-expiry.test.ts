import { describe, expect, test } from 'vitest';
import { accountTexts, globalErrorTexts, hardeningTexts } from '../../domain/messages.js';
import { issueToken } from '../../upstream/src/app.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * A stored session the gateway refuses (002 §4.3), in Chromium: public screens keep working as a guest, member
 * screens send to /login/sign-in, and the visitor is told once.
 */
const app = useWebApp();

async function withStaleSession(path: string) {
  const page = await app.open('/privacy');
  const expired = await issueToken(app.upstream.db, 2, -60_000);
  await page.evaluate((token) => {
    window.localStorage.setItem('userToken', token);
    window.localStorage.setItem('user', JSON.stringify({ id: 'VXNlcjoy', nickname: '말랑콩떡' }));
  }, expired);
  await page.goto(`${app.gateway.url}${path}`);
  return page;
}

describe('a stale stored session', () => {
  test('a public post still opens (by its number, as the spec’s addresses have it), as a guest, on the same address, with one login-needed toast', async () => {
    const [post] = (await (await fetch(`${app.upstream.url}/v1/community/?page_size=1`)).json()).results;
    const page = await withStaleSession(`/community/detail?id=${post.id}`);
    await page.getByRole('heading', { name: post.title }).waitFor();
    await page.getByTestId('toast').filter({ hasText: globalErrorTexts.loginNeeded }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/community/detail');
    expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toBeNull();
    expect(await page.getByTestId('toast').count()).toBe(1);
    await page.close();
  });

  test('the feed keeps working too', async () => {
    const page = await withStaleSession('/community');
    await page.getByTestId('post-card').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/community');
    await page.close();
  });

  test('a member screen sends to /login/sign-in', async () => {
    const page = await withStaleSession('/my/settings');
    await page.waitForURL(`${app.gateway.url}/login/sign-in`);
    await page.getByTestId('toast').filter({ hasText: globalErrorTexts.loginNeeded }).waitFor();
    await page.close();
  });

  test('a session revoked while a form is open: saving shows one toast, not the form’s and the session’s both', async () => {
    const page = await app.open('/privacy');
    // Only the save may learn of the revocation: the live inbox, subscribing after the page's load event, could be
    // refused first (accounts.test.ts says more).
    await page.routeWebSocket(/\/graphql$/, () => {});
    const token = await app.upstream.issueToken(2);
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), token);
    await page.goto(`${app.gateway.url}/my/profile/edit`);
    const bio = page.getByLabel(accountTexts.edit.bio);
    await bio.waitFor();
    await fetch(`${app.upstream.url}/auth/logout`, { method: 'POST', headers: { authorization: `token ${token}` } });
    await bio.fill('저장되지 않을 소개');
    await page.getByRole('button', { name: accountTexts.edit.save }).click();
    await page.waitForURL(`${app.gateway.url}/login/sign-in`);
    await page.getByTestId('toast').first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('toast').allTextContents()).toEqual([globalErrorTexts.loginNeeded]);
    await page.close();
  });

  test('a refusal that arrives after the member logged in again (in another tab) leaves the new session alone', async () => {
    const page = await app.open('/privacy');
    await page.routeWebSocket(/\/graphql$/, () => {});
    const old = await app.upstream.issueToken(2);
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), old);
    await page.goto(`${app.gateway.url}/my/profile/edit`);
    const bio = page.getByLabel(accountTexts.edit.bio);
    await bio.waitFor();
    // The save goes out with the old session and its answer is held, as on a slow network.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName === 'useUpdateProfileMutation') await held;
      await route.continue();
    });
    await fetch(`${app.upstream.url}/auth/logout`, { method: 'POST', headers: { authorization: `token ${old}` } });
    await bio.fill('이전 세션으로 보낸 소개');
    const saved = page.waitForResponse((response) => response.request().postDataJSON()?.operationName === 'useUpdateProfileMutation');
    await page.getByRole('button', { name: accountTexts.edit.save }).click();
    // Meanwhile the member logs in again in another tab: the storage both tabs share holds the new session.
    const renewed = await app.upstream.issueToken(2);
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), renewed);
    release();
    expect((await (await saved).json()).data.updateProfile.__typename).toBe('NotAuthenticatedError');
    // The old session's refusal is not the new one's: it stays, and the member is not sent to sign in; the form says its
    // save went with a session that was refused (saving again goes with the new one).
    await page.getByRole('alert').filter({ hasText: hardeningTexts.tokenRefused }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toBe(renewed);
    expect(new URL(page.url()).pathname).toBe('/my/profile/edit');
    await page.close();
  });
});
