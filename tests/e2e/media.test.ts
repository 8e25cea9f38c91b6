import { createHash } from 'node:crypto';
import { type Locator, type Page, type Request } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { IMAGE_DISPLAY_MAX_PX, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, POST_IMAGES_MAX, STORY_IMAGE_MAX_BYTES } from '../../domain/limits.js';
import { communityTexts, storyTexts } from '../../domain/messages.js';
import { useWebApp } from '../helpers/web-app.js';
import { fileOnDisk, jpegPhoto, MEGABYTE, pngClaiming, pngOfSize } from '../helpers/media-files.js';

/**
 * Pictures of real sizes through the web app in Chromium: a phone photo posted through the write form comes
 * back byte for byte from the app's own address; refused files get the domain's Korean reason; and with the
 * app under another host name and the upstream unreachable from the browser, every picture still loads.
 */

const w = communityTexts.write;
/** The demo member mallang@slime.community. */
const MEMBER_ID = 2;
/** Resolved to 127.0.0.1 by Chromium only (--host-resolver-rules), so the page's host is not the upstream's. */
const OTHER_HOST = 'slime-media.test';

const app = useWebApp({ member: MEMBER_ID, browserArgs: [`--host-resolver-rules=MAP ${OTHER_HOST} 127.0.0.1`] });
/** The member's session, for the GraphQL calls made beside the browser. */
let token: string;
/** Every request the browser tried to send to the upstream's own origin (each one is aborted). */
const upstreamAttempts: string[] = [];
/** GraphQL multipart requests (uploads) the pages sent. */
const uploads: Request[] = [];

beforeAll(async () => {
  token = await app.upstream.issueToken(MEMBER_ID);
  // A browser on another machine cannot reach the upstream: neither can this one.
  const upstreamOrigin = new URL(app.upstream.url).origin;
  await app.browser.route(
    (url) => url.origin === upstreamOrigin,
    (route) => {
      upstreamAttempts.push(route.request().url());
      return route.abort('addressunreachable');
    },
  );
  app.browser.on('request', (request) => {
    if (request.method() === 'POST' && /^multipart\/form-data/i.test(request.headers()['content-type'] ?? '')) uploads.push(request);
  });
});

afterEach(() => {
  const attempts = upstreamAttempts.splice(0);
  uploads.length = 0;
  expect(attempts, 'requests to the upstream').toEqual([]);
});

const open = (url: string) => app.open(url);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The bytes the page gets for `url`, as their SHA-256 (the page is on 127.0.0.1, a secure context). */
const digestFetchedBy = (page: Page, url: string) =>
  page.evaluate(async (target) => {
    const response = await fetch(target);
    if (!response.ok) return `HTTP ${response.status}`;
    const digest = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }, url);

const loadedWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : -1));

/**
 * Where the write form's last picked picture stands: 'uploading', 'uploaded', or the message its field shows
 * instead. Read in one go: a refused picture's preview disappears as its message appears.
 */
const refused = communityTexts.upload.refusedFile;

const pickState = (page: Page) =>
  page.evaluate(() => {
    const field = document.querySelector('[data-testid="image-input"]')?.closest('.field');
    const alert = field?.querySelector('[role="alert"]');
    if (alert) return alert.textContent ?? '';
    const previews = [...(field?.querySelectorAll('[data-testid="image-preview"]') ?? [])];
    if (previews.length === 0) return 'nothing picked';
    return previews.at(-1)!.getAttribute('aria-busy') === 'false' ? 'uploaded' : 'uploading';
  });

