import { describe, expect, test } from 'vitest';
import { communityTexts, validationTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/** Editing one's own reply on the post detail, in Chromium (the API's updateReply, 000 §7). */
const app = useWebApp({ member: 2 });
const r = communityTexts.reply;

describe('reply edit', () => {
  test('the author edits a reply in place: empty is refused, the new text shows with (수정됨) and stays after a reload', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: r.title });
    await section.getByRole('textbox', { name: r.placeholder }).fill('고치기 전 댓글');
    await section.getByRole('button', { name: r.submit, exact: true }).first().click();
    const mine = section.getByTestId('reply').filter({ hasText: '고치기 전 댓글' }).first();
    await mine.waitFor();
    // Someone else's replies offer no edit (the demo post has replies by other members).
    const others = section.getByTestId('reply').filter({ hasNotText: '고치기 전 댓글' });
    expect(await others.count()).toBeGreaterThan(0);
    expect(await others.getByRole('button', { name: new RegExp(` ${r.edit}$`) }).count()).toBe(0);
    // 답글, 수정 and 삭제 stay small words, each with a thumb-sized target (44 px) on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const word of [r.reply, r.edit, r.delete]) {
      const box = (await mine
        .getByRole('button', { name: new RegExp(`${word}$`) })
        .first()
        .boundingBox())!;
      expect(Math.min(box.width, box.height), word).toBeGreaterThanOrEqual(44);
    }

    await mine.getByRole('button', { name: new RegExp(` ${r.edit}$`) }).click();
    const box = section.getByRole('textbox', { name: r.edit });
    const editor = section.getByTestId('reply').filter({ has: page.getByRole('textbox', { name: r.edit }) });
    expect(await box.inputValue()).toBe('고치기 전 댓글');
    // The box has the focus with the caret after the text, where an edit goes on.
    expect(await box.evaluate((element: HTMLTextAreaElement) => [element === document.activeElement, element.selectionStart, element.value.length])).toEqual([
      true,
      '고치기 전 댓글'.length,
      '고치기 전 댓글'.length,
    ]);
    await box.fill('   ');
    await editor.getByRole('button', { name: r.save, exact: true }).click();
    await editor.getByRole('alert').filter({ hasText: validationTexts.replyRequired }).waitFor();

    await box.fill('고친 댓글');
    await editor.getByRole('button', { name: r.save, exact: true }).click();
    const edited = section.getByTestId('reply').filter({ hasText: '고친 댓글' }).first();
    await edited.getByText(r.edited).waitFor();
    await page.getByTestId('toast').filter({ hasText: r.updated }).waitFor();

    await page.reload();
    await section.getByTestId('reply').filter({ hasText: '고친 댓글' }).first().getByText(r.edited).waitFor();
    expect(await section.getByText('고치기 전 댓글').count()).toBe(0);
    await page.close();
  });

  test('cancel leaves the reply as it was', async () => {
    const page = await app.open('/community');
    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: r.title });
    const mine = section.getByTestId('reply').filter({ hasText: '고친 댓글' }).first();
    await mine.getByRole('button', { name: new RegExp(` ${r.edit}$`) }).click();
    const box = section.getByRole('textbox', { name: r.edit });
    await box.fill('보내지 않을 글');
    await section
      .getByTestId('reply')
      .filter({ has: page.getByRole('textbox', { name: r.edit }) })
      .getByRole('button', { name: r.cancel, exact: true })
      .click();
    await section.getByTestId('reply').filter({ hasText: '고친 댓글' }).first().waitFor();
    expect(await section.getByText('보내지 않을 글').count()).toBe(0);
    await page.close();
  });
});
