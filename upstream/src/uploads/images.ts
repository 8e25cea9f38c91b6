import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { imageUploadProblem } from '../../../domain/post.js';
import type { Database } from '../db/client.js';
import { images, type ImageRow } from '../db/schema.js';
import { RequestValidationError } from '../http/errors.js';

/** Where uploads go under the media root, and the path prefix their URLs carry. */
export const UPLOADS_FOLDER = 'uploads';

function detect(bytes: Buffer): { type?: string; width?: number; height?: number } | null {
  try {
    return imageSize(bytes);
  } catch {
    return null;
  }
}

/**
 * Stores an uploaded picture after checking its bytes: a JPEG, PNG, GIF or WebP within the size limit.
 * The file is written under `<mediaDir>/uploads` and recorded with its measured width and height.
 */
export async function storeImage(db: Database, mediaDir: string, bytes: Buffer, ownerId: number): Promise<ImageRow> {
  const detected = detect(bytes);
  const problem = imageUploadProblem(detected, bytes.length);
  if (problem) throw new RequestValidationError([{ path: 'image', message: problem, code: 'invalid_value' }]);
  const extension = detected!.type === 'jpg' ? 'jpeg' : detected!.type!;
  const name = `${randomUUID()}.${extension}`;
  await mkdir(join(mediaDir, UPLOADS_FOLDER), { recursive: true });
  await writeFile(join(mediaDir, UPLOADS_FOLDER, name), bytes);
  const path = `${UPLOADS_FOLDER}/${name}`;
  const [row] = await db
    .insert(images)
    .values({ url: path, thumbnailUrl: path, width: detected!.width ?? null, height: detected!.height ?? null, size: bytes.length, mimeType: `image/${extension}`, ownerId })
    .returning();
  return row;
}

/**
 * A multipart file's bytes, or null when it went past the route's size limit. The limit either throws while
 * reading or, when it is reached with the last chunk, only marks the stream truncated: both mean too large.
 */
export async function readWithinLimit(part: MultipartFile): Promise<Buffer | null> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw error;
  }
  return part.file.truncated ? null : bytes;
}
