import { IMAGE_MAX_BYTES, INLINE_MEDIA_TYPES, NOTICE_ATTACHMENT_MAX_BYTES, STORY_VIDEO_MAX_BYTES, STORY_VIDEO_MIME_TYPES } from './limits.js';
import { communityTexts } from './texts/community.js';
import { messagingTexts } from './texts/messaging.js';
import { storyTexts } from './texts/stories.js';

export const megabytes = (bytes: number) => bytes / (1024 * 1024);

export interface UploadLimit {
  maxBytes: number;
  /** What the member reads when a file is over `maxBytes`: which limit, in Korean. */
  tooLarge: string;
}

export const IMAGE_UPLOAD_LIMIT: UploadLimit = { maxBytes: IMAGE_MAX_BYTES, tooLarge: communityTexts.upload.tooLarge(megabytes(IMAGE_MAX_BYTES)) };
export const VIDEO_UPLOAD_LIMIT: UploadLimit = { maxBytes: STORY_VIDEO_MAX_BYTES, tooLarge: storyTexts.media.videoTooLarge(megabytes(STORY_VIDEO_MAX_BYTES)) };
export const ATTACHMENT_UPLOAD_LIMIT: UploadLimit = {
  maxBytes: NOTICE_ATTACHMENT_MAX_BYTES,
  tooLarge: messagingTexts.attachmentTooLarge(megabytes(NOTICE_ATTACHMENT_MAX_BYTES)),
};

/**
 * The limit a file is held to while it streams in, by the type its sender declares: story videos may be
 * larger than pictures; anything else is a notice attachment. What the bytes really are is checked after
 * (the upstream sniffs them), so a wrong declaration only changes which refusal comes first.
 */
export function uploadLimitFor(declaredType: string): UploadLimit {
  const type = declaredType.toLowerCase();
  if ((STORY_VIDEO_MIME_TYPES as readonly string[]).includes(type)) return VIDEO_UPLOAD_LIMIT;
  if (type.startsWith('image/')) return IMAGE_UPLOAD_LIMIT;
  return ATTACHMENT_UPLOAD_LIMIT;
}

/** A media file opened directly (not through `<img>`/`<video>`) may show itself but never run script or load anything. */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const inlineTypes = new Set<string>(INLINE_MEDIA_TYPES);
/**
 * Whether a served media file may show inline, by its content type: uploaded pictures and videos, and (only where
 * `bundledSvg`) the demo data's SVG drawings, which are ours and kept inert by the CSP. Anything else is a download.
 */
export function shownInline(contentType: string, { bundledSvg = false } = {}): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return inlineTypes.has(type) || (bundledSvg && type === 'image/svg+xml');
}
