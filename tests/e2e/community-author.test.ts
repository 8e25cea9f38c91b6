import { type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_THUMBNAIL_MAX_PX, POST_IMAGES_MAX } from '../../domain/limits.js';
import { accountTexts, communityTexts, reportTexts, uiTexts, validationTexts } from '../../domain/messages.js';
import { megabytes } from '../../domain/uploads.js';
import { jpegPhoto } from '../helpers/media-files.js';
import { offModalEntries, useWebApp, viewerNickname } from '../helpers/web-app.js';

/**
 * A member writes, edits, deletes, reports, blocks and searches in Chromium against the real upstream. The
 * gateway reaches the upstream through a fault proxy, so an upstream failure during an edit is a real one.
 */

const w = communityTexts.write;
/** A 2×3 PNG, byte for byte. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEklEQVR4nGP4z8DAwMDAwMAAAA4AAf8Gq8pGAAAAAElFTkSuQmCC', 'base64');
const MEMBER_ID = 2;

// The breaker would stay open after the forced failure; this suite is about the screen, not the breaker.
const app = useWebApp({ member: MEMBER_ID, faultProxy: true, gateway: { settings: { breakerFailures: 1000 } } });
const open = (path: string) => app.open(path);

afterEach(() => {
  app.proxy.fallback = { kind: 'pass' };
});

const postTitle = (page: Page) => page.locator('.post-detail__title');
const cardTitles = (page: Page) => page.getByTestId('post-card').locator('.post-card__title').allTextContents();

async function writePost(page: Page, title: string, content: string): Promise<void> {
  await page.getByLabel(w.titleLabel, { exact: true }).fill(title);
  await page.getByLabel(w.contentLabel, { exact: true }).fill(content);
  await page.getByRole('button', { name: w.submit, exact: true }).click();
  await expect.poll(() => postTitle(page).textContent()).toBe(title);
}

async function goHome(page: Page): Promise<void> {
  await page.getByRole('link', { name: uiTexts.tabs.home }).click();
  await page.getByTestId('post-card').first().waitFor();
}

describe('writing as a member', () => {
  test('validates with the domain rules, uploads an image, and the new post shows first in the feed', async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().waitFor();
    await page.getByRole('link', { name: uiTexts.tabs.write }).click();
    await page.getByLabel(w.titleLabel, { exact: true }).waitFor();

    // Nothing is sent while the form breaks the rules; the messages are the domain's.
    app.graphqlOperations.length = 0;
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await page.getByText(validationTexts.titleRequired).waitFor();
    await page.getByText(validationTexts.contentRequired).waitFor();
    // The first field to mend has the focus, not 등록.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await page.getByLabel(w.titleLabel, { exact: true }).evaluate((title) => title === document.activeElement)).toBe(true);
    await page.getByLabel(w.titleLabel, { exact: true }).fill('가'.repeat(100));
    expect(await page.getByLabel(w.titleLabel, { exact: true }).getAttribute('aria-invalid')).toBeNull();
    // Past the limit the title is marked wrong at once, beside its counter (before any send).
    await page.getByLabel(w.titleLabel, { exact: true }).fill('가'.repeat(101));
    expect(await page.getByTestId('title-counter').textContent()).toBe(w.counter(101, 100));
    expect(await page.getByLabel(w.titleLabel, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await page.getByText(validationTexts.titleMax(100)).waitFor();
    expect(app.graphqlOperations.length).toBe(0);

    await page.getByLabel(w.contentLabel, { exact: true }).fill('그림과 함께 쓴 글');
    expect(await page.getByTestId('content-counter').textContent()).toBe(w.counter('그림과 함께 쓴 글'.length, 10000));
    await page.getByTestId('image-input').setInputFiles({ name: 'slime.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('image-preview').first().waitFor();
    await expect.poll(() => page.getByTestId('image-preview').first().getAttribute('aria-busy')).toBe('false');

    await writePost(page, '브라우저에서 쓴 그림 글', '그림과 함께 쓴 글');
    await page.getByText(w.created).first().waitFor();
    // The keyboard's focus is on the new post's screen heading, its title (it fell to <body> with the form).
    await expect
      .poll(() =>
        page.evaluate(() => (document.activeElement === document.body ? 'body' : `${document.activeElement?.tagName}:${document.activeElement?.textContent}`)),
      )
      .toBe('H1:브라우저에서 쓴 그림 글');
    await expect.poll(() => page.locator('.post-detail__images img').count()).toBe(1);
    // The picture is served back: the browser decoded the uploaded 2×3 PNG.
    await expect
      .poll(() =>
        page
          .locator('.post-detail__images img')
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(2);

    await goHome(page);
    expect((await cardTitles(page))[0]).toBe('브라우저에서 쓴 그림 글');
    expect(await page.getByTestId('post-card').first().locator('.post-card__thumbnail').count()).toBe(1);
    await page.close();
  });

  test("a post's photos show in the edit form by their small copies, also when a draft brings them back", async () => {
    const page = await open('/community/write');
    await page.getByTestId('image-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpegPhoto(2400, 1800) });
    await expect.poll(() => page.locator('[data-testid="image-preview"][aria-busy="false"]').count()).toBe(1);
    await writePost(page, '큰 사진 글', '사진 한 장');
    await page.getByRole('button', { name: communityTexts.post.edit, exact: true }).click();
    const tile = page.getByTestId('image-preview').locator('img');
    // A tile of 80 px loads the 320 px copy, not the 2400 px original.
    await expect.poll(() => tile.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(IMAGE_THUMBNAIL_MAX_PX);
    expect(await tile.getAttribute('src')).toMatch(/\.thumb\.webp$/);
    // A picture added to the edit, kept as a draft over a reload, comes back by its small copy too.
    await page.getByTestId('image-input').setInputFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: jpegPhoto(1600, 1200) });
    await expect.poll(() => page.locator('[data-testid="image-preview"][aria-busy="false"]').count()).toBe(2);
    await page.reload();
    await page.getByRole('status').filter({ hasText: w.draftRestored }).waitFor();
    await expect.poll(() => tile.count()).toBe(2);
    await expect.poll(() => tile.nth(1).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(IMAGE_THUMBNAIL_MAX_PX);
    await page.close();
  });

  test('an edit saved from the post leads back to the post, and 뒤로 가기 there to the feed, not to the same post again', async () => {
    const page = await open('/community/write');
    await writePost(page, '고쳐 쓸 글', '처음 쓴 내용');
    await goHome(page);
    await page.getByTestId('post-card').filter({ hasText: '고쳐 쓸 글' }).first().click();
    await expect.poll(() => postTitle(page).textContent()).toBe('고쳐 쓸 글');
    await page.getByRole('button', { name: communityTexts.post.edit, exact: true }).click();
    await expect.poll(() => page.getByLabel(w.titleLabel, { exact: true }).inputValue()).toBe('고쳐 쓸 글');
    await page.getByLabel(w.titleLabel, { exact: true }).fill('고쳐 쓴 글');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect.poll(() => postTitle(page).textContent()).toBe('고쳐 쓴 글');
    await page.getByText(w.updated).first().waitFor();
    await page.getByRole('button', { name: uiTexts.back, exact: true }).click();
    await page.waitForURL(/\/community$/);
    await expect.poll(async () => (await cardTitles(page))[0]).toBe('고쳐 쓴 글');
    await page.close();
  });
  test('a trade post with price (typed 12,000; 1e9 refused) and location; edited, then deleted with the confirmation dialog', async () => {
    const page = await open('/community/write');
    // The empty choice says the post is filed under no category; the feed's 전체 is a filter, not offered.
    const categorySelect = page.getByLabel(w.categoryLabel, { exact: true });
    await categorySelect.waitFor();
    const categories = await categorySelect.locator('option').allTextContents();
    expect(categories[0]).toBe(w.noCategory);
    expect(categories).not.toContain(uiTexts.allCategories);
    // 공지 is for staff (the server refuses a member's notice); member 2 is not staff.
    expect(categories).not.toContain(uiTexts.notice);
    expect(categories.length).toBeGreaterThan(2);
    // The form sends the chosen category by its global id; the post shows it filed there.
    const chosenCategory = categories[1];
    await categorySelect.selectOption({ label: chosenCategory });
    await page.getByLabel(w.postTypeLabel).selectOption('trade');
    // A buying post: its state reads in buying words (never 판매중).
    await page.getByLabel(w.tradeTypeLabel).selectOption('buy');
    // Only digits are a price: an exponent is refused, thousands separators are read (domain priceFromText).
    await page.getByLabel(w.priceLabel).fill('1e9');
    await page.getByLabel(w.titleLabel, { exact: true }).fill('말랑 슬라임 팝니다');
    await page.getByLabel(w.contentLabel, { exact: true }).fill('상태 좋아요');
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await page.getByText(validationTexts.price).waitFor();
    await page.getByLabel(w.priceLabel).fill('12,000');
    await page.getByLabel(w.locationLabel).fill('강남역');
    await writePost(page, '말랑 슬라임 팝니다', '상태 좋아요');
    await page.getByText(communityTexts.postFields.price(12000)).waitFor();
    await page.getByText('강남역').waitFor();
    await expect.poll(() => page.getByTestId('post-category').textContent()).toBe(chosenCategory);
    await expect.poll(() => page.locator('.label--on-sale').textContent()).toBe(communityTexts.postFields.tradeStates.buy.open);

    await page.getByRole('button', { name: communityTexts.post.edit, exact: true }).click();
    await expect.poll(() => page.getByLabel(w.titleLabel, { exact: true }).inputValue()).toBe('말랑 슬라임 팝니다');
    await page.getByLabel(w.titleLabel, { exact: true }).fill('말랑 슬라임 판매 완료');
    await page.getByLabel(w.isSoldLabel).check();
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect.poll(() => postTitle(page).textContent()).toBe('말랑 슬라임 판매 완료');
    await page.getByText(w.updated).first().waitFor();
    await expect.poll(() => page.locator('.label--sold').textContent()).toBe(communityTexts.postFields.tradeStates.buy.done);

    await page.getByRole('button', { name: communityTexts.post.delete, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: communityTexts.confirm.delete.message });
    await dialog.getByRole('button', { name: communityTexts.confirm.delete.action, exact: true }).click();
    await page.getByText(communityTexts.post.deleted).first().waitFor();
    await page.getByTestId('post-card').first().waitFor();
    expect(await cardTitles(page)).not.toContain('말랑 슬라임 판매 완료');
    await page.close();
  });
  test('removing a picture by keyboard moves focus to the next remove button, else the previous, else the add button', async () => {
    const page = await open('/community/write');
    const colours = ['#ff0000', '#00ff00', '#0000ff'];
    const pictures = await Promise.all(
      colours.map(async (background, index) => ({
        name: `slime-${index + 1}.png`,
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 4, height: 4, channels: 3, background } })
          .png()
          .toBuffer(),
      })),
    );
    await page.getByTestId('image-input').setInputFiles(pictures);
    const previews = page.getByTestId('image-preview');
    await expect.poll(() => previews.count()).toBe(3);
    await expect.poll(() => page.locator('[data-testid="image-preview"][aria-busy="true"]').count()).toBe(0);
    const third = await previews.nth(2).locator('img').getAttribute('src');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return {
          // A button by its name; anything else (the page's <body>) by its tag.
          label: element?.tagName === 'BUTTON' ? (element.getAttribute('aria-label') ?? element.textContent) : element?.tagName,
          picture: element?.closest('[data-testid="image-preview"]')?.querySelector('img')?.getAttribute('src') ?? null,
        };
      });

    // The 2nd goes: the picture that was 3rd takes its place, and its remove button has the focus.
    await page.getByRole('button', { name: `${w.removeImage} 2`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => previews.count()).toBe(2);
    expect(await focused()).toEqual({ label: `${w.removeImage} 2`, picture: third });

    // The last goes: the one before it; then the only one: the add button.
    await page.keyboard.press('Enter');
    await expect.poll(() => previews.count()).toBe(1);
    expect((await focused()).label).toBe(`${w.removeImage} 1`);
    await page.keyboard.press('Enter');
    await expect.poll(() => previews.count()).toBe(0);
    expect((await focused()).label).toBe(w.addImage);
    await page.close();
  });

  test('writing left by 뒤로 가기 or a reload is offered again, pictures included; 새로 쓰기 starts over; a sent post leaves no draft', async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().waitFor();
    await page.getByRole('link', { name: uiTexts.tabs.write }).click();
    const titleBox = page.getByLabel(w.titleLabel, { exact: true });
    const contentBox = page.getByLabel(w.contentLabel, { exact: true });
    await titleBox.waitFor();
    // The photo limits are said beside 이미지 추가, before any file is refused.
    expect(await page.getByRole('button', { name: w.addImage, exact: true }).getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText(communityTexts.upload.limits(POST_IMAGES_MAX, megabytes(IMAGE_MAX_BYTES))).waitFor();
    await expect.poll(() => page.locator('.write-form__restored').count()).toBe(0);

    await titleBox.fill('쓰다 만 글');
    await contentBox.fill('첫 줄\n둘째 줄');
    await page.getByTestId('image-input').setInputFiles({ name: 'slime.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.locator('[data-testid="image-preview"][aria-busy="false"]').count()).toBe(1);

    // The header's back button, then the tab again: the form reopens on the writing and says so.
    await page.getByRole('button', { name: uiTexts.back, exact: true }).click();
    await page.getByTestId('post-card').first().waitFor();
    await page.getByRole('link', { name: uiTexts.tabs.write }).click();
    await page.getByRole('status').filter({ hasText: w.draftRestored }).waitFor();
    expect(await titleBox.inputValue()).toBe('쓰다 만 글');
    expect(await contentBox.inputValue()).toBe('첫 줄\n둘째 줄');
    // The picture the gateway has comes back served by it (not the gone local preview) and decodes.
    const picture = page.getByTestId('image-preview').locator('img');
    await expect.poll(() => picture.count()).toBe(1);
    expect(await picture.getAttribute('src')).not.toMatch(/^blob:/);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);

    // A reload keeps it too; 새로 쓰기 empties the form, pictures included, and the title has the focus.
    await page.reload();
    await page.getByRole('status').filter({ hasText: w.draftRestored }).waitFor();
    expect(await titleBox.inputValue()).toBe('쓰다 만 글');
    await page.getByRole('button', { name: w.startOver, exact: true }).click();
    await expect.poll(() => titleBox.inputValue()).toBe('');
    expect(await contentBox.inputValue()).toBe('');
    expect(await page.getByTestId('image-preview').count()).toBe(0);
    expect(await page.locator('.write-form__restored').count()).toBe(0);
    expect(await titleBox.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.reload();
    await titleBox.waitFor();
    expect(await titleBox.inputValue()).toBe('');
    expect(await page.locator('.write-form__restored').count()).toBe(0);

    // Sent: the next new post starts empty.
    await writePost(page, '다시 쓴 글', '끝까지 쓴 글');
    await page.getByRole('link', { name: uiTexts.tabs.write }).click();
    await titleBox.waitFor();
    expect(await titleBox.inputValue()).toBe('');
    expect(await page.locator('.write-form__restored').count()).toBe(0);

    // An edit left half-way reopens on the change, and 원래 글로 되돌리기 brings the post back.
    await page.goto(`${app.gateway.url}/community`);
    await page.getByTestId('post-card').filter({ hasText: '다시 쓴 글' }).first().click();
    await page.getByRole('button', { name: communityTexts.post.edit, exact: true }).click();
    await expect.poll(() => titleBox.inputValue()).toBe('다시 쓴 글');
    await titleBox.fill('고치다 만 제목');
    await page.goBack();
    await postTitle(page).waitFor();
    await page.getByRole('button', { name: communityTexts.post.edit, exact: true }).click();
    await page.getByRole('status').filter({ hasText: w.draftRestored }).waitFor();
    expect(await titleBox.inputValue()).toBe('고치다 만 제목');
    await page.getByRole('button', { name: w.restoreOriginal, exact: true }).click();
    await expect.poll(() => titleBox.inputValue()).toBe('다시 쓴 글');
    await page.close();
  });
});

describe("other members' posts", () => {
  async function openOthersPost(page: Page): Promise<string> {
    await page.getByTestId('post-card').first().waitFor();
    const card = page
      .getByTestId('post-card')
      .filter({ hasNot: page.locator('.post-card__author', { hasText: await viewerNickname(page) }) })
      .first();
    const author = (await card.locator('.post-card__author').textContent())!;
    await card.click();
    await page.getByRole('button', { name: communityTexts.post.report, exact: true }).waitFor();
    return author;
  }

  test('reports a post with a reason; reporting it again says only that it was reported, in one message', async () => {
    const page = await open('/community');
    await openOthersPost(page);
    const report = page.getByRole('button', { name: communityTexts.post.report, exact: true });
    const modal = page.getByRole('dialog', { name: reportTexts.title });
    const openDialogs = () => page.locator('dialog[open]').count();
    const reportWithReason = async () => {
      await report.click();
      await page
        .getByRole('alertdialog', { name: communityTexts.confirm.report.message })
        .getByRole('button', { name: communityTexts.confirm.report.action, exact: true })
        .click();
      await modal.getByLabel(reportTexts.reasonTypeLabel).selectOption(String(reportTexts.reasonTypes.indexOf('홍보/광고')));
      await modal.getByLabel(reportTexts.reasonLabel).fill('광고 글이에요');
      await modal.getByRole('button', { name: reportTexts.submit, exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
    };

    // 신고 with the detail still blank looks unpressable, but pressed it says why and goes to the box; nothing is sent.
    await report.click();
    await page
      .getByRole('alertdialog', { name: communityTexts.confirm.report.message })
      .getByRole('button', { name: communityTexts.confirm.report.action, exact: true })
      .click();
    const send = modal.getByRole('button', { name: reportTexts.submit, exact: true });
    expect(await send.getAttribute('aria-disabled')).toBe('true');
    await modal.getByLabel(reportTexts.reasonLabel).fill('   ');
    app.graphqlOperations.length = 0;
    await send.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: reportTexts.reasonRequired }).waitFor();
    expect(await modal.getByLabel(reportTexts.reasonLabel).evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await modal.getByLabel(reportTexts.reasonLabel).getAttribute('aria-invalid')).toBe('true');
    expect(app.graphqlOperations).toEqual([]);
    // Typing clears the mark.
    await modal.getByLabel(reportTexts.reasonLabel).pressSequentially('광');
    expect(await modal.getByLabel(reportTexts.reasonLabel).getAttribute('aria-invalid')).toBeNull();
    await modal.getByRole('button', { name: uiTexts.cancel, exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    /** 신고 again: no confirmation, no form, the one notice. */
    const reportAgain = async () => {
      await report.click();
      await page.getByTestId('toast').filter({ hasText: reportTexts.alreadyReported }).waitFor();
      expect(await openDialogs()).toBe(0);
    };

    await reportWithReason();
    await expect.poll(() => page.getByTestId('toast').last().textContent()).toBe(reportTexts.success);
    // At once, with the first report's toast still up: it asked 신고하시겠습니까? again, over that toast.
    await reportAgain();

    // A new visit does not know of the report until the service says so: the form, then its answer alone, said as
    // information (the report stands), not as a failure to take to support; from then on, the notice at once.
    await page.reload();
    await report.waitFor();
    await reportWithReason();
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toEqual([reportTexts.alreadyReported]);
    await reportAgain();
    expect(await page.getByTestId('toast').allTextContents()).toEqual([reportTexts.alreadyReported]);
    await page.close();
  });

  test("blocks a member: the confirmation says the follows end both ways, the member's posts leave the feed", async () => {
    const page = await open('/community');
    const author = await openOthersPost(page);
    await page.getByRole('button', { name: communityTexts.post.blockAuthor, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: communityTexts.confirm.block.message });
    // Said in the dialog and as its description, so a screen reader reads it with the question.
    await dialog.getByText(communityTexts.confirm.block.detail, { exact: true }).waitFor();
    const described = await dialog.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(described).toBe(communityTexts.confirm.block.detail);
    await dialog.getByRole('button', { name: communityTexts.confirm.block.action, exact: true }).click();
    await page.getByText(communityTexts.post.userBlocked).first().waitFor();
    await page.getByTestId('post-card').first().waitFor();
    expect(await page.locator('.post-card__author').allTextContents()).not.toContain(author);
    await page.close();
  });
});

