import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../domain/limits.js';
import { communityTexts } from '../../domain/messages.js';
import { images } from '../../upstream/src/db/schema.js';
import { PNG_BYTES } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

/**
 * A file just over the limit can end exactly on the limit's last chunk, where the multipart reader only marks
 * the stream truncated instead of throwing; every upload route must still refuse it, every time.
 */
describe.each(backends())('upload size limit (%s)', (backend) => {
  let upstream: RunningUpstream;
  let token: string;

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    token = await upstream.issueToken(2);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const oversized = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES)]);

  it.each(['/v1/community/images/', '/users/me/profile-image'])('%s refuses a picture over the limit on every try, storing nothing', async (path) => {
    const [{ stored: before }] = await upstream.db.select({ stored: count() }).from(images);
    for (let attempt = 0; attempt < 4; attempt++) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(oversized)], { type: 'image/png' }), 'big.png');
      const response = await fetch(upstream.url + path, { method: 'POST', headers: { authorization: `token ${token}` }, body: form });
      const body = await response.json();
      expect(response.status).toBe(422);
      expect(body.details.map((detail: { message: string }) => detail.message)).toEqual([communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / (1024 * 1024))]);
    }
    const [{ stored: after }] = await upstream.db.select({ stored: count() }).from(images);
    expect(after).toBe(before);
  });
});
