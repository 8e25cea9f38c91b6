import { IMAGE_MIME_TYPES, STORY_IMAGE_MAX_BYTES, STORY_VIDEO_MAX_BYTES, STORY_VIDEO_MIME_TYPES } from '@domain/limits.js';
import { communityTexts, storyTexts } from '@domain/messages.js';
import { IMAGE_UPLOAD_LIMIT, megabytes } from '@domain/uploads.js';
import type { RequestError } from '../app/relay/fetchGraphQL';

const isOneOf = (types: readonly string[], type: string) => types.includes(type);

/**
 * Why the gateway would refuse `file` as a picture (post image, profile picture), said before anything is sent:
 * nobody should wait for a 10 MB upload to learn it is too big. The server still checks the bytes.
 */
export function pictureProblem(file: File): string | null {
  if (!isOneOf(IMAGE_MIME_TYPES, file.type)) return communityTexts.upload.notImage;
  if (file.size > IMAGE_UPLOAD_LIMIT.maxBytes) return IMAGE_UPLOAD_LIMIT.tooLarge;
  return null;
}

/** The same for a story's picture or video. */
export function storyMediaProblem(file: File): string | null {
  if (isOneOf(STORY_VIDEO_MIME_TYPES, file.type)) {
    return file.size > STORY_VIDEO_MAX_BYTES ? storyTexts.media.videoTooLarge(megabytes(STORY_VIDEO_MAX_BYTES)) : null;
  }
  if (isOneOf(IMAGE_MIME_TYPES, file.type)) {
    return file.size > STORY_IMAGE_MAX_BYTES ? storyTexts.media.imageTooLarge(megabytes(STORY_IMAGE_MAX_BYTES)) : null;
  }
  return storyTexts.media.unsupported;
}

/**
 * By name, not `instanceof`: importing the network module's class into the upload screens' chunks would split it
 * out of the entry into a chunk of its own, a request and bytes more for every first visit.
 */
const isRequestError = (error: unknown): error is RequestError => error instanceof Error && error.name === 'RequestError';

/**
 * What a member reads when an upload request itself failed: the gateway's own reason when it gave one (a file
 * refused while it streamed in says which limit, in Korean), otherwise `fallback`.
 */
export function uploadFailureMessage(error: unknown, fallback: string): string {
  if (isRequestError(error) && error.code !== 'UNKNOWN' && error.code !== 'INTERNAL_SERVER_ERROR') return error.message;
  return fallback;
}

/** An upload mutation's failure texts (useTypedMutation's options): the gateway's reason, else the generic one. */
export const UPLOAD_FAILURE_TEXTS = {
  failureText: communityTexts.upload.failed,
  requestFailureText: (error: Error) => uploadFailureMessage(error, communityTexts.upload.failed),
};
