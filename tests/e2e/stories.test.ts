import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContext, type Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { HIGHLIGHT_TITLE_MAX, NICKNAME_MAX, STORY_CAPTION_MAX, STORY_COMMENT_MAX } from '../../domain/limits.js';
import {
  accountTexts,
  communityTexts,
  errorMessages,
  messagingTexts,
  reportTexts,
  storyTexts,
  storyTrayTexts,
  uiTexts,
  validationTexts,
} from '../../domain/messages.js';
import { openBrowser } from '../helpers/browser.js';
import { closeFriends, stories, storyHides, storyReactions, storyReports, storyViews } from '../../upstream/src/db/schema.js';
import { addMembers, follow, PNG_BYTES, storyForm } from '../helpers/stories.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * Stories in Chromium against the built app, the real gateway and the real upstream: a member uploads a
 * picture story, a second member sees the ring in the tray, opens it and reacts; the author sees the
 * viewer and the stats. Each member is a browser context of its own, logged in through `userToken`.
 */

const app = useWebApp({ browser: false });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let author: { id: number };
let reader: { id: number };

beforeAll(async () => {
  const [authorId, readerId] = await addMembers(app.upstream.db, ['스토리올리미', '스토리구경꾼']);
  author = { id: authorId };
  reader = { id: readerId };
});

const open = (context: BrowserContext, path: string) => app.open(path, context);

/** The ids of the axe-core rules among `rules` that `selector` (the whole page by default) breaks. */
async function axeFindings(page: Page, rules: string[], selector = 'html'): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(
    async ({ selector, rules }) =>
      (
        await (window as unknown as { axe: { run: (context: string, options: object) => Promise<{ violations: { id: string }[] }> } }).axe.run(selector, {
          runOnly: rules,
        })
      ).violations.map((violation) => violation.id),
    { selector, rules },
  );
}

