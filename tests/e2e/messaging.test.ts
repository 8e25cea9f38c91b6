import { type BrowserContext, type Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { communityTexts, globalErrorTexts, messagingTexts as m, recoveryTexts, replyLinkTexts, uiTexts, validationTexts } from '../../domain/messages.js';
import {
  IMAGE_THUMBNAIL_MAX_PX,
  INQUIRY_ATTACHMENTS_MAX,
  INQUIRY_COMMENT_MAX,
  INQUIRY_CONTENT_MAX,
  INQUIRY_PAGE_SIZE_DEFAULT,
  INQUIRY_TITLE_MAX,
  NOTIFICATION_PAGE_SIZE_DEFAULT,
  REPLY_ANSWERS_PAGE_SIZE,
  REPLY_PAGE_SIZE,
} from '../../domain/limits.js';
import { recordAnnouncements } from '../helpers/announcements.js';
import { ATTACHMENT_UPLOAD_LIMIT } from '../../domain/uploads.js';
import { jpegPhoto, pngOfSize } from '../helpers/media-files.js';
import { addMembers } from '../helpers/stories.js';
import { useWebApp } from '../helpers/web-app.js';

/** Two members in two browser contexts: B answers A's post and A's 알림 tab shows it live, without a reload. */

const ALICE = 2;
const BOB = 3;

// A short poll interval so the test need not wait the spec's 30 s.
const app = useWebApp({ browser: false, gateway: { settings: { notificationPollIntervalMs: 500 } } });
const contexts: { alice?: BrowserContext; bob?: BrowserContext } = {};

beforeAll(async () => {
  contexts.alice = await app.browserFor(ALICE);
  contexts.bob = await app.browserFor(BOB);
});

const open = (context: BrowserContext, path: string) => app.open(path, context);

async function alicePost(): Promise<{ id: number; title: string }> {
  const response = await fetch(`${app.upstream.url}/v1/community/?page_size=50`);
  const body = (await response.json()) as { results: { id: number; title: string; author: { id: number } | null }[] };
  return body.results.find((post) => post.author?.id === ALICE)!;
}

const unreadCount = async (page: Page) => Number((await page.getByTestId('unread-count').textContent())!.replace(/\D/g, ''));

describe('the 알림 tab', () => {
  test('B replies to A’s post and A sees it without a reload; mark all read clears the count', async () => {
    const inbox = await open(contexts.alice!, '/community/notice');
    await inbox.getByTestId('unread-count').waitFor();
    const before = await unreadCount(inbox);
    let reloads = 0;
    inbox.on('framenavigated', (frame) => {
      if (frame === inbox.mainFrame()) reloads++;
    });

    const { id: postId, title } = await alicePost();
    const detail = await open(contexts.bob!, `/community/detail?id=${encodeURIComponent(Buffer.from(`Post:${postId}`).toString('base64'))}`);
    const box = detail.getByRole('textbox', { name: communityTexts.reply.placeholder });
    await box.fill('브라우저에서 남긴 실시간 댓글');
    await detail.getByRole('button', { name: communityTexts.reply.submit, exact: true }).click();

    await inbox.getByText(m.replyOnPost('젤리곰', title)).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => unreadCount(inbox), { timeout: 15_000 }).toBe(before + 1);
    expect(reloads).toBe(0);

    await inbox.getByRole('button', { name: m.markAllRead }).click();
    await expect.poll(() => unreadCount(inbox)).toBe(0);
    await inbox.reload();
    await expect.poll(() => unreadCount(inbox)).toBe(0);
    await inbox.close();
    await detail.close();
  });
});

describe('the 알림 screen on a phone', () => {
  test('at 390 px its header and its toolbar keep one line each; 알림 설정 is a named link', async () => {
    const inbox = await open(contexts.alice!, '/community/notice');
    await inbox.setViewportSize({ width: 390, height: 844 });
    await inbox.getByTestId('unread-count').waitFor();
    const settings = inbox.getByRole('link', { name: m.settingsTitle });
    // A whole touch target.
    const box = (await settings.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    // The unread count on one line.
    const count = inbox.getByTestId('unread-count');
    expect(await count.evaluate((part) => part.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(part).lineHeight || '20'))).toBe(true);
    // The count and both buttons side by side: one row.
    const tops = await inbox
      .locator('.inbox__toolbar > *:not(dialog)')
      .evaluateAll((parts) =>
        parts
          .filter((part) => part.getClientRects().length > 0)
          .map((part) => Math.round(part.getBoundingClientRect().top + part.getBoundingClientRect().height / 2)),
      );
    expect(tops.length).toBe(3);
    expect(new Set(tops).size).toBe(1);
    // Each notification's 삭제 is a whole touch target too, inside the screen.
    const deletes = await inbox.locator('.inbox__delete').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect));
    expect(deletes.length).toBeGreaterThan(0);
    for (const target of deletes) {
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
      expect(target.right).toBeLessThanOrEqual(390);
    }
    await settings.click();
    await inbox.waitForURL(/\/my\/notifications$/);
    await inbox.close();
  });
});

