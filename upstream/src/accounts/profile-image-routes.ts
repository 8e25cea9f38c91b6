import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_MAX_BYTES } from '../../../domain/limits.js';
import { communityTexts } from '../../../domain/messages.js';
import { replaceProfileImage } from './repository.js';
import { presentProfile } from './present.js';
import type { Database } from '../db/client.js';
import { ValidationError } from '../errors.js';
import { member } from '../http/auth.js';
import { requestMedia } from '../http/request.js';
import { readWithinLimit, storeImage, StoredUploads } from '../uploads/images.js';
import { IMAGE_UPLOAD_LIMIT } from '../../../domain/uploads.js';

const tooLarge = () => ValidationError.of('image', IMAGE_UPLOAD_LIMIT.tooLarge, 'too_big');
const missingImage = () => ValidationError.of('image', communityTexts.upload.missing, 'invalid_type');

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

  /** Sets the member's picture; the file of the upload it replaces goes once its record is gone for good. */
  async function replacePicture(id: number, next: string | null): Promise<void> {
    const releasedPath = await replaceProfileImage(db, id, next);
    if (releasedPath) await rm(join(mediaDir, releasedPath), { force: true });
  }

  app.post('/users/me/profile-image', async (request) => {
    const { id } = member(request);
    const stored = new StoredUploads(db, mediaDir);
    await stored.keepIf(async () => replacePicture(id, (await storeImage(db, mediaDir, await readImage(request), id, stored)).url));
    return presentProfile(db, id, id, requestMedia(request));
  });

  app.delete('/users/me/profile-image', async (request) => {
    const { id } = member(request);
    await replacePicture(id, null);
    return presentProfile(db, id, id, requestMedia(request));
  });
};
