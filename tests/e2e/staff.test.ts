import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { NOTICE_PAGE_SIZE_DEFAULT } from '../../domain/limits.js';
import { communityTexts, globalErrorTexts, messagingTexts as m, staffTexts as s } from '../../domain/messages.js';
import { ATTACHMENT_UPLOAD_LIMIT } from '../../domain/uploads.js';
import { jpegPhoto, pngOfSize } from '../helpers/media-files.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * The staff's own tools in Chromium against the real gateway and upstream: the staff menu on /my (staff only), a
 * notice written, edited with an attachment added, edited again swapping it for another, and deleted, and an announcement sent to one chosen member.
 */

const STAFF = 1;
const MEMBER = 2;
const app = useWebApp({ browser: false });

test('the staff menu on /my is for staff only', async () => {
  const staff = await app.open('/my', await app.browserFor(STAFF));
  const menu = staff.getByRole('navigation', { name: s.staffMenu });
  for (const label of [m.writeNotice, m.composeNotification, s.staffInquiries]) await menu.getByRole('link', { name: label }).waitFor();
  const member = await app.open('/my', await app.browserFor(MEMBER));
  await member.getByRole('link', { name: m.noticesTitle }).first().waitFor();
  expect(await member.getByRole('navigation', { name: s.staffMenu }).count()).toBe(0);
});

test('a member who types a staff form’s address is refused at once, with no form', async () => {
  const context = await app.browserFor(MEMBER);
  for (const [path, form] of [
    ['/my/admin/notify', m.composeNotification],
    ['/my/admin/notice', m.writeNotice],
  ] as const) {
    const page = await app.open(path, context);
    await page.getByText(m.staffOnly).waitFor();
    expect(await page.getByRole('form', { name: form }).count()).toBe(0);
  }
});

test('staff write a notice, edit it adding an attachment, swap that for another, then delete it', async () => {
  const page = await app.open('/my', await app.browserFor(STAFF));
  await page.getByRole('navigation', { name: s.staffMenu }).getByRole('link', { name: m.writeNotice }).click();
  const form = page.getByRole('form', { name: m.writeNotice });
  await form.getByLabel(m.titleLabel).fill('서버 점검 안내');
  await form.getByLabel(m.contentLabel).fill('내일 새벽 2시부터 4시까지 서버 점검이 있습니다.');
  await form.getByRole('button', { name: m.submit }).click();
  await page.getByTestId('toast').filter({ hasText: m.saved }).waitFor();

  await page.goto(`${app.gateway.url}/my/notice`);
  await page.getByRole('link', { name: /서버 점검 안내/ }).click();
  await page.getByRole('link', { name: s.noticeEdit.edit }).click();
  const edit = page.getByRole('form', { name: s.noticeEdit.title });
  expect(await edit.getByLabel(m.titleLabel).inputValue()).toBe('서버 점검 안내');
  await edit.getByLabel(m.titleLabel).fill('서버 점검 안내 (시간 변경)');
  await edit.getByLabel(m.attachmentsLabel).setInputFiles({ name: '점검표.png', mimeType: 'image/png', buffer: pngOfSize(300 * 1024) });
  await edit.getByRole('button', { name: s.noticeEdit.save }).click();
  await page.getByTestId('toast').filter({ hasText: s.noticeEdit.updated }).waitFor();
  await page.getByRole('heading', { name: '서버 점검 안내 (시간 변경)' }).waitFor();
  const firstFile = (await page.getByRole('link', { name: '점검표.png' }).getAttribute('href'))!;

  // Edited again: the file ticked for removal is taken off (and deleted), a new one takes its place.
  await page.getByRole('link', { name: s.noticeEdit.edit }).click();
  await edit.getByLabel(m.removeAttachment('점검표.png')).check();
  await edit.getByLabel(m.attachmentsLabel).setInputFiles({ name: '새점검표.png', mimeType: 'image/png', buffer: pngOfSize(200 * 1024) });
  await edit.getByRole('button', { name: s.noticeEdit.save }).click();
  await page.getByTestId('toast').filter({ hasText: s.noticeEdit.updated }).waitFor();
  await page.getByRole('link', { name: '새점검표.png' }).waitFor();
  expect(await page.getByRole('link', { name: '점검표.png', exact: true }).count()).toBe(0);
  expect((await fetch(new URL(firstFile, app.gateway.url))).status).toBe(404);

  await page.getByRole('button', { name: s.noticeEdit.delete }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: communityTexts.confirm.delete.action }).click();
  await page.getByTestId('toast').filter({ hasText: s.noticeEdit.deleted }).waitFor();
  await page.waitForURL(`${app.gateway.url}/my/notice`);
  await page.getByRole('link').first().waitFor();
  expect(await page.getByRole('link', { name: /서버 점검 안내/ }).count()).toBe(0);
});

