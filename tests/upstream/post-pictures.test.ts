import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_DISPLAY_MAX_PX } from '../../domain/limits.js';
import { images, postImages, posts } from '../../upstream/src/db/schema.js';
import { jpegPhoto } from '../helpers/media-files.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { until } from '../helpers/ws.js';

/** 말랑콩떡, demo member 2. */
const MEMBER = 2;

interface Picture {
  id: number;
  url: string;
  thumbnail_url: string;
  display_url: string;
}

/** Pictures a member took out of the community (a deleted post's, or those an edit dropped) stop being served. */
describe.each(backends())('pictures a post lets go of (%s)', (backend) => {
  let upstream: RunningUpstream;
  let token: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    upstream = await startUpstream({ backend, logLevel: 'warn', logStream: { write: (line) => void logLines.push(line) } });
    token = await upstream.issueToken(MEMBER);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  async function send(method: string, path: string, body?: FormData | object, as = token) {
    const headers: Record<string, string> = { authorization: `token ${as}` };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const payload = body instanceof FormData || body === undefined ? body : JSON.stringify(body);
    const response = await fetch(upstream.url + path, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** A photo larger than IMAGE_DISPLAY_MAX_PX: stored as three files (the picture, `.thumb.webp`, `.display.webp`). */
  const photo = () => jpegPhoto(IMAGE_DISPLAY_MAX_PX + 320, 1200);

  /** Creates a post with `count` real photos uploaded with it; answers its id and its pictures. */
  async function postWithPhotos(count: number, title = '사진 글'): Promise<{ id: number; pictures: Picture[] }> {
    const form = new FormData();
    form.append('title', title);
    form.append('content', '사진이 있는 글');
    for (let index = 0; index < count; index++) form.append('images', new Blob([new Uint8Array(photo())], { type: 'image/jpeg' }), `${index}.jpg`);
    const created = await send('POST', '/v1/community/', form);
    expect(created.status).toBe(201);
    expect(created.body.images).toHaveLength(count);
    return { id: created.body.id, pictures: created.body.images };
  }

  const pathsOf = (picture: Picture) => [picture.url, picture.thumbnail_url, picture.display_url];
  const statusOf = async (path: string) => {
    const response = await fetch(upstream.url + path);
    await response.arrayBuffer();
    return response.status;
  };
  const fileOf = (path: string) => join(upstream.mediaDir, path.replace(/^\/media\//, ''));
  const exists = (path: string) =>
    stat(fileOf(path)).then(
      () => true,
      () => false,
    );

  async function expectServed(picture: Picture) {
    const paths = pathsOf(picture);
    // Three distinct files: the picture and both of its copies.
    expect(new Set(paths).size).toBe(3);
    for (const path of paths) {
      expect(await statusOf(path), path).toBe(200);
      expect(await exists(path), path).toBe(true);
    }
    expect(await upstream.db.select({ id: images.id }).from(images).where(eq(images.id, picture.id))).toHaveLength(1);
  }

  async function expectGone(picture: Picture) {
    for (const path of pathsOf(picture)) {
      expect(await statusOf(path), path).toBe(404);
      expect(await exists(path), path).toBe(false);
    }
    expect(await upstream.db.select({ id: images.id }).from(images).where(eq(images.id, picture.id))).toHaveLength(0);
  }

  it('deleting a post with three photos removes every file of each and their records; the text stays for moderation', async () => {
    const { id, pictures } = await postWithPhotos(3, '지울 사진 글');
    for (const picture of pictures) await expectServed(picture);

    const deleted = await send('DELETE', `/v1/community/${id}/`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id });
    for (const picture of pictures) await expectGone(picture);

    const [row] = await upstream.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ title: '지울 사진 글', content: '사진이 있는 글', thumbnailId: null });
    expect(row.deletedAt).not.toBeNull();
    expect((await send('GET', `/v1/community/${id}/`)).status).toBe(404);
  });

  it('an edit dropping one of two photos removes the dropped one; the kept one is still served', async () => {
    const { id, pictures } = await postWithPhotos(2);
    const [dropped, kept] = pictures;

    const edited = await send('PUT', `/v1/community/${id}/`, { images: [kept.id] });
    expect(edited.status).toBe(200);
    expect(edited.body.images.map((image: Picture) => image.id)).toEqual([kept.id]);
    await expectGone(dropped);
    await expectServed(kept);

    // no_image lets go of the rest.
    const cleared = await send('PUT', `/v1/community/${id}/`, { no_image: true });
    expect(cleared.status).toBe(200);
    expect(cleared.body.images).toEqual([]);
    await expectGone(kept);
  });

  it('an edit that leaves the pictures alone keeps every file', async () => {
    const { id, pictures } = await postWithPhotos(2);
    expect((await send('PUT', `/v1/community/${id}/`, { title: '제목만 고침' })).status).toBe(200);
    expect((await send('PUT', `/v1/community/${id}/`, { images: pictures.map((picture) => picture.id).reverse() })).status).toBe(200);
    for (const picture of pictures) await expectServed(picture);
  });

  it('a photo attached to two posts survives deleting one of them, and goes with the second', async () => {
    const upload = async () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo())], { type: 'image/jpeg' }), 'shared.jpg');
      const uploaded = await send('POST', '/v1/community/images/', form);
      expect(uploaded.status).toBe(201);
      return uploaded.body as Picture;
    };
    const [shared, cover] = [await upload(), await upload()];
    const first = await send('POST', '/v1/community/', { title: '첫 글', content: '같은 사진', images: [shared.id] });
    // On the second post the shared photo is not the thumbnail: being attached is what keeps it.
    const second = await send('POST', '/v1/community/', { title: '둘째 글', content: '같은 사진', images: [cover.id, shared.id] });
    expect([first.status, second.status]).toEqual([201, 201]);

    expect((await send('DELETE', `/v1/community/${first.body.id}/`)).status).toBe(200);
    await expectServed(shared);
    expect((await send('GET', `/v1/community/${second.body.id}/`)).body.images.map((image: Picture) => image.id)).toEqual([cover.id, shared.id]);

    expect((await send('DELETE', `/v1/community/${second.body.id}/`)).status).toBe(200);
    await expectGone(shared);
    await expectGone(cover);
  });

  it('a profile picture attached to a post stays when the post goes', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpegPhoto(200, 200))], { type: 'image/jpeg' }), 'me.jpg');
    const profile = await send('POST', '/users/me/profile-image', form);
    expect(profile.status).toBe(200);
    const path = (profile.body.profile_image as string).slice((profile.body.profile_image as string).indexOf('/media/'));
    const [row] = await upstream.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.url, path.replace(/^\/media\//, '')));
    const post = await send('POST', '/v1/community/', { title: '프로필 사진 글', content: '본문', images: [row.id] });
    expect(post.status).toBe(201);

    expect((await send('DELETE', `/v1/community/${post.body.id}/`)).status).toBe(200);
    expect(await statusOf(path)).toBe(200);
    expect((await send('GET', '/users/me')).body.profile_image).toBe(profile.body.profile_image);
  });

  it('deleting a demo post never removes the bundled pictures it shows', async () => {
    const [attached] = await upstream.db
      .select({ postId: postImages.postId, authorId: posts.authorId, imageId: images.id, url: images.url })
      .from(postImages)
      .innerJoin(posts, eq(posts.id, postImages.postId))
      .innerJoin(images, eq(images.id, postImages.imageId))
      .limit(1);
    const author = await upstream.issueToken(attached.authorId);
    expect((await send('DELETE', `/v1/community/${attached.postId}/`, undefined, author)).status).toBe(200);
    expect(await statusOf(`/media/${attached.url}`)).toBe(200);
    // Not an upload: its record stays too (only uploads are released).
    expect(await upstream.db.select({ id: images.id }).from(images).where(eq(images.id, attached.imageId))).toHaveLength(1);
  });

  it('deleting a post without pictures still works', async () => {
    const created = await send('POST', '/v1/community/', { title: '글만', content: '사진 없음' });
    expect(created.status).toBe(201);
    const deleted = await send('DELETE', `/v1/community/${created.body.id}/`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: created.body.id });
    expect(Date.parse(deleted.body.deleted_at)).not.toBeNaN();
    expect((await send('GET', `/v1/community/${created.body.id}/`)).status).toBe(404);
  });

  it('a file that cannot be removed is logged and the deletion still succeeds', async () => {
    const { id, pictures } = await postWithPhotos(1);
    const [picture] = pictures;
    // The thumbnail's path is taken by a folder with something in it: removing it as a file fails.
    const blocked = fileOf(picture.thumbnail_url);
    await rm(blocked);
    await mkdir(blocked);
    await writeFile(join(blocked, 'keep'), 'x');

    const deleted = await send('DELETE', `/v1/community/${id}/`);
    expect(deleted.status).toBe(200);
    expect(
      await upstream.db
        .select({ id: images.id })
        .from(images)
        .where(inArray(images.id, [picture.id])),
    ).toHaveLength(0);
    await until(() => logLines.some((line) => line.includes('released media files not removed')));
    const entry = JSON.parse(logLines.find((line) => line.includes('released media files not removed'))!);
    expect(entry).toMatchObject({ level: 50, service: 'upstream' });
    expect(entry.paths).toContain(picture.thumbnail_url.replace(/^\/media\//, ''));
  });
});
