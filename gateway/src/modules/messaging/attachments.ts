import { messagingTexts } from '../../../../domain/index.js';
import { IMAGE_THUMBNAIL_MAX_PX } from '../../../../domain/limits.js';
import { ATTACHMENT_UPLOAD_LIMIT } from '../../../../domain/uploads.js';
import { invalidArgument } from '../../graphql/errors.js';
import { ensureWithin } from '../../graphql/uploads.js';
import type { AttachedFile } from './messaging-api.js';

/**
 * The files of a notice's or an inquiry's `attachments` input, read whole for the upstream: at most `max`, each
 * within the attachment limit, refused at `input.attachments` (or the file's index) before any upstream call.
 */
export async function attachedFilesOf(files: File[] | null | undefined, max: number): Promise<AttachedFile[]> {
  if (!files?.length) return [];
  if (files.length > max) throw invalidArgument(['input', 'attachments'], messagingTexts.tooManyAttachments(max), 'too_big');
  files.forEach((file, index) => ensureWithin(file, ATTACHMENT_UPLOAD_LIMIT, ['input', 'attachments', String(index)]));
  return Promise.all(
    files.map(async (file) => ({ name: file.name || 'file', type: file.type || 'application/octet-stream', bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
}

/** How a notice's and an inquiry's attachment describe their `thumbnailUrl`. */
export const ATTACHMENT_THUMBNAIL_TEXT = `A small copy of a picture for tiles (at most ${IMAGE_THUMBNAIL_MAX_PX} pixels on its longest side); null for any other file and for a picture that small already (use \`fileUrl\`).`;
