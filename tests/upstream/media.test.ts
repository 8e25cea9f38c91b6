import http from 'node:http';
import { readdir } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from 'image-size';
import {
  IMAGE_DISPLAY_MAX_PX,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_THUMBNAIL_MAX_PX,
  MEDIA_CACHE_SECONDS,
  NOTICE_ATTACHMENTS_MAX,
  POST_IMAGES_MAX,
  TITLE_MAX,
} from '../../domain/limits.js';
import { communityTexts, messagingTexts, storyTexts } from '../../domain/messages.js';
import { buildUpstream } from '../../upstream/src/app.js';
import { images, users } from '../../upstream/src/db/schema.js';
import { jpegPhoto, MEGABYTE, mp4OfSize, pngClaiming, pngOfSize } from '../helpers/media-files.js';
import { addMembers } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

const STAFF = 1;
const MEMBER = 2;

/** A 1×1 GIF and a 1×1 lossless WebP, as small real files of those formats. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const PAGE = Buffer.from('<html><script>alert(document.cookie)</script></html>');

/** A JPEG whose APP1 (EXIF) segment carries a thumbnail JPEG, with its own end-of-image marker, inside it. */
function jpegWithExifThumbnail(): Buffer {
  const photo = jpegPhoto(64, 48);
  // A little-endian TIFF header with an empty first directory, then the thumbnail's bytes.
  const tiff = Buffer.concat([Buffer.from('II*\0', 'latin1'), Buffer.from([8, 0, 0, 0, 0, 0, 0, 0, 0, 0])]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, jpegPhoto(16, 16)]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([photo.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, photo.subarray(2)]);
}

const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const pixelsMessage = communityTexts.upload.tooManyPixels(IMAGE_MAX_PIXELS / 1_000_000);

