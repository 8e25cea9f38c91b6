import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, notExists } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_DISPLAY_MAX_PX, IMAGE_MAX_PIXELS, IMAGE_THUMBNAIL_MAX_PX } from '../../../domain/limits.js';
import { communityTexts } from '../../../domain/messages.js';
import { imageUploadProblem } from '../../../domain/post.js';
import type { Database } from '../db/client.js';
import { images, postImages, posts, users, type ImageRow } from '../db/schema.js';
import { ValidationError } from '../errors.js';
import { checkUpload, detectMedia } from './media.js';
import type { MediaStore } from './store.js';

/** Where uploads go under the media root, and the path prefix their URLs carry. */
export const UPLOADS_FOLDER = 'uploads';

/** Every file of a stored picture by its path below /media: the picture and its copies, once each (a copy may be the picture itself). */
export function imageFiles(row: Pick<ImageRow, 'url' | 'thumbnailUrl' | 'displayUrl'>): string[] {
  return [...new Set([row.url, row.thumbnailUrl, row.displayUrl].filter((path): path is string => Boolean(path)))];
}

/**
 * Lets go of the pictures among `imageIds` that nothing shows any more, inside the transaction that detached them
 * from a post: an upload (under UPLOADS_FOLDER) that is attached to no post (no `post_images` row, whatever that post's
 * state, and no post's thumbnail) and is no member's profile picture loses its `images` row. Bundled demo pictures
 * and anything still in use are left alone. Answers the released pictures' files, for `removeReleasedFiles` once the
 * transaction has committed: a transaction that fails keeps both the rows and the files.
 */
export async function releaseUnusedImages(tx: Database, imageIds: readonly number[]): Promise<string[]> {
  if (!imageIds.length) return [];
  const candidates = [...new Set(imageIds)];
  // The candidates are locked first, so a post attaching one of them at the same moment is either seen below
  // (it committed first) or waits for this transaction (PostgreSQL; PGlite runs one transaction at a time).
  await tx.select({ id: images.id }).from(images).where(inArray(images.id, candidates)).for('update');
  const released = await tx
    .delete(images)
    .where(
      and(
        inArray(images.id, candidates),
        like(images.url, `${UPLOADS_FOLDER}/%`),
        notExists(tx.select({ imageId: postImages.imageId }).from(postImages).where(eq(postImages.imageId, images.id))),
        notExists(tx.select({ id: posts.id }).from(posts).where(eq(posts.thumbnailId, images.id))),
        notExists(tx.select({ id: users.id }).from(users).where(eq(users.profileImage, images.url))),
      ),
    )
    .returning();
  return released.flatMap(imageFiles);
}

/**
 * Removes the files of released pictures (`releaseUnusedImages`) once their rows are gone for good. A file that
 * cannot be removed is logged and left behind: the request that released it has succeeded and answers as such.
 */
export async function removeReleasedFiles(media: MediaStore, paths: readonly string[], log: FastifyBaseLogger): Promise<void> {
  if (!paths.length) return;
  try {
    await media.remove([...paths]);
  } catch (error) {
    log.error({ err: error, paths }, 'released media files not removed');
  }
}

/**
 * Everything one request has stored so far (uploaded files, `images` rows). When the request
 * fails before the record that uses them is committed, `discard()` takes them all back, so a refused or
 * failed write leaves nothing behind.
 */
export class StoredUploads {
  private readonly files: string[] = [];
  private readonly imageIds: number[] = [];

  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
  ) {}

  /** A file saved to the media store, by its path below /media. */
  file(path: string): void {
    this.files.push(path);
  }

  image(row: ImageRow): void {
    this.imageIds.push(row.id);
    this.files.push(...imageFiles(row));
  }

  async discard(): Promise<void> {
    const ids = this.imageIds.splice(0);
    const files = this.files.splice(0);
    if (ids.length) await this.db.delete(images).where(inArray(images.id, ids));
    await this.media.remove(files);
  }

  /** Runs `work`; if it throws, discards what was stored and rethrows its error. */
  async keepIf<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await this.discard();
      throw error;
    }
  }
}

