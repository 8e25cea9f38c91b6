import { describe, expect, test } from 'vitest';
import { accountTexts, globalErrorTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/** A member action the server refuses says why on the screen (the button stays as it was). */
const app = useWebApp({ member: 2 });
/** 바다슬라임 of the demo data. */
const BLOCKER = 9;

describe('refused member actions', () => {
  test('following a member who blocked you shows the server’s reason', async () => {
    const token = await app.upstream.issueToken(BLOCKER);
    const blocked = await fetch(`${app.upstream.url}/v1/user/block/`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ block_target_user: 2 }),
    });
    expect(blocked.status).toBe(201);

    const page = await app.open(`/users/${BLOCKER}`);
    const follow = page.getByRole('button', { name: accountTexts.profile.follow, exact: true });
    await follow.click();
    await page.getByTestId('toast').filter({ hasText: accountTexts.errors.followBlocked }).waitFor();
    expect(await follow.isVisible()).toBe(true);
    await page.close();
  });

  test('채팅하기 says chat is in the app; 게시글로 이동하기 on a profile lists the member’s posts', async () => {
    // Member 3: not part of the block above.
    const { nickname } = (await (await fetch(`${app.upstream.url}/v1/user/3/`)).json()) as { nickname: string };
    const page = await app.open('/users/3');
    await page.getByRole('heading', { name: accountTexts.profile.title(nickname) }).waitFor();
    await page.getByRole('button', { name: accountTexts.profile.chat }).click();
    await page.getByTestId('toast').filter({ hasText: accountTexts.profile.chatUnavailable }).waitFor();
    await page.getByRole('link', { name: accountTexts.profile.goToPosts }).click();
    await page.waitForURL(/\/community\/search\/post\?/);
    await page.getByTestId('post-card').first().waitFor();
    const authors = await page.getByTestId('post-card').locator('.post-card__author').allTextContents();
    expect(authors.length).toBeGreaterThan(0);
    expect(authors.every((author) => author.includes(nickname))).toBe(true);
    await page.close();
  });

  test('/stories/<member number> opens the member’s stories, not the error screen', async () => {
    const page = await app.open('/stories/3');
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    await page.close();
  });
});
