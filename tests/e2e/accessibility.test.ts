import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { accountTexts, itemTexts, messagingTexts, uiTexts } from '../../domain/messages.js';
import { openBrowser } from '../helpers/browser.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * Every screen of 002 §2.1 the app has, opened in Chromium as a member, checked with axe-core: no serious or
 * critical violation (contrast, names, landmarks), one <main>, and not the 404 screen.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const MEMBER_ID = 2;
const app = useWebApp({ member: MEMBER_ID });

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the debugging protocol, so the page's CSP (no inline scripts) does not stop it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ ...violation, nodes: violation.nodes.slice(0, 3).map(({ target, failureSummary }) => ({ target, failureSummary })) }));
}

async function firstId(path: string, pick: (body: any) => unknown): Promise<string> {
  const response = await fetch(`${app.upstream.url}${path}`);
  return String(pick(await response.json()));
}

/** Each finding as one line: route, rule, the first elements and why. */
function describeViolations(where: string, violations: Violation[]): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary?.split('\n').slice(1).join(' ').trim()})`);
    return `${where} ${violation.id}: ${nodes.join('; ')}`;
  });
}

/**
 * Loads each route in turn in one tab of `context` (a tab per route would cost Chromium a renderer process each),
 * checks it is a screen with one <main>, and collects axe-core's findings.
 */
async function checkRoutes(routes: string[], context: BrowserContext = app.browser): Promise<string[]> {
  const failures: string[] = [];
  const page = app.watch(await context.newPage());
  try {
    for (const route of routes) {
      await page.goto(app.gateway.url + route);
      await page.waitForLoadState('networkidle');
      await page.locator('main').first().waitFor();
      expect(await page.getByText(uiTexts.notFoundTitle).count(), `${route} is the 404 screen`).toBe(0);
      expect(await page.locator('main').count(), `${route}: one <main>`).toBe(1);
      failures.push(...describeViolations(route, await seriousViolations(page)));
    }
  } finally {
    await page.close();
  }
  return failures;
}

describe('every screen passes axe-core (serious and critical) and has one <main>', () => {
  // Each of these visits dozens of routes and runs axe-core on each: minutes on a busy machine.
  test('member screens', async () => {
    const postId = await firstId('/v1/community/?page_size=1', (body) => body.results[0].id);
    // A trade post marked sold: its 판매완료 label has colours of its own.
    const soldPostId = await firstId('/v1/community/?is_sold=true&page_size=1', (body) => body.results[0].id);
    const noticeId = await firstId('/v1/board/notice/?page=1&pageSize=1', (body) => body.results[0].id);
    const routes = [
      '/community',
      `/community?category=15`,
      `/community/detail?id=${postId}`,
      `/community/detail?id=${soldPostId}`,
      '/community/write',
      '/community/search',
      '/community/search/post',
      '/community/search/item',
      '/community/notice',
      '/community/my',
      '/my',
      '/my/profile',
      '/my/profile/edit',
      '/my/settings',
      '/my/notifications',
      '/my/notice',
      `/my/notice/${noticeId}`,
      '/my/inquiries',
      '/my/wishes',
      '/my/bookmarks',
      '/users/1',
      '/users/1/followers',
      '/users/search',
      '/probability',
      '/probability/treasurebox',
      '/privacy',
      // /login and the other guests' screens send a member on: they are checked as a guest below.
      '/reset-password?token=0',
      '/verify-email?token=0',
      // The static, error and in-the-app screens (002 §2.1).
      '/about',
      '/help',
      '/faq',
      '/contact',
      '/500',
      '/403',
      '/channel',
      '/channel/3/settings',
      '/market',
      '/arcade/games',
      '/mission',
    ];
    const failures = await checkRoutes(routes);
    expect(failures).toEqual([]);
  }, 480_000);

  test('the member’s own lists, the guides and the numbered post list', async () => {
    const guideId = await firstId('/v1/board/notice/?category=guide&page=1&pageSize=1', (body) => body.results[0].uuid);
    const routes = ['/my/posts', '/my/comments', '/my/likes', '/my/guide', `/my/guide/notion/${guideId}`, '/community/posts', '/community/posts?page=2'];
    const failures = await checkRoutes(routes);
    expect(failures).toEqual([]);
  }, 120_000);

  test('the rest of the route table: home, edit mode, every probability table and a detail, channels, arcade, 404', async () => {
    const detailId = await firstId('/v1/probability/treasurebox/', (body) => body[0].id);
    // Member 2's own post, for the write screen's edit mode.
    const ownPostId = await firstId('/v1/community/?author_id=2&page_size=1', (body) => body.results[0].id);
    const routes = [
      '/',
      `/community/write?id=${ownPostId}`,
      ...['guildornament', 'specialshop', 'villagedecoration', 'ticket'].map((kind) => `/probability/${kind}`),
      `/probability/treasurebox/${detailId}`,
      '/channel/3',
      '/channel/create',
      '/arcade',
    ];
    const failures = await checkRoutes(routes);
    // /404 is the one route that is the 404 screen, with one <main> and nothing serious for axe-core either.
    const notFound = await app.open('/404');
    await notFound.getByRole('heading', { level: 1, name: uiTexts.notFoundTitle }).waitFor();
    expect(await notFound.locator('main').count()).toBe(1);
    failures.push(...describeViolations('/404', await seriousViolations(notFound)));
    await notFound.close();
    expect(failures).toEqual([]);
  }, 120_000);

  test('staff screens: writing a notice and sending a notification', async () => {
    // The first demo member is staff (admin@slime.community).
    const staff = await app.browserFor(1);
    const failures = await checkRoutes(['/my/admin/notice', '/my/admin/notify'], staff);
    expect(failures).toEqual([]);
  });

  test('the inquiry form with files chosen, one of them refused as too big', async () => {
    const page = app.watch(await app.browser.newPage());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.gateway.url}/my/inquiries`);
    const form = page.getByRole('form', { name: messagingTexts.newInquiry });
    const pdf = (name: string, bytes: number) => ({ name, mimeType: 'application/pdf', buffer: Buffer.alloc(bytes) });
    await form
      .getByLabel(messagingTexts.attachmentsLabel, { exact: true })
      .setInputFiles([pdf('2026년_11월_결제_내역_화면_캡처_원본_파일.pdf', 3 * 1024 * 1024), pdf('big.pdf', 11 * 1024 * 1024)]);
    await form.getByRole('alert').waitFor();
    expect(describeViolations('/my/inquiries with files', await seriousViolations(page))).toEqual([]);
    await page.close();
  });

  test('story screens: the upload, the close-friends picker', async () => {
    const failures = await checkRoutes(['/stories/new', '/my/settings/close-friends']);
    expect(failures).toEqual([]);
  });

  test('guest screens, the login sheet and the item modal', async () => {
    const postId = await firstId('/v1/community/?page_size=1', (body) => body.results[0].id);
    const guest = await openBrowser();
    try {
      const failures = await checkRoutes(
        [
          '/community',
          `/community/detail?id=${postId}`,
          '/community/posts',
          '/login',
          '/login/sign-in',
          '/login/set-password',
          '/register',
          '/forgot-password',
          '/reset-password?token=0',
          '/terms',
          '/privacy',
          '/probability/treasurebox',
        ],
        guest.context,
      );

      const page = app.watch(await guest.context.newPage());
      await page.goto(`${app.gateway.url}/community`);
      await page.getByRole('link', { name: uiTexts.tabs.write }).click();
      const sheet = page.getByRole('dialog', { name: accountTexts.sheet.title });
      await sheet.waitFor();
      failures.push(...describeViolations('login sheet', await seriousViolations(page)));
      await page.close();
      expect(failures).toEqual([]);
    } finally {
      await guest.close();
    }

    const member = await app.open('/community/search/item');
    await member.getByRole('searchbox', { name: itemTexts.searchPlaceholder }).fill('용사의');
    await member.getByRole('button', { name: /용사의 갑옷 세트/ }).click();
    const modal = member.getByRole('dialog', { name: itemTexts.modalTitle });
    await modal.getByText(itemTexts.report).waitFor();
    const inModal = describeViolations('item modal', await seriousViolations(member));
    await modal.getByRole('tab', { name: itemTexts.tabs.buyers }).click();
    await modal.getByText('말랑콩떡').waitFor();
    inModal.push(...describeViolations('item modal buyers', await seriousViolations(member)));
    await member.close();
    expect(inModal).toEqual([]);
  }, 240_000);
});