/** Uploads `files` and creates a post with them through the gateway, as a stock GraphQL client would. */
async function postWithPictures(title: string, files: { name: string; type: string; bytes: Buffer }[]): Promise<void> {
  const imageIds: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query:
          'mutation ($input: UploadImageInput!) { uploadImage(input: $input) { __typename ... on UploadImagePayload { image { id } } ... on Error { message } } }',
        variables: { input: { file: null } },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
    form.append('0', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    const response = await fetch(`${app.gateway.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'x-graphql-yoga-csrf': '1' },
      body: form,
    });
    const answer = (await response.json()) as { data?: { uploadImage: { __typename: string; image?: { id: string } } } };
    expect(answer.data?.uploadImage.__typename, JSON.stringify(answer)).toBe('UploadImagePayload');
    imageIds.push(answer.data!.uploadImage.image!.id);
  }
  const response = await fetch(`${app.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `token ${token}` },
    body: JSON.stringify({
      query:
        'mutation ($input: CreatePostInput!) { createPost(input: $input) { __typename ... on CreatePostPayload { post { id } } ... on Error { message } } }',
      variables: { input: { title, content: '사진 여러 장', imageIds } },
    }),
  });
  const answer = (await response.json()) as { data?: { createPost: { __typename: string; post?: { id: string } } } };
  expect(answer.data?.createPost.__typename, JSON.stringify(answer)).toBe('CreatePostPayload');
}

