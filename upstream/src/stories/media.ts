import { randomUUID } from 'node:crypto';
import { STORY_IMAGE_MAX_BYTES, STORY_VIDEO_MAX_BYTES, type StoryType } from '../../../domain/limits.js';
import { storyTexts } from '../../../domain/messages.js';
import { ValidationError } from '../errors.js';
import type { StoredUploads } from '../uploads/images.js';
import { checkUpload, detectMedia } from '../uploads/media.js';
import type { MediaStore } from '../uploads/store.js';

export const STORIES_FOLDER = 'stories';

export interface DetectedMedia {
  type: StoryType;
  mimeType: string;
  extension: string;
  width: number | null;
  height: number | null;
  /** What to store (a camera's trailer after a JPEG removed). */
  bytes: Buffer;
}

/**
 * What the bytes are (uploads/media.ts: content, declared part type, pixel limit, nothing after a picture's
 * end), checked against the story's declared `type` and the size limit of that kind.
 */
export function checkStoryMedia(bytes: Buffer | null, declared: StoryType, mimetype?: string): DetectedMedia {
  if (!bytes || bytes.length === 0) throw ValidationError.of('media', storyTexts.media.missing, 'invalid_type');
  const kind = detectMedia(bytes)?.kind;
  if (!kind) throw ValidationError.of('media', storyTexts.media.unsupported);
  if (kind !== declared) throw ValidationError.of('type', storyTexts.media.typeMismatch);
  if (kind === 'image' && bytes.length > STORY_IMAGE_MAX_BYTES) {
    throw ValidationError.of('media', storyTexts.media.imageTooLarge(STORY_IMAGE_MAX_BYTES / (1024 * 1024)), 'too_big');
  }
  const checked = checkUpload(bytes, mimetype, { field: 'media', kinds: [kind], unsupported: storyTexts.media.unsupported });
  return { type: checked.kind, mimeType: checked.mimeType, extension: checked.extension, width: checked.width, height: checked.height, bytes: checked.bytes };
}

/** Saves the media as `stories/<uuid>.<type>`, recorded in `stored`; answers its path under /media. */
export async function writeStoryMedia(media: MediaStore, bytes: Buffer, detected: DetectedMedia, stored: StoredUploads): Promise<string> {
  const path = `${STORIES_FOLDER}/${randomUUID()}.${detected.extension}`;
  stored.file(path);
  await media.save(path, bytes, detected.mimeType);
  return path;
}

/** The multipart limit: the largest kind; images are held to their own limit after detection. */
export const STORY_UPLOAD_MAX_BYTES = Math.max(STORY_IMAGE_MAX_BYTES, STORY_VIDEO_MAX_BYTES);