describe('알림 설정', () => {
  test('every choice is a 44 px row with a 20 px box; the quiet hours are named in Korean and kept after saving', async () => {
    const settings = await open(contexts.bob!, '/my/notifications');
    const from = settings.getByLabel(m.quietHoursFrom, { exact: true });
    await from.waitFor();
    const sizes = await settings
      .locator('.notification-settings input[type="checkbox"]')
      .evaluateAll((boxes) => boxes.map((box) => ({ box: box.getBoundingClientRect().width, row: box.closest('label')!.getBoundingClientRect().height })));
    expect(sizes.length).toBeGreaterThan(4);
    for (const size of sizes) {
      expect(size.box).toBeGreaterThanOrEqual(20);
      expect(size.row).toBeGreaterThanOrEqual(44);
    }
    await settings.getByRole('checkbox', { name: m.quietHours }).check();
    await from.fill('23:30');
    await settings.getByLabel(m.quietHoursUntil, { exact: true }).fill('07:15');
    await settings.getByRole('button', { name: m.save }).click();
    await settings.getByText(m.saved).waitFor();
    await settings.reload();
    await expect.poll(() => settings.getByLabel(m.quietHoursFrom, { exact: true }).inputValue()).toBe('23:30');
    expect(await settings.getByLabel(m.quietHoursUntil, { exact: true }).inputValue()).toBe('07:15');
    expect(await settings.getByRole('checkbox', { name: m.quietHours }).isChecked()).toBe(true);
    await settings.close();
  });
});

describe('the inbox actions', () => {
  test('deleting one, marking all read and deleting the read ones keep the 알림 screen working', async () => {
    const { id: postId } = await alicePost();
    const bobToken = await app.upstream.issueToken(BOB);
    for (const content of ['삭제될 알림 하나', '삭제될 알림 둘', '삭제될 알림 셋']) {
      const created = await fetch(`${app.upstream.url}/v1/community/${postId}/reply/`, {
        method: 'POST',
        headers: { authorization: `token ${bobToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
      expect(created.status).toBe(201);
    }
    const inbox = await open(contexts.alice!, '/community/notice');
    const items = inbox.locator('.inbox__item');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const before = await items.count();
    const unreadBefore = await unreadCount(inbox);

    const first = items.first();
    const title = (await first.locator('.inbox__title').textContent())!;
    // Same-titled rows (one member's replies on one post) are told apart by their 삭제's names, which carry the excerpt.
    const deleteNames = await items.evaluateAll((rows) => rows.slice(0, 3).map((row) => row.querySelector('.inbox__delete')!.getAttribute('aria-label')));
    expect(deleteNames).toEqual(['삭제될 알림 셋', '삭제될 알림 둘', '삭제될 알림 하나'].map((content) => m.deleteNotification(title, content)));
    await first.getByRole('button', { name: m.deleteNotification(title, '삭제될 알림 셋'), exact: true }).click();
    await expect.poll(() => items.count()).toBe(before - 1);
    // The row is gone without a word on screen: a polite status of the inbox tells a screen reader which one went.
    await inbox
      .locator('.inbox')
      .getByRole('status')
      .filter({ hasText: m.notificationDeleted(title) })
      .waitFor({ state: 'attached' });
    expect(await inbox.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
    expect(await unreadCount(inbox)).toBe(unreadBefore - 1);
    // The next one is titled alike (the same member on the same post): deleting it is told again, as words added anew
    // to the status (the same text left in place is not read twice).
    expect(await items.first().locator('.inbox__title').textContent()).toBe(title);
    const announcements = await recordAnnouncements(inbox);
    await items
      .first()
      .getByRole('button', { name: m.deleteNotification(title, '삭제될 알림 둘'), exact: true })
      .click();
    await expect.poll(() => items.count()).toBe(before - 2);
    await expect.poll(announcements).toContain(m.notificationDeleted(title));

    await inbox.getByRole('button', { name: m.markAllRead }).click();
    await expect.poll(() => unreadCount(inbox)).toBe(0);
    // Deleting every read notification asks first: cancelling keeps them all.
    const readCount = await items.count();
    await inbox.getByRole('button', { name: m.deleteRead }).click();
    const confirm = inbox.getByRole('alertdialog', { name: communityTexts.confirm.delete.message });
    await confirm.getByRole('button', { name: uiTexts.cancel }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await items.count()).toBe(readCount);
    await inbox.getByRole('button', { name: m.deleteRead }).click();
    await confirm.getByRole('button', { name: communityTexts.confirm.delete.action }).click();
    await inbox.getByText(m.emptyInbox).waitFor();
    // How many went is said, as 모두 읽음's toast says it is done.
    await inbox
      .getByTestId('toast')
      .filter({ hasText: m.deleted(readCount) })
      .waitFor();
    expect(await inbox.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);

    await inbox.reload();
    await inbox.getByText(m.emptyInbox).waitFor();
    await inbox.close();
  });
});

describe('a long inbox', () => {
  test('shows the newest page first and every older notification on request, each once', async () => {
    const MEMBER = 5;
    const staffToken = await app.upstream.issueToken(1);
    // Three full pages and some: the second page of 20 is told as the first was, in the same words.
    const titles = Array.from({ length: NOTIFICATION_PAGE_SIZE_DEFAULT * 3 + 5 }, (_, index) => `긴 알림함 안내 ${String(index + 1).padStart(2, '0')}`);
    for (const title of titles) {
      const sent = await fetch(`${app.upstream.url}/v1/admin/notification/send/`, {
        method: 'POST',
        headers: { authorization: `token ${staffToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ targetUsers: [MEMBER], title, content: '페이지를 넘겨 보는 알림' }),
      });
      expect(sent.status).toBe(200);
    }
    const listed = await fetch(`${app.upstream.url}/v1/user/notification/?page_size=1`, {
      headers: { authorization: `token ${await app.upstream.issueToken(MEMBER)}` },
    });
    const total = ((await listed.json()) as { count: number }).count;
    expect(total).toBeGreaterThanOrEqual(titles.length);

    const inbox = await open(await app.browserFor(MEMBER), '/community/notice');
    const items = inbox.locator('.inbox__item');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(NOTIFICATION_PAGE_SIZE_DEFAULT);
    // Newest first: the last one sent leads.
    expect(await items.first().locator('.inbox__title').textContent()).toBe(titles.at(-1));
    const more = inbox.getByRole('button', { name: m.moreNotifications });
    const announcements = await recordAnnouncements(inbox);
    while ((await items.count()) < total) {
      const shown = await items.count();
      await more.click();
      await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThan(shown);
    }
    expect(await more.count()).toBe(0);
    await expect
      .poll(async () => (await announcements()).filter((said) => said === recoveryTexts.moreLoaded(NOTIFICATION_PAGE_SIZE_DEFAULT, false)).length)
      .toBeGreaterThanOrEqual(2);
    const shownTitles = await inbox.locator('.inbox__item .inbox__title').allTextContents();
    expect(shownTitles).toHaveLength(total);
    expect(shownTitles.filter((title) => title.startsWith('긴 알림함'))).toEqual([...titles].reverse());
    await inbox.close();
  });
});