describe('post pictures through the write form', () => {
  test('a 200 KB phone photo is posted, shown from the page’s own origin, and served back byte for byte', async () => {
    const photo = jpegPhoto();
    expect(photo.length).toBeGreaterThan(100 * 1024);
    const page = await open(`${app.gateway.url}/community/write`);
    await page.getByLabel(w.titleLabel, { exact: true }).fill('폰으로 찍은 슬라임');
    await page.getByLabel(w.contentLabel, { exact: true }).fill('실제 크기 사진을 올려요');
    await page.getByTestId('image-input').setInputFiles({ name: 'slime-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => pickState(page), { timeout: 20_000 }).toBe('uploaded');
    expect(uploads).toHaveLength(1);

    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await page.getByText(w.created).first().waitFor();
    await expect.poll(() => page.locator('.post-detail__title').textContent()).toBe('폰으로 찍은 슬라임');

    // Opened afresh: what the gateway answers, not the form's local preview.
    await page.reload();
    const picture = page.locator('.post-detail__images img');
    await expect.poll(() => picture.count()).toBe(1);
    const src = await picture.evaluate((image: HTMLImageElement) => image.currentSrc || image.src);
    const origin = new URL(page.url()).origin;
    expect(new URL(src).origin, src).toBe(origin);
    expect(new URL(src).pathname).toMatch(/^\/media\//);
    await expect.poll(() => loadedWidth(picture), { timeout: 20_000 }).toBe(800);
    expect(await digestFetchedBy(page, src)).toBe(sha256(photo));
    await page.close();
  });

  test('a picture over the limit and a file that is no picture are refused with the domain’s reasons, each file named; the page refuses what it can tell before any upload', async () => {
    const page = await open(`${app.gateway.url}/community/write`);
    const input = page.getByTestId('image-input');
    await input.waitFor({ state: 'attached' });

    await input.setInputFiles(fileOnDisk('huge.png', pngOfSize(IMAGE_MAX_BYTES + 1)));
    await expect.poll(() => pickState(page)).toBe(refused('huge.png', communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / MEGABYTE)));
    expect(await page.getByTestId('image-preview').count()).toBe(0);

    // A picture of a type the service does not take is no picture to it either.
    await input.setInputFiles({ name: 'scan.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM') });
    await expect.poll(() => pickState(page)).toBe(refused('scan.bmp', communityTexts.upload.notImage));
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('사진이 아니에요') });
    await expect.poll(() => pickState(page)).toBe(refused('notes.txt', communityTexts.upload.notImage));
    expect(await page.getByTestId('image-preview').count()).toBe(0);

    // Several refused at once: each is named with its own reason, none hides another, those refused here and the
    // one only the gateway can refuse (named and typed a PNG, not one), which answers last.
    await input.setInputFiles([
      fileOnDisk('huge.png', pngOfSize(IMAGE_MAX_BYTES + 1)),
      fileOnDisk('fake.png', Buffer.from('사진이 아니에요')),
      fileOnDisk('notes.txt', Buffer.from('사진이 아니에요')),
    ]);
    await expect
      .poll(() => pickState(page), { timeout: 20_000 })
      .toBe(
        [
          refused('huge.png', communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / MEGABYTE)),
          refused('notes.txt', communityTexts.upload.notImage),
          refused('fake.png', communityTexts.upload.notImage),
        ].join(' '),
      );
    expect(await page.getByTestId('image-preview').count()).toBe(0);
    expect(uploads).toHaveLength(1);
    await page.close();
  });

  test('a picture whose upload does not get through stays in the form, and the post waits for it', async () => {
    const page = await open(`${app.gateway.url}/community/write`);
    await page.getByLabel(w.titleLabel, { exact: true }).fill('끊긴 업로드 뒤의 글');
    await page.getByLabel(w.contentLabel, { exact: true }).fill('사진이 꼭 있어야 하는 글');
    // The connection drops under the first upload.
    let dropped = 0;
    await page.route('**/graphql', (route) => {
      const multipart = /^multipart\/form-data/i.test(route.request().headers()['content-type'] ?? '');
      if (multipart && dropped === 0) {
        dropped += 1;
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.method() === 'POST' && !/^multipart/i.test(request.headers()['content-type'] ?? ''))
        posted.push(request.url());
    });
    await page.getByTestId('image-input').setInputFiles({ name: 'slime-photo.jpg', mimeType: 'image/jpeg', buffer: jpegPhoto() });
    const retry = page.getByRole('button', { name: `${communityTexts.upload.retry} 1` });
    await retry.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('image-preview').count()).toBe(1);

    // Sending now would publish the post without its picture: the form says why it waits instead.
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await expect.poll(() => pickState(page)).toBe(communityTexts.upload.failedKept);
    expect(posted).toEqual([]);
    expect(page.url()).toMatch(/\/community\/write$/);

    await retry.click();
    await expect.poll(() => pickState(page), { timeout: 20_000 }).toBe('uploaded');
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await page.getByText(w.created).first().waitFor();
    await page.reload();
    await expect.poll(() => page.locator('.post-detail__images img').count()).toBe(1);
    expect(await page.locator('.post-detail__title').textContent()).toBe('끊긴 업로드 뒤의 글');
    await page.close();
  });

  test('picking more pictures than a post takes keeps the first ones that fit and names the rest', async () => {
    const page = await open(`${app.gateway.url}/community/write`);
    const input = page.getByTestId('image-input');
    await input.waitFor({ state: 'attached' });
    const picture = pngOfSize(8 * 1024);
    const files = Array.from({ length: POST_IMAGES_MAX + 2 }, (_, index) => ({ name: `p${index + 1}.png`, mimeType: 'image/png', buffer: picture }));
    await input.setInputFiles(files);
    const tooMany = communityTexts.upload.tooMany(POST_IMAGES_MAX);
    await expect
      .poll(() => page.locator('.field', { has: input }).getByRole('alert').textContent())
      .toBe(`${refused(`p${POST_IMAGES_MAX + 1}.png`, tooMany)} ${refused(`p${POST_IMAGES_MAX + 2}.png`, tooMany)}`);
    await expect.poll(() => page.getByTestId('image-preview').count()).toBe(POST_IMAGES_MAX);
    await page.close();
  });

  test('picking a good picture after a refused one clears the refusal', async () => {
    const page = await open(`${app.gateway.url}/community/write`);
    const input = page.getByTestId('image-input');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles(fileOnDisk('huge.png', pngOfSize(IMAGE_MAX_BYTES + 1)));
    await expect.poll(() => pickState(page)).toBe(refused('huge.png', communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / MEGABYTE)));
    await input.setInputFiles({ name: 'fine.png', mimeType: 'image/png', buffer: pngOfSize(256 * 1024) });
    await expect.poll(() => pickState(page), { timeout: 20_000 }).toBe('uploaded');
    await page.close();
  });

  test('a refusal only the server can make shows the server’s own reason, not the generic failure', async () => {
    const page = await open(`${app.gateway.url}/community/write`);
    const input = page.getByTestId('image-input');
    await input.waitFor({ state: 'attached' });
    // A few hundred bytes claiming 48 megapixels: within the byte limit, over the pixel limit.
    await input.setInputFiles({ name: 'bomb.png', mimeType: 'image/png', buffer: pngClaiming(8000, 6000) });
    await expect.poll(() => pickState(page), { timeout: 20_000 }).toBe(refused('bomb.png', communityTexts.upload.tooManyPixels(IMAGE_MAX_PIXELS / 1_000_000)));
    expect(uploads).toHaveLength(1);
    expect(await page.getByTestId('image-preview').count()).toBe(0);
    await page.close();
  });
});

