import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_PX } from '../../domain/limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../../upstream/src/db/tables/stories.js';
import { withoutLocation } from '../../upstream/src/uploads/location.js';
import {
  exifPayload,
  gpsExif,
  JPEG_EXIF_TIFF_OFFSET,
  jpegPhoto,
  jpegWithApp1,
  jpegWithGps,
  pngCrcsHold,
  pngWithChunks,
  pngXmpText,
  webpWithChunks,
  xmpPayload,
  xmpWithGps,
  type ByteOrder,
} from '../helpers/media-files.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

const MEMBER = 2;
const ORDERS: ByteOrder[] = ['II', 'MM'];

/** The XMP values `xmpWithGps` holds a position in; each is stored as that many spaces. */
const XMP_GPS_VALUES = ['37,33.985N', '126,58.688E', '3800/100', '2024-05-04T09:12:33Z'];
const xmpBlanked = (bytes: Buffer) =>
  Buffer.from(
    XMP_GPS_VALUES.reduce((text, value) => text.replace(value, ' '.repeat(value.length)), bytes.toString('latin1')),
    'latin1',
  );

/** `after` is `before` except inside [start, end), which is all zeros. */
function onlyZeroedIn(before: Buffer, after: Buffer, [start, end]: [number, number]) {
  expect(after.length).toBe(before.length);
  expect(after.subarray(0, start).equals(before.subarray(0, start)), 'bytes before the GPS block').toBe(true);
  expect(after.subarray(end).equals(before.subarray(end)), 'bytes after the GPS block').toBe(true);
  expect(
    after.subarray(start, end).every((byte) => byte === 0),
    'the GPS block',
  ).toBe(true);
}

describe('withoutLocation', () => {
  const photo = jpegPhoto(64, 48);

  it.each(ORDERS)("zeroes the GPS IFD and its values in a JPEG's EXIF, keeping the length, Orientation and everything else (%s)", (order) => {
    const exif = gpsExif(order);
    const original = jpegWithApp1(exifPayload(exif.tiff), photo);
    const blanked = withoutLocation(original, 'image/jpeg');
    onlyZeroedIn(original, blanked, [exif.gps[0] + JPEG_EXIF_TIFF_OFFSET, exif.gps[1] + JPEG_EXIF_TIFF_OFFSET]);
    expect(blanked.includes(exif.latitude) || blanked.includes(exif.longitude)).toBe(false);
    expect(imageSize(blanked)).toMatchObject({ width: 64, height: 48, orientation: 6 });
  });

  it('answers the same bytes when there is nothing to blank, and leaves its input as it was', () => {
    expect(withoutLocation(photo, 'image/jpeg')).toBe(photo);
    const original = jpegWithGps('II').bytes;
    const copy = Buffer.from(original);
    withoutLocation(original, 'image/jpeg');
    expect(original.equals(copy)).toBe(true);
  });

  it("leaves EXIF whose GPS pointer or first IFD lies past the segment's end as it is", () => {
    const pastTheEnd = jpegWithApp1(exifPayload(gpsExif('MM', { gpsOffset: 0xfff0 }).tiff), photo);
    expect(withoutLocation(pastTheEnd, 'image/jpeg').equals(pastTheEnd)).toBe(true);
    const tiff = gpsExif('II').tiff;
    tiff.writeUInt32LE(0xfffffff0, 4);
    const noIfd0 = jpegWithApp1(exifPayload(tiff), photo);
    expect(withoutLocation(noIfd0, 'image/jpeg').equals(noIfd0)).toBe(true);
  });

  it('blanks what lies inside the segment of a GPS IFD that claims more entries than fit', () => {
    for (const order of ORDERS) {
      const exif = gpsExif(order, { gpsCount: 0xffff });
      const original = jpegWithApp1(exifPayload(exif.tiff), photo);
      const blanked = withoutLocation(original, 'image/jpeg');
      expect(blanked.length).toBe(original.length);
      expect(blanked.includes(exif.latitude) || blanked.includes(exif.longitude), order).toBe(false);
      const gpsStart = exif.gps[0] + JPEG_EXIF_TIFF_OFFSET;
      expect(blanked.subarray(0, gpsStart).equals(original.subarray(0, gpsStart))).toBe(true);
      expect(blanked.subarray(JPEG_EXIF_TIFF_OFFSET + exif.tiff.length).equals(photo.subarray(2))).toBe(true);
    }
  });

  it('never throws on truncated or corrupted EXIF, never changes a length and never touches the pixels', () => {
    for (const order of ORDERS) {
      const { tiff } = gpsExif(order);
      const cases: Buffer[] = [];
      for (let length = 0; length <= tiff.length; length++) cases.push(tiff.subarray(0, length));
      for (let i = 0; i < 2000; i++) {
        const corrupted = Buffer.from(tiff);
        for (let n = randomInt(1, 6); n > 0; n--) corrupted[randomInt(corrupted.length)] = randomInt(256);
        cases.push(corrupted);
      }
      for (const damaged of cases) {
        const original = jpegWithApp1(exifPayload(damaged), photo);
        const blanked = withoutLocation(original, 'image/jpeg');
        expect(blanked.length).toBe(original.length);
        expect(blanked.subarray(JPEG_EXIF_TIFF_OFFSET + damaged.length).equals(photo.subarray(2))).toBe(true);
      }
    }
  });

  it("zeroes the GPS IFD of the EXIF thumbnail's own EXIF too", () => {
    const outer = gpsExif('MM');
    const inner = gpsExif('II');
    const thumbnail = jpegWithApp1(exifPayload(inner.tiff), jpegPhoto(16, 16));
    // IFD1 after the outer TIFF: JPEGInterchangeFormat and its length, then the thumbnail.
    const ifd1At = outer.tiff.length + (outer.tiff.length % 2);
    const ifd1 = Buffer.alloc(2 + 2 * 12 + 4);
    ifd1.writeUInt16BE(2, 0);
    ifd1.set([0x02, 0x01, 0, 4, 0, 0, 0, 1], 2);
    ifd1.writeUInt32BE(ifd1At + ifd1.length, 10);
    ifd1.set([0x02, 0x02, 0, 4, 0, 0, 0, 1], 14);
    ifd1.writeUInt32BE(thumbnail.length, 22);
    const tiff = Buffer.concat([outer.tiff, Buffer.alloc(ifd1At - outer.tiff.length), ifd1, thumbnail]);
    tiff.writeUInt32BE(ifd1At, 8 + 2 + 3 * 12); // IFD0's link to the next IFD
    const original = jpegWithApp1(exifPayload(tiff), photo);
    const blanked = withoutLocation(original, 'image/jpeg');
    expect(blanked.length).toBe(original.length);
    for (const value of [outer.latitude, outer.longitude, inner.latitude, inner.longitude]) expect(blanked.includes(value)).toBe(false);
    const thumbnailAt = JPEG_EXIF_TIFF_OFFSET + ifd1At + ifd1.length;
    onlyZeroedIn(thumbnail, blanked.subarray(thumbnailAt, thumbnailAt + thumbnail.length), [
      inner.gps[0] + JPEG_EXIF_TIFF_OFFSET,
      inner.gps[1] + JPEG_EXIF_TIFF_OFFSET,
    ]);
    expect(imageSize(blanked)).toMatchObject({ width: 64, height: 48, orientation: 6 });
  });

  it('blanks GPS values in XMP with spaces, byte for byte, keeping the other properties and the markup', () => {
    const original = jpegWithApp1(xmpPayload(xmpWithGps()), photo);
    const blanked = withoutLocation(original, 'image/jpeg');
    expect(blanked.equals(xmpBlanked(original))).toBe(true);
    expect(blanked.toString('latin1')).toContain('xmp:CreatorTool="SlimePhone 1.0"');
    expect(blanked.toString('latin1')).toContain('<tiff:Orientation>6</tiff:Orientation>');
  });
});

