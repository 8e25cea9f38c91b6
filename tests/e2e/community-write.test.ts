import { type Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REPLY_MAX } from '../../domain/limits.js';
import { communityTexts, validationTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/** A member's journeys on the post detail in Chromium: like, reply, answer, delete, all through the Relay store. */

const app = useWebApp({ member: 2 });
const open = (path: string) => app.open(path);

const likesOf = async (page: Page, card: number) =>
  Number((await page.getByTestId('post-card').nth(card).locator('[data-stat="likes"] .visually-hidden').textContent())!.replace(/\D/g, ''));

describe('post detail as a member', () => {
  test('one request loads the post with its replies; a like shows in the feed without a reload', async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().waitFor();
    const before = await likesOf(page, 0);

    app.graphqlOperations.length = 0;
    await page.getByTestId('post-card').first().click();
    await page.getByTestId('like-button').waitFor();
    await page.getByRole('region', { name: communityTexts.reply.title }).waitFor();
    expect(app.graphqlOperations.length).toBe(1);

    const liked = (await page.getByTestId('like-button').getAttribute('aria-pressed')) === 'true';
    await page.getByTestId('like-button').click();
    const expected = liked ? before - 1 : before + 1;
    await expect.poll(async () => Number(await page.getByTestId('like-count').textContent())).toBe(expected);
    // One state, said once: pressed or not, the name is 좋아요 and the count.
    expect(await page.getByTestId('like-button').getAttribute('aria-label')).toBe(`${communityTexts.post.like} ${expected}`);
    expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).toBe(String(!liked));
    await page.goBack();
    await page.getByTestId('post-card').first().waitFor();
    await expect.poll(() => likesOf(page, 0)).toBe(expected);
    await page.close();
  });

  test('replies, answers the reply and deletes it with the confirmation dialog', async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    await section.waitFor();
    const count = Number(await page.getByTestId('reply-count').textContent());

    await section.getByRole('textbox', { name: communityTexts.reply.placeholder }).fill('브라우저에서 남긴 댓글');
    await section.getByRole('button', { name: communityTexts.reply.submit, exact: true }).first().click();
    const mine = section.getByTestId('reply').filter({ hasText: '브라우저에서 남긴 댓글' }).first();
    await mine.waitFor();
    await expect.poll(async () => Number(await page.getByTestId('reply-count').textContent())).toBe(count + 1);

    await mine.getByRole('button', { name: new RegExp(`${communityTexts.reply.reply}$`) }).click();
    await mine.getByRole('textbox', { name: communityTexts.reply.replyPlaceholder }).fill('답글도 남겨요');
    await mine.getByRole('button', { name: communityTexts.reply.submit, exact: true }).click();
    await mine.locator('.reply--nested').filter({ hasText: '답글도 남겨요' }).waitFor();
    await expect.poll(async () => Number(await page.getByTestId('reply-count').textContent())).toBe(count + 2);

    const answer = mine.locator('.reply--nested').filter({ hasText: '답글도 남겨요' });
    await answer.getByRole('button', { name: new RegExp(` ${communityTexts.reply.delete}$`) }).click();
    const dialog = page.getByRole('alertdialog', { name: communityTexts.confirm.delete.message });
    await dialog.getByRole('button', { name: communityTexts.confirm.delete.action, exact: true }).click();
    await expect.poll(() => answer.count()).toBe(0);
    await expect.poll(async () => Number(await page.getByTestId('reply-count').textContent())).toBe(count + 1);
    await page.getByText(communityTexts.reply.deleted).waitFor();
    await page.close();
  });

  test('a reply sent from the keyboard leaves the focus in the emptied reply box, ready for the next (it fell to <body>)', async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    const box = section.getByRole('textbox', { name: communityTexts.reply.placeholder });
    await box.focus();
    await page.keyboard.type('키보드로 남긴 댓글');
    await page.keyboard.press('Tab');
    expect(
      await section
        .getByRole('button', { name: communityTexts.reply.submit, exact: true })
        .first()
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await section.getByTestId('reply').filter({ hasText: '키보드로 남긴 댓글' }).first().waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('이어서 한 줄 더');
    expect(await box.inputValue()).toBe('이어서 한 줄 더');
    await page.close();
  });

  test('text typed while a reply is on its way stays in the box once it is sent', async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    const box = section.getByRole('textbox', { name: communityTexts.reply.placeholder });
    // The reply's request waits until the second line is typed, as on a slow network.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('느린 첫 댓글')) await typed;
      await route.continue();
    });
    await box.fill('느린 첫 댓글');
    await section.getByRole('button', { name: communityTexts.reply.submit, exact: true }).first().click();
    await box.press('End');
    await page.keyboard.type(' 이어서 쓰는 중');
    release();
    await section.getByTestId('reply').filter({ hasText: '느린 첫 댓글' }).first().waitFor();
    await page.getByRole('status').filter({ hasText: communityTexts.reply.created }).waitFor();
    // Only what was sent left the box.
    expect(await box.inputValue()).toBe('이어서 쓰는 중');
    await page.close();
  });

  test('a paste cut at the reply limit says so, at the box, until the text changes', async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    const box = section.getByRole('textbox', { name: communityTexts.reply.placeholder });
    await box.focus();
    // As a paste arrives: one insertion, past the limit.
    await page.keyboard.insertText('말'.repeat(REPLY_MAX + 200));
    await expect.poll(async () => (await box.inputValue()).length).toBe(REPLY_MAX);
    const notice = section.getByRole('alert').filter({ hasText: validationTexts.replyMax(REPLY_MAX) });
    await notice.waitFor();
    const noticeId = await notice.getAttribute('id');
    expect(noticeId).toBeTruthy();
    expect((await box.getAttribute('aria-describedby'))?.split(' ')).toContain(noticeId);
    // What is kept is valid: the box is not marked wrong, only told about.
    expect(await box.getAttribute('aria-invalid')).toBeNull();
    await page.keyboard.press('Backspace');
    await notice.waitFor({ state: 'detached' });
    await page.close();
  });

  test("an answer sent from the keyboard gives the focus back to its reply's 답글 button, which says the form is closed (it fell to <body>)", async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    const thread = section.locator('li.reply:not(.reply--nested)').first();
    const answerButton = thread
      .locator('.reply__actions')
      .first()
      .getByRole('button', { name: new RegExp(`${communityTexts.reply.reply}$`) });
    const isFocused = (element: HTMLElement | SVGElement) => element === document.activeElement;
    await answerButton.focus();
    await page.keyboard.press('Enter');
    expect(await answerButton.getAttribute('aria-expanded')).toBe('true');
    const box = thread.getByRole('textbox', { name: communityTexts.reply.replyPlaceholder });
    await box.focus();
    await page.keyboard.type('키보드로 남긴 답글');
    await page.keyboard.press('Tab');
    expect(await thread.getByRole('button', { name: communityTexts.reply.submit, exact: true }).evaluate(isFocused)).toBe(true);
    await page.keyboard.press('Enter');
    await thread.locator('.reply--nested').filter({ hasText: '키보드로 남긴 답글' }).waitFor();
    await box.waitFor({ state: 'detached' });
    await expect.poll(() => answerButton.evaluate(isFocused)).toBe(true);
    expect(await answerButton.getAttribute('aria-expanded')).toBe('false');
    // From there the next answer is one key away.
    await page.keyboard.press('Enter');
    await box.waitFor();
    await page.close();
  });
});