test('a notice opened from the list and deleted leaves the list without it, with no error screen', async () => {
  const page = await app.open('/my/admin/notice', await app.browserFor(STAFF));
  const form = page.getByRole('form', { name: m.writeNotice });
  await form.getByLabel(m.titleLabel).fill('곧 지울 공지');
  await form.getByLabel(m.contentLabel).fill('목록에서 열어 지웁니다.');
  await form.getByRole('button', { name: m.submit }).click();
  await page.getByTestId('toast').filter({ hasText: m.saved }).waitFor();

  await page.goto(`${app.gateway.url}/my/notice`);
  await page.getByRole('link', { name: /곧 지울 공지/ }).click();
  await page.getByRole('heading', { name: '곧 지울 공지' }).waitFor();
  await page.getByRole('button', { name: s.noticeEdit.delete }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: communityTexts.confirm.delete.action }).click();
  await page.getByTestId('toast').filter({ hasText: s.noticeEdit.deleted }).waitFor();
  await page.waitForURL(`${app.gateway.url}/my/notice`);
  await page.getByRole('list').getByRole('link').first().waitFor();
  expect(await page.getByRole('link', { name: /곧 지울 공지/ }).count()).toBe(0);
  expect(await page.getByText(globalErrorTexts.fallbackTitle).count()).toBe(0);
});

test('a notice written while the list is in the page’s store is on the list when staff come back to it', async () => {
  const page = await app.open('/my', await app.browserFor(STAFF));
  const staffMenu = page.getByRole('navigation', { name: s.staffMenu });
  await page.getByRole('link', { name: m.noticesTitle }).first().click();
  await page.waitForURL(`${app.gateway.url}/my/notice`);
  await page.getByRole('list').getByRole('link').first().waitFor();
  await page.goBack();
  await staffMenu.getByRole('link', { name: m.writeNotice }).click();
  const form = page.getByRole('form', { name: m.writeNotice });
  await form.getByLabel(m.titleLabel).fill('방금 쓴 공지');
  await form.getByLabel(m.contentLabel).fill('목록에 바로 보여야 합니다.');
  await form.getByRole('button', { name: m.submit }).click();
  await page.getByTestId('toast').filter({ hasText: m.saved }).waitFor();
  await page.goBack();
  await page.getByRole('link', { name: m.noticesTitle }).first().click();
  await page.waitForURL(`${app.gateway.url}/my/notice`);
  await page.getByRole('link', { name: /방금 쓴 공지/ }).waitFor();
});