/** A story posted straight to the upstream by a member (60 s long unless told, so it stays on screen while the test acts). */
async function postStory(memberId: number, privacy: 'public' | 'friends' | 'close_friends' = 'public', seconds = 60): Promise<number> {
  const response = await fetch(`${app.upstream.url}/api/stories/create`, {
    method: 'POST',
    headers: { authorization: `token ${await app.upstream.issueToken(memberId)}` },
    body: storyForm({ type: 'image', duration: String(seconds), privacy }, { bytes: PNG_BYTES, name: 'story.png', type: 'image/png' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('on a 390 px phone, the upload screen’s 공유하기 is readable (axe color-contrast) and each 공개 범위 choice is on one line', async () => {
  const upload = await open(await app.browserFor(author.id), '/stories/new');
  await upload.setViewportSize({ width: 390, height: 844 });
  const [chooser] = await Promise.all([upload.waitForEvent('filechooser'), upload.getByRole('button', { name: storyTexts.upload.pick }).click()]);
  await chooser.setFiles({ name: 'slime.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await upload.locator('.story-upload__preview img').waitFor();
  const submit = upload.getByRole('button', { name: storyTexts.upload.submit });
  expect(await submit.isEnabled()).toBe(true);
  expect(await axeFindings(upload, ['color-contrast'])).toEqual([]);
  // The lines each choice's text takes (its text's boxes at different heights, the radio button aside), and its size.
  const choices = await upload.locator('.story-upload__privacy > label, .story-upload__privacy > a').evaluateAll((elements) =>
    elements.map((element) => {
      const tops = new Set<number>();
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return { text: element.textContent, lines: tops.size, fontSize: parseFloat(getComputedStyle(element).fontSize) };
    }),
  );
  expect(choices.map((choice) => choice.text)).toEqual([...Object.values(storyTexts.privacyLevels), storyTexts.closeFriends.manage]);
  for (const choice of choices) {
    expect(choice.lines, choice.text ?? '').toBe(1);
    expect(choice.fontSize, choice.text ?? '').toBeGreaterThanOrEqual(12);
  }
  await upload.close();
});

// A whole journey of two members (upload, view, react, report, stats): ~40 s on a quiet machine, more beside another
// file, so it has more than the default minute.
test('upload an image story; a second member sees the ring, opens it and reacts; the author sees viewer and stats', async () => {
  const authorBrowser = await app.browserFor(author.id);
  // With no story yet, 내 스토리 and its + lead to the same place: one link for the keyboard and screen readers.
  const before = await open(authorBrowser, '/community');
  await before.getByRole('link', { name: storyTrayTexts.addLabel, exact: true }).waitFor();
  expect(await before.getByRole('link', { name: storyTrayTexts.add, exact: true }).count()).toBe(0);
  await before.close();
  const upload = await open(authorBrowser, '/stories/new');
  // The upload screen has a way back like the app's other screens.
  await upload.getByRole('button', { name: uiTexts.back }).waitFor();
  // The Korean button opens the file chooser (no browser-drawn "Choose File" is shown).
  expect(await upload.locator('input[type=file]').isVisible()).toBe(false);
  const [chooser] = await Promise.all([upload.waitForEvent('filechooser'), upload.getByRole('button', { name: storyTexts.upload.pick }).click()]);
  await chooser.setFiles({ name: 'slime.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await upload.locator('.story-upload__preview img').waitFor();
  // A paste past the caption's limit is cut and says so.
  const caption = upload.getByPlaceholder(storyTexts.upload.captionPlaceholder);
  await caption.fill('가'.repeat(STORY_CAPTION_MAX + 100));
  expect(await caption.inputValue()).toBe('가'.repeat(STORY_CAPTION_MAX));
  await upload.getByRole('alert').getByText(validationTexts.cutToMax(STORY_CAPTION_MAX)).waitFor();
  await caption.fill('말랑한 하루');
  await upload.getByText(validationTexts.cutToMax(STORY_CAPTION_MAX)).waitFor({ state: 'detached' });
  await expect.poll(() => upload.locator('.story-upload__counter').textContent()).toBe('6/500');
  await upload.getByRole('button', { name: storyTexts.upload.submit }).click();
  await upload.getByText(storyTexts.uploaded).waitFor();
  await upload.waitForURL(/\/community$/);
  // The toast is told (a status) inside a list that holds only its items (axe: list; a status was the list's child).
  await upload.getByRole('status').filter({ hasText: storyTexts.uploaded }).waitFor();
  expect(await axeFindings(upload, ['list', 'listitem'])).toEqual([]);
  // The author's own 내 스토리 now rings in colour, as a new story of anyone else's does.
  await upload.getByRole('link', { name: storyTrayTexts.add, exact: true }).and(upload.locator('.story-tray__ring--unviewed')).waitFor();

  const readerBrowser = await app.browserFor(reader.id);
  const home = await open(readerBrowser, '/community');
  const ring = home.getByRole('link', { name: `스토리올리미 ${storyTrayTexts.unviewed}` });
  await ring.waitFor();
  expect(await ring.locator('.story-tray__ring--unviewed').count()).toBe(1);
  await ring.click();
  await home.locator('.story-viewer__media').waitFor();
  const authorStoriesPath = new URL(home.url()).pathname;
  expect(await home.locator('.story-viewer__caption').textContent()).toBe('말랑한 하루');
  // Typing pauses the story, so it stays open while the member writes.
  const comment = home.getByPlaceholder(storyTexts.viewer.commentPlaceholder);
  // The comment's counter shows once there is a comment, an emoji counted as one character.
  expect(await home.locator('.story-viewer__counter').count()).toBe(0);
  await comment.fill('귀여워요!');
  expect(await home.locator('.story-viewer__counter').textContent()).toBe(`5/${STORY_COMMENT_MAX}`);
  await comment.fill('귀여워요😍');
  expect(await home.locator('.story-viewer__counter').textContent()).toBe(`5/${STORY_COMMENT_MAX}`);
  // A paste over the limit is cut at it, and the counter shows the box full.
  await comment.fill('가'.repeat(STORY_COMMENT_MAX + 100));
  expect(await comment.inputValue()).toBe('가'.repeat(STORY_COMMENT_MAX));
  expect(await home.locator('.story-viewer__counter').textContent()).toBe(`${STORY_COMMENT_MAX}/${STORY_COMMENT_MAX}`);
  await comment.fill('귀여워요!');
  await comment.press('Enter');
  // A message is announced as a message, not as a reaction.
  await home.locator('.story-toast').filter({ hasText: storyTexts.viewer.messageSent }).waitFor();
  await home.getByRole('button', { name: storyTexts.viewer.sendEmoji(storyTexts.viewer.emojiLabels['😂']) }).click();
  await home
    .locator('.story-toast')
    .filter({ hasText: storyTexts.viewer.emojiSent('😂') })
    .waitFor();
  await home.getByRole('button', { name: storyTexts.viewer.like }).click();
  await expect.poll(() => home.getByRole('button', { name: storyTexts.viewer.like }).getAttribute('aria-pressed')).toBe('true');

  // The report modal over the story: the reason text reaches the upstream, the outcome shows in the stories' toaster.
  await home.getByRole('button', { name: storyTexts.viewer.more }).click();
  await home.getByRole('menuitem', { name: storyTexts.viewer.report }).click();
  const reportModal = home.getByRole('dialog', { name: reportTexts.title });
  await reportModal.getByLabel(reportTexts.reasonLabel).fill('광고 스토리입니다');
  await reportModal.getByRole('button', { name: reportTexts.submit }).click();
  await home.locator('.story-toast').filter({ hasText: reportTexts.success }).waitFor();
  await reportModal.waitFor({ state: 'hidden' });
  expect((await app.upstream.db.select().from(storyReports).where(eq(storyReports.reporterId, reader.id))).map((row) => row.reason)).toEqual([
    '광고 스토리입니다',
  ]);
  // A second report is not taken again: the stories' toaster says it was reported already (no failure sending the
  // member to support: the first report stands) and the modal closes.
  await home.getByRole('button', { name: storyTexts.viewer.more }).click();
  await home.getByRole('menuitem', { name: storyTexts.viewer.report }).click();
  await reportModal.getByLabel(reportTexts.reasonLabel).fill('한 번 더');
  await reportModal.getByRole('button', { name: reportTexts.submit }).click();
  await home.locator('.story-toast').filter({ hasText: storyTexts.errors.alreadyReported }).waitFor();
  expect(await home.locator('.story-toast').filter({ hasText: reportTexts.failure }).count()).toBe(0);
  expect(await home.locator('.story-toast--error').count()).toBe(0);
  await reportModal.waitFor({ state: 'hidden' });
  expect(await home.getByTestId('toast').count()).toBe(0);
  // With the modal gone the story plays on and may end (closing the viewer) before × is pressed.
  await home
    .getByRole('button', { name: storyTexts.viewer.close, exact: true })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await home.getByRole('link', { name: `스토리올리미 ${storyTrayTexts.viewed}` }).waitFor();

  const authorHome = await open(authorBrowser, '/community');
  await authorHome.getByRole('link', { name: storyTrayTexts.add, exact: true }).click();
  await authorHome.getByRole('button', { name: storyTexts.viewer.viewers(1) }).click();
  const panel = authorHome.getByRole('region', { name: storyTexts.viewer.stats });
  await panel.locator('.story-panel__viewers').getByText('스토리구경꾼').waitFor();
  // The panel scrolls on a phone (half its height; a short one here, as with many viewers on a taller one): the
  // keyboard reaches it, so its arrow keys scroll it (axe: scrollable-region-focusable).
  await panel.getByTestId('story-reactions').waitFor();
  await authorHome.setViewportSize({ width: 390, height: 480 });
  await expect.poll(() => panel.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  expect(await axeFindings(authorHome, ['scrollable-region-focusable'], '.story-panel')).toEqual([]);
  await panel.focus();
  expect(await panel.evaluate((element) => element === document.activeElement)).toBe(true);
  await authorHome.setViewportSize({ width: 390, height: 844 });
  expect(await panel.getByTestId('stat-viewCount').textContent()).toBe('1');
  expect(await panel.getByTestId('stat-likeCount').textContent()).toBe('1');
  expect(await panel.getByTestId('stat-reactionCount').textContent()).toBe('3');
  // Who sent what: the like, the emoji and the message text, most recent first.
  const received = panel.getByTestId('story-reactions').locator('li');
  await expect.poll(() => received.allTextContents()).toEqual([`스토리구경꾼${storyTexts.viewer.reactionLike}`, '스토리구경꾼😂', '스토리구경꾼귀여워요!']);
  // Escape closes the panel only: the story stays open, and focus is back on the button that opened the panel.
  const storyPath = new URL(authorHome.url()).pathname;
  await authorHome.keyboard.press('Escape');
  await expect.poll(() => panel.count()).toBe(0);
  expect(new URL(authorHome.url()).pathname).toBe(storyPath);
  expect(await authorHome.evaluate(() => document.activeElement?.textContent)).toBe(storyTexts.viewer.viewers(1));
  // Enter opens it again (the story waits while it is open, for the steps below).
  await authorHome.keyboard.press('Enter');
  await panel.waitFor();
  // The author's inbox tells of the message and the emoji, and the settings offer the story type.
  const inbox = await open(authorBrowser, '/community/notice');
  const titles = inbox.locator('.inbox__title');
  await titles.filter({ hasText: messagingTexts.storyMessage('스토리구경꾼') }).waitFor();
  await titles.filter({ hasText: messagingTexts.storyEmoji('스토리구경꾼', '😂') }).waitFor();
  await titles.filter({ hasText: messagingTexts.storyLiked('스토리구경꾼') }).waitFor();
  await inbox.locator('.inbox__content').filter({ hasText: '귀여워요!' }).waitFor();
  const settings = await open(authorBrowser, '/my/notifications');
  await settings.getByText(messagingTexts.typeLabels.story).first().waitFor();

  // The author keeps the story in a private highlight through the sheet, shown on their highlights page.
  await authorHome.getByRole('button', { name: storyTexts.viewer.more }).click();
  await authorHome.getByRole('menuitem', { name: storyTexts.viewer.addToHighlight }).click();
  const sheet = authorHome.getByRole('dialog', { name: storyTexts.highlightSheet.title });
  const title = sheet.getByLabel(storyTexts.viewer.highlightTitle);
  // 만들기 with no title looks unavailable, but pressed it says at the box what is missing and puts the focus there.
  const make = sheet.getByRole('button', { name: storyTexts.highlightSheet.submit });
  expect(await make.getAttribute('aria-disabled')).toBe('true');
  await make.focus();
  await authorHome.keyboard.press('Enter');
  const missing = sheet.getByRole('alert').filter({ hasText: storyTexts.invalid.highlightTitle(HIGHLIGHT_TITLE_MAX) });
  await missing.waitFor();
  expect(await title.getAttribute('aria-invalid')).toBe('true');
  expect(await title.evaluate((box) => box === document.activeElement)).toBe(true);
  await title.fill('😀'.repeat(HIGHLIGHT_TITLE_MAX + 1));
  await missing.waitFor({ state: 'detached' });
  expect([...(await title.inputValue())].length).toBe(HIGHLIGHT_TITLE_MAX);
  await title.fill('여름 추억');
  expect(await sheet.locator('.field__counter').textContent()).toBe(`5/${HIGHLIGHT_TITLE_MAX}`);
  await sheet.getByLabel(storyTexts.highlightSheet.private).check();
  await sheet.getByRole('button', { name: storyTexts.highlightSheet.submit }).click();
  await authorHome.locator('.story-toast').filter({ hasText: storyTexts.viewer.highlightCreated }).waitFor();
  await sheet.waitFor({ state: 'hidden' });
  await authorHome.getByRole('button', { name: storyTexts.viewer.more }).click();
  await authorHome.getByRole('menuitem', { name: storyTexts.highlights.title, exact: true }).click();
  const kept = authorHome.getByTestId('highlight').filter({ hasText: '여름 추억' });
  await kept.waitFor();
  await kept.getByText(storyTexts.highlights.private).waitFor();
  // Private: the reader does not see it among the author's highlights.
  const authorsHighlights = await open(readerBrowser, authorStoriesPath.replace('/stories/', '/stories/highlights/'));
  await authorsHighlights.getByText(storyTexts.highlights.empty).waitFor();

  // The profile links to the member's highlights.
  const profile = await open(readerBrowser, '/my');
  await profile.getByRole('link', { name: storyTexts.highlights.title }).click();
  await profile.getByText(storyTexts.highlights.empty).waitFor();
}, 120_000);

test('the viewer at 390px: the header on one line, emoji reactions, like then unlike, the menu by keyboard, Escape, hiding closes the viewer then undo', async () => {
  const longName = '말랑말랑한슬라임을아주좋아하는스토리작가'.slice(0, NICKNAME_MAX);
  const [posterId, watcherId] = await addMembers(app.upstream.db, [longName, '이모지보내는이']);
  const storyId = await postStory(posterId);
  const browser = await app.browserFor(watcherId);
  const page = await open(browser, '/community');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.gateway.url}/stories/${posterId}`);
  await page.locator('.story-viewer__media').waitFor();
  // Focus has moved into the viewer.
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.story-viewer')))).toBe(true);
  // The page under it is out of reach: Tab and Shift+Tab go round the viewer's own controls, never to the hidden tabs,
  // the skip link or out of the page.
  expect(await page.locator('.story-viewer').getAttribute('aria-modal')).toBe('true');
  const inViewer = () =>
    page.evaluate(() => document.activeElement !== document.querySelector('.story-viewer') && Boolean(document.activeElement?.closest('.story-viewer')));
  const controls = await page.locator('.story-viewer').evaluate((viewer) => viewer.querySelectorAll('button, a[href], input, textarea').length);
  for (let step = 0; step < controls + 3; step++) {
    await page.keyboard.press('Tab');
    expect(await inViewer()).toBe(true);
  }
  for (let step = 0; step < controls + 3; step++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inViewer()).toBe(true);
  }
  await page.locator('.story-viewer').focus();

  // The nickname stays on one line: its box is one line high, cut with an ellipsis, and the time is shown.
  const name = page.getByTestId('story-viewer-name');
  expect(await name.textContent()).toBe(longName);
  const { height, lineHeight, textOverflow } = await name.evaluate((element) => {
    const style = getComputedStyle(element);
    const line = style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.5 : parseFloat(style.lineHeight);
    return { height: element.getBoundingClientRect().height, lineHeight: line, textOverflow: style.textOverflow };
  });
  expect(height).toBeLessThan(lineHeight * 1.5);
  expect(textOverflow).toBe('ellipsis');
  expect(await page.locator('.story-viewer__time').textContent()).toBe('방금 전');
  const header = await page.locator('.story-viewer__header').boundingBox();
  expect(header!.height).toBeLessThan(60);

  // An emoji of the set: a toast, and the reaction reaches the upstream.
  await page.getByRole('button', { name: storyTexts.viewer.sendEmoji(storyTexts.viewer.emojiLabels['🔥']) }).click();
  await page
    .locator('.story-toast')
    .filter({ hasText: storyTexts.viewer.emojiSent('🔥') })
    .waitFor();
  // The viewer's toasts sit under its header, clear of the emoji bar, the message field and the like.
  const toastBox = (await page.locator('.story-toast').first().boundingBox())!;
  const footerBox = (await page.locator('.story-viewer__footer').boundingBox())!;
  const headerBox = (await page.locator('.story-viewer__header').boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(footerBox.y);
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  // A public story carries no 친한 친구 label.
  expect(await page.locator('.story-viewer__close-friends').count()).toBe(0);
  const reactions = () => app.upstream.db.select().from(storyReactions).where(eq(storyReactions.storyId, storyId));
  expect((await reactions()).map((row) => [row.type, row.emoji, row.userId])).toEqual([['emoji', '🔥', watcherId]]);

  // Like, then take it back: the button and the count follow, and the like row goes.
  const like = page.getByRole('button', { name: storyTexts.viewer.like });
  const count = page.getByTestId('story-like-count');
  await like.click();
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
  expect(await count.textContent()).toBe('1');
  // Its accessible name holds the count it shows (axe: label-content-name-mismatch).
  expect(await like.getAttribute('aria-label')).toBe(storyTexts.viewer.likeWithCount(1));
  await page.evaluate(axeSource);
  const mismatches = await page.evaluate(
    async () =>
      (
        await (window as unknown as { axe: { run: (context: string, options: object) => Promise<{ violations: unknown[] }> } }).axe.run('.story-viewer__like', {
          runOnly: ['label-content-name-mismatch'],
        })
      ).violations,
  );
  expect(mismatches).toEqual([]);
  await like.click();
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
  expect(await count.textContent()).toBe('0');
  await page.locator('.story-toast').filter({ hasText: storyTexts.viewer.unliked }).waitFor();
  expect((await reactions()).filter((row) => row.type === 'like')).toEqual([]);

  // The menu: a button that opens it; Escape closes it (not the viewer) and focus returns to the button.
  const more = page.getByRole('button', { name: storyTexts.viewer.more });
  expect(await more.getAttribute('aria-haspopup')).toBe('menu');
  await more.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  expect(await more.getAttribute('aria-expanded')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  expect(await more.getAttribute('aria-expanded')).toBe('false');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(storyTexts.viewer.more);
  expect(new URL(page.url()).pathname).toBe(`/stories/${posterId}`);

  // Escape in a message being typed leaves the box, keeping the text; the viewer stays. A second Escape leaves the viewer.
  const message = page.getByRole('textbox', { name: storyTexts.viewer.commentPlaceholder });
  await message.fill('안녕');
  // Its counter is read through the field's description, not announced at every key.
  const counter = page.locator('.story-viewer__counter');
  expect.soft(await counter.getAttribute('aria-live')).toBeNull();
  expect.soft((await message.getAttribute('aria-describedby'))?.split(' ')).toContain(await counter.getAttribute('id'));
  await page.keyboard.press('Escape');
  expect(await message.evaluate((element) => element === document.activeElement)).toBe(false);
  expect(await message.inputValue()).toBe('안녕');
  expect(new URL(page.url()).pathname).toBe(`/stories/${posterId}`);
  await message.fill('');
  await message.focus();

  // Escape leaves the viewer (from an empty message box too).
  await page.keyboard.press('Escape');
  await page.waitForURL(/\/community$/);

  // Hiding the member stops their stories: the viewer closes, the tray leaves them out, and the toast can undo it.
  await page.goto(`${app.gateway.url}/community`);
  const posterRing = page.getByTestId('story-group').filter({ hasText: longName });
  await posterRing.waitFor();
  await posterRing.click();
  await page.locator('.story-viewer__media').waitFor();
  await page.getByRole('button', { name: storyTexts.viewer.more }).click();
  await page.getByRole('menuitem', { name: storyTexts.viewer.hide }).click();
  await page.waitForURL(/\/community$/);
  const hidden = page.locator('.story-toast').filter({ hasText: storyTexts.viewer.hidden });
  await hidden.waitFor();
  // The toast is global and may show while the community screen is still replacing the viewer.
  await expect.poll(() => page.locator('.story-viewer').count()).toBe(0);
  await expect.poll(() => posterRing.count()).toBe(0);
  const hides = () => app.upstream.db.select().from(storyHides).where(eq(storyHides.userId, watcherId));
  await expect.poll(async () => (await hides()).length).toBe(1);
  await hidden.getByRole('button', { name: storyTexts.viewer.undoHide }).click();
  await page.locator('.story-toast').filter({ hasText: storyTexts.viewer.unhidden }).waitFor();
  expect(await hides()).toEqual([]);
});

test('close friends chosen on their screen see a 친한 친구 story, other friends do not; a hidden member is unhidden from settings', async () => {
  const [ownerId, closeId, otherId] = await addMembers(app.upstream.db, ['친구고르는이', '친한단짝', '그냥맞팔']);
  for (const friend of [closeId, otherId]) {
    await follow(app.upstream.db, ownerId, friend);
    await follow(app.upstream.db, friend, ownerId);
  }
  const owner = await app.browserFor(ownerId);
  const upload = await open(owner, '/stories/new');
  await upload.getByRole('link', { name: storyTexts.closeFriends.manage }).click();
  await upload.waitForURL(/\/my\/settings\/close-friends$/);
  await expect.poll(() => upload.getByTestId('close-friend').count()).toBe(2);
  await upload.getByLabel(storyTexts.closeFriends.search, { exact: true }).fill('단짝');
  await expect.poll(() => upload.getByTestId('close-friend').count()).toBe(1);
  await upload.getByRole('checkbox', { name: '친한단짝' }).check();
  await upload.getByText(storyTexts.closeFriends.selected(1)).waitFor();
  await upload.getByRole('button', { name: storyTexts.closeFriends.save }).click();
  await upload.locator('.story-toast').filter({ hasText: storyTexts.closeFriends.saved }).waitFor();
  const chosen = await app.upstream.db.select().from(closeFriends).where(eq(closeFriends.userId, ownerId));
  expect(chosen.map((row) => row.friendId)).toEqual([closeId]);
  // Coming back, the choice is ticked.
  await upload.reload();
  await upload.getByRole('checkbox', { name: '친한단짝' }).waitFor();
  expect(await upload.getByRole('checkbox', { name: '친한단짝' }).isChecked()).toBe(true);
  expect(await upload.getByRole('checkbox', { name: '그냥맞팔' }).isChecked()).toBe(false);

  await postStory(ownerId, 'close_friends');
  const closeOne = await open(await app.browserFor(closeId), `/stories/${ownerId}`);
  await closeOne.locator('.story-viewer__media').waitFor();
  // The chosen friend and the author see that it is a 친한 친구 story.
  expect(await closeOne.locator('.story-viewer__header').getByText(storyTexts.closeFriends.title, { exact: true }).count()).toBe(1);
  // Its badge's white 12 px text is readable on its green (axe: color-contrast, at least 4.5:1).
  await closeOne.evaluate(axeSource);
  const lowContrast = await closeOne.evaluate(
    async () =>
      (
        await (window as unknown as { axe: { run: (context: string, options: object) => Promise<{ violations: unknown[] }> } }).axe.run(
          '.story-viewer__close-friends',
          {
            runOnly: ['color-contrast'],
          },
        )
      ).violations,
  );
  expect(lowContrast).toEqual([]);
  const ownView = await open(owner, `/stories/${ownerId}`);
  await ownView.locator('.story-viewer__header').getByText(storyTexts.closeFriends.title, { exact: true }).waitFor();
  const otherBrowser = await app.browserFor(otherId);
  const other = await open(otherBrowser, `/stories/${ownerId}`);
  await other.locator('.story-viewer--empty').waitFor();
  expect(await other.locator('.story-viewer__media').count()).toBe(0);

  // The other friend hides the owner's stories; settings list the owner with 숨김 해제.
  const hidden = await fetch(`${app.upstream.url}/api/stories/hide`, {
    method: 'POST',
    headers: { authorization: `token ${await app.upstream.issueToken(otherId)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: ownerId }),
  });
  expect(hidden.status).toBe(200);
  const settings = await open(otherBrowser, '/my/settings');
  const entry = settings.getByTestId('hidden-story-member').filter({ hasText: '친구고르는이' });
  await entry.getByRole('button', { name: storyTexts.hiddenMembers.unhide }).click();
  await entry.waitFor({ state: 'detached' });
  await settings.getByText(storyTexts.hiddenMembers.empty).waitFor();
  expect(await app.upstream.db.select().from(storyHides).where(eq(storyHides.userId, otherId))).toEqual([]);
  await settings.getByRole('link', { name: storyTexts.closeFriends.manage }).click();
  await settings.waitForURL(/\/my\/settings\/close-friends$/);
});

test('the viewer closes once after the last story: one view as each starts and one as it ends, back to the feed where it was scrolled, Back does not reopen it, focus returns to the ring', async () => {
  const [shortId, longId, watcherId] = await addMembers(app.upstream.db, ['짧은스토리', '긴스토리', '끝까지보는이']);
  await postStory(shortId, 'public', 1);
  await postStory(shortId, 'public', 1);
  await postStory(longId);
  const page = await open(await app.browserFor(watcherId), '/community');
  const operations: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') operations.push(JSON.parse(request.postData() ?? '{}').operationName);
  });
  const named = (name: string) => operations.filter((operation) => operation === name).length;
  const historyLength = () => page.evaluate(() => history.length);

  const before = await historyLength();
  // The feed scrolled a little, its tray still in sight: closing the viewer comes back to the same place.
  await page.getByTestId('story-group').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(40);
  await page.getByRole('link', { name: `짧은스토리 ${storyTrayTexts.unviewed}` }).click();
  await page.locator('.story-viewer__media').waitFor();
  await page.waitForURL(/\/community$/, { timeout: 30_000 });
  await expect.poll(() => named('useStoryMutationsViewMutation'), { timeout: 15_000 }).toBe(4);
  await page.waitForLoadState('networkidle');
  expect(named('useStoryMutationsViewMutation')).toBe(4);
  expect(named('CommunityPageQuery')).toBeLessThanOrEqual(1);
  // The viewer went back to the feed's own entry: one entry more than before (the viewer's, now ahead), not one per
  // tick, and Back from here does not reopen it.
  expect(await historyLength()).toBe(before + 1);
  expect(await page.evaluate(() => (history.state as { idx: number }).idx)).toBe(0);
  const ring = page.getByRole('link', { name: `짧은스토리 ${storyTrayTexts.viewed}` });
  await expect.poll(() => ring.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(40);
  expect(await page.locator('.story-viewer').count()).toBe(0);

  // Closing with × also puts focus back on the ring that opened the viewer. On a desktop screen the story keeps
  // to the app's column.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: `긴스토리 ${storyTrayTexts.unviewed}` }).click();
  await page.locator('.story-viewer__media').waitFor();
  const column = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--layout-max-width')));
  const header = (await page.locator('.story-viewer__header').boundingBox())!;
  expect(header.width).toBeLessThanOrEqual(column);
  expect(Math.abs(header.x + header.width / 2 - 640)).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: storyTexts.viewer.close, exact: true }).click();
  await page.waitForURL(/\/community$/);
  const longRing = page.getByRole('link', { name: `긴스토리 ${storyTrayTexts.viewed}` });
  await expect.poll(() => longRing.evaluate((element) => element === document.activeElement)).toBe(true);
});

test("a story closed before its end counts as watched that far in the author's 평균 시청률 and 평균 시청 시간", async () => {
  const [posterId, watcherId] = await addMembers(app.upstream.db, ['중간에닫히는', '잠깐보는이']);
  const storyId = await postStory(posterId);
  const page = await open(await app.browserFor(watcherId), `/stories/${posterId}`);
  await page.locator('.story-viewer__media').waitFor();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: storyTexts.viewer.close, exact: true }).click();
  await page.waitForURL(/\/community$/);
  const watched = async () => (await app.upstream.db.select().from(storyViews).where(eq(storyViews.storyId, storyId)))[0];
  await expect.poll(async () => (await watched())?.duration ?? 0).toBeGreaterThan(0);
  const view = await watched();
  // 60 s long, closed after a second or more: a few percent of it, not 0 and not complete.
  expect(view.duration).toBeLessThan(60);
  expect(view.completionRate).toBeGreaterThan(0);
  expect(view.completionRate).toBeLessThan(100);
  expect(view.viewerId).toBe(watcherId);
});

test('a text file renamed .png is refused when picked, not after 공유하기', async () => {
  const [memberId] = await addMembers(app.upstream.db, ['이름만사진']);
  const upload = await open(await app.browserFor(memberId), '/stories/new');
  await upload
    .getByTestId('story-media-input')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('사진이 아닌 메모입니다\n'.repeat(200)) });
  await upload.locator('.story-toast').filter({ hasText: storyTexts.media.unsupported }).waitFor();
  expect(await upload.locator('.story-upload__preview').count()).toBe(0);
  const share = upload.getByRole('button', { name: storyTexts.upload.submit });
  expect(await share.getAttribute('aria-disabled')).toBe('true');
  // With no file, 공유하기 (marked unavailable, still in the Tab order) says what is missing, leads to the picker, sends nothing.
  app.graphqlOperations.length = 0;
  await share.focus();
  await upload.keyboard.press('Enter');
  await upload.locator('.story-toast').filter({ hasText: storyTexts.upload.mediaRequired }).waitFor();
  expect(await upload.getByRole('button', { name: storyTexts.upload.pick }).evaluate((button) => button === document.activeElement)).toBe(true);
  expect(app.graphqlOperations).toEqual([]);
  // A real picture picked after it is taken as usual.
  await upload.getByTestId('story-media-input').setInputFiles({ name: 'slime.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await upload.locator('.story-upload__preview img').waitFor();
  expect(await share.getAttribute('aria-disabled')).toBeNull();
  // The refusal was about the file before: it goes with it, not seconds later over a picture that will do.
  expect(await upload.locator('.story-toast').filter({ hasText: storyTexts.media.unsupported }).count()).toBe(0);
});

test('the viewer opens on the first story the member has not seen, and on the first again once all are seen', async () => {
  const [posterId, watcherId] = await addMembers(app.upstream.db, ['세개올린이', '하나본이']);
  const storyIds: number[] = [];
  for (const caption of ['첫 번째 이야기', '두 번째 이야기', '세 번째 이야기']) {
    const response = await fetch(`${app.upstream.url}/api/stories/create`, {
      method: 'POST',
      headers: { authorization: `token ${await app.upstream.issueToken(posterId)}` },
      body: storyForm({ type: 'image', duration: '60', privacy: 'public', caption }, { bytes: PNG_BYTES, name: 'story.png', type: 'image/png' }),
    });
    expect(response.status).toBe(201);
    storyIds.push(((await response.json()) as { id: number }).id);
  }
  const watcherToken = await app.upstream.issueToken(watcherId);
  const view = (storyId: number) =>
    fetch(`${app.upstream.url}/api/stories/${storyId}/view`, {
      method: 'POST',
      headers: { authorization: `token ${watcherToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ duration: 60, completionRate: 100 }),
    });
  expect((await view(storyIds[0])).status).toBe(200);
  const watcher = await app.browserFor(watcherId);
  const page = await open(watcher, `/stories/${posterId}`);
  await page.locator('.story-viewer__caption').filter({ hasText: '두 번째 이야기' }).waitFor();
  await page.close();

  for (const storyId of storyIds.slice(1)) expect((await view(storyId)).status).toBe(200);
  const again = await open(watcher, `/stories/${posterId}`);
  await again.locator('.story-viewer__caption').filter({ hasText: '첫 번째 이야기' }).waitFor();
});

test('a member with no story to show: the viewer says so instead of a blank black screen, and × leaves it', async () => {
  const [quietId, watcherId] = await addMembers(app.upstream.db, ['조용한회원', '들여다보는이']);
  const page = await open(await app.browserFor(watcherId), `/stories/${quietId}`);
  await page
    .getByRole('status')
    .filter({ hasText: storyTexts.viewer.none('조용한회원') })
    .waitFor();
  expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([storyTexts.viewer.title('조용한회원')]);
  await page.getByRole('button', { name: storyTexts.viewer.close, exact: true }).click();
  await page.waitForURL(/\/community$/);

  await page.goto(`${app.gateway.url}/stories/999999`);
  await page.getByRole('status').filter({ hasText: storyTexts.errors.memberNotFound }).waitFor();
});

test('a guest reacting to a story is offered the login sheet, and nothing is sent', async () => {
  const [posterId] = await addMembers(app.upstream.db, ['손님에게보이는']);
  const storyId = await postStory(posterId);
  const guest = await openBrowser();
  try {
    const page = await open(guest.context, `/stories/${posterId}`);
    await page.locator('.story-viewer__media').waitFor();
    await page.getByRole('button', { name: storyTexts.viewer.sendEmoji(storyTexts.viewer.emojiLabels['🔥']) }).click();
    await page.getByRole('dialog', { name: accountTexts.sheet.title }).waitFor();
    expect(await page.getByText(errorMessages.UNAUTHORIZED).count()).toBe(0);
    expect(await app.upstream.db.select().from(storyReactions).where(eq(storyReactions.storyId, storyId))).toEqual([]);
  } finally {
    await guest.close();
  }
});

test('a guest hiding or reporting a story gets the login sheet first, and the story waits while the sheet is open', async () => {
  const [posterId] = await addMembers(app.upstream.db, ['기다리는스토리']);
  // Long enough to reach the menu again after the sheet closes on a busy machine; short enough to wait out.
  const storyId = await postStory(posterId, 'public', 5);
  const guest = await openBrowser();
  try {
    const page = await open(guest.context, `/stories/${posterId}`);
    await page.locator('.story-viewer__media').waitFor();
    await expect.poll(() => page.title()).toBe(`${storyTexts.viewer.title('기다리는스토리')} · ${uiTexts.appTitle}`);
    // Headed as every screen is, for those who move by headings.
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([storyTexts.viewer.title('기다리는스토리')]);
    const sheet = page.getByRole('dialog', { name: accountTexts.sheet.title });
    const pick = async (item: string) => {
      await page.getByRole('button', { name: storyTexts.viewer.more }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await sheet.waitFor();
    };

    await pick(storyTexts.viewer.hide);
    // The 5-second story would have ended (and the viewer closed) by now, had it not waited for the sheet.
    await page.waitForTimeout(6000);
    expect(new URL(page.url()).pathname).toBe(`/stories/${posterId}`);
    expect(await page.getByText(errorMessages.UNAUTHORIZED).count()).toBe(0);
    await sheet.getByRole('button', { name: uiTexts.close }).click();
    await sheet.waitFor({ state: 'detached' });

    await pick(storyTexts.viewer.report);
    expect(await page.getByRole('dialog', { name: reportTexts.title }).count()).toBe(0);
    // Escape closes the sheet only: the viewer stays.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/stories/${posterId}`);
    // Without the sheet, and the keyboard's focus back on the story itself (Escape left it on ⋯, which holds the
    // story), the story plays on to its end, and the viewer closes.
    await page.locator('.story-viewer').focus();
    await page.waitForURL(/\/community$/);
    expect(await app.upstream.db.select().from(storyHides)).not.toContainEqual(expect.objectContaining({ hiddenUserId: posterId }));
    expect(await app.upstream.db.select().from(storyReports).where(eq(storyReports.storyId, storyId))).toEqual([]);
  } finally {
    await guest.close();
  }
  // A browser of its own and a story played to its end: more than a minute on a busy machine.
}, 120_000);

test('the arrow keys step through a member’s stories as the two halves of the story do, but not in the reply box', async () => {
  const [posterId, watcherId] = await addMembers(app.upstream.db, ['화살표스토리', '화살표로보는이']);
  await postStory(posterId);
  await postStory(posterId);
  const browser = await app.browserFor(watcherId);
  const page = await open(browser, `/stories/${posterId}`);
  await page.locator('.story-viewer__media').waitFor();
  const fills = () => page.locator('.story-viewer__fill').evaluateAll((bars) => bars.map((bar) => parseFloat((bar as HTMLElement).style.width)));
  expect((await fills())[0]).toBeLessThan(100);

  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await fills())[0]).toBe(100);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await fills())[0]).toBeLessThan(100);

  // In the reply box the arrows move the caret: the story stays.
  const box = page.getByRole('textbox').first();
  await box.fill('화살표');
  await page.keyboard.press('ArrowRight');
  expect((await fills())[0]).toBeLessThan(100);
  expect(new URL(page.url()).pathname).toBe(`/stories/${posterId}`);
});

