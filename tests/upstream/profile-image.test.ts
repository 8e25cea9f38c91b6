import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_THUMBNAIL_MAX_PX, PROFILE_IMAGE_MAX_PX } from '../../domain/limits.js';
import { communityTexts } from '../../domain/messages.js';
import { images } from '../../upstream/src/db/schema.js';
import { imageFiles } from '../../upstream/src/uploads/images.js';
import { PNG_BYTES } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

/** 말랑콩떡, demo member 2. */
const MEMBER = 2;

describe.each(backends())('profile image (%s)', (backend) => {
  let upstream: RunningUpstream;
  let token: string;

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    token = await upstream.issueToken(MEMBER);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  async function call(method: string, path: string, body?: FormData, as: string | null = token) {
    const response = await fetch(upstream.url + path, { method, headers: as ? { authorization: `token ${as}` } : {}, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  const imageForm = (bytes: Buffer, field = 'image', name = 'me.png', type = 'image/png') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
    return form;
  };
  const messages = (answer: { body: any }) => (answer.body?.details ?? []).map((detail: { message: string }) => detail.message);

  it('stores a picture checked by its bytes and shows it on the profile, the public profile and posts', async () => {
    const answer = await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES, 'image', 'whatever.txt', 'application/octet-stream'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: MEMBER, nickname: '말랑콩떡' });
    const picture: string = answer.body.profile_image;
    expect(picture).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.png$/);

    const served = await fetch(picture.startsWith('http') ? picture : upstream.url + picture);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    expect((await call('GET', '/users/me')).body.profile_image).toBe(picture);
    expect((await call('GET', `/v1/user/${MEMBER}/`, undefined, null)).body.profile_image).toBe(picture);
    const feed = await call('GET', '/v1/community/?page_size=100', undefined, null);
    const own = feed.body.results.filter((post: { author: { id: number } | null }) => post.author?.id === MEMBER);
    expect(own.length).toBeGreaterThan(0);
    for (const post of own) expect(post.author.profile_image).toBe(picture);
  });

  it('stores a large photo only as a WebP copy of PROFILE_IMAGE_MAX_PX, which replacing it lets go of', async () => {
    // A phone photo's size: 4032 x 3024 of noise, several megabytes as a JPEG.
    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    expect(photo.length).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    const answer = await call('POST', '/users/me/profile-image', imageForm(photo, 'image', 'photo.jpg', 'image/jpeg'));
    expect(answer.status).toBe(200);
    const picture: string = answer.body.profile_image;
    expect(picture).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await fetch(picture.startsWith('http') ? picture : upstream.url + picture);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBeLessThan(photo.length / 10);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: PROFILE_IMAGE_MAX_PX, height: (PROFILE_IMAGE_MAX_PX * 3) / 4 });

    // One file, recorded with its own measure: the upload itself is not kept beside it.
    const path = picture.slice(picture.indexOf('uploads/'));
    const [row] = await upstream.db.select().from(images).where(eq(images.url, path));
    expect(row).toMatchObject({
      thumbnailUrl: path,
      width: PROFILE_IMAGE_MAX_PX,
      height: (PROFILE_IMAGE_MAX_PX * 3) / 4,
      mimeType: 'image/webp',
      size: bytes.length,
    });

    expect((await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES))).status).toBe(200);
    expect((await fetch(picture.startsWith('http') ? picture : upstream.url + picture)).status).toBe(404);
  });

  it('removes the picture', async () => {
    expect((await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES))).status).toBe(200);
    const answer = await call('DELETE', '/users/me/profile-image');
    expect(answer.status).toBe(200);
    expect(answer.body.profile_image).toBeNull();
    expect((await call('GET', '/users/me')).body.profile_image).toBeNull();
  });

  it('lets go of the replaced upload (record and file) unless a post shows it', async () => {
    const served = async (picture: string) => (await fetch(picture.startsWith('http') ? picture : upstream.url + picture)).status;
    const pathOf = (picture: string) => picture.slice(picture.indexOf('uploads/'));
    const first: string = (await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES))).body.profile_image;
    const second: string = (await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES))).body.profile_image;
    expect(second).not.toBe(first);
    expect(await served(first)).toBe(404);
    expect(
      await upstream.db
        .select()
        .from(images)
        .where(eq(images.url, pathOf(first))),
    ).toEqual([]);
    expect(await served(second)).toBe(200);

    // The member puts their current picture in a post: replacing it then keeps the file for the post.
    const [row] = await upstream.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.url, pathOf(second)));
    const post = await fetch(upstream.url + '/v1/community/', {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '프로필 사진 자랑', content: '이 사진 어때요', images: [row.id] }),
    });
    expect(post.status).toBe(201);
    expect((await call('DELETE', '/users/me/profile-image')).body.profile_image).toBeNull();
    expect(await served(second)).toBe(200);
    expect(
      await upstream.db
        .select()
        .from(images)
        .where(eq(images.url, pathOf(second))),
    ).toHaveLength(1);
  });

  it('lets go of every file of the replaced upload: a picture small enough to be kept has a list copy, which goes too', async () => {
    // Larger than a list thumbnail, within PROFILE_IMAGE_MAX_PX: stored as sent, with a .thumb.webp copy beside it.
    const side = Math.round((IMAGE_THUMBNAIL_MAX_PX + PROFILE_IMAGE_MAX_PX) / 2);
    const picture = await sharp({ create: { width: side, height: side, channels: 3, background: '#7fd3b0' } })
      .png()
      .toBuffer();
    const first: string = (await call('POST', '/users/me/profile-image', imageForm(picture))).body.profile_image;
    const [row] = await upstream.db
      .select()
      .from(images)
      .where(eq(images.url, first.slice(first.indexOf('uploads/'))));
    const files = imageFiles(row);
    expect(files).toEqual([row.url, expect.stringMatching(/\.thumb\.webp$/)]);
    for (const file of files) expect((await fetch(`${upstream.url}/media/${file}`)).status).toBe(200);

    expect((await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES))).status).toBe(200);
    for (const file of files) expect((await fetch(`${upstream.url}/media/${file}`)).status, file).toBe(404);
    expect(await upstream.db.select().from(images).where(eq(images.id, row.id))).toEqual([]);
    // Not kept on disk either (with PostgreSQL, this process's copies).
    for (const file of files) expect(existsSync(join(upstream.mediaDir, file)), file).toBe(false);
  });

  it('refuses what is not a picture, an empty or missing part and an oversized file, keeping the current picture', async () => {
    const kept = (await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES))).body.profile_image;
    const notImage = await call('POST', '/users/me/profile-image', imageForm(Buffer.from('just some text, named like a picture'), 'image', 'fake.png'));
    expect(notImage.status).toBe(422);
    expect(messages(notImage)).toEqual([communityTexts.upload.notImage]);

    const otherField = await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES, 'photo'));
    expect(otherField.status).toBe(422);
    expect(messages(otherField)).toEqual([communityTexts.upload.missing]);

    const empty = await call('POST', '/users/me/profile-image', imageForm(Buffer.alloc(0)));
    expect(messages(empty)).toEqual([communityTexts.upload.missing]);

    const notMultipart = await fetch(upstream.url + '/users/me/profile-image', {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ image: 'x' }),
    });
    expect(notMultipart.status).toBe(422);

    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const tooBig = await call('POST', '/users/me/profile-image', imageForm(big));
    expect(tooBig.status).toBe(422);
    expect(messages(tooBig)).toEqual([communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / (1024 * 1024))]);

    expect((await call('GET', '/users/me')).body.profile_image).toBe(kept);
  });

  it('answers 401 to guests and revoked tokens', async () => {
    expect((await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES), null)).status).toBe(401);
    expect((await call('DELETE', '/users/me/profile-image', undefined, null)).status).toBe(401);
    const revoked = await upstream.issueToken(MEMBER);
    expect((await call('POST', '/auth/logout', undefined, revoked)).status).toBe(200);
    expect((await call('POST', '/users/me/profile-image', imageForm(PNG_BYTES), revoked)).status).toBe(401);
    expect((await call('DELETE', '/users/me/profile-image', undefined, revoked)).status).toBe(401);
  });
});