test('a post’s headings step down one level at a time (axe-core heading-order): its title, then 댓글', async () => {
  const postId = Buffer.from(`Post:${await firstId('/v1/community/?page_size=1', (body) => body.results[0].id)}`).toString('base64');
  const page = await app.open(`/community/detail?id=${encodeURIComponent(postId)}`);
  await page.getByTestId('reply-count').waitFor();
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { runOnly: ['heading-order'], resultTypes: ['violations'] })).violations;
  });
  expect(describeViolations('post detail', violations)).toEqual([]);
});

test('the keyboard’s focus ring stands out from the white cards and the grey page behind it (3:1, WCAG 1.4.11)', async () => {
  const page = await app.open('/community');
  await page.getByTestId('post-card').first().waitFor();
  // The skip link, then the first post card: each drawn with the ring as the keyboard reaches it.
  const rings: { name: string; colour: string; style: string }[] = [];
  for (let press = 0; press < 3; press += 1) {
    await page.keyboard.press('Tab');
    rings.push(
      await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const style = getComputedStyle(focused);
        return { name: `${focused.tagName} ${focused.textContent?.slice(0, 20) ?? ''}`, colour: style.outlineColor, style: style.outlineStyle };
      }),
    );
  }
  /** WCAG's relative luminance of a computed colour: `rgb(r, g, b)` or `color(srgb r g b)`. */
  const luminance = (colour: string) => {
    const numbers = (colour.match(/[\d.]+/g) ?? []).map(Number);
    const channels = colour.startsWith('color(') ? numbers.slice(0, 3) : numbers.slice(0, 3).map((value) => value / 255);
    const [r, g, b] = channels.map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (one: number, other: number) => (Math.max(one, other) + 0.05) / (Math.min(one, other) + 0.05);
  for (const ring of rings) {
    expect(ring.style, ring.name).not.toBe('none');
    for (const background of ['rgb(255, 255, 255)', 'rgb(246, 247, 249)']) {
      expect(contrast(luminance(ring.colour), luminance(background)), `${ring.name} (${ring.colour}) on ${background}`).toBeGreaterThanOrEqual(3);
    }
  }
});