describe.each(backends())('uploads keep no position (%s)', (backend) => {
  let upstream: RunningUpstream;
  let member: string;

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    member = await upstream.issueToken(MEMBER);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  async function send(method: string, path: string, body?: FormData) {
    const response = await fetch(upstream.url + path, { method, headers: { authorization: `token ${member}` }, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  const form = (fields: Record<string, string>, field: string, bytes: Buffer, type: string) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append(field, new Blob([new Uint8Array(bytes)], { type }), 'photo');
    return body;
  };
  const fetchStored = async (url: string) => Buffer.from(await (await fetch(upstream.url + url)).arrayBuffer());

  /** Uploads `bytes` as a post picture and answers the stored file, checking the recorded size is its length. */
  async function viaPicture(bytes: Buffer, type: string): Promise<Buffer> {
    const answer = await send('POST', '/v1/community/images/', form({}, 'image', bytes, type));
    expect(answer.status).toBe(201);
    const stored = await fetchStored(answer.body.url);
    expect(answer.body.size).toBe(stored.length);
    return stored;
  }
  async function viaPost(bytes: Buffer, type: string): Promise<Buffer> {
    const answer = await send('POST', '/v1/community/', form({ title: '사진', content: '본문' }, 'images', bytes, type));
    expect(answer.status).toBe(201);
    return fetchStored(answer.body.images[0].url);
  }
  async function viaProfile(bytes: Buffer, type: string): Promise<Buffer> {
    const answer = await send('POST', '/users/me/profile-image', form({}, 'image', bytes, type));
    expect(answer.status).toBe(200);
    return fetchStored(answer.body.profile_image);
  }
  async function viaStory(bytes: Buffer, type: string): Promise<Buffer> {
    const answer = await send('POST', '/api/stories/create', form({ type: 'image' }, 'media', bytes, type));
    expect(answer.status).toBe(201);
    const stored = await fetchStored(answer.body.media);
    const [row] = await upstream.db.select({ size: stories.size }).from(stories).where(eq(stories.id, answer.body.id));
    expect(row.size).toBe(stored.length);
    expect((await send('DELETE', `/api/stories/${answer.body.id}`)).status).toBe(200);
    return stored;
  }
  const routes = { picture: viaPicture, post: viaPost, story: viaStory };

  it.each(ORDERS)(
    "a phone photo's EXIF GPS position is zeroed in place on the picture, post and story routes, Orientation kept; the profile keeps a copy without metadata (%s)",
    async (order) => {
      const photo = jpegWithGps(order);
      for (const [route, upload] of Object.entries(routes)) {
        const stored = await upload(photo.bytes, 'image/jpeg');
        onlyZeroedIn(photo.bytes, stored, photo.gps);
        expect(stored.includes(photo.latitude) || stored.includes(photo.longitude), route).toBe(false);
        expect(imageSize(stored), route).toMatchObject({ width: 800, height: 600, orientation: 6 });
      }
      // Orientation 6 shows the 800×600 picture upright, 600 wide and 800 high: the size a client lays it out by.
      const described = await send('POST', '/v1/community/images/', form({}, 'image', photo.bytes, 'image/jpeg'));
      expect(described.body).toMatchObject({ width: 600, height: 800 });
      // A profile picture larger than PROFILE_IMAGE_MAX_PX is stored as a smaller WebP copy: turned upright by its
      // Orientation, with no EXIF (nor its position) at all.
      const profile = await viaProfile(photo.bytes, 'image/jpeg');
      expect(profile.includes(photo.latitude) || profile.includes(photo.longitude)).toBe(false);
      const metadata = await sharp(profile).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: (PROFILE_IMAGE_MAX_PX * 3) / 4, height: PROFILE_IMAGE_MAX_PX });
      expect(metadata.exif).toBeUndefined();
    },
  );

  it("GPS values in a JPEG's XMP become spaces, the file otherwise unchanged", async () => {
    const original = jpegWithApp1(xmpPayload(xmpWithGps()));
    for (const upload of [viaPicture, viaStory]) expect((await upload(original, 'image/jpeg')).equals(xmpBlanked(original))).toBe(true);
  });

  it("a PNG's eXIf GPS IFD is zeroed and its XMP blanked, with valid chunk CRCs", async () => {
    const exif = gpsExif('MM');
    const original = pngWithChunks([
      ['eXIf', exif.tiff],
      ['iTXt', pngXmpText(xmpWithGps())],
    ]);
    const exifAt = 8 + 25 + 8;
    for (const upload of [viaPicture, viaStory]) {
      const stored = await upload(original, 'image/png');
      expect(stored.length).toBe(original.length);
      expect(stored.includes(exif.latitude) || stored.includes(exif.longitude)).toBe(false);
      expect(stored.subarray(exifAt + exif.gps[0], exifAt + exif.gps[1]).every((byte) => byte === 0)).toBe(true);
      expect(stored.subarray(exifAt, exifAt + exif.gps[0]).equals(exif.tiff.subarray(0, exif.gps[0]))).toBe(true);
      for (const value of XMP_GPS_VALUES) expect(stored.includes(value)).toBe(false);
      expect(stored.includes('SlimePhone 1.0')).toBe(true);
      expect(pngCrcsHold(stored)).toBe(true);
      expect(imageSize(stored)).toMatchObject({ width: 1024, type: 'png' });
    }
  });

  it("a WebP's EXIF GPS IFD is zeroed and its XMP blanked", async () => {
    const exif = gpsExif('II');
    const original = webpWithChunks([
      ['EXIF', exif.tiff],
      ['XMP ', Buffer.from(xmpWithGps())],
    ]);
    const stored = await viaPicture(original, 'image/webp');
    expect(stored.length).toBe(original.length);
    expect(stored.includes(exif.latitude) || stored.includes(exif.longitude)).toBe(false);
    for (const value of XMP_GPS_VALUES) expect(stored.includes(value)).toBe(false);
    const exifAt = stored.indexOf('EXIF') + 8;
    expect(stored.subarray(exifAt, exifAt + exif.gps[0]).equals(exif.tiff.subarray(0, exif.gps[0]))).toBe(true);
    expect(imageSize(stored)).toMatchObject({ width: 1, height: 1, type: 'webp' });
  });

  it('malformed EXIF never fails an upload: a pointer past the segment stays as it is; a GPS IFD cut short is blanked up to the end', async () => {
    const pastTheEnd = jpegWithApp1(exifPayload(gpsExif('II', { gpsOffset: 0x7fff_fff0 }).tiff));
    const truncated = jpegWithApp1(exifPayload(gpsExif('MM').tiff.subarray(0, 30)));
    for (const upload of [viaPicture, viaStory]) {
      expect((await upload(pastTheEnd, 'image/jpeg')).equals(pastTheEnd)).toBe(true);
      expect((await upload(truncated, 'image/jpeg')).equals(truncated)).toBe(true);
    }
    const exif = gpsExif('MM', { gpsCount: 0xffff });
    const cutShort = jpegWithApp1(exifPayload(exif.tiff));
    for (const upload of [viaPicture, viaStory]) {
      const stored = await upload(cutShort, 'image/jpeg');
      expect(stored.length).toBe(cutShort.length);
      expect(stored.includes(exif.latitude) || stored.includes(exif.longitude)).toBe(false);
      expect(imageSize(stored)).toMatchObject({ width: 800, height: 600, orientation: 6 });
    }
  });
});