describe('deleting the read ones of a long inbox', () => {
  test('leaves no 더 보기 for the pages that went with them', async () => {
    const MEMBER = 6;
    const staffToken = await app.upstream.issueToken(1);
    for (let index = 1; index <= NOTIFICATION_PAGE_SIZE_DEFAULT + 5; index++) {
      const sent = await fetch(`${app.upstream.url}/v1/admin/notification/send/`, {
        method: 'POST',
        headers: { authorization: `token ${staffToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ targetUsers: [MEMBER], title: `지울 알림 ${index}`, content: '읽고 지우는 알림' }),
      });
      expect(sent.status).toBe(200);
    }
    const inbox = await open(await app.browserFor(MEMBER), '/community/notice');
    const items = inbox.locator('.inbox__item');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(NOTIFICATION_PAGE_SIZE_DEFAULT);
    const more = inbox.getByRole('button', { name: m.moreNotifications });
    await more.waitFor();
    await inbox.getByRole('button', { name: m.markAllRead }).click();
    await expect.poll(() => unreadCount(inbox)).toBe(0);
    // Its toast is tapped away first, as a member would: it lies over 읽은 알림 삭제, and a pointer resting on a toast
    // keeps it (waiting for it to go could start before it came).
    const toast = inbox.getByTestId('toast').filter({ hasText: m.allMarkedRead });
    await toast.click();
    await toast.waitFor({ state: 'hidden' });
    await inbox.getByRole('button', { name: m.deleteRead }).click();
    await inbox
      .getByRole('alertdialog', { name: communityTexts.confirm.delete.message })
      .getByRole('button', { name: communityTexts.confirm.delete.action })
      .click();
    await inbox.getByText(m.emptyInbox).waitFor();
    expect(await more.count()).toBe(0);
    await inbox.close();
  });
});

describe('the post detail', () => {
  test('shows like and reply counts changing live when another member acts', async () => {
    const { id: postId } = await alicePost();
    const path = `/community/detail?id=${encodeURIComponent(Buffer.from(`Post:${postId}`).toString('base64'))}`;
    const watching = await open(contexts.alice!, path);
    await watching.getByTestId('like-count').waitFor();
    const likes = Number(await watching.getByTestId('like-count').textContent());

    const acting = await open(contexts.bob!, path);
    await acting.getByTestId('like-button').waitFor();
    const liked = (await acting.getByTestId('like-button').getAttribute('aria-pressed')) === 'true';
    await acting.getByTestId('like-button').click();
    await expect.poll(() => watching.getByTestId('like-count').textContent().then(Number), { timeout: 10_000 }).toBe(liked ? likes - 1 : likes + 1);
    await watching.close();
    await acting.close();
  });
  test('a reply another member sends shows in the open post, under its live count, not only after a reload', async () => {
    const created = await fetch(`${app.upstream.url}/v1/community/`, {
      method: 'POST',
      headers: { authorization: `token ${await app.upstream.issueToken(ALICE)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '실시간 댓글을 기다리는 글', content: '댓글이 바로 보이나요' }),
    });
    const { id } = (await created.json()) as { id: number };
    const path = `/community/detail?id=${encodeURIComponent(Buffer.from(`Post:${id}`).toString('base64'))}`;
    const watching = await open(contexts.alice!, path);
    await watching.getByText(communityTexts.reply.empty).waitFor();
    let reloads = 0;
    watching.on('framenavigated', (frame) => {
      if (frame === watching.mainFrame()) reloads++;
    });

    const acting = await open(contexts.bob!, path);
    await acting.getByRole('textbox', { name: communityTexts.reply.placeholder }).fill('열려 있는 글에 바로 보이는 댓글');
    await acting.getByRole('button', { name: communityTexts.reply.submit, exact: true }).click();
    await expect.poll(() => watching.getByTestId('reply-count').textContent(), { timeout: 15_000 }).toBe('1');
    await watching.locator('.reply-list').getByText('열려 있는 글에 바로 보이는 댓글').waitFor();
    expect(await watching.getByText(communityTexts.reply.empty).count()).toBe(0);
    expect(reloads).toBe(0);
    await watching.close();
    await acting.close();
  });

  test('an answer another member sends shows under its reply in the open post, where it was written', async () => {
    const alice = await app.upstream.issueToken(ALICE);
    const created = await fetch(`${app.upstream.url}/v1/community/`, {
      method: 'POST',
      headers: { authorization: `token ${alice}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '실시간 답글을 기다리는 글', content: '답글이 바로 보이나요' }),
    });
    const { id } = (await created.json()) as { id: number };
    for (const content of ['첫 번째 댓글', '두 번째 댓글']) {
      await fetch(`${app.upstream.url}/v1/community/${id}/reply/`, {
        method: 'POST',
        headers: { authorization: `token ${alice}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
    }
    const path = `/community/detail?id=${encodeURIComponent(Buffer.from(`Post:${id}`).toString('base64'))}`;
    const watching = await open(contexts.alice!, path);
    const firstThread = watching.getByTestId('reply').filter({ hasText: '첫 번째 댓글' }).first();
    await firstThread.waitFor();
    let reloads = 0;
    watching.on('framenavigated', (frame) => {
      if (frame === watching.mainFrame()) reloads++;
    });

    const acting = await open(contexts.bob!, path);
    const actingThread = acting.getByTestId('reply').filter({ hasText: '첫 번째 댓글' }).first();
    await actingThread
      .locator('.reply__actions')
      .first()
      .getByRole('button', { name: new RegExp(`${communityTexts.reply.reply}$`) })
      .click();
    await actingThread.getByRole('textbox', { name: communityTexts.reply.replyPlaceholder }).fill('첫 댓글에 바로 보이는 답글');
    await actingThread.getByRole('button', { name: communityTexts.reply.submit, exact: true }).click();
    await expect.poll(() => watching.getByTestId('reply-count').textContent(), { timeout: 15_000 }).toBe('3');
    // Under the reply it answers, not at the end of the list nor only after a reload.
    await firstThread.locator('.reply-list--nested').getByText('첫 댓글에 바로 보이는 답글').waitFor();
    expect(await watching.locator('.reply-list--nested').getByText('첫 댓글에 바로 보이는 답글').count()).toBe(1);
    expect(reloads).toBe(0);
    await watching.close();
    await acting.close();
  });

  test('an answer to a thread whose answers are not all shown adds to its 더보기 count, and comes once with the rest', async () => {
    const alice = await app.upstream.issueToken(ALICE);
    const asAlice = async (path: string, body: object) => {
      const response = await fetch(`${app.upstream.url}${path}`, {
        method: 'POST',
        headers: { authorization: `token ${alice}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { id: number };
    };
    const { id } = await asAlice('/v1/community/', { title: '답글이 많은 스레드', content: '답글이 열두 개' });
    const thread = await asAlice(`/v1/community/${id}/reply/`, { content: '답글이 많은 댓글' });
    const shownFirst = REPLY_ANSWERS_PAGE_SIZE;
    for (let answer = 1; answer <= shownFirst + 2; answer += 1) {
      await asAlice(`/v1/community/${id}/reply/`, { content: `이전 답글 ${answer}`, parent_id: thread.id });
    }
    const path = `/community/detail?id=${encodeURIComponent(Buffer.from(`Post:${id}`).toString('base64'))}`;
    const watching = await open(contexts.alice!, path);
    await watching.getByRole('button', { name: communityTexts.reply.moreAnswers(2) }).waitFor();

    const acting = await open(contexts.bob!, path);
    const actingThread = acting.getByTestId('reply').filter({ hasText: '답글이 많은 댓글' }).first();
    await actingThread
      .locator('.reply__actions')
      .first()
      .getByRole('button', { name: new RegExp(`${communityTexts.reply.reply}$`) })
      .click();
    await actingThread.getByRole('textbox', { name: communityTexts.reply.replyPlaceholder }).fill('아직 안 보이는 답글');
    await actingThread.getByRole('button', { name: communityTexts.reply.submit, exact: true }).click();
    await acting.getByRole('button', { name: communityTexts.reply.moreAnswers(3) }).waitFor();

    await watching.getByRole('button', { name: communityTexts.reply.moreAnswers(3) }).waitFor({ timeout: 15_000 });
    await watching.getByRole('button', { name: communityTexts.reply.moreAnswers(3) }).click();
    const answers = watching.locator('.reply-list--nested .reply__content');
    await expect.poll(() => answers.count()).toBe(shownFirst + 3);
    expect((await answers.allTextContents()).slice(-3)).toEqual([`이전 답글 ${shownFirst + 1}`, `이전 답글 ${shownFirst + 2}`, '아직 안 보이는 답글']);
    await watching.close();
    await acting.close();
  });
});

describe('a comment notification', () => {
  test('opens the post at the comment, past the first page of replies and of a thread’s answers', async () => {
    const [alice, bob] = await Promise.all([app.upstream.issueToken(ALICE), app.upstream.issueToken(BOB)]);
    const write = async (token: string, path: string, body: object) => {
      const answer = await fetch(`${app.upstream.url}${path}`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    const postId = await write(alice, '/v1/community/', { title: '댓글이 아주 많은 글', content: '알림에서 댓글로 바로 가나요' });
    // The post's own author writes the first page and more (no notification to herself); Bob's comment comes after them.
    for (let index = 1; index <= REPLY_PAGE_SIZE + 2; index++) await write(alice, `/v1/community/${postId}/reply/`, { content: `먼저 단 댓글 ${index}` });
    const bobReply = await write(bob, `/v1/community/${postId}/reply/`, { content: '한참 뒤에 단 젤리곰의 댓글' });
    // Alice answers it past one page of answers: each answer tells Bob, the last one is his newest notification.
    const answers: number[] = [];
    for (let index = 1; index <= REPLY_ANSWERS_PAGE_SIZE + 1; index++)
      answers.push(await write(alice, `/v1/community/${postId}/reply/`, { content: `말랑콩떡의 답글 ${index}`, parent_id: bobReply }));

    const revealedIn = async (page: Page, text: string) => {
      const revealed = page.locator('.reply__own--revealed');
      await revealed.getByText(text, { exact: true }).waitFor({ timeout: 15_000 });
      // On screen, and where the keyboard and a screen reader now are.
      await expect
        .poll(() => revealed.evaluate((element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().bottom <= innerHeight))
        .toBe(true);
      expect(await revealed.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await page.locator('.reply__own--revealed').count()).toBe(1);
    };

    const aliceInbox = await open(contexts.alice!, '/community/notice');
    await aliceInbox.locator('.inbox__open').filter({ hasText: '한참 뒤에 단 젤리곰의 댓글' }).first().click();
    await aliceInbox.waitForURL(/\/community\/detail\?id=.+&reply=/);
    await revealedIn(aliceInbox, '한참 뒤에 단 젤리곰의 댓글');

    const bobInbox = await open(contexts.bob!, '/community/notice');
    await bobInbox
      .locator('.inbox__open')
      .filter({ hasText: `말랑콩떡의 답글 ${REPLY_ANSWERS_PAGE_SIZE + 1}` })
      .first()
      .click();
    await bobInbox.waitForURL(/&thread=/);
    await revealedIn(bobInbox, `말랑콩떡의 답글 ${REPLY_ANSWERS_PAGE_SIZE + 1}`);
    // A screen reader hears where it landed.
    expect(await bobInbox.locator('.reply__own--revealed .visually-hidden').textContent()).toBe(replyLinkTexts.opened);

    // An answer deleted since: its notification leaves the inbox. Its link, kept from before (an inbox left open, a
    // shared address), looks through the whole thread, then tells the member, not leaving them at the top.
    const inboxBefore = (await (
      await fetch(`${app.upstream.url}/v1/user/notification/?pageSize=50`, { headers: { authorization: `token ${bob}` } })
    ).json()) as { results: { content: string; url: string }[] };
    const keptLink = inboxBefore.results.find((entry) => entry.content === '말랑콩떡의 답글 5')!.url;
    const deleted = await fetch(`${app.upstream.url}/v1/community/${postId}/reply/${answers[4]}/`, {
      method: 'DELETE',
      headers: { authorization: `token ${alice}` },
    });
    expect(deleted.ok).toBe(true);
    await bobInbox.goto(`${app.gateway.url}/community/notice`);
    await bobInbox.locator('.inbox__open').filter({ hasText: '말랑콩떡의 답글 4' }).first().waitFor();
    expect(await bobInbox.locator('.inbox__open').filter({ hasText: '말랑콩떡의 답글 5' }).count()).toBe(0);
    await bobInbox.goto(app.gateway.url + keptLink);
    await bobInbox.getByText(replyLinkTexts.gone).waitFor();
    expect(await bobInbox.locator('.reply__own--revealed').count()).toBe(0);
    await aliceInbox.close();
    await bobInbox.close();
  });
});

describe('notices', () => {
  test('the 알림 tab leads to the notices, important and pinned first, and one opens with its text', async () => {
    const inbox = await open(contexts.alice!, '/community/notice');
    await inbox.getByRole('link', { name: m.noticesTitle }).click();
    const first = inbox.locator('.notices__item').first();
    await first.waitFor();
    await expect.poll(() => first.getByText(m.important, { exact: true }).count()).toBe(1);
    await first.click();
    await inbox.locator('.notice__content').waitFor();
    await inbox.close();
  });
});

describe('inquiries', () => {
  test('a member files an inquiry and sees it in the list, then comments on it; the rules are shown before sending', async () => {
    const page = await open(contexts.alice!, '/my/inquiries');
    const form = page.getByRole('form', { name: m.newInquiry });
    await form.waitFor();
    // Sent empty, every broken rule is told at once, each under its own field.
    await form.getByRole('button', { name: m.submit }).click();
    await form.getByRole('alert').getByText(m.inquiryTitle(INQUIRY_TITLE_MAX)).waitFor();
    await form.getByRole('alert').getByText(m.inquiryContent(10, 5000)).waitFor();
    expect(await form.getByLabel(m.titleLabel).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel(m.contentLabel).getAttribute('aria-invalid')).toBe('true');
    // Outlined in the message's colour, not only told below.
    const outline = (label: string) => form.getByLabel(label).evaluate((field) => getComputedStyle(field).borderTopColor);
    expect(await outline(m.titleLabel)).not.toBe(await outline(m.categoryLabel));
    // Changing a field takes its message away; the other field keeps its own until it changes too.
    await form.getByLabel(m.titleLabel).fill('제목');
    await form.getByText(m.inquiryTitle(INQUIRY_TITLE_MAX)).waitFor({ state: 'detached' });
    expect(await form.getByLabel(m.titleLabel).getAttribute('aria-invalid')).toBeNull();
    expect(await form.getByText(m.inquiryContent(10, 5000)).count()).toBe(1);
    // A paste past the title's limit keeps its first characters and says so, until the title changes again.
    const title = form.getByLabel(m.titleLabel);
    await title.fill('가'.repeat(INQUIRY_TITLE_MAX + 30));
    expect(await title.inputValue()).toBe('가'.repeat(INQUIRY_TITLE_MAX));
    await form.getByRole('alert').getByText(validationTexts.cutToMax(INQUIRY_TITLE_MAX)).waitFor();
    await title.fill('결제 내역 문의');
    await form.getByText(validationTexts.cutToMax(INQUIRY_TITLE_MAX)).waitFor({ state: 'detached' });
    await form.getByLabel(m.contentLabel).fill('짧음');
    await form.getByRole('button', { name: m.submit }).click();
    await page.getByRole('alert').getByText(m.inquiryContent(10, 5000)).waitFor();
    // The message belongs to the field it is about (a screen reader reads it with the field).
    const content = form.getByLabel(m.contentLabel);
    expect(await content.getAttribute('aria-invalid')).toBe('true');
    // It is described by the message, then by its counter (read with the field, not announced at every key).
    const [messageId, counterId] = (await content.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${messageId}"]`).textContent()).toBe(m.inquiryContent(10, 5000));
    // Shown under its field, not above 보내기: right after the content box, before its counter.
    expect(
      await content.evaluate(
        (box, ids) => {
          const [message, counter] = ids.map((id) => document.getElementById(id)!);
          const follows = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
          return follows(box, message) && follows(message, counter);
        },
        [messageId, counterId],
      ),
    ).toBe(true);
    expect(await page.locator(`[id="${counterId}"]`).textContent()).toBe('2/5000');
    expect(await page.locator(`[id="${counterId}"]`).getAttribute('aria-live')).toBeNull();
    expect(await form.getByLabel(m.titleLabel).getAttribute('aria-invalid')).toBeNull();
    // Ten emoji are ten characters, as the service counts them: too few for an inquiry.
    await content.fill('😀'.repeat(9));
    await form.getByRole('button', { name: m.submit }).click();
    await page.getByRole('alert').getByText(m.inquiryContent(10, 5000)).waitFor();
    // Each box shows how much of its limit is used, counted the same way.
    await form.getByText(`9/${INQUIRY_CONTENT_MAX}`).waitFor();
    await form.getByText(`8/${INQUIRY_TITLE_MAX}`).waitFor();

    await form.getByLabel(m.contentLabel).fill('어제 결제한 아이템이 보이지 않아요. 확인 부탁드립니다.');
    await form.getByRole('button', { name: m.submit }).click();
    const list = page.getByRole('list', { name: m.inquiriesTitle });
    await list.getByText('결제 내역 문의').waitFor();
    await list.getByText('결제 내역 문의').click();
    await page.getByText('어제 결제한 아이템이 보이지 않아요. 확인 부탁드립니다.').waitFor();
    // Until staff answer, the author is told none has come yet.
    await page.getByText(m.notAnsweredYet).waitFor();
    // A paste past the follow-up's limit is cut and says so, as the form's boxes do.
    const followUp = page.getByRole('textbox', { name: m.followUpPlaceholder.author });
    await followUp.fill('가'.repeat(INQUIRY_COMMENT_MAX + 5));
    expect(await followUp.inputValue()).toBe('가'.repeat(INQUIRY_COMMENT_MAX));
    await page.locator('.inquiry__comment-form').getByRole('alert').getByText(validationTexts.cutToMax(INQUIRY_COMMENT_MAX)).waitFor();
    // A follow-up shows under the inquiry from the mutation's answer, without a reload.
    await followUp.fill('주문 번호는 1234입니다.');
    await page.getByText(validationTexts.cutToMax(INQUIRY_COMMENT_MAX)).waitFor({ state: 'detached' });
    // It shows how much of its limit is used, as the form's boxes do.
    await page.locator('.inquiry__comment-form').getByText(`15/${INQUIRY_COMMENT_MAX}`).waitFor();
    await page.getByRole('button', { name: m.submit }).click();
    await page.locator('.inquiry__comments').getByText('주문 번호는 1234입니다.').waitFor();
    // Sent is told, as every other form of the app tells it.
    await page.getByRole('status').filter({ hasText: m.followUpSent.author }).waitFor();
    expect(await page.getByText(m.notAnsweredYet).count()).toBe(1);
    // Staff answer: the answer is marked as theirs and the waiting line goes.
    const inquiryId = page.url().match(/\/my\/inquiries\/(\d+)/)![1];
    const answered = await fetch(`${app.upstream.url}/v1/inquiry/${inquiryId}/comments/`, {
      method: 'POST',
      headers: { authorization: `token ${await app.upstream.issueToken(1)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ comment: '확인해 보니 결제가 두 번 되었습니다. 환불해 드릴게요.' }),
    });
    expect(answered.status).toBe(201);
    await page.reload();
    const staffAnswer = page.locator('.inquiry__comment--staff');
    await staffAnswer.getByText('확인해 보니 결제가 두 번 되었습니다. 환불해 드릴게요.').waitFor();
    expect(await staffAnswer.getByText(m.staffAnswer).count()).toBe(1);
    expect(await page.getByText(m.notAnsweredYet).count()).toBe(0);
    await page.close();
  });

  test('a new member is told they have sent none; with more than a page, 문의 더 보기 brings the older ones, each once', async () => {
    const [memberId] = await addMembers(app.upstream.db, ['문의많은이']);
    const context = await app.browserFor(memberId);
    const empty = await open(context, '/my/inquiries');
    await empty.getByText(m.noInquiries).waitFor();
    await empty.close();

    const token = await app.upstream.issueToken(memberId);
    const count = INQUIRY_PAGE_SIZE_DEFAULT + 3;
    for (let index = 1; index <= count; index++) {
      const filed = await fetch(`${app.upstream.url}/v1/inquiry/`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `문의 ${index}번`, content: '여러 번 보낸 문의입니다. 확인 부탁드려요.', category: 'general' }),
      });
      expect(filed.status).toBe(201);
    }
    const page = await open(context, '/my/inquiries');
    const list = page.getByRole('list', { name: m.inquiriesTitle });
    await list.getByText(`문의 ${count}번`, { exact: true }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(INQUIRY_PAGE_SIZE_DEFAULT);
    expect(await page.getByText(m.noInquiries).count()).toBe(0);
    await page.getByRole('button', { name: m.moreInquiries }).click();
    await list.getByText('문의 1번', { exact: true }).waitFor();
    const titles = await list.locator('strong').allTextContents();
    expect(titles).toEqual(Array.from({ length: count }, (_, index) => `문의 ${count - index}번`));
    await page.getByRole('button', { name: m.moreInquiries }).waitFor({ state: 'detached' });
  });

  test('a member attaches a 300 KB screenshot and a receipt; a file past the count is refused by name; the inquiry shows the picture', async () => {
    const page = await open(contexts.alice!, '/my/inquiries');
    const form = page.getByRole('form', { name: m.newInquiry });
    const picker = form.getByLabel(m.attachmentsLabel, { exact: true });
    const screenshot = { name: '화면.png', mimeType: 'image/png', buffer: pngOfSize(300 * 1024) };
    const receipt = { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 영수증') };
    // One file over the count: said by its name as soon as they are picked, and not listed; the others are.
    await picker.setInputFiles(Array.from({ length: INQUIRY_ATTACHMENTS_MAX + 1 }, (_, index) => ({ ...receipt, name: `r${index}.pdf` })));
    const refusal = communityTexts.upload.refusedFile(`r${INQUIRY_ATTACHMENTS_MAX}.pdf`, m.tooManyAttachments(INQUIRY_ATTACHMENTS_MAX));
    expect(await form.getByRole('alert').textContent()).toBe(refusal);
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    const chosen = form.getByRole('list');
    expect(await chosen.getByRole('listitem').count()).toBe(INQUIRY_ATTACHMENTS_MAX);
    expect(await form.getByRole('button', { name: m.leaveOutAttachment(`r${INQUIRY_ATTACHMENTS_MAX}.pdf`) }).count()).toBe(0);
    // Leaving one out takes the message away.
    await form.getByRole('button', { name: m.leaveOutAttachment('r4.pdf') }).click();
    await form.getByRole('alert').waitFor({ state: 'detached' });

    // Picked one after the other, the screenshot and the receipt both go along (each pick adds to the list).
    for (const name of ['r0.pdf', 'r1.pdf', 'r2.pdf', 'r3.pdf']) await form.getByRole('button', { name: m.leaveOutAttachment(name) }).click();
    await picker.setInputFiles([screenshot]);
    await picker.setInputFiles([receipt]);
    await form.getByText('화면.png', { exact: true }).waitFor();
    await form.getByText('receipt.pdf', { exact: true }).waitFor();
    await form.getByLabel(m.titleLabel, { exact: true }).fill('아이템이 사라졌어요');
    await form.getByLabel(m.contentLabel, { exact: true }).fill('인벤토리에서 아이템이 사라졌습니다. 화면을 붙입니다.');
    await form.getByRole('button', { name: m.submit }).click();
    await page.getByTestId('toast').filter({ hasText: m.inquiryCreated }).waitFor();
    // Sent, the form is empty again: no file left to go with the next inquiry.
    await form.getByText('화면.png', { exact: true }).waitFor({ state: 'detached' });
    expect(await picker.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

    await page.getByRole('list', { name: m.inquiriesTitle }).getByText('아이템이 사라졌어요').click();
    const attachments = page.getByRole('list', { name: m.attachmentsLabel });
    const picture = attachments.getByRole('img', { name: '화면.png' });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    // The tile loads the picture's small copy; tapped, it opens the whole file.
    expect(await picture.getAttribute('src')).toMatch(/\.thumb\.webp\?/);
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(IMAGE_THUMBNAIL_MAX_PX);
    expect(await attachments.getByRole('link', { name: '화면.png' }).getAttribute('href')).toMatch(/\.png\?/);
    await attachments.getByRole('link', { name: 'receipt.pdf' }).waitFor();
    await page.close();
  });

  test('at 390 px: an 11 MB file is refused by its name before sending; long names keep one line; 보내기 says it is sending', async () => {
    const page = await open(contexts.alice!, '/my/inquiries');
    await page.setViewportSize({ width: 390, height: 844 });
    const form = page.getByRole('form', { name: m.newInquiry });
    // The picker is a button-like label: the browser's own input (and its English "No file chosen") is out of sight.
    const picker = form.getByLabel(m.attachmentsLabel, { exact: true });
    const addButton = form.locator('label').filter({ hasText: m.attachmentsLabel });
    expect((await addButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await picker.boundingBox())!.width).toBeLessThanOrEqual(1);

    const longName = '2026년_11월_아이템_구매_영수증_및_결제_내역_화면_캡처_원본_파일.pdf';
    const pdf = (name: string, bytes: number) => ({
      name,
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes)]),
    });
    const photo = { name: 'photo200k.jpg', mimeType: 'image/jpeg', buffer: jpegPhoto() };
    expect(photo.buffer.length).toBeGreaterThan(100 * 1024);
    await picker.setInputFiles([photo, pdf('big.pdf', 11 * 1024 * 1024), pdf(longName, 3 * 1024 * 1024)]);
    // The refusal names the file; the file is not in the list, the two others are.
    expect(await form.getByRole('alert').textContent()).toBe(communityTexts.upload.refusedFile('big.pdf', ATTACHMENT_UPLOAD_LIMIT.tooLarge));
    const chosen = form.getByRole('list');
    expect(await chosen.getByRole('listitem').allTextContents()).toEqual(['photo200k.jpg', longName]);

    // Each × is named with its file but shows no name; a long name keeps one line, cut with an ellipsis.
    const remove = form.getByRole('button', { name: m.leaveOutAttachment(longName) });
    expect((await remove.textContent())!.trim()).toBe('');
    const removeBox = (await remove.boundingBox())!;
    expect(removeBox.height).toBeLessThanOrEqual(44);
    const row = chosen.getByRole('listitem').filter({ hasText: longName });
    expect((await row.boundingBox())!.height).toBeLessThanOrEqual(48);
    const name = row.getByText(longName);
    expect(await name.evaluate((element) => [getComputedStyle(element).textOverflow, element.scrollWidth > element.clientWidth])).toEqual(['ellipsis', true]);
    expect(removeBox.x + removeBox.width).toBeLessThanOrEqual(390);

    // While the files go up, 보내기 says so (the upload is held back a moment to see it).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/graphql',
      async (route) => {
        if ((route.request().headers()['content-type'] ?? '').startsWith('multipart/form-data')) await held;
        await route.fallback();
      },
    );
    await form.getByLabel(m.titleLabel, { exact: true }).fill('영수증을 붙입니다');
    await form.getByLabel(m.contentLabel, { exact: true }).fill('결제 내역과 화면 사진을 붙여 문의합니다.');
    await form.getByRole('button', { name: m.submit }).click();
    const sending = form.getByRole('button', { name: communityTexts.write.sending });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await page.getByTestId('toast').filter({ hasText: m.inquiryCreated }).waitFor();
    await form.getByRole('button', { name: m.submit }).waitFor();
    expect(await form.getByRole('list').count()).toBe(0);
    await page.close();
  });
});

describe('a session ended on another device', () => {
  test('the live inbox finds it at its next read: the member screen sends to /login/sign-in, as an HTTP refusal would', async () => {
    const context = await app.browserFor(4);
    const page = await open(context, '/my/settings');
    await expect.poll(() => app.gateway.notificationBridge.activePollers).toBeGreaterThan(0);
    const token = await page.evaluate(() => window.localStorage.getItem('userToken'));
    expect(token).toBeTruthy();
    // Logged out elsewhere: no request of this page is refused, only the inbox's next read.
    await fetch(`${app.upstream.url}/auth/logout`, { method: 'POST', headers: { authorization: `token ${token}` } });
    await page.waitForURL(`${app.gateway.url}/login/sign-in`);
    await page.getByTestId('toast').filter({ hasText: globalErrorTexts.loginNeeded }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toBeNull();
    await page.close();
  });
});
