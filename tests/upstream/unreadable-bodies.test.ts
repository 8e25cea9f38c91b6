import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, REST_BODY_MAX_BYTES } from '../../domain/limits.js';
import { communityTexts, validationTexts } from '../../domain/messages.js';
import { images } from '../../upstream/src/db/schema.js';
import { PNG_BYTES } from '../helpers/stories.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';

/**
 * Bodies the upstream cannot read answer the error object of 002 §3.4 with a Korean text that says what was wrong (and
 * what to send), as its one detail, never Fastify's English body nor the catalogue's bare "잘못된 요청입니다.".
 */
describe('bodies the upstream cannot read', () => {
  let upstream: RunningUpstream;
  let token: string;

  beforeAll(async () => {
    upstream = await startUpstream({ unusedUploadsSweep: false });
    token = await upstream.issueToken(2);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  /** A JSON body of exactly `bytes` bytes. */
  const jsonOf = (bytes: number) => {
    const shell = JSON.stringify({ email: 'mallang@slime.community', password: '' });
    return shell.replace('"password":""', `"password":"${'x'.repeat(bytes - shell.length)}"`);
  };

  async function send(path: string, body: string | FormData, contentType?: string) {
    const headers: Record<string, string> = { authorization: `token ${token}` };
    if (contentType) headers['content-type'] = contentType;
    const response = await fetch(upstream.url + path, { method: 'POST', headers, body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  function expectRefusal(answer: { status: number; body: Record<string, unknown> }, status: number, message: string, path: string) {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: 'BAD_REQUEST', status, message, path, timestamp: expect.any(String), details: [{ message, code: 'invalid_body' }] });
  }

  const tooLarge = validationTexts.body.tooLarge(REST_BODY_MAX_BYTES / (1024 * 1024));

  it.each(['/v1/user/login/', '/v1/community/images/'])('%s: a JSON body one byte over the limit answers 413 naming the limit', async (path) => {
    expect(jsonOf(REST_BODY_MAX_BYTES).length).toBe(REST_BODY_MAX_BYTES);
    // At the limit the body is read (and refused for what it says, not for its size).
    expect((await send(path, jsonOf(REST_BODY_MAX_BYTES), 'application/json')).status).not.toBe(413);
    expectRefusal(await send(path, jsonOf(REST_BODY_MAX_BYTES + 1), 'application/json'), 413, tooLarge, path);
    expect(tooLarge).toContain('1MB');
  });

  it.each(['/v1/user/login/', '/v1/community/images/'])('%s: a truncated JSON body answers 400 saying it is not JSON', async (path) => {
    const cut = JSON.stringify({ email: 'mallang@slime.community', password: 'slime1234' }).slice(0, 30);
    expectRefusal(await send(path, cut, 'application/json'), 400, validationTexts.body.notJson, path);
  });

  it('an empty body under a JSON Content-Type answers 400 saying so', async () => {
    expectRefusal(await send('/v1/user/login/', '', 'application/json'), 400, validationTexts.body.emptyJson, '/v1/user/login/');
  });

  it('the multipart upload route: a picture one byte over its limit answers 422 with the upload limit, and stores nothing', async () => {
    const [{ stored: before }] = await upstream.db.select({ stored: count() }).from(images);
    const form = new FormData();
    const oversized = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES + 1 - PNG_BYTES.length)]);
    form.append('image', new Blob([new Uint8Array(oversized)], { type: 'image/png' }), 'big.png');
    const answer = await send('/v1/community/images/', form);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ message: communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / (1024 * 1024)) }] });
    const [{ stored: after }] = await upstream.db.select({ stored: count() }).from(images);
    expect(after).toBe(before);
  });

  it('the multipart upload route: a body cut off mid-file answers 400 in Korean', async () => {
    const boundary = 'slimeboundary';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(1000)}`;
    const answer = await send('/v1/community/images/', cut, `multipart/form-data; boundary=${boundary}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'BAD_REQUEST', status: 400, message: validationTexts.multipartBroken });
  });
});