test('after a new notice is saved the whole form is empty again: category, 중요, 고정 and the file too', async () => {
  const page = await app.open('/my/admin/notice', await app.browserFor(STAFF));
  const form = page.getByRole('form', { name: m.writeNotice });
  await form.getByLabel(m.categoryLabel).selectOption({ label: m.noticeCategoryLabels.maintenance });
  await form.getByLabel(m.titleLabel).fill('정기 점검 일정');
  await form.getByLabel(m.contentLabel).fill('매주 수요일 오전에 정기 점검이 있습니다.');
  await form.getByLabel(m.important).check();
  await form.getByLabel(m.pinned).check();
  await form.getByLabel(m.attachmentsLabel).setInputFiles({ name: '일정표.png', mimeType: 'image/png', buffer: pngOfSize(10 * 1024) });
  await form.getByRole('button', { name: m.submit }).click();
  await page.getByTestId('toast').filter({ hasText: m.saved }).waitFor();

  expect(await form.getByLabel(m.titleLabel).inputValue()).toBe('');
  expect(await form.getByLabel(m.contentLabel).inputValue()).toBe('');
  expect(await form.getByLabel(m.categoryLabel).inputValue()).toBe('GENERAL');
  expect(await form.getByLabel(m.important).isChecked()).toBe(false);
  expect(await form.getByLabel(m.pinned).isChecked()).toBe(false);
  expect(await form.getByLabel(m.attachmentsLabel).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  expect(await form.getByRole('list').count()).toBe(0);
});

test('at 390 px the notice form lists the chosen files, refuses an 11 MB one by name before sending, and one can be left out', async () => {
  const page = await app.open('/my/admin/notice', await app.browserFor(STAFF));
  await page.setViewportSize({ width: 390, height: 844 });
  const form = page.getByRole('form', { name: m.writeNotice });
  const picker = form.getByLabel(m.attachmentsLabel, { exact: true });
  // No browser text ("Choose Files"): the picker is out of sight behind a button-like label.
  expect((await picker.boundingBox())!.width).toBeLessThanOrEqual(1);
  const pdf = (name: string, bytes: number) => ({ name, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes)]) });
  const photo = { name: 'photo200k.jpg', mimeType: 'image/jpeg', buffer: jpegPhoto() };
  const uploads: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql') uploads.push(request.postDataBuffer()?.length ?? 0);
  });
  await picker.setInputFiles([photo, pdf('안내서.pdf', 3 * 1024 * 1024), pdf('big.pdf', 11 * 1024 * 1024)]);
  expect(await form.getByRole('alert').textContent()).toBe(communityTexts.upload.refusedFile('big.pdf', ATTACHMENT_UPLOAD_LIMIT.tooLarge));
  const chosen = form.getByRole('list');
  expect(await chosen.getByRole('listitem').allTextContents()).toEqual(['photo200k.jpg', '안내서.pdf']);
  await form.getByRole('button', { name: m.leaveOutAttachment('안내서.pdf') }).click();
  expect(await chosen.getByRole('listitem').allTextContents()).toEqual(['photo200k.jpg']);
  await form.getByRole('alert').waitFor({ state: 'detached' });

  await form.getByLabel(m.titleLabel).fill('사진 한 장 공지');
  await form.getByLabel(m.contentLabel).fill('사진 한 장만 붙습니다.');
  await form.getByRole('button', { name: m.submit }).click();
  await page.getByTestId('toast').filter({ hasText: m.saved }).waitFor();
  // Only the photo went: nothing near the 11 MB (or the 3 MB left out) was sent.
  expect(Math.max(...uploads)).toBeLessThan(1024 * 1024);
  await page.goto(`${app.gateway.url}/my/notice`);
  await page.getByRole('link', { name: /사진 한 장 공지/ }).click();
  await page.getByRole('link', { name: 'photo200k.jpg' }).waitFor();
  expect(await page.getByRole('link', { name: '안내서.pdf' }).count()).toBe(0);
});

test('at 390 px the notice form’s check boxes sit on one line before their labels: 중요, 고정 and a current file’s 삭제', async () => {
  const page = await app.open('/my/admin/notice', await app.browserFor(STAFF));
  await page.setViewportSize({ width: 390, height: 844 });
  const inline = async (form: Locator, label: string) => {
    const box = form.getByLabel(label, { exact: true });
    const row = box.locator('xpath=..');
    const [boxRect, rowRect] = [(await box.boundingBox())!, (await row.boundingBox())!];
    // The box starts the row, and the row is one line: the box and its text side by side, centred on each other.
    expect(boxRect.x - rowRect.x).toBeLessThanOrEqual(1);
    expect(rowRect.height).toBeLessThanOrEqual(48);
    expect(Math.abs(boxRect.y + boxRect.height / 2 - (rowRect.y + rowRect.height / 2))).toBeLessThanOrEqual(2);
  };
  const form = page.getByRole('form', { name: m.writeNotice });
  await inline(form, m.important);
  await inline(form, m.pinned);
  // Edited with a file: its 삭제 box sits the same way.
  await form.getByLabel(m.titleLabel).fill('첨부 공지');
  await form.getByLabel(m.contentLabel).fill('첨부 파일이 있는 공지입니다.');
  await form.getByLabel(m.attachmentsLabel, { exact: true }).setInputFiles({ name: '일정.png', mimeType: 'image/png', buffer: pngOfSize(10 * 1024) });
  await form.getByRole('button', { name: m.submit }).click();
  await page.getByTestId('toast').filter({ hasText: m.saved }).waitFor();
  await page.goto(`${app.gateway.url}/my/notice`);
  await page.getByRole('link', { name: /첨부 공지/ }).click();
  await page.getByRole('link', { name: s.noticeEdit.edit }).click();
  const edit = page.getByRole('form', { name: s.noticeEdit.title });
  await inline(edit, m.removeAttachment('일정.png'));
});

