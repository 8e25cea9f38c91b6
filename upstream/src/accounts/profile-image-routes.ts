import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, notExists } from 'drizzle-orm';
import { IMAGE_MAX_BYTES } from '../../../domain/limits.js';
import { communityTexts } from '../../../domain/messages.js';
import { loadProfile } from './repository.js';
import type { Database } from '../db/client.js';
import { images, postImages, users } from '../db/schema.js';
import { HttpError, RequestValidationError } from '../http/errors.js';
import { requestMedia } from '../http/request.js';
import { readWithinLimit, storeImage, StoredUploads, UPLOADS_FOLDER } from '../uploads/images.js';
import { IMAGE_UPLOAD_LIMIT } from '../../../domain/uploads.js';

function memberId(request: FastifyRequest): number {
  const id = request.viewer?.id;
  if (id === undefined) throw new HttpError(401);
  return id;
}

const tooLarge = () => new RequestValidationError([{ path: 'image', message: IMAGE_UPLOAD_LIMIT.tooLarge, code: 'too_big' }]);
const missingImage = () => new RequestValidationError([{ path: 'image', message: communityTexts.upload.missing, code: 'invalid_type' }]);

/**
 * The member's own picture (001 §7): `POST /users/me/profile-image` with a multipart `image` part, checked
 * by its bytes like every upload, and `DELETE` to go back to no picture. Both answer the full profile.
 */
export const profileImageRoutes: FastifyPluginAsync<{ db: Database; mediaDir: string }> = async (app, { db, mediaDir }) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } });

  async function readImage(request: FastifyRequest): Promise<{ bytes: Buffer; mimetype: string }> {
    if (!request.isMultipart()) throw missingImage();
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image') {
        await part.toBuffer();
        continue;
      }
      const bytes = await readWithinLimit(part);
      if (!bytes) throw tooLarge();
      return { bytes, mimetype: part.mimetype };
    }
    throw missingImage();
  }

  /**
   * Sets the member's picture and lets go of the one it replaces: an upload of theirs that no post shows
   * loses its record and its file. Other pictures (a provider's, the demo's) are only unlinked.
   */
  async function replacePicture(id: number, next: string | null): Promise<void> {
    const releasedPath = await db.transaction(async (tx) => {
      const [row] = await tx.select({ path: users.profileImage }).from(users).where(eq(users.id, id)).for('update');
      await tx.update(users).set({ profileImage: next }).where(eq(users.id, id));
      const previous = row?.path ?? null;
      if (!previous || previous === next || !previous.startsWith(`${UPLOADS_FOLDER}/`)) return null;
      const released = await tx
        .delete(images)
        .where(and(eq(images.url, previous), eq(images.ownerId, id), notExists(tx.select().from(postImages).where(eq(postImages.imageId, images.id)))))
        .returning({ id: images.id });
      return released.length ? previous : null;
    });
    // The file goes only once its record is gone for good.
    if (releasedPath) await rm(join(mediaDir, releasedPath), { force: true });
  }

  app.post('/users/me/profile-image', async (request) => {
    const id = memberId(request);
    const stored = new StoredUploads(db, mediaDir);
    await stored.keepIf(async () => replacePicture(id, (await storeImage(db, mediaDir, await readImage(request), id, stored)).url));
    return loadProfile(db, id, id, requestMedia(request));
  });

  app.delete('/users/me/profile-image', async (request) => {
    const id = memberId(request);
    await replacePicture(id, null);
    return loadProfile(db, id, id, requestMedia(request));
  });
};
