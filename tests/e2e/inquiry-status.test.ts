import { type BrowserContext, type Locator } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { INQUIRY_INTERNAL_NOTES_MAX, INQUIRY_RESOLUTION_MAX, INQUIRY_SATISFACTION_MAX } from '../../domain/limits.js';
import { messagingTexts as m } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * The staff screen for inquiries in Chromium against the built app, the real gateway and the real upstream:
 * the demo staff member (id 1, 운영자슬라임) opens a member's inquiry, moves it to 처리 중 with a resolution and an
 * internal note; the member sees the new status and the resolution, never the note, and has no way to the screen.
 */

const STAFF = 1;
const MEMBER = 2;
/** Member 2's nickname in the demo data. */
const AUTHOR_NICKNAME = '말랑콩떡';
const TITLE = '포인트가 적립되지 않았어요';
const NOTE = 'PG사 정산 지연 의심';
const t = m.inquiryStatusForm;

const app = useWebApp({ browser: false });
let inquiryId: number;

const browserFor = (userId: number) => app.browserFor(userId);
const open = (context: BrowserContext, path: string) => app.open(path, context);

test('staff, before any member has sent an inquiry, are told none has come in, not pointed to a form they do not have', async () => {
  const staff = await open(await browserFor(STAFF), '/my/inquiries');
  await staff.getByText(m.noInquiriesForStaff).waitFor();
  expect(await staff.getByText(m.noInquiries).count()).toBe(0);
  expect(await staff.getByRole('form', { name: m.newInquiry }).count()).toBe(0);
  await staff.close();
});

