import { describe, expect, test } from 'vitest';
import { REPLY_ANSWERS_PAGE_SIZE } from '../../domain/limits.js';
import { communityTexts, validationTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/** Answers past the tenth under a comment, reached in Chromium with 답글 N개 더보기, and a new answer joining them. */
const app = useWebApp({ member: 2 });
const r = communityTexts.reply;
const ANSWERS = 23;

/** A REST call to the upstream as a demo member, the way seeding clients write. */
async function rest(method: string, path: string, memberId: number, body: unknown) {
  const response = await fetch(app.upstream.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `token ${await app.upstream.issueToken(memberId)}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

describe('answers under a comment', () => {
  test('all 23 answers are reachable by pressing more, and a new answer then appears once, in its place', async () => {
    const post = await rest('POST', '/v1/community/', 3, { title: '답글이 많은 글', content: '답글을 많이 달아주세요', post_type: 'general' });
    const comment = await rest('POST', `/v1/community/${post.id}/reply/`, 3, { content: '답글 받을 댓글' });
    for (let n = 1; n <= ANSWERS; n++) await rest('POST', `/v1/community/${post.id}/reply/`, 4, { content: `답글 ${n}`, parent_id: comment.id });

    const page = await app.open(`/community/detail?id=${post.id}`);
    const section = page.getByRole('region', { name: r.title });
    const thread = section.locator('li.reply:not(.reply--nested)').filter({ hasText: '답글 받을 댓글' });
    const answers = thread.locator('li.reply--nested .reply__content');
    const more = thread.getByRole('button', { name: /답글 \d+개 더보기/ });
    await answers.nth(REPLY_ANSWERS_PAGE_SIZE - 1).waitFor();
    expect(await answers.count()).toBe(REPLY_ANSWERS_PAGE_SIZE);
    expect(await more.textContent()).toBe(r.moreAnswers(ANSWERS - REPLY_ANSWERS_PAGE_SIZE));

    await more.click();
    await answers.nth(2 * REPLY_ANSWERS_PAGE_SIZE - 1).waitFor();
    expect(await more.textContent()).toBe(r.moreAnswers(ANSWERS - 2 * REPLY_ANSWERS_PAGE_SIZE));
    await more.click();
    await answers.nth(ANSWERS - 1).waitFor();
    await more.waitFor({ state: 'detached' });
    expect(await answers.allTextContents()).toEqual(Array.from({ length: ANSWERS }, (_, index) => `답글 ${index + 1}`));
    const replyCount = await section.getByTestId('reply-count').textContent();
    expect(replyCount).toBe(String(ANSWERS + 1));

    await thread
      .locator('.reply__actions')
      .first()
      .getByRole('button', { name: new RegExp(`${r.reply}$`) })
      .click();
    // Sent empty, an answer is asked for in its own word (답글), not the comment's.
    await thread.getByRole('button', { name: r.submit, exact: true }).click();
    await thread.getByRole('alert').filter({ hasText: validationTexts.answerRequired }).waitFor();
    await thread.getByRole('textbox', { name: r.replyPlaceholder }).fill('새로 단 답글');
    await thread.getByRole('button', { name: r.submit, exact: true }).click();
    await answers.nth(ANSWERS).waitFor();
    await section
      .getByTestId('reply-count')
      .filter({ hasText: String(ANSWERS + 2) })
      .waitFor();
    expect(await answers.allTextContents()).toEqual([...Array.from({ length: ANSWERS }, (_, index) => `답글 ${index + 1}`), '새로 단 답글']);
    expect(await more.count()).toBe(0);

    // After a reload the server's pages hold it once, last. An answer sent while more are still to load only
    // raises the count, and arrives in its place with the last page.
    await page.reload();
    await answers.nth(REPLY_ANSWERS_PAGE_SIZE - 1).waitFor();
    expect(await more.textContent()).toBe(r.moreAnswers(ANSWERS + 1 - REPLY_ANSWERS_PAGE_SIZE));
    await thread
      .locator('.reply__actions')
      .first()
      .getByRole('button', { name: new RegExp(`${r.reply}$`) })
      .click();
    await thread.getByRole('textbox', { name: r.replyPlaceholder }).fill('더보기 전에 단 답글');
    await thread.getByRole('button', { name: r.submit, exact: true }).click();
    await more.filter({ hasText: r.moreAnswers(ANSWERS + 2 - REPLY_ANSWERS_PAGE_SIZE) }).waitFor();
    expect(await answers.count()).toBe(REPLY_ANSWERS_PAGE_SIZE);
    await more.click();
    await answers.nth(2 * REPLY_ANSWERS_PAGE_SIZE - 1).waitFor();
    await more.click();
    await answers.nth(ANSWERS + 1).waitFor();
    await more.waitFor({ state: 'detached' });
    expect((await answers.allTextContents()).slice(ANSWERS - 1)).toEqual([`답글 ${ANSWERS}`, '새로 단 답글', '더보기 전에 단 답글']);
    await page.close();
  });
});
