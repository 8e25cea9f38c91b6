import { describe, expect, test } from 'vitest';
import { BIO_MAX, CONTENT_MAX, REPLY_MAX, REPORT_REASON_MAX, TITLE_MAX } from '../../domain/limits.js';
import { accountTexts, communityTexts, reportTexts } from '../../domain/messages.js';
import { useWebApp, viewerNickname } from '../helpers/web-app.js';

/**
 * Text boxes hold as many characters as the service accepts, counted as it counts them: an emoji is one character
 * (two UTF-16 units, which the browser's own maxLength counted), so a text with emoji can fill its limit, what is
 * pasted past it is cut after the last whole character, and the counter agrees with the service.
 */
const app = useWebApp({ member: 2 });

describe('character limits with emoji', () => {
  test('a reply fills its limit with emoji, is cut after the limit, and is accepted as it stands', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    const box = section.getByRole('textbox', { name: communityTexts.reply.placeholder });
    const text = `${'ㅋ'.repeat(REPLY_MAX - 2)}😀😀😀`;
    await box.fill(text);
    const kept = await box.inputValue();
    expect([...kept].length).toBe(REPLY_MAX);
    expect(kept.endsWith('😀😀')).toBe(true);
    await page.getByText(`${REPLY_MAX}/${REPLY_MAX}`).waitFor();

    await section.getByRole('button', { name: communityTexts.reply.submit, exact: true }).first().click();
    // Sent and accepted: the box empties and the reply is on the list, whole.
    await expect.poll(() => box.inputValue()).toBe('');
    await section.getByTestId('reply').filter({ hasText: kept }).first().waitFor();
    await page.close();
  });

  test("the profile's bio counts an emoji as one and saves a full bio of emoji", async () => {
    const page = await app.open('/my/profile/edit');
    // Named by its label alone; the count describes it.
    const bio = page.getByRole('textbox', { name: accountTexts.edit.bio, exact: true });
    await expect
      .poll(() => bio.evaluate((box) => box.getAttribute('aria-describedby') && document.getElementById(box.getAttribute('aria-describedby')!)?.textContent))
      .toMatch(new RegExp(`^\\d+/${BIO_MAX}$`));
    await bio.fill('🙂'.repeat(BIO_MAX + 10));
    expect([...(await bio.inputValue())].length).toBe(BIO_MAX);
    await page.getByText(`${BIO_MAX}/${BIO_MAX}`).waitFor();
    // Full: a letter typed at the start is refused, as the browser refuses it; the end of the bio is not cut for it.
    await bio.press('Control+Home');
    await page.keyboard.insertText('가');
    expect(await bio.inputValue()).toBe('🙂'.repeat(BIO_MAX));
    await page.getByRole('button', { name: accountTexts.edit.save }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'));
    await page.goto(`${app.gateway.url}/my/profile/edit`);
    await expect.poll(() => bio.inputValue()).toBe('🙂'.repeat(BIO_MAX));
    await page.close();
  });
});

/**
 * The schemas trim a text before they count it, so the counters count the trimmed text: a line break after the last
 * word, or spaces around it, are not saved and take none of the limit.
 */
describe('counters count what is saved', () => {
  const counter = communityTexts.write.counter;

  test('the reply box: a full reply with a line break after it says 999/1000, and 999 characters are saved', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    const box = section.getByRole('textbox', { name: communityTexts.reply.placeholder });
    const form = section.locator('form.reply-form').first();
    await box.fill('  말랑 \n');
    expect(await form.locator('.field__counter').textContent()).toBe(counter(2, REPLY_MAX));
    const words = 'ㅎ'.repeat(REPLY_MAX - 1);
    await box.fill(`${words}\n`);
    expect(await form.locator('.field__counter').textContent()).toBe(counter(REPLY_MAX - 1, REPLY_MAX));
    await section.getByRole('button', { name: communityTexts.reply.submit, exact: true }).first().click();
    await expect.poll(() => box.inputValue()).toBe('');
    expect(await section.getByTestId('reply').filter({ hasText: words }).first().locator('.reply__content').textContent()).toBe(words);
    await page.close();
  });

  test('the write form: the title and the content count their trimmed text', async () => {
    const page = await app.open('/community/write');
    await page.getByLabel(communityTexts.write.titleLabel, { exact: true }).fill(` ${'제'.repeat(TITLE_MAX)} `);
    await page.getByLabel(communityTexts.write.contentLabel, { exact: true }).fill('\n  내용입니다\n\n');
    expect(await page.getByTestId('title-counter').textContent()).toBe(counter(TITLE_MAX, TITLE_MAX));
    expect(await page.getByTestId('content-counter').textContent()).toBe(counter(5, CONTENT_MAX));
    await page.close();
  });

  test("the report modal's reason counts its trimmed text", async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().waitFor();
    // A post of another member (only those can be reported).
    const nickname = await viewerNickname(page);
    await page
      .getByTestId('post-card')
      .filter({ hasNot: page.locator('.post-card__author', { hasText: nickname }) })
      .first()
      .click();
    await page.getByRole('button', { name: communityTexts.post.report, exact: true }).click();
    await page
      .getByRole('alertdialog', { name: communityTexts.confirm.report.message })
      .getByRole('button', { name: communityTexts.confirm.report.action, exact: true })
      .click();
    const modal = page.getByRole('dialog', { name: reportTexts.title });
    await modal.getByLabel(reportTexts.reasonLabel).fill('  광고 글이에요 \n');
    expect(await modal.locator('.field__counter').textContent()).toBe(`7/${REPORT_REASON_MAX}`);
    await page.close();
  });
});
