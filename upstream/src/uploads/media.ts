import { extname } from 'node:path';
import { imageSize } from 'image-size';
import { IMAGE_MAX_PIXELS, IMAGE_MIME_TYPES } from '../../../domain/limits.js';
import { communityTexts, storyTexts } from '../../../domain/messages.js';
import { ValidationError } from '../errors.js';
import { withoutLocation } from './location.js';

/**
 * The content checks every upload of a picture or video goes through (post pictures, profile pictures,
 * stories): what the bytes are, that they are what the multipart part declared, that a picture stays within
 * the pixel limit and ends where its format ends (no script or page riding behind it).
 */

export type MediaKind = 'image' | 'video';

export interface CheckedMedia {
  kind: MediaKind;
  mimeType: string;
  extension: string;
  width: number | null;
  height: number | null;
}

/**
 * What to store: the upload's bytes, without a phone camera's trailer (see `cameraTrailer`) and, for a
 * picture, without where it was taken (see location.ts); otherwise byte for byte.
 */
export interface CheckedUpload extends CheckedMedia {
  bytes: Buffer;
}

/**
 * Videos are recognised by their container's signature. image-size only reads pictures and the kept
 * libraries that sniff every format (file-type and the like) are not installed; the two containers a
 * browser records and plays everywhere need a few bytes each, so the check is written here:
 * - MP4 / QuickTime (ISO base media): a box whose type at bytes 4-7 is `ftyp`;
 * - WebM (Matroska): the EBML header magic 1A 45 DF A3 at byte 0, with doc type `webm` inside the header.
 */
export function detectVideo(bytes: Buffer): { mimeType: string; extension: string } | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return { mimeType: 'video/mp4', extension: 'mp4' };
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3 && bytes.subarray(0, 64).includes('webm', 0, 'latin1')) {
    return { mimeType: 'video/webm', extension: 'webm' };
  }
  return null;
}

function detectImage(bytes: Buffer): CheckedMedia | null {
  try {
    const found = imageSize(bytes);
    const extension = found.type === 'jpg' ? 'jpeg' : found.type;
    if (!extension || !(IMAGE_MIME_TYPES as readonly string[]).includes(`image/${extension}`)) return null;
    // EXIF Orientation 5-8 turns the picture a quarter: it shows (and is described) with its sides swapped.
    const turned = (found.orientation ?? 1) >= 5;
    const width = found.width ?? null;
    const height = found.height ?? null;
    return { kind: 'image', mimeType: `image/${extension}`, extension, width: turned ? height : width, height: turned ? width : height };
  } catch {
    return null;
  }
}

/** What the bytes are: a picture of an accepted type or a video, else null. */
export function detectMedia(bytes: Buffer): CheckedMedia | null {
  const video = detectVideo(bytes);
  return video ? { kind: 'video', ...video, width: null, height: null } : detectImage(bytes);
}

/** Types a part may declare without saying what it is: judged by its content alone. */
const UNDECLARED = new Set(['', 'application/octet-stream']);
/** Other names clients send for the same formats (old browsers' JPEG names; QuickTime is an ISO base media file). */
const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png', 'video/quicktime': 'video/mp4' };

/** The part's declared type, normalised, or null when it declared none. */
export function declaredType(mimetype: string | undefined): string | null {
  const type = (mimetype ?? '').split(';')[0].trim().toLowerCase();
  if (UNDECLARED.has(type)) return null;
  return ALIASES[type] ?? type;
}

/**
 * What an attachment (any type of file) is stored and described as: a picture or video by its content, whatever was
 * declared; any other file by its declared type and its name's extension, except that a claim to be a picture or video
 * the content does not back (a text file named `.jpg`) makes it a plain download, never a broken image.
 */
