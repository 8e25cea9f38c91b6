import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { communityTexts } from '../../domain/messages.js';
import { replies } from '../../upstream/src/db/schema.js';
import { useWebApp } from '../helpers/web-app.js';

/** A create whose answer is lost on the way back is sent again with its key, and saved once. */
const app = useWebApp({ member: 2 });

describe('creates carry an idempotency key', () => {
  test('a reply whose answer was lost, sent again, is saved and shown once', async () => {
    const page = await app.open('/community');
    const sent: { idempotencyKey?: string }[] = [];
    let loseNext = true;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string; variables?: { input?: { idempotencyKey?: string } } } | null;
      if (body?.operationName !== 'useCreateReplyMutation') return route.continue();
      sent.push({ idempotencyKey: body.variables?.input?.idempotencyKey });
      if (!loseNext) return route.continue();
      loseNext = false;
      // The gateway saves the reply, but its answer never reaches the browser.
      await route.fetch();
      await route.abort('failed');
    });

    await page.getByTestId('post-card').first().click();
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    await section.waitFor();
    const content = '응답을 잃어버린 댓글';
    await section.getByRole('textbox', { name: communityTexts.reply.placeholder }).fill(content);
    const submit = section.getByRole('button', { name: communityTexts.reply.submit, exact: true }).first();
    await submit.click();
    await expect.poll(() => sent.length).toBe(1);
    await expect.poll(async () => (await app.upstream.db.select().from(replies).where(eq(replies.content, content))).length).toBe(1);
    await expect.poll(() => submit.isEnabled()).toBe(true);

    await submit.click();
    await section.getByTestId('reply').filter({ hasText: content }).first().waitFor();
    expect(sent).toHaveLength(2);
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
    expect(await app.upstream.db.select().from(replies).where(eq(replies.content, content))).toHaveLength(1);
    await expect.poll(() => section.getByTestId('reply').filter({ hasText: content }).count()).toBe(1);

    // The next reply is a new intent: a new key.
    await section.getByRole('textbox', { name: communityTexts.reply.placeholder }).fill('두 번째 댓글');
    await submit.click();
    await section.getByTestId('reply').filter({ hasText: '두 번째 댓글' }).first().waitFor();
    expect(sent[2].idempotencyKey).not.toBe(sent[0].idempotencyKey);
    await page.close();
  });
});