/**
 * Stores an uploaded picture after checking its bytes (uploads/media.ts): a JPEG, PNG, GIF or WebP within the
 * size and pixel limits, matching the part's declared type, with nothing after its end. The file is saved as
 * `uploads/<uuid>.<type>` in the media store and recorded with its measured width and height, beside a small
 * WebP copy for lists when it is larger than that (`thumbnailUrl`) and one for a post's detail (`displayUrl`,
 * IMAGE_DISPLAY_MAX_PX) when it is larger than that. With `fitWithin`, a larger picture is stored
 * only as a WebP copy of at most that many pixels on its longest side (a profile picture: nothing shows it larger).
 */
export async function storeImage(
  db: Database,
  media: MediaStore,
  upload: { bytes: Buffer; mimetype?: string },
  ownerId: number,
  stored?: StoredUploads,
  { fitWithin }: { fitWithin?: number } = {},
): Promise<ImageRow> {
  const { bytes } = upload;
  const detected = detectMedia(bytes);
  const problem = imageUploadProblem(detected?.kind === 'image' ? { type: detected.extension } : null, bytes.length);
  if (problem) throw ValidationError.of('image', problem);
  const checked = checkUpload(bytes, upload.mimetype, { field: 'image', kinds: ['image'], unsupported: communityTexts.upload.notImage });
  const name = `${UPLOADS_FOLDER}/${randomUUID()}`;
  const [fitted] = fitWithin ? await webpCopies(checked.bytes, checked.width, checked.height, [fitWithin]) : [null];
  const picture = fitted
    ? { path: `${name}.webp`, bytes: fitted.data, mimeType: 'image/webp', width: fitted.info.width, height: fitted.info.height }
    : { path: `${name}.${checked.extension}`, bytes: checked.bytes, mimeType: checked.mimeType, width: checked.width, height: checked.height };
  const [thumbnail, display] = fitted
    ? [null, null]
    : await webpCopies(checked.bytes, checked.width, checked.height, [IMAGE_THUMBNAIL_MAX_PX, IMAGE_DISPLAY_MAX_PX]);
  const thumbnailPath = thumbnail ? `${name}.thumb.webp` : picture.path;
  const displayPath = display ? `${name}.display.webp` : picture.path;
  const saved: string[] = [];
  try {
    await media.save(picture.path, picture.bytes, picture.mimeType);
    saved.push(picture.path);
    for (const [path, copy] of [
      [thumbnailPath, thumbnail],
      [displayPath, display],
    ] as const) {
      if (!copy) continue;
      await media.save(path, copy.data, 'image/webp');
      saved.push(path);
    }
    const [row] = await db
      .insert(images)
      .values({
        url: picture.path,
        thumbnailUrl: thumbnailPath,
        displayUrl: displayPath,
        width: picture.width,
        height: picture.height,
        size: picture.bytes.length,
        mimeType: picture.mimeType,
        ownerId,
      })
      .returning();
    stored?.image(row);
    return row;
  } catch (error) {
    await media.remove(saved);
    throw error;
  }
}

type WebpCopy = { data: Buffer; info: sharp.OutputInfo };

/**
 * WebP copies of a picture, one per entry of `maxSides`, each at most that many pixels on its longest side (upright by
 * its EXIF orientation; an animation's first frame; no metadata). An entry is null when the picture is that small
 * already, or when the copies cannot be made (the picture itself passed every check, so it is used instead).
 * The picture is decoded once, to raw pixels at the largest copy's size, and every copy is encoded from those: a
 * phone photo's decode is most of the work (a 4000x3000 JPEG: ~25 % less CPU than decoding it for each copy).
 */
async function webpCopies(bytes: Buffer, width: number | null, height: number | null, maxSides: readonly number[]): Promise<(WebpCopy | null)[]> {
  const longest = width !== null && height !== null ? Math.max(width, height) : Infinity;
  const needed = maxSides.filter((side) => side < longest);
  if (!needed.length) return maxSides.map(() => null);
  const within = (side: number) => ({ width: side, height: side, fit: 'inside', withoutEnlargement: true }) as const;
  try {
    const upright = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false })
      .rotate()
      .resize(within(Math.max(...needed)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: rawWidth, height: rawHeight, channels } = upright.info;
    return await Promise.all(
      maxSides.map((side) =>
        needed.includes(side)
          ? sharp(upright.data, { raw: { width: rawWidth, height: rawHeight, channels } })
              .resize(within(side))
              .webp({ quality: 75 })
              .toBuffer({ resolveWithObject: true })
          : null,
      ),
    );
  } catch {
    return maxSides.map(() => null);
  }
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