describe('story media', () => {
  test('a story picture over the limit is refused on the page, before any upload', async () => {
    const page = await open(`${app.gateway.url}/stories/new`);
    await page.locator('input[type=file]').setInputFiles(fileOnDisk('huge.png', pngOfSize(STORY_IMAGE_MAX_BYTES + 1)));
    await page.getByText(storyTexts.media.imageTooLarge(STORY_IMAGE_MAX_BYTES / MEGABYTE)).waitFor();
    expect(await page.locator('.story-upload__preview').count()).toBe(0);
    expect(await page.getByRole('button', { name: storyTexts.upload.submit }).getAttribute('aria-disabled')).toBe('true');
    expect(uploads).toHaveLength(0);
    await page.close();
  });
});

describe('a phone photo on a post’s detail', () => {
  test('is shown as the screen-sized copy, a fraction of the megabytes the member uploaded', async () => {
    const photo = jpegPhoto(4000, 3000);
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    await postWithPictures('폰 원본 사진', [{ name: 'phone.jpg', type: 'image/jpeg', bytes: photo }]);
    const page = await open(`${app.gateway.url}/community`);
    await page.getByTestId('post-card').filter({ hasText: '폰 원본 사진' }).first().click();
    const picture = page.locator('.post-detail__images img');
    await expect.poll(() => loadedWidth(picture), { timeout: 20_000 }).toBe(IMAGE_DISPLAY_MAX_PX);
    const src = await picture.evaluate((image: HTMLImageElement) => image.currentSrc || image.src);
    const size = await page.evaluate(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength, src);
    expect(size).toBeLessThan(photo.length / 4);
    await page.close();
  });
});

describe('the app under another host name, the upstream out of the browser’s reach', () => {
  test('every picture on the feed and on a post with pictures loads, and nothing goes to the upstream', async () => {
    const title = '다른 주소에서 보는 사진';
    await postWithPictures(title, [
      { name: 'photo.jpg', type: 'image/jpeg', bytes: jpegPhoto() },
      { name: 'noise.png', type: 'image/png', bytes: pngOfSize(256 * 1024) },
    ]);
    const base = `http://${OTHER_HOST}:${new URL(app.gateway.url).port}`;

    const feed = await open(`${base}/community`);
    await feed.getByTestId('post-card').first().waitFor();
    expect(await feed.getByTestId('post-card').first().locator('.post-card__title').textContent()).toBe(title);
    await expectEveryImageLoaded(feed);

    await feed.getByTestId('post-card').first().click();
    await expect.poll(() => feed.locator('.post-detail__images img').count()).toBe(2);
    expect(new URL(feed.url()).host).toBe(new URL(base).host);
    await expectEveryImageLoaded(feed);
    for (const image of await feed.locator('.post-detail__images img').all()) {
      expect(new URL(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).host).toBe(new URL(base).host);
    }
    expect(upstreamAttempts).toEqual([]);
    await feed.close();
  });
});

/** Each `<img>` on the page, scrolled into view so lazy ones load, has been decoded. */
async function expectEveryImageLoaded(page: Page): Promise<void> {
  const images = page.locator('img');
  await expect.poll(() => images.count()).toBeGreaterThan(0);
  const count = await images.count();
  for (let index = 0; index < count; index++) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    const described = await image.evaluate((element: HTMLImageElement) => `${element.alt || element.className} ${element.currentSrc || element.src}`);
    await expect.poll(() => loadedWidth(image), { message: `not loaded: ${described}`, timeout: 15_000 }).toBeGreaterThan(0);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