test('a reaction’s notification opens the author’s stories at the story reacted to, and × goes back to the inbox', async () => {
  const [posterId, fanId] = await addMembers(app.upstream.db, ['알림받는스토리', '둘째스토리팬']);
  await postStory(posterId);
  const second = await postStory(posterId);
  await postStory(posterId);
  const liked = await fetch(`${app.upstream.url}/api/stories/${second}/reactions`, {
    method: 'POST',
    headers: { authorization: `token ${await app.upstream.issueToken(fanId)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'like' }),
  });
  expect(liked.status).toBe(201);
  const inbox = await open(await app.browserFor(posterId), '/community/notice');
  await inbox
    .locator('.inbox__title')
    .filter({ hasText: messagingTexts.storyLiked('둘째스토리팬') })
    .click();
  await inbox.locator('.story-viewer__media').waitFor();
  const fills = () => inbox.locator('.story-viewer__fill').evaluateAll((bars) => bars.map((bar) => parseFloat((bar as HTMLElement).style.width)));
  // The first story is passed, the second plays, the third waits.
  expect(await fills()).toHaveLength(3);
  expect((await fills())[0]).toBe(100);
  expect((await fills())[1]).toBeLessThan(100);
  expect((await fills())[2]).toBe(0);
  await inbox.getByRole('button', { name: storyTexts.viewer.close, exact: true }).click();
  await inbox.waitForURL(/\/community\/notice$/);
  // Focus is back on the notification the member opened, not the inbox's heading.
  await expect
    .poll(() => inbox.evaluate(() => document.activeElement?.closest('.inbox__open')?.textContent ?? document.activeElement?.tagName))
    .toContain(messagingTexts.storyLiked('둘째스토리팬'));
});

test('a highlight opens from the member’s highlights and plays its stories, an expired one too (recording no view of it), then closes back to them', async () => {
  const [ownerId, readerId] = await addMembers(app.upstream.db, ['하이라이트주인', '하이라이트구경꾼']);
  const expired = await postStory(ownerId);
  const live = await postStory(ownerId);
  const created = await fetch(`${app.upstream.url}/api/stories/highlights`, {
    method: 'POST',
    headers: { authorization: `token ${await app.upstream.issueToken(ownerId)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: '바다 여행', storyIds: [String(expired), String(live)] }),
  });
  expect(created.status).toBe(201);
  const highlightId = ((await created.json()) as { id: number }).id;
  await app.upstream.db
    .update(stories)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(stories.id, expired));

  const browser = await app.browserFor(readerId);
  const page = await open(browser, `/stories/highlights/${ownerId}`);
  await page.getByRole('button', { name: uiTexts.back }).waitFor();
  // Each link is named by what it shows (axe: label-content-name-mismatch).
  expect(await axeFindings(page, ['label-content-name-mismatch', 'link-name'])).toEqual([]);
  await page.getByRole('link', { name: `바다 여행 ${storyTexts.highlights.storyCount(2)}`, exact: true }).click();
  await page.getByRole('dialog', { name: storyTexts.highlights.viewerTitle('하이라이트주인', '바다 여행') }).waitFor();
  const fills = () => page.locator('.story-viewer__fill').evaluateAll((bars) => bars.map((bar) => parseFloat((bar as HTMLElement).style.width)));
  expect(await fills()).toHaveLength(2);
  expect((await fills())[0]).toBeLessThan(100);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await fills())[0]).toBe(100);
  // The live story counts the reader's view; the expired one cannot be viewed any more and records nothing.
  const viewsOf = async (storyId: number) => (await app.upstream.db.select().from(storyViews).where(eq(storyViews.storyId, storyId))).length;
  await expect.poll(() => viewsOf(live)).toBe(1);
  expect(await viewsOf(expired)).toBe(0);
  // The whole app under the viewer is out of reach, as under the story viewer.
  expect(await axeFindings(page, ['aria-hidden-focus', 'region'])).toEqual([]);
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => url.pathname === `/stories/highlights/${ownerId}`);
  // Focus is back on the highlight that was opened.
  const opened = page.getByRole('link', { name: `바다 여행 ${storyTexts.highlights.storyCount(2)}`, exact: true });
  await expect.poll(() => opened.evaluate((link) => link === document.activeElement)).toBe(true);

  // Opened from a shared address, × closes to the member's highlights all the same.
  const shared = await open(
    browser,
    `/stories/highlights/${ownerId}/${encodeURIComponent(Buffer.from(`Highlight:${ownerId}/${highlightId}`).toString('base64'))}`,
  );
  await shared.locator('.story-viewer__media').waitFor();
  await shared.getByRole('button', { name: storyTexts.viewer.close, exact: true }).click();
  await shared.waitForURL((url) => url.pathname === `/stories/highlights/${ownerId}`);
  await shared.getByRole('link', { name: `바다 여행 ${storyTexts.highlights.storyCount(2)}`, exact: true }).waitFor();
});