describe('guests', () => {
  test('report and block open the login modal instead of a dialog; the write page asks to log in', async () => {
    const page = app.watch(await app.browser.newPage());
    await page.addInitScript(() => window.localStorage.removeItem('userToken'));
    await page.goto(app.gateway.url + '/community');
    await page.getByTestId('post-card').first().click();
    for (const action of [communityTexts.post.report, communityTexts.post.block, communityTexts.post.blockAuthor]) {
      await page.getByRole('button', { name: action, exact: true }).click();
      const sheet = page.getByRole('dialog', { name: accountTexts.sheet.title });
      await sheet.waitFor();
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
    }
    expect(await page.getByRole('button', { name: communityTexts.post.delete, exact: true }).count()).toBe(0);
    await offModalEntries(page);

    await page.goto(app.gateway.url + '/community/write');
    await page.getByText(uiTexts.loginRequired).waitFor();
    expect(await page.getByLabel(w.titleLabel, { exact: true }).count()).toBe(0);
    await page.close();
  });

  test("a member cannot open another member's post in the edit form", async () => {
    const page = await open('/community');
    await page.getByTestId('post-card').first().waitFor();
    const href = await page
      .getByTestId('post-card')
      .filter({ hasNot: page.locator('.post-card__author', { hasText: await viewerNickname(page) }) })
      .first()
      .getAttribute('href');
    const id = new URL(href!, app.gateway.url).searchParams.get('id')!;
    await page.goto(`${app.gateway.url}/community/write?id=${encodeURIComponent(id)}`);
    await page.getByText(communityTexts.errors.notAuthor).waitFor();
    await page.close();
  });
});

