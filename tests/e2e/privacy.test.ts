import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterEach, describe, expect, test } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/** A member's profile screen under their privacy setting: a notice instead of empty stats and tabs. */
const app = useWebApp();
/** 바다슬라임 of the demo data. */
const MEMBER = 9;
const p = accountTexts.profile;

afterEach(async () => {
  for (const page of app.browser.pages()) await page.close();
});

async function setPrivacy(privacy: 'public' | 'friends' | 'private') {
  const token = await app.upstream.issueToken(MEMBER);
  const answer = await fetch(`${app.upstream.url}/users/me`, {
    method: 'PUT',
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ preferences: { privacy } }),
  });
  expect(answer.status).toBe(200);
}

describe('a restricted profile', () => {
  test.each([
    ['private', p.restricted.private],
    ['friends', p.restricted.friends],
  ] as const)('%s: a guest sees the nickname and the notice, no stats or tabs', async (privacy, notice) => {
    await setPrivacy(privacy);
    const page = await app.open(`/users/${encodeURIComponent(encodeGlobalID('User', MEMBER))}`);
    await page.getByRole('heading', { name: p.title('바다슬라임') }).waitFor();
    await page.getByRole('status').filter({ hasText: notice }).waitFor();
    expect(await page.getByRole('tab', { name: p.tabLabels.POSTS }).count()).toBe(0);
    expect(await page.locator('[data-stat="followers"]').count()).toBe(0);
  });

  test('public: the tabs are back', async () => {
    await setPrivacy('public');
    const page = await app.open(`/users/${encodeURIComponent(encodeGlobalID('User', MEMBER))}`);
    await page.getByRole('tab', { name: p.tabLabels.POSTS }).waitFor();
    expect(await page.getByText(p.restricted.private).count()).toBe(0);
  });
});
