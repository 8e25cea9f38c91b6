import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, like, lt, notExists, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_DISPLAY_MAX_PX, IMAGE_MAX_PIXELS, IMAGE_THUMBNAIL_MAX_PX, UNUSED_UPLOADS_SWEEP } from '../../../domain/limits.js';
import { communityTexts } from '../../../domain/messages.js';
import { imageUploadProblem } from '../../../domain/post.js';
import type { Database } from '../db/client.js';
import { images, postImages, posts, users, type ImageRow } from '../db/schema.js';
import { ValidationError } from '../errors.js';
import { checkUpload, detectMedia } from './media.js';
import type { MediaStore } from './store.js';

/** Where uploads go under the media root, and the path prefix their URLs carry. */
export const UPLOADS_FOLDER = 'uploads';
/** Inquiries' attachments, below UPLOADS_FOLDER: served as private (uploads/serve.ts). */
export const INQUIRY_UPLOADS_SUBFOLDER = 'inquiries';

/** Every file of a stored picture by its path below /media: the picture and its copies, once each (a copy may be the picture itself). */
export function imageFiles(row: Pick<ImageRow, 'url' | 'thumbnailUrl' | 'displayUrl'>): string[] {
  return [...new Set([row.url, row.thumbnailUrl, row.displayUrl].filter((path): path is string => Boolean(path)))];
}

/**
 * The one rule for letting a picture go: an upload (under UPLOADS_FOLDER) that no post shows (no `post_images` row
 * and no thumbnail of a post that is not deleted) and that is no member's profile picture. Bundled demo pictures
 * and anything still in use never match. A deleted post counts for nothing: posts deleted before their pictures were
 * released with them still hold `post_images` rows and thumbnails, and those pictures are released too.
 */
function unusedUpload(tx: Database): SQL {
  return and(
    like(images.url, `${UPLOADS_FOLDER}/%`),
    notExists(
      tx
        .select({ imageId: postImages.imageId })
        .from(postImages)
        .innerJoin(posts, eq(posts.id, postImages.postId))
        .where(and(eq(postImages.imageId, images.id), isNull(posts.deletedAt))),
    ),
    notExists(
      tx
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.thumbnailId, images.id), isNull(posts.deletedAt))),
    ),
    notExists(tx.select({ id: users.id }).from(users).where(eq(users.profileImage, images.url))),
  )!;
}

/**
 * Which pictures `releaseUnusedImages` looks at: those a post has just let go of (`ids`), or, for the periodic
 * sweep, uploads made before `createdBefore`, at most `limit` of them per call.
 */
export type ReleaseScope = { ids: readonly number[] } | { createdBefore: Date; limit: number };

/**
 * Lets go of the pictures in `scope` that nothing shows any more (`unusedUpload`): they lose their `images` rows in
 * the caller's transaction. Answers the released rows; their files (`imageFiles`) are for `removeReleasedFiles`
 * once the transaction has committed, so a transaction that fails keeps both the rows and the files.
 *
 * The pictures are locked before they are deleted, and the rule is checked again by the deletion (a statement of
 * its own, so it sees what committed while it waited): a post attaching one of them at the same moment (it locks
 * the pictures it names, `lockUsableImages` in community/post-repository.ts) is either seen (it committed first) or
 * waits for this transaction and then finds the picture gone (PostgreSQL; PGlite runs one transaction at a time).
 * Rows are locked in id order, so two transactions releasing pictures never deadlock. The sweep skips pictures
 * another transaction holds (a post attaching them, another upstream's sweep releasing them) rather than wait: a
 * skipped picture is looked at again by the next sweep, and sweeps running at once never release one picture twice.
 */
export async function releaseUnusedImages(tx: Database, scope: ReleaseScope): Promise<ImageRow[]> {
  const named = 'ids' in scope;
  if (named && !scope.ids.length) return [];
  const candidates = tx
    .select({ id: images.id })
    .from(images)
    .where(and(named ? inArray(images.id, [...new Set(scope.ids)]) : lt(images.createdAt, scope.createdBefore), unusedUpload(tx)))
    .orderBy(images.id);
  const locked = named ? await candidates.for('update') : await candidates.limit(scope.limit).for('update', { skipLocked: true });
  if (!locked.length) return [];
  return tx
    .delete(images)
    .where(
      and(
        inArray(
          images.id,
          locked.map((row) => row.id),
        ),
        unusedUpload(tx),
      ),
    )
    .returning();
}

/**
 * Releases the uploads older than `graceMs` that nothing uses (UNUSED_UPLOADS_SWEEP: a post's pictures uploaded
 * and never sent, and those of posts deleted before their pictures were released with them), in transactions of
 * at most `batch` pictures, removing each batch's files once it has committed. Several upstreams sweeping one
 * database at once release each picture once. Answers how many pictures were released, and logs that count at info
 * level when there were any. Stops between batches once `signal` is aborted (the upstream is closing).
 */
export async function sweepUnusedImages(
  db: Database,
  media: MediaStore,
  log: FastifyBaseLogger,
  { now = new Date(), graceMs = UNUSED_UPLOADS_SWEEP.graceMs, signal }: { now?: Date; graceMs?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const createdBefore = new Date(now.getTime() - graceMs);
  const { batch } = UNUSED_UPLOADS_SWEEP;
  let released = 0;
  while (!signal?.aborted) {
    const rows = await db.transaction((tx) => releaseUnusedImages(tx, { createdBefore, limit: batch }));
    await removeReleasedFiles(media, rows.flatMap(imageFiles), log);
    released += rows.length;
    if (rows.length < batch) break;
  }
  if (released) log.info({ released, createdBefore: createdBefore.toISOString() }, 'unused uploaded pictures released');
  return released;
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
 * A list-sized WebP copy (IMAGE_THUMBNAIL_MAX_PX) of an attached file when it is a picture larger than that, else
 * null: an inquiry's or a notice's attachments show as tiles, and a tile should not load a 10 MB original.
 */
export async function attachmentThumbnail(bytes: Buffer): Promise<Buffer | null> {
  const picture = detectMedia(bytes);
  if (picture?.kind !== 'image') return null;
  const [copy] = await webpCopies(bytes, picture.width, picture.height, [IMAGE_THUMBNAIL_MAX_PX]);
  return copy?.data ?? null;
}

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
