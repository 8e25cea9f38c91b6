import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { IMAGE_MIME_TYPES, STORY_IMAGE_MAX_BYTES, STORY_VIDEO_MAX_BYTES, type StoryType } from '../../../domain/limits.js';
import { storyTexts } from '../../../domain/messages.js';
import { RequestValidationError } from '../http/errors.js';

export const STORIES_FOLDER = 'stories';

export interface DetectedMedia {
  type: StoryType;
  mimeType: string;
  extension: string;
  width: number | null;
  height: number | null;
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

function detectImage(bytes: Buffer): DetectedMedia | null {
  try {
    const found = imageSize(bytes);
    const extension = found.type === 'jpg' ? 'jpeg' : found.type;
    if (!extension || !(IMAGE_MIME_TYPES as readonly string[]).includes(`image/${extension}`)) return null;
    return { type: 'image', mimeType: `image/${extension}`, extension, width: found.width ?? null, height: found.height ?? null };
  } catch {
    return null;
  }
}

const problem = (path: string, message: string, code = 'invalid_value') => new RequestValidationError([{ path, message, code }]);

/** What the bytes are, checked against the declared story type and the size limit of that kind. */
export function checkStoryMedia(bytes: Buffer | null, declared: StoryType): DetectedMedia {
  if (!bytes || bytes.length === 0) throw problem('media', storyTexts.media.missing, 'invalid_type');
  const video = detectVideo(bytes);
  const detected: DetectedMedia | null = video ? { type: 'video', ...video, width: null, height: null } : detectImage(bytes);
  if (!detected) throw problem('media', storyTexts.media.unsupported);
  if (detected.type !== declared) throw problem('type', storyTexts.media.typeMismatch);
  if (detected.type === 'image' && bytes.length > STORY_IMAGE_MAX_BYTES) {
    throw problem('media', storyTexts.media.imageTooLarge(STORY_IMAGE_MAX_BYTES / (1024 * 1024)), 'too_big');
  }
  return detected;
}

/** Writes the media under `<mediaDir>/stories`; answers its path under /media and how to remove it again. */
export async function writeStoryMedia(mediaDir: string, bytes: Buffer, detected: DetectedMedia): Promise<{ path: string; remove(): Promise<void> }> {
  const name = `${randomUUID()}.${detected.extension}`;
  await mkdir(join(mediaDir, STORIES_FOLDER), { recursive: true });
  const file = join(mediaDir, STORIES_FOLDER, name);
  await writeFile(file, bytes);
  return { path: `${STORIES_FOLDER}/${name}`, remove: () => rm(file, { force: true }) };
}

/** The multipart limit: the largest kind; images are held to their own limit after detection. */
export const STORY_UPLOAD_MAX_BYTES = Math.max(STORY_IMAGE_MAX_BYTES, STORY_VIDEO_MAX_BYTES);