test('staff send an announcement to one chosen member; nobody else gets it', async () => {
  const page = await app.open('/my/admin/notify', await app.browserFor(STAFF));
  const form = page.getByRole('form', { name: m.composeNotification });
  await form.getByLabel(s.recipients.chosen).check();
  await form.getByRole('button', { name: m.submit }).click();
  await form.getByText(s.recipients.noneChosen).waitFor();

  await form.getByLabel(s.recipients.search).fill('말랑');
  await form.getByRole('button', { name: s.recipients.find }).click();
  await form.getByRole('button', { name: s.recipients.add('말랑콩떡') }).click();
  await form.getByRole('button', { name: s.recipients.remove('말랑콩떡') }).waitFor();
  // Once chosen, the member's search result is no longer offered.
  const added = form.getByRole('button', { name: s.recipients.added('말랑콩떡') });
  expect(await added.isDisabled()).toBe(true);
  expect(await form.getByRole('button', { name: s.recipients.add('말랑콩떡'), exact: true }).count()).toBe(0);
  await form.getByLabel(m.titleLabel).fill('당첨을 축하드립니다');
  await form.getByLabel(m.contentLabel).fill('이벤트 보상이 지급되었습니다.');
  await form.getByRole('button', { name: m.submit }).click();
  await page
    .getByTestId('toast')
    .filter({ hasText: m.sent(1) })
    .waitFor();

  const inbox = async (userId: number) => {
    const response = await fetch(`${app.upstream.url}/v1/user/notification/?page_size=50`, {
      headers: { authorization: `token ${await app.upstream.issueToken(userId)}` },
    });
    return ((await response.json()) as { results: { title: string }[] }).results.map((entry) => entry.title);
  };
  expect(await inbox(MEMBER)).toContain('당첨을 축하드립니다');
  expect(await inbox(3)).not.toContain('당첨을 축하드립니다');
});

test('more notices than one page: each one is reached with 공지 더 보기, once, the oldest guides included', async () => {
  const staffToken = await app.upstream.issueToken(STAFF);
  for (let index = 1; index <= 2 * NOTICE_PAGE_SIZE_DEFAULT; index++) {
    const created = await fetch(`${app.upstream.url}/v1/board/notice/`, {
      method: 'POST',
      headers: { authorization: `token ${staffToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `쌓인 공지 ${index}`, content: '목록을 넘겨 보는 공지' }),
    });
    expect(created.status).toBe(201);
  }
  const listed = await fetch(`${app.upstream.url}/v1/board/notice/?pageSize=100`);
  const every = ((await listed.json()) as { results: { title: string }[] }).results.map((notice) => notice.title);
  expect(every.length).toBeGreaterThan(2 * NOTICE_PAGE_SIZE_DEFAULT);

  const page = await app.open('/my/notice', await app.browserFor(MEMBER));
  const titles = page.locator('.notices__item strong');
  await expect.poll(() => titles.count()).toBe(NOTICE_PAGE_SIZE_DEFAULT);
  const more = page.getByRole('button', { name: m.moreNotices });
  while ((await titles.count()) < every.length) {
    const shown = await titles.count();
    await more.click();
    await expect.poll(() => titles.count()).toBeGreaterThan(shown);
  }
  expect(await more.count()).toBe(0);
  expect(await titles.allTextContents()).toEqual(every);
});