describe('search', () => {
  const s = communityTexts.search;

  test('by nickname with the type selector, from the search home with its trending posts', async () => {
    const page = await open('/community/search');
    await page.getByTestId('trending-list').getByTestId('post-card').first().waitFor();
    const nickname = (await page.getByTestId('trending-list').locator('.post-card__author').first().textContent())!;
    await page.getByRole('combobox', { name: s.typeLabel }).selectOption('nickname');
    await page.getByPlaceholder(s.placeholder).fill(nickname);
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await page.getByTestId('search-results').getByTestId('post-card').first().waitFor();
    const authors = await page.getByTestId('search-results').locator('.post-card__author').allTextContents();
    expect(authors.length).toBeGreaterThan(0);
    expect(new Set(authors)).toEqual(new Set([nickname]));
    expect(page.url()).toContain('type=nickname');
    await page.close();
  });

  test('a short term is not sent; results come 10 to a numbered page; nothing found says so', async () => {
    const page = await open('/community/search');
    await page.getByTestId('trending-list').waitFor();
    app.graphqlOperations.length = 0;
    await page.getByPlaceholder(s.placeholder).fill(' 슬 ');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await page.getByText(validationTexts.searchMin(2)).waitFor();
    expect(app.graphqlOperations.length).toBe(0);

    await page.getByPlaceholder(s.placeholder).fill('슬라임');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await page.getByTestId('search-count').waitFor();
    const total = Number((await page.getByTestId('search-count').textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(10);
    expect(await page.getByTestId('search-results').getByTestId('post-card').count()).toBe(10);
    const pager = page.getByRole('navigation', { name: s.title });
    expect(await pager.getByRole('link', { name: /페이지$/ }).count()).toBe(Math.min(5, Math.ceil(total / 10)));
    expect(await pager.getByRole('link', { name: s.page(1) }).getAttribute('aria-current')).toBe('page');
    const firstPage = await page.getByTestId('search-results').locator('.post-card__title').allTextContents();
    await pager.getByRole('link', { name: s.page(2) }).click();
    await expect.poll(() => pager.getByRole('link', { name: s.page(2) }).getAttribute('aria-current')).toBe('page');
    const secondPage = await page.getByTestId('search-results').locator('.post-card__title').allTextContents();
    expect(secondPage.length).toBe(Math.min(10, total - 10));
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);

    await page.getByPlaceholder(s.placeholder).fill('어디에도없는검색어');
    await page.getByRole('button', { name: s.submit, exact: true }).click();
    await page.getByText(s.noResults).waitFor();
    await page.close();
  });
});

describe('my activity', () => {
  test('my posts and my comments in two tabs, with the way back to the post', async () => {
    const page = await open('/community/write');
    await writePost(page, '내 활동에 보일 글', '내 활동 화면에서 찾을 글');
    const section = page.getByRole('region', { name: communityTexts.reply.title });
    await section.getByRole('textbox', { name: communityTexts.reply.placeholder }).fill('내 활동에 보일 댓글');
    await section.getByRole('button', { name: communityTexts.reply.submit, exact: true }).first().click();
    await section.getByTestId('reply').filter({ hasText: '내 활동에 보일 댓글' }).waitFor();

    // The hub leads there.
    await page.goto(app.gateway.url + '/my');
    await page.getByRole('link', { name: communityTexts.my.title, exact: true }).click();
    await page.waitForURL(/\/community\/my$/);
    await page.getByTestId('my-posts').waitFor();
    expect(await page.locator('.page-header__title').textContent()).toMatch(/님의 프로필$/);
    expect((await page.getByTestId('my-posts').locator('.post-card__title').allTextContents())[0]).toBe('내 활동에 보일 글');

    await page.getByRole('tab', { name: communityTexts.my.comments }).click();
    const reply = page.getByTestId('my-replies').locator('li').filter({ hasText: '내 활동에 보일 댓글' });
    await reply.waitFor();
    await reply.getByRole('link', { name: communityTexts.my.goToPost }).click();
    await expect.poll(() => postTitle(page).textContent()).toBe('내 활동에 보일 글');
    await page.close();
  });
});

describe('an upstream failure during an edit', () => {
  test('rolls the post back on screen and keeps the draft', async () => {
    const page = await open('/community/write');
    await writePost(page, '원래 제목', '원래 내용');
    await page.getByRole('button', { name: communityTexts.post.edit, exact: true }).click();
    await page.getByLabel(w.titleLabel, { exact: true }).fill('고쳐 쓴 제목');
    await page.getByLabel(w.contentLabel, { exact: true }).fill('고쳐 쓴 내용');

    // The upstream stops answering: the edit shows at once (optimistic), then the upstream goes away.
    app.proxy.fallback = { kind: 'hang' };
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect.poll(() => postTitle(page).textContent()).toBe('고쳐 쓴 제목');
    await app.proxy.refuse();
    await page.getByTestId('toast').filter({ hasText: w.updateFailed }).first().waitFor();
    await app.proxy.accept();
    app.proxy.fallback = { kind: 'pass' };
    await expect.poll(() => postTitle(page).textContent()).toBe('원래 제목');
    expect(await page.getByTestId('post-content').textContent()).toBe('원래 내용');

    await page.getByRole('button', { name: communityTexts.post.edit, exact: true }).click();
    await expect.poll(() => page.getByLabel(w.titleLabel, { exact: true }).inputValue()).toBe('고쳐 쓴 제목');
    expect(await page.getByLabel(w.contentLabel, { exact: true }).inputValue()).toBe('고쳐 쓴 내용');
    await page.close();
  });
});
