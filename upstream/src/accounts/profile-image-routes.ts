import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES, PROFILE_IMAGE_MAX_PX } from '../../../domain/limits.js';
import { communityTexts } from '../../../domain/messages.js';
import { replaceProfileImage } from './repository.js';
import { presentProfile } from './present.js';
import type { Database } from '../db/client.js';
import { ValidationError } from '../errors.js';
import { member } from '../http/auth.js';
import { requestMedia } from '../http/request.js';
import { imageFiles, readWithinLimit, removeReleasedFiles, storeImage, StoredUploads } from '../uploads/images.js';
import type { MediaStore } from '../uploads/store.js';
import { IMAGE_UPLOAD_LIMIT } from '../../../domain/uploads.js';
import { operation, uploadForm } from '../http/openapi.js';
import { userProfileJson } from '../../../domain/api/accounts.js';

const tooLarge = () => ValidationError.of('image', IMAGE_UPLOAD_LIMIT.tooLarge, 'too_big');
const missingImage = () => ValidationError.of('image', communityTexts.upload.missing, 'invalid_type');

/**
 * The member's own picture (001 §7): `POST /users/me/profile-image` with a multipart `image` part, checked
 * by its bytes like every upload (one larger than PROFILE_IMAGE_MAX_PX is stored as a WebP copy of that size),
 * and `DELETE` to go back to no picture. Both answer the full profile.
 */
export const profileImageRoutes: FastifyPluginAsync<{ db: Database; media: MediaStore }> = async (app, { db, media }) => {
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

  /** Sets the member's picture; the files of the upload it replaces (its copies too) go once its record is gone for good. */
  async function replacePicture(request: FastifyRequest, id: number, next: string | null): Promise<void> {
    const released = await replaceProfileImage(db, id, next);
    await removeReleasedFiles(media, released.flatMap(imageFiles), request.log);
  }

  app.post(
    '/users/me/profile-image',
    operation({
      id: 'uploadProfileImage',
      summary: 'Upload the caller’s profile picture',
      area: 'accounts',
      member: true,
      body: uploadForm('image'),
      bodyAs: 'multipart',
      answer: userProfileJson,
    }),
    async (request) => {
      const { id } = member(request);
      const stored = new StoredUploads(db, media);
      await stored.keepIf(async () =>
        replacePicture(request, id, (await storeImage(db, media, await readImage(request), id, stored, { fitWithin: PROFILE_IMAGE_MAX_PX })).url),
      );
      return presentProfile(db, id, id, requestMedia(request));
    },
  );

  app.delete(
    '/users/me/profile-image',
    operation({ id: 'deleteProfileImage', summary: 'Remove the caller’s profile picture', area: 'accounts', member: true, answer: userProfileJson }),
    async (request) => {
      const { id } = member(request);
      await replacePicture(request, id, null);
      return presentProfile(db, id, id, requestMedia(request));
    },
  );
};
