import { describe, expect, test } from 'vitest';
import { BIO_MAX, REPLY_MAX } from '../../domain/limits.js';
import { accountTexts, communityTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * Text boxes hold as many characters as the service accepts, counted as it counts them: an emoji is one character
 * (two UTF-16 units, which the browser's own maxLength counted), so a text with emoji can fill its limit, what is
 * pasted past it is cut after the last whole character, and the counter agrees with the service.
 */
const app = useWebApp('character-limits', { member: 2 });

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