describe.each(backends())('media: real files, checks and serving (%s)', (backend) => {
  let upstream: RunningUpstream;
  let member: string;
  let staff: string;

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    [member, staff] = await Promise.all([MEMBER, STAFF].map((id) => upstream.issueToken(id)));
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const part = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });
  const form = (fields: Record<string, string>, files: [field: string, bytes: Buffer, type: string, name: string][] = []) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    for (const [field, bytes, type, name] of files) body.append(field, part(bytes, type), name);
    return body;
  };
  async function send(method: string, path: string, body?: FormData | object, token: string | null = member) {
    const headers: Record<string, string> = token ? { authorization: `token ${token}` } : {};
    const payload = body instanceof FormData || body === undefined ? body : JSON.stringify(body);
    if (payload !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const response = await fetch(upstream.url + path, { method, headers, body: payload as BodyInit | undefined });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  const messages = (answer: { body: any }) => (answer.body?.details ?? []).map((detail: { message: string }) => detail.message);
  const uploadPicture = (bytes: Buffer, type: string, name = 'photo') => send('POST', '/v1/community/images/', form({}, [['image', bytes, type, name]]));
  const uploadProfile = (bytes: Buffer, type: string) => send('POST', '/users/me/profile-image', form({}, [['image', bytes, type, 'me']]));
  const uploadStory = (storyType: 'image' | 'video', bytes: Buffer, type: string) =>
    send('POST', '/api/stories/create', form({ type: storyType }, [['media', bytes, type, 'story']]));
  const served = (path: string, headers: Record<string, string> = {}) => fetch(upstream.url + path, { headers });
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  /** Every file under the media folder and every `images` row: what a failed write must leave as it was. */
  async function stored() {
    const files = (await readdir(upstream.mediaDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
    const [{ rows }] = await upstream.db.select({ rows: count() }).from(images);
    return { files, rows };
  }

  describe('uploads of real files', () => {
    it('stores a ~200 KB JPEG photo and serves the same bytes, cached for good, with ETag revalidation', async () => {
      const photo = jpegPhoto();
      expect(photo.length).toBeGreaterThan(100_000);
      const answer = await uploadPicture(photo, 'image/jpeg', 'photo.jpg');
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ width: 800, height: 600, size: photo.length, mime_type: 'image/jpeg' });
      expect(answer.body.url).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\.jpeg$/);

      const response = await served(answer.body.url);
      expect(response.status).toBe(200);
      expect((await bytesOf(response)).equals(photo)).toBe(true);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe(`public, max-age=${MEDIA_CACHE_SECONDS.uploaded}, immutable`);
      expect(response.headers.get('content-security-policy')).toBe(MEDIA_CSP);
      expect(response.headers.get('content-disposition')).toBeNull();
      const etag = response.headers.get('etag');
      expect(etag).toBeTruthy();
      // fetch() adds `Cache-Control: no-cache` to conditional requests unless one is given; browsers revalidate without it.
      const again = await served(answer.body.url, { 'if-none-match': etag!, 'cache-control': 'max-age=0' });
      expect(again.status).toBe(304);
    });

    it('accepts pictures of IMAGE_MAX_BYTES - 1 and exactly IMAGE_MAX_BYTES, and refuses one byte more with the size message', async () => {
      for (const size of [IMAGE_MAX_BYTES - 1, IMAGE_MAX_BYTES]) {
        const picture = pngOfSize(size);
        const answer = await uploadPicture(picture, 'image/png', 'big.png');
        expect(answer.status, String(size)).toBe(201);
        expect(answer.body.size).toBe(size);
        expect((await bytesOf(await served(answer.body.url))).equals(picture)).toBe(true);
      }
      const before = await stored();
      const over = await uploadPicture(pngOfSize(IMAGE_MAX_BYTES + 1), 'image/png', 'too-big.png');
      expect(over.status).toBe(422);
      expect(messages(over)).toEqual([communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / MEGABYTE)]);
      expect(await stored()).toEqual(before);
    });

    it('makes a small WebP thumbnail of a large picture for lists; a picture that small already is its own', async () => {
      const photo = pngOfSize(IMAGE_MAX_BYTES);
      const answer = await uploadPicture(photo, 'image/png', 'big.png');
      expect(answer.status).toBe(201);
      expect(answer.body.thumbnail_url).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\.thumb\.webp$/);
      const response = await served(answer.body.thumbnail_url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const thumbnail = await bytesOf(response);
      const size = imageSize(thumbnail);
      expect(size.type).toBe('webp');
      expect(Math.max(size.width, size.height)).toBe(IMAGE_THUMBNAIL_MAX_PX);
      // Same shape as the picture (1024 wide), a sliver of its bytes.
      expect(Math.abs(size.width / size.height - answer.body.width / answer.body.height)).toBeLessThan(0.02);
      expect(thumbnail.length).toBeLessThan(photo.length / 50);

      // A post's thumbnail is its first picture's small copy; the post's own pictures stay whole.
      const created = await send('POST', '/v1/community/', { title: '큰 사진 한 장', content: '목록에는 작은 사진', images: [answer.body.id] });
      expect(created.status).toBe(201);
      expect(created.body.thumbnail).toBe(answer.body.thumbnail_url);
      expect(created.body.images.map((image: { url: string }) => image.url)).toEqual([answer.body.url]);

      const small = await uploadPicture(GIF, 'image/gif', 'tiny.gif');
      expect(small.body.thumbnail_url).toBe(small.body.url);
    });

    it("makes a WebP copy of a phone-sized photo for the post's detail; the original stays as it was uploaded", async () => {
      const photo = jpegPhoto(4000, 3000);
      const answer = await uploadPicture(photo, 'image/jpeg', 'phone.jpg');
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ width: 4000, height: 3000, size: photo.length });
      expect(answer.body.display_url).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\.display\.webp$/);
      const display = await bytesOf(await served(answer.body.display_url));
      expect(imageSize(display)).toMatchObject({ type: 'webp', width: IMAGE_DISPLAY_MAX_PX, height: (IMAGE_DISPLAY_MAX_PX * 3) / 4 });
      expect(display.length).toBeLessThan(photo.length / 4);
      expect((await bytesOf(await served(answer.body.url))).equals(photo)).toBe(true);

      const created = await send('POST', '/v1/community/', { title: '폰 사진', content: '상세에는 화면 크기로', images: [answer.body.id] });
      expect(created.body.images[0].display_url).toBe(answer.body.display_url);
      // A picture no larger than the copy would be is its own.
      const modest = await uploadPicture(jpegPhoto(1200, 900), 'image/jpeg', 'modest.jpg');
      expect(modest.body.display_url).toBe(modest.body.url);
    });

    it('accepts an 8 MB MP4 story and answers a range request with 206 and exactly that slice', async () => {
      const video = mp4OfSize(8 * MEGABYTE);
      const answer = await uploadStory('video', video, 'video/mp4');
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ type: 'video', mimeType: 'video/mp4' });
      expect(answer.body.media).toMatch(/^\/media\/stories\/[0-9a-f-]{36}\.mp4$/);

      const whole = await served(answer.body.media);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-disposition')).toBeNull();
      expect((await bytesOf(whole)).equals(video)).toBe(true);
      const start = 3 * MEGABYTE + 17;
      const end = start + 65_535;
      const slice = await served(answer.body.media, { range: `bytes=${start}-${end}` });
      expect(slice.status).toBe(206);
      expect(slice.headers.get('content-range')).toBe(`bytes ${start}-${end}/${video.length}`);
      expect((await bytesOf(slice)).equals(video.subarray(start, end + 1))).toBe(true);
      expect((await send('DELETE', `/api/stories/${answer.body.id}`)).status).toBe(200);
    });

    it('accepts GIF and WebP pictures, and a JPEG whose EXIF thumbnail has its own end marker', async () => {
      for (const [bytes, type] of [
        [GIF, 'image/gif'],
        [WEBP, 'image/webp'],
        [jpegWithExifThumbnail(), 'image/jpeg'],
      ] as const) {
        const answer = await uploadPicture(bytes, type);
        expect(answer.status, type).toBe(201);
        expect(answer.body.mime_type).toBe(type);
      }
    });
  });

  describe('content checks on every upload route', () => {
    it('refuses bytes that are not what the part declares; an undeclared part is judged by its content', async () => {
      const png = pngOfSize(20_000);
      expect(messages(await uploadPicture(png, 'image/jpeg'))).toEqual([communityTexts.upload.typeMismatch]);
      expect(messages(await uploadProfile(png, 'image/gif'))).toEqual([communityTexts.upload.typeMismatch]);
      expect(messages(await uploadProfile(png, 'text/html'))).toEqual([communityTexts.upload.typeMismatch]);
      expect(messages(await uploadStory('image', png, 'image/webp'))).toEqual([communityTexts.upload.typeMismatch]);
      expect(messages(await uploadStory('video', mp4OfSize(4096), 'video/webm'))).toEqual([storyTexts.media.videoTypeMismatch]);

      expect((await uploadPicture(png, 'application/octet-stream')).status).toBe(201);
      expect((await uploadPicture(jpegPhoto(40, 30), 'image/jpg')).status).toBe(201);
      const story = await uploadStory('image', png, 'application/octet-stream');
      expect(story.status).toBe(201);
      expect((await send('DELETE', `/api/stories/${story.body.id}`)).status).toBe(200);
    });

    it('refuses a picture with anything after its end (a polyglot), on every route, storing nothing', async () => {
      const before = await stored();
      const pictures: [Buffer, string][] = [
        [jpegPhoto(), 'image/jpeg'],
        [pngOfSize(20_000), 'image/png'],
        [GIF, 'image/gif'],
        [WEBP, 'image/webp'],
        [jpegWithExifThumbnail(), 'image/jpeg'],
      ];
      for (const [picture, type] of pictures) {
        const polyglot = Buffer.concat([picture, PAGE]);
        const answer = await uploadPicture(polyglot, type);
        expect(answer.status, type).toBe(422);
        expect(messages(answer), type).toEqual([communityTexts.upload.typeMismatch]);
      }
      const jpegPolyglot = Buffer.concat([jpegPhoto(), PAGE]);
      expect(messages(await uploadProfile(jpegPolyglot, 'image/jpeg'))).toEqual([communityTexts.upload.typeMismatch]);
      expect(messages(await uploadStory('image', jpegPolyglot, 'image/jpeg'))).toEqual([communityTexts.upload.typeMismatch]);
      expect(
        messages(await send('POST', '/v1/community/', form({ title: '사진', content: '본문' }, [['images', jpegPolyglot, 'image/jpeg', 'a.jpg']]))),
      ).toEqual([communityTexts.upload.typeMismatch]);
      expect(await stored()).toEqual(before);
    });

    it("accepts a phone camera's photo with its motion video or Samsung trailer after the end, and stores the picture alone", async () => {
      const photo = jpegPhoto();
      const trailers = [
        mp4OfSize(300_000),
        Buffer.concat([Buffer.from('MotionPhoto_Data', 'latin1'), mp4OfSize(200_000)]),
        Buffer.concat([Buffer.from('SEFH', 'latin1'), Buffer.alloc(40), Buffer.from([0, 0, 0, 40]), Buffer.from('SEFT', 'latin1')]),
      ];
      for (const trailer of trailers) {
        const answer = await uploadPicture(Buffer.concat([photo, trailer]), 'image/jpeg');
        expect(answer.status).toBe(201);
        expect(answer.body.size).toBe(photo.length);
        const served = Buffer.from(await (await fetch(upstream.url + answer.body.url)).arrayBuffer());
        expect(served.equals(photo)).toBe(true);
      }
    });

    it(`refuses a picture whose header declares more than ${IMAGE_MAX_PIXELS} pixels, storing nothing`, async () => {
      const bomb = pngClaiming(8000, 6000);
      const before = await stored();
      for (const answer of [await uploadPicture(bomb, 'image/png'), await uploadProfile(bomb, 'image/png'), await uploadStory('image', bomb, 'image/png')]) {
        expect(answer.status).toBe(422);
        expect(messages(answer)).toEqual([pixelsMessage]);
      }
      expect(await stored()).toEqual(before);
    });
  });

  describe('a failed write leaves nothing behind', () => {
    it('post create: a stored photo then a missing title, or a good picture then one over the limit, or too many pictures', async () => {
      const before = await stored();
      const noTitle = await send('POST', '/v1/community/', form({ content: '제목 없는 글' }, [['images', jpegPhoto(), 'image/jpeg', 'a.jpg']]));
      expect(noTitle.status).toBe(422);
      expect(await stored()).toEqual(before);

      const secondTooBig = await send(
        'POST',
        '/v1/community/',
        form({ title: '사진 두 장', content: '본문' }, [
          ['images', pngOfSize(50_000), 'image/png', 'a.png'],
          ['images', pngOfSize(IMAGE_MAX_BYTES + 1), 'image/png', 'b.png'],
        ]),
      );
      expect(secondTooBig.status).toBe(422);
      expect(messages(secondTooBig)).toEqual([communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / MEGABYTE)]);
      expect(await stored()).toEqual(before);

      const small = jpegPhoto(40, 30);
      const tooMany = await send(
        'POST',
        '/v1/community/',
        form(
          { title: '사진 많이', content: '본문' },
          Array.from({ length: POST_IMAGES_MAX + 1 }, (_, i) => ['images', small, 'image/jpeg', `${i}.jpg`] as [string, Buffer, string, string]),
        ),
      );
      expect(tooMany.status).toBe(422);
      expect(messages(tooMany)).toEqual([communityTexts.upload.tooMany(POST_IMAGES_MAX)]);
      expect(await stored()).toEqual(before);
    });

    it('post update: a new picture with a too long title keeps the post and its pictures as they were', async () => {
      const created = await send('POST', '/v1/community/', form({ title: '고칠 글', content: '본문' }, [['images', jpegPhoto(80, 60), 'image/jpeg', 'a.jpg']]));
      expect(created.status).toBe(201);
      const before = await stored();
      const failed = await send(
        'PUT',
        `/v1/community/${created.body.id}/`,
        form({ title: 'ㄱ'.repeat(TITLE_MAX + 1) }, [['images', jpegPhoto(), 'image/jpeg', 'b.jpg']]),
      );
      expect(failed.status).toBe(422);
      expect(await stored()).toEqual(before);
      const kept = await send('GET', `/v1/community/${created.body.id}/`);
      expect(kept.body.images.map((image: any) => image.url)).toEqual(created.body.images.map((image: any) => image.url));
      expect((await served(kept.body.images[0].url)).status).toBe(200);
    });

    it('notice create and update: attachments stored before a refused field are removed', async () => {
      const before = await stored();
      const attachment: [string, Buffer, string, string] = ['attachments[0]', Buffer.from('안내문'), 'text/plain', 'guide.txt'];
      const create = await send('POST', '/v1/board/notice/', form({ content: '제목이 없습니다' }, [attachment]), staff);
      expect(create.status).toBe(422);
      expect(await stored()).toEqual(before);

      const notice = await send('POST', '/v1/board/notice/', { title: '공지', content: '본문' }, staff);
      expect(notice.status).toBe(201);
      const update = await send('PATCH', `/v1/board/notice/${notice.body.uuid}/`, form({ title: '' }, [attachment]), staff);
      expect(update.status).toBe(422);
      expect(await stored()).toEqual(before);
      const tooBig = await send(
        'PATCH',
        `/v1/board/notice/${notice.body.uuid}/`,
        form({ title: '새 제목' }, [attachment, ['attachments[1]', Buffer.alloc(IMAGE_MAX_BYTES + 1, 1), 'application/pdf', 'big.pdf']]),
        staff,
      );
      expect(tooBig.status).toBe(422);
      expect(messages(tooBig)).toEqual([messagingTexts.attachmentTooLarge(IMAGE_MAX_BYTES / MEGABYTE)]);
      expect(await stored()).toEqual(before);
    });
  });

  describe('notice attachments over time', () => {
    const attachmentNamed = (name: string, index = 0): [string, Buffer, string, string] => [
      `attachments[${index}]`,
      Buffer.from(`${name} 내용`),
      'text/plain',
      name,
    ];
    const namesOf = (notice: { body: { attachments: { fileName: string }[] } }) => notice.body.attachments.map((attachment) => attachment.fileName);

    it('an update takes off the attachments it names, files included, and adds those sent; deleting the notice removes the rest', async () => {
      const before = await stored();
      const created = await send(
        'POST',
        '/v1/board/notice/',
        form({ title: '첨부 정리', content: '본문' }, [attachmentNamed('a.txt', 0), attachmentNamed('b.txt', 1), attachmentNamed('c.txt', 2)]),
        staff,
      );
      expect(created.status).toBe(201);
      expect((await stored()).files).toBe(before.files + 3);
      const [a, b, c] = created.body.attachments;

      // As a form (comma-separated, beside a new file) and as JSON.
      const edited = await send(
        'PATCH',
        `/v1/board/notice/${created.body.uuid}/`,
        form({ removeAttachments: `${a.id},${c.id}` }, [attachmentNamed('d.txt')]),
        staff,
      );
      expect(edited.status).toBe(200);
      expect(namesOf(edited)).toEqual(['b.txt', 'd.txt']);
      expect((await served(a.fileUrl)).status).toBe(404);
      expect((await served(c.fileUrl)).status).toBe(404);
      expect((await served(b.fileUrl)).status).toBe(200);
      expect((await stored()).files).toBe(before.files + 2);
      const json = await send('PATCH', `/v1/board/notice/${created.body.uuid}/`, { removeAttachments: [b.id], title: '첨부 정리됨' }, staff);
      expect(json.status).toBe(200);
      expect(namesOf(json)).toEqual(['d.txt']);
      expect((await send('GET', `/v1/board/notice/${created.body.uuid}/`)).body.attachments).toEqual(json.body.attachments);

      expect((await send('DELETE', `/v1/board/notice/${created.body.uuid}/`, undefined, staff)).status).toBe(200);
      expect((await served(json.body.attachments[0].fileUrl)).status).toBe(404);
      expect(await stored()).toEqual(before);
    });

    it('keeps a small WebP copy of a large picture for its tile, taken off and deleted with the picture', async () => {
      const before = await stored();
      const photo = jpegPhoto(2400, 1800);
      expect(photo.length).toBeGreaterThan(300_000);
      const created = await send(
        'POST',
        '/v1/board/notice/',
        form({ title: '이벤트 안내', content: '본문' }, [
          ['attachments[0]', photo, 'image/jpeg', '포스터.jpg'],
          ['attachments[1]', jpegPhoto(200, 150), 'image/jpeg', 'small.jpg'],
          attachmentNamed('guide.txt', 2),
        ]),
        staff,
      );
      expect(created.status).toBe(201);
      const [poster, small, guide] = created.body.attachments;
      // Already small enough, or not a picture: no copy (a client shows fileUrl).
      expect([small.thumbnailUrl, guide.thumbnailUrl]).toEqual([null, null]);
      expect(poster.thumbnailUrl).toMatch(/^\/media\/uploads\/notices\/[0-9a-f-]{36}\.thumb\.webp$/);
      const tile = await served(poster.thumbnailUrl);
      expect(tile.headers.get('content-type')).toBe('image/webp');
      const tileBytes = await bytesOf(tile);
      expect(imageSize(tileBytes)).toMatchObject({ width: IMAGE_THUMBNAIL_MAX_PX, height: (IMAGE_THUMBNAIL_MAX_PX * 3) / 4 });
      expect(tileBytes.length).toBeLessThan(photo.length / 10);
      expect((await stored()).files).toBe(before.files + 4);

      const path = `/v1/board/notice/${created.body.uuid}/`;
      expect((await send('PATCH', path, { removeAttachments: [poster.id] }, staff)).status).toBe(200);
      expect((await served(poster.thumbnailUrl)).status).toBe(404);
      expect((await stored()).files).toBe(before.files + 2);
      expect((await send('DELETE', path, undefined, staff)).status).toBe(200);
      expect(await stored()).toEqual(before);
    });

    it(`refuses an id the notice does not have, and more than ${NOTICE_ATTACHMENTS_MAX} attachments in all, changing nothing`, async () => {
      const created = await send(
        'POST',
        '/v1/board/notice/',
        form({ title: '첨부 한도', content: '본문' }, [attachmentNamed('a.txt', 0), attachmentNamed('b.txt', 1)]),
        staff,
      );
      expect(created.status).toBe(201);
      const before = await stored();
      const path = `/v1/board/notice/${created.body.uuid}/`;
      for (const removeAttachments of [['no-such-file'], [created.body.attachments[0].id, 'no-such-file'], ['../../etc']]) {
        const refused = await send('PATCH', path, { title: '바뀌면 안 됨', removeAttachments }, staff);
        expect(refused.status, String(removeAttachments)).toBe(422);
        expect(messages(refused)).toEqual([messagingTexts.attachmentNotFound]);
      }
      const files = Array.from({ length: NOTICE_ATTACHMENTS_MAX - 1 }, (_, index) => attachmentNamed(`new-${index}.txt`, index));
      const tooMany = await send('PATCH', path, form({ title: '바뀌면 안 됨' }, files), staff);
      expect(tooMany.status).toBe(422);
      expect(messages(tooMany)).toEqual([messagingTexts.tooManyAttachments(NOTICE_ATTACHMENTS_MAX)]);
      expect(await stored()).toEqual(before);
      const kept = await send('GET', path);
      expect(kept.body.title).toBe('첨부 한도');
      expect(namesOf(kept)).toEqual(['a.txt', 'b.txt']);

      // Making room first lets the same files in.
      const swapped = await send('PATCH', path, form({ removeAttachments: created.body.attachments[0].id }, files), staff);
      expect(swapped.status).toBe(200);
      expect(namesOf(swapped)).toEqual(['b.txt', ...files.map(([, , , name]) => name)]);
    });
  });

  describe('serving', () => {
    it('serves notice attachments that could be active content as downloads, keeping their original names in the JSON', async () => {
      const files: [string, string, string][] = [
        ['page.html', 'text/html', '<html><script>alert(1)</script></html>'],
        ['drawing.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
        ['app.js', 'text/javascript', 'alert(1)'],
        ['guide.txt', 'text/plain', '안내문'],
      ];
      const body = form(
        { title: '첨부 공지', content: '파일' },
        files.map(([name, type, text], index) => [`attachments[${index}]`, Buffer.from(text), type, name]),
      );
      const notice = await send('POST', '/v1/board/notice/', body, staff);
      expect(notice.status).toBe(201);
      expect(notice.body.attachments.map((attachment: any) => attachment.fileName)).toEqual(files.map(([name]) => name));
      for (const [index, [name, , text]] of files.entries()) {
        const url: string = notice.body.attachments[index].fileUrl;
        expect(url, name).toMatch(/^\/media\/uploads\/notices\/[0-9a-f-]{36}\.\w+$/);
        const response = await served(url);
        expect(response.status, name).toBe(200);
        expect(response.headers.get('content-disposition'), name).toBe('attachment');
        expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
        expect(response.headers.get('content-security-policy'), name).toBe(MEDIA_CSP);
        expect(await response.text(), name).toBe(text);
      }
    });

    it('serves the bundled demo pictures inline for a day, with nosniff and the media CSP', async () => {
      const response = await served('/media/slimes/slime-blue.svg');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe(`public, max-age=${MEDIA_CACHE_SECONDS.bundled}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe(MEDIA_CSP);
      expect(response.headers.get('content-disposition')).toBeNull();
      await response.arrayBuffer();
    });

    it('never puts a forged Host header into a media URL, wherever media is serialized', async () => {
      // Media of every kind first: a post picture, a profile picture, a story, a highlight, a notice attachment.
      const picture = await send('POST', '/v1/community/', form({ title: '호스트', content: '본문' }, [['images', jpegPhoto(80, 60), 'image/jpeg', 'a.jpg']]));
      expect(picture.status).toBe(201);
      expect((await uploadProfile(jpegPhoto(60, 60), 'image/jpeg')).status).toBe(200);
      const story = await uploadStory('image', pngOfSize(20_000), 'image/png');
      expect((await send('POST', '/api/stories/highlights', { title: '모음', storyIds: [story.body.id] })).status).toBe(201);
      const notice = await send(
        'POST',
        '/v1/board/notice/',
        form({ title: '첨부', content: '본문' }, [['attachments[0]', Buffer.from('x'), 'text/plain', 'x.txt']]),
        staff,
      );
      expect(notice.status).toBe(201);

      const forged = 'evil.example:666';
      const getWithHost = (path: string) =>
        new Promise<unknown>((resolve, reject) => {
          // fetch() will not send a foreign Host header; node:http will.
          const request = http.get(upstream.url + path, { headers: { host: forged, authorization: `token ${member}` } }, (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve(JSON.parse(text)));
          });
          request.on('error', reject);
        });
      const paths = [
        '/v1/community/?page_size=100',
        `/v1/community/${picture.body.id}/`,
        '/users/me',
        `/v1/user/${MEMBER}/`,
        `/v1/item/search-name/?item_name=${encodeURIComponent('슬라임')}`,
        '/v1/probability/ticket/',
        '/v1/board/notice/?pageSize=100',
        '/api/stories/groups',
        '/api/stories/highlights/my',
        '/v1/user/notification/',
      ];
      const media: string[] = [];
      const walk = (value: unknown, key: string, where: string) => {
        if (typeof value === 'string') {
          // Page links follow the address the client used (as DRF's do); nothing else may.
          if (!['next', 'previous'].includes(key)) expect(value, `${where} ${key}`).not.toContain('evil.example');
          if (value.includes('/media/')) media.push(value);
        } else if (Array.isArray(value)) value.forEach((item) => walk(item, key, where));
        else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k, where);
      };
      for (const path of paths) walk(await getWithHost(path), '', path);
      for (const url of media) expect(url).toMatch(/^\/media\/[^/]/);
      for (const folder of ['uploads/', 'uploads/notices/', 'stories/', 'avatars/', 'badges/', 'items/']) {
        expect(
          media.some((url) => url.startsWith(`/media/${folder}`)),
          folder,
        ).toBe(true);
      }
    });
  });
});

describe('media URLs on a configured public address', () => {
  let upstream: RunningUpstream;

  beforeAll(async () => {
    upstream = await startUpstream({ seed: false, publicUrl: 'https://api.slime.example/rest/' });
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('become <publicUrl>/media/<path>; stored absolute URLs pass through', async () => {
    const [local, provider] = await addMembers(upstream.db, ['로컬', '구글']);
    await upstream.db.update(users).set({ profileImage: 'avatars/avatar-mint.svg' }).where(eq(users.id, local));
    await upstream.db.update(users).set({ profileImage: 'https://lh3.googleusercontent.com/a/photo.jpg' }).where(eq(users.id, provider));
    const profile = async (id: number) => (await (await fetch(`${upstream.url}/v1/user/${id}/`)).json()).profile_image;
    expect(await profile(local)).toBe('https://api.slime.example/rest/media/avatars/avatar-mint.svg');
    expect(await profile(provider)).toBe('https://lh3.googleusercontent.com/a/photo.jpg');
  });

  it('refuses to start with a public address that is not an absolute http(s) URL', async () => {
    await expect(buildUpstream({ dataDir: 'memory://', publicUrl: 'api.slime.example' })).rejects.toThrow(/publicUrl/);
    await expect(buildUpstream({ dataDir: 'memory://', publicUrl: 'ftp://api.slime.example' })).rejects.toThrow(/publicUrl/);
  });
});