describe('with a member’s inquiry', () => {
  beforeAll(async () => {
    const response = await fetch(`${app.upstream.url}/v1/inquiry/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `token ${await app.upstream.issueToken(MEMBER)}` },
      body: JSON.stringify({ title: TITLE, content: '어제 산 아이템의 포인트가 아직 들어오지 않았습니다.', category: 'payment' }),
    });
    expect(response.status).toBe(201);
    inquiryId = ((await response.json()) as { id: number }).id;
  });

  test('staff move a member’s inquiry to 처리 중; the member sees the new status and the resolution, not the internal note', async () => {
    const staff = await open(await browserFor(STAFF), '/my/inquiries');
    // Staff see every member's inquiries and reach the status screen from the detail; they answer, they file none.
    await staff.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    expect(await staff.getByRole('form', { name: m.newInquiry }).count()).toBe(0);
    await staff.getByRole('link', { name: new RegExp(TITLE) }).click();
    await staff.getByRole('link', { name: t.open }).click();
    const form = staff.getByRole('form', { name: t.title });
    const status = form.getByLabel(t.status);
    expect(await status.inputValue()).toBe('in_progress');
    expect(await status.locator('option').allTextContents()).toEqual([m.inquiryStatusLabels.pending, m.inquiryStatusLabels.in_progress]);
    // Each box holds its limit in characters as the service counts them (an emoji is one), and no more.
    for (const [label, max] of [
      [t.resolution, INQUIRY_RESOLUTION_MAX],
      [t.internalNotes, INQUIRY_INTERNAL_NOTES_MAX],
    ] as const) {
      await form.getByLabel(label).fill('😀'.repeat(max + 1));
      expect([...(await form.getByLabel(label).inputValue())].length).toBe(max);
    }
    await form.getByLabel(t.resolution).fill('결제 내역을 확인하고 있습니다.');
    await form.getByLabel(t.internalNotes).fill(NOTE);
    await form.getByText(`${NOTE.length}/${INQUIRY_INTERNAL_NOTES_MAX}`).waitFor();
    await form.getByRole('button', { name: t.submit }).click();
    await staff.getByText(t.saved(m.inquiryStatusLabels.in_progress)).waitFor();
    await staff.waitForURL(new RegExp(`/my/inquiries/${inquiryId}$`));
    await staff.locator('.inquiry .inquiries__status').getByText(m.inquiryStatusLabels.in_progress).waitFor();

    const member = await open(await browserFor(MEMBER), '/my/inquiries');
    const row = member.getByRole('link', { name: new RegExp(TITLE) });
    await row.getByText(m.inquiryStatusLabels.in_progress).waitFor();
    await row.click();
    await member.getByText('결제 내역을 확인하고 있습니다.').waitFor();
    expect(await member.locator('.inquiry .inquiries__status').textContent()).toBe(m.inquiryStatusLabels.in_progress);
    expect(await member.getByText(NOTE).count()).toBe(0);
    expect(await member.getByRole('link', { name: t.open }).count()).toBe(0);
    // Typed straight into the address bar, the screen refuses a member.
    const direct = await open(member.context(), `/my/inquiries/${inquiryId}/status`);
    await direct.getByText(m.staffOnly).waitFor();
  });

  test('a member files an inquiry as 높음, sees the priority, and rates the answer once it is resolved', async () => {
    const member = await open(await browserFor(MEMBER), '/my/inquiries');
    const form = member.getByRole('form', { name: m.newInquiry });
    await form.getByLabel(m.categoryLabel).selectOption('ACCOUNT');
    await form.getByLabel(m.priorityLabel).selectOption({ label: m.inquiryPriorityLabels.high });
    await form.getByLabel(m.titleLabel).fill('로그인이 자꾸 풀립니다');
    await form.getByLabel(m.contentLabel).fill('앱을 다시 열 때마다 로그인이 풀려서 불편합니다. 확인 부탁드려요.');
    await form.getByRole('button', { name: m.submit }).click();
    const row = member.getByRole('link', { name: /로그인이 자꾸 풀립니다/ });
    await row.getByText(`${m.priorityLabel} ${m.inquiryPriorityLabels.high}`).waitFor();
    const stored = (await (
      await fetch(`${app.upstream.url}/v1/inquiry/?page_size=50`, { headers: { authorization: `token ${await app.upstream.issueToken(MEMBER)}` } })
    ).json()) as { results: { id: number; title: string; priority: string }[] };
    const filed = stored.results.find((inquiry) => inquiry.title === '로그인이 자꾸 풀립니다')!;
    expect(filed.priority).toBe('high');

    // Not resolved yet: nothing to rate.
    await row.click();
    await member.getByText(`${m.priorityLabel} ${m.inquiryPriorityLabels.high}`).waitFor();
    expect(await member.getByRole('group', { name: m.satisfactionForm.title }).count()).toBe(0);

    // Staff answer it from its detail: the 접수 inquiry is 처리 중 from that answer on, on their screen at once.
    const answering = await open(await browserFor(STAFF), `/my/inquiries/${filed.id}`);
    const shownStatus = answering.locator('.inquiry .inquiries__status');
    await shownStatus.getByText(m.inquiryStatusLabels.pending).waitFor();
    await answering.getByRole('textbox', { name: m.followUpPlaceholder.staff }).fill('자동 로그인 설정을 확인해 보겠습니다.');
    await answering.locator('.inquiry__comment-form').getByRole('button', { name: m.submit }).click();
    await shownStatus.getByText(m.inquiryStatusLabels.in_progress).waitFor();
    await answering.close();

    const moved = await fetch(`${app.upstream.url}/v1/inquiry/${filed.id}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `token ${await app.upstream.issueToken(STAFF)}` },
      body: JSON.stringify({ status: 'resolved', resolution: '자동 로그인 설정을 초기화했습니다.' }),
    });
    expect(moved.status).toBe(200);
    await member.reload();
    const rating = member.getByRole('group', { name: m.satisfactionForm.title });
    // Rated after reading the conversation: the form follows the resolution and the follow-ups.
    await rating.waitFor();
    expect(
      await rating.evaluate((group) => {
        const before = (selector: string) => !!(document.querySelector(selector)!.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING);
        return before('.inquiry__resolution') && before('.inquiry__comments');
      }),
    ).toBe(true);
    // At 320 px each score keeps its number and 점 on one line, and is a finger's height.
    await member.setViewportSize({ width: 320, height: 700 });
    const scoreBoxes = await rating.locator('.inquiry__score').evaluateAll((labels) =>
      labels.map((label) => {
        // The lines its words take: one box per line of the text node.
        const range = document.createRange();
        range.selectNodeContents([...label.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!);
        return {
          text: label.textContent,
          lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
          height: label.getBoundingClientRect().height,
        };
      }),
    );
    expect(scoreBoxes.length).toBe(INQUIRY_SATISFACTION_MAX + 1);
    for (const box of scoreBoxes) expect({ text: box.text, lines: box.lines, tall: box.height >= 44 }).toEqual({ text: box.text, lines: 1, tall: true });
    await member.setViewportSize({ width: 390, height: 844 });
    await rating.getByLabel(m.satisfactionForm.score(4)).check();
    await member.getByRole('button', { name: m.satisfactionForm.submit }).click();
    await member.getByText(m.satisfactionForm.saved).waitFor();
    await member.getByText(m.satisfactionForm.given(4, INQUIRY_SATISFACTION_MAX)).waitFor();
    await member.reload();
    await member.getByText(m.satisfactionForm.given(4, INQUIRY_SATISFACTION_MAX)).waitFor();
    expect(await member.getByRole('group', { name: m.satisfactionForm.title }).getByLabel(m.satisfactionForm.score(4)).isChecked()).toBe(true);

    // Staff read the resolved inquiry too, but the rating is the author's: no form for them.
    const staff = await open(await browserFor(STAFF), `/my/inquiries/${filed.id}`);
    await staff.getByText('자동 로그인 설정을 초기화했습니다.').waitFor();
    await staff.getByRole('link', { name: t.open }).waitFor();
    expect(await staff.getByRole('group', { name: m.satisfactionForm.title }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: m.satisfactionForm.submit }).count()).toBe(0);
  });

  /** The smaller side of a control's box, in CSS px. */
  const shorterSide = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return Math.min(box.width, box.height);
  };

  test('on a phone, staff see which member wrote each inquiry, in the list and the detail; the selects and the way to the status screen are 44 px targets', async () => {
    const staffBrowser = await browserFor(STAFF);
    const staffOperationsBefore = app.graphqlOperations.length;
    const staff = await open(staffBrowser, '/my/inquiries');
    await staff.setViewportSize({ width: 390, height: 844 });
    // The inquiry of beforeAll was sent by member 2, 말랑콩떡 in the demo data.
    const row = staff.getByRole('link', { name: new RegExp(TITLE) });
    await row.getByText(m.inquiryAuthor(AUTHOR_NICKNAME)).waitFor();
    // The names come with one more read of the list, once.
    expect(app.graphqlOperations.slice(staffOperationsBefore).filter((name) => name === 'InquiryListPaginationQuery')).toHaveLength(1);
    await row.click();
    await staff.locator('.inquiry').getByText(m.inquiryAuthor(AUTHOR_NICKNAME)).waitFor();
    // Staff's answer, sent from the detail, shows in the thread and is told.
    await staff.getByRole('textbox', { name: m.followUpPlaceholder.staff }).fill('확인 중입니다. 조금만 기다려 주세요.');
    await staff.locator('.inquiry__comment-form').getByRole('button', { name: m.submit }).click();
    await staff.locator('.inquiry__comments').getByText('확인 중입니다. 조금만 기다려 주세요.').waitFor();
    await staff.getByRole('status').filter({ hasText: m.followUpSent.staff }).waitFor();
    const way = staff.getByRole('link', { name: t.open });
    expect(await shorterSide(way)).toBeGreaterThanOrEqual(44);
    await way.click();
    const form = staff.getByRole('form', { name: t.title });
    expect(await shorterSide(form.getByLabel(t.status))).toBeGreaterThanOrEqual(44);

    // The member reads their own inquiries: no name of theirs on each row (nor the second read that brings the names),
    // and the form's selects are 44 px too.
    const operationsBefore = app.graphqlOperations.length;
    const member = await open(await browserFor(MEMBER), '/my/inquiries');
    await member.setViewportSize({ width: 390, height: 844 });
    await member.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    expect(await member.getByText(m.inquiryAuthor(AUTHOR_NICKNAME)).count()).toBe(0);
    expect(app.graphqlOperations.slice(operationsBefore)).not.toContain('InquiryListPaginationQuery');
    const memberForm = member.getByRole('form', { name: m.newInquiry });
    for (const label of [m.categoryLabel, m.priorityLabel]) {
      expect(await shorterSide(memberForm.getByLabel(label)), label).toBeGreaterThanOrEqual(44);
    }
    await member.getByRole('link', { name: new RegExp(TITLE) }).click();
    await member.getByRole('heading', { name: TITLE }).waitFor();
    expect(await member.getByText(m.inquiryAuthor(AUTHOR_NICKNAME)).count()).toBe(0);
  });
});