test('deleting one’s own story or highlight asks first: 취소 keeps it, 삭제 deletes it and the other stories play on; each highlight’s 삭제 names it', async () => {
  const [ownerId] = await addMembers(app.upstream.db, ['지우는스토리주인']);
  const first = await postStory(ownerId);
  const second = await postStory(ownerId);
  const third = await postStory(ownerId);
  const created = await fetch(`${app.upstream.url}/api/stories/highlights`, {
    method: 'POST',
    headers: { authorization: `token ${await app.upstream.issueToken(ownerId)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: '봄 소풍', storyIds: [String(first)] }),
  });
  expect(created.status).toBe(201);
  const exists = async (storyId: number) => (await app.upstream.db.select().from(stories).where(eq(stories.id, storyId))).length === 1;
  const browser = await app.browserFor(ownerId);

  const page = await open(browser, `/stories/highlights/${ownerId}`);
  const remove = page.getByRole('button', { name: `봄 소풍 ${storyTexts.highlights.delete}`, exact: true });
  await remove.click();
  const confirmation = page.getByRole('alertdialog', { name: communityTexts.confirm.delete.message });
  await confirmation.getByRole('button', { name: uiTexts.cancel }).click();
  await confirmation.waitFor({ state: 'detached' });
  expect(await page.getByTestId('highlight').count()).toBe(1);
  await remove.click();
  await confirmation.getByRole('button', { name: communityTexts.confirm.delete.action }).click();
  await page.locator('.story-toast').filter({ hasText: storyTexts.highlights.deleted }).waitFor();
  await page.getByText(storyTexts.highlights.empty).waitFor();

  // Opened directly (no history in the app under it), on the last of three stories.
  const viewer = await open(browser, `/stories/${ownerId}`);
  await viewer.locator('.story-viewer__media').waitFor();
  const fills = () => viewer.locator('.story-viewer__fill').evaluateAll((bars) => bars.map((bar) => parseFloat((bar as HTMLElement).style.width)));
  await viewer.keyboard.press('ArrowRight');
  await viewer.keyboard.press('ArrowRight');
  await expect.poll(async () => (await fills()).slice(0, 2)).toEqual([100, 100]);
  const asked = viewer.getByRole('alertdialog', { name: communityTexts.confirm.delete.message });
  const deleteShown = async () => {
    await viewer.getByRole('button', { name: storyTexts.viewer.more }).click();
    await viewer.getByRole('menuitem', { name: storyTexts.viewer.delete }).click();
    await asked.waitFor();
  };
  await deleteShown();
  await asked.getByRole('button', { name: uiTexts.cancel }).click();
  await asked.waitFor({ state: 'detached' });
  expect(await exists(third)).toBe(true);
  // Deleted, the last story gives way to the one before it: the viewer stays open on it, from its start.
  await deleteShown();
  await asked.getByRole('button', { name: communityTexts.confirm.delete.action }).click();
  await viewer.locator('.story-toast').filter({ hasText: storyTexts.viewer.deleted }).waitFor();
  await expect.poll(fills).toHaveLength(2);
  expect((await fills())[0]).toBe(100);
  expect((await fills())[1]).toBeLessThan(100);
  expect(new URL(viewer.url()).pathname).toBe(`/stories/${ownerId}`);
  expect(await exists(third)).toBe(false);
  await viewer.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await fills())[0]).toBeLessThan(100);
  await deleteShown();
  await asked.getByRole('button', { name: communityTexts.confirm.delete.action }).click();
  await expect.poll(fills).toHaveLength(1);
  expect(await exists(first)).toBe(false);
  // The only one left, deleted: the viewer closes to the feed.
  await deleteShown();
  await asked.getByRole('button', { name: communityTexts.confirm.delete.action }).click();
  await viewer.waitForURL((url) => url.pathname === '/community');
  await expect.poll(() => exists(second)).toBe(false);
  await viewer.getByTestId('post-card').first().waitFor();
  expect(await viewer.locator('.story-viewer').count()).toBe(0);
});

test('a story waits while a control of the viewer has the keyboard’s focus, and plays on once focus leaves the controls', async () => {
  const [posterId, watcherId] = await addMembers(app.upstream.db, ['포커스로멈춘스토리', '키보드로보는이']);
  await postStory(posterId, 'public', 2);
  const page = await open(await app.browserFor(watcherId), `/stories/${posterId}`);
  await page.locator('.story-viewer__media').waitFor();
  await page.keyboard.press('Tab');
  await page.getByText(storyTexts.viewer.paused).waitFor();
  // Twice the story's length later it is still there, not played to its end.
  await page.waitForTimeout(4000);
  expect(new URL(page.url()).pathname).toBe(`/stories/${posterId}`);
  const fill = () =>
    page
      .locator('.story-viewer__fill')
      .first()
      .evaluate((bar) => parseFloat((bar as HTMLElement).style.width));
  expect(await fill()).toBeLessThan(100);
  // Focus back on the viewer itself: it plays on to its end and closes.
  await page.locator('.story-viewer').focus();
  await page.waitForURL((url) => !url.pathname.startsWith('/stories/'));
});