export function attachmentType(bytes: Buffer, mimetype: string | undefined, fileName: string): { mimeType: string; extension: string } {
  const media = detectMedia(bytes);
  if (media) return { mimeType: media.mimeType, extension: media.extension };
  const declared = declaredType(mimetype);
  if (!declared || /^(image|video)\//.test(declared)) return { mimeType: 'application/octet-stream', extension: 'bin' };
  const extension = extname(fileName).slice(1, 11).replace(/\W/g, '').toLowerCase();
  return { mimeType: declared, extension: extension && !/^(jpe?g|png|gif|webp|avif|heic|mp4|webm|mov|svg)$/.test(extension) ? extension : 'bin' };
}

export interface UploadCheck {
  /** The request field the problem is reported on. */
  field: string;
  kinds: readonly MediaKind[];
  /** The message for content that is none of `kinds`. */
  unsupported: string;
}

/**
 * Checks an upload's bytes against the part's declared type and the limits; answers what it is or throws a
 * 422 naming `field`. Runs before anything is written.
 */
export function checkUpload(bytes: Buffer, mimetype: string | undefined, check: UploadCheck): CheckedUpload {
  const fail = (message: string, code = 'invalid_value') => ValidationError.of(check.field, message, code);
  const detected = detectMedia(bytes);
  if (!detected || !check.kinds.includes(detected.kind)) throw fail(check.unsupported);
  const mismatch = detected.kind === 'image' ? communityTexts.upload.typeMismatch : storyTexts.media.videoTypeMismatch;
  const declared = declaredType(mimetype);
  if (declared !== null && declared !== detected.mimeType) throw fail(mismatch);
  if (detected.kind === 'image') {
    if ((detected.width ?? 0) * (detected.height ?? 0) > IMAGE_MAX_PIXELS) {
      throw fail(communityTexts.upload.tooManyPixels(IMAGE_MAX_PIXELS / 1_000_000), 'too_big');
    }
    const end = pictureEnd(bytes, detected.mimeType);
    if (end === null) throw fail(mismatch);
    if (end !== bytes.length && (detected.mimeType !== 'image/jpeg' || !cameraTrailer(bytes.subarray(end)))) throw fail(mismatch);
    return { ...detected, bytes: withoutLocation(bytes.subarray(0, end), detected.mimeType) };
  }
  return { ...detected, bytes };
}

/**
 * Phone cameras write data after a JPEG's end: motion photos append their video (Google's an MP4 starting
 * with an `ftyp` box, Samsung's behind a `MotionPhoto_Data` marker) and Samsung adds its SEF trailer. Such a
 * photo is what members upload every day: it is accepted and stored without the trailer, so what is served
 * is the picture alone. Anything else after the end is refused.
 */
function cameraTrailer(trailer: Buffer): boolean {
  if (trailer.length >= 12 && trailer.toString('latin1', 4, 8) === 'ftyp') return true;
  if (trailer.toString('latin1', 0, 16) === 'MotionPhoto_Data') return true;
  return trailer.length >= 8 && trailer.toString('latin1', trailer.length - 4) === 'SEFT';
}

/**
 * Where a picture's format says the file ends, or null when its structure does not hold together. Written
 * here because image-size only reads the headers: a page or script appended after a valid picture (a
 * polyglot) passes it, and the formats' own framing finds the end in one pass without decoding pixels.
 */
export function pictureEnd(bytes: Buffer, mimeType: string): number | null {
  try {
    switch (mimeType) {
      case 'image/png':
        return pngEnd(bytes);
      case 'image/gif':
        return gifEnd(bytes);
      case 'image/webp':
        return webpEnd(bytes);
      case 'image/jpeg':
        return jpegEnd(bytes);
      default:
        return null;
    }
  } catch (error) {
    // A length field pointing past the end of the buffer: a truncated or forged file.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** PNG: the 8-byte signature, then chunks (length, type, data, CRC) up to and including IEND. */
function pngEnd(bytes: Buffer): number | null {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    offset += 12 + length;
    if (type === 'IEND') return offset <= bytes.length ? offset : null;
  }
  return null;
}

/** GIF: header and screen descriptor, colour tables, then extension and image blocks until the 0x3B trailer. */
function gifEnd(bytes: Buffer): number | null {
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0);
  const skipSubBlocks = (from: number) => {
    let at = from;
    for (let size = bytes.readUInt8(at); size !== 0; size = bytes.readUInt8(at)) at += size + 1;
    return at + 1;
  };
  let offset = 13 + colourTable(bytes.readUInt8(10));
  for (;;) {
    const block = bytes.readUInt8(offset);
    if (block === 0x3b) return offset + 1;
    if (block === 0x21) offset = skipSubBlocks(offset + 2);
    else if (block === 0x2c) offset = skipSubBlocks(offset + 10 + colourTable(bytes.readUInt8(offset + 9)) + 1);
    else return null;
  }
}

/** WebP: a RIFF container whose size field counts every byte after the first eight. */
function webpEnd(bytes: Buffer): number | null {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF') return null;
  return 8 + bytes.readUInt32LE(4);
}

/**
 * JPEG: length-prefixed segments (EXIF and its thumbnail live inside APP1's length, so they are skipped
 * whole) until a start of scan; its entropy-coded data runs until the next marker that is not a stuffed
 * 0xFF00 or a restart marker. That marker is EOI (the end) or, in a progressive JPEG, the next segment.
 */
function jpegEnd(bytes: Buffer): number | null {
  if (bytes.readUInt16BE(0) !== 0xffd8) return null;
  let offset = 2;
  for (;;) {
    if (bytes.readUInt8(offset) !== 0xff) return null;
    let marker = bytes.readUInt8(offset + 1);
    while (marker === 0xff) marker = bytes.readUInt8(++offset + 1); // fill bytes before a marker
    offset += 2;
    if (marker === 0xd9) return offset;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // markers without a length
    offset += bytes.readUInt16BE(offset);
    if (marker !== 0xda) continue;
    // Entropy-coded data: find the next real marker.
    for (;;) {
      offset = bytes.indexOf(0xff, offset);
      if (offset < 0) return null;
      const next = bytes.readUInt8(offset + 1);
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) offset += 2;
      else if (next === 0xff) offset++;
      else break;
    }
  }
}
