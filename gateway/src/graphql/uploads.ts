import type { UploadLimit } from '../../../domain/uploads.js';
import { invalidArgument } from './errors.js';

/**
 * A mutation that takes only one kind of file holds it to that kind's limit before any upstream call
 * (a file declared as a video streams in up to the video limit, but a profile picture is a picture).
 */
export function ensureWithin(file: File, limit: UploadLimit, path: string[]): File {
  if (file.size > limit.maxBytes) throw invalidArgument(path, limit.tooLarge, 'too_big');
  return file;
}
