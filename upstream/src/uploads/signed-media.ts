import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PRIVATE_MEDIA_LINK_WINDOW_SECONDS } from '../../../domain/limits.js';
import type { Database } from '../db/client.js';
import { serverKeys } from '../db/schema.js';
import { INQUIRY_UPLOADS_SUBFOLDER, UPLOADS_FOLDER } from './images.js';

/** Paths below /media whose files only a signed address opens: an inquiry's (a member's receipt, a screenshot). */
const PRIVATE_PREFIX = `${UPLOADS_FOLDER}/${INQUIRY_UPLOADS_SUBFOLDER}/`;

export const isPrivateMediaPath = (path: string) => path.replace(/^\/+/, '').startsWith(PRIVATE_PREFIX);

/**
 * Expiring addresses for private media, the way object stores presign theirs: `?expires=<unix seconds>&signature=<HMAC>`
 * over the path and the expiry. Browsers send no credentials with an `<img>`, so the address itself must carry the
 * right to the file; a copied address stops working once it expires.
 */
export interface MediaSigner {
  /** The query string (`expires=…&signature=…`) that opens `path` until the end of the next window. */
  sign(path: string, nowMs?: number): string;
  /** Whether the query's signature is ours for `path` and its expiry has not passed. */
  verify(path: string, query: { expires?: unknown; signature?: unknown }, nowMs?: number): boolean;
}

export function mediaSigner(secret: string): MediaSigner {
  const signatureOf = (path: string, expires: number) =>
    createHmac('sha256', secret)
      .update(`${path.replace(/^\/+/, '')}\n${expires}`)
      .digest('base64url');
  return {
    sign(path, nowMs = Date.now()) {
      const window = PRIVATE_MEDIA_LINK_WINDOW_SECONDS;
      const expires = (Math.floor(nowMs / 1000 / window) + 2) * window;
      return `expires=${expires}&signature=${signatureOf(path, expires)}`;
    },
    verify(path, { expires, signature }, nowMs = Date.now()) {
      if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= nowMs) return false;
      const expected = Buffer.from(signatureOf(path, Number(expires)));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

const MEDIA_KEY_NAME = 'media';

/**
 * The store's media key, made on the first start: every process on the database signs and checks with the same one,
 * and addresses handed out before a restart still open.
 */
export async function loadMediaSigner(db: Database): Promise<MediaSigner> {
  await db
    .insert(serverKeys)
    .values({ name: MEDIA_KEY_NAME, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [key] = await db.select({ secret: serverKeys.secret }).from(serverKeys).where(eq(serverKeys.name, MEDIA_KEY_NAME));
  return mediaSigner(key.secret);
}
