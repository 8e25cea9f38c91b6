import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_MEDIA_LINK_WINDOW_SECONDS } from '../../domain/limits.js';
import { isPrivateMediaPath, loadMediaSigner, mediaSigner } from '../../upstream/src/uploads/signed-media.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

const WINDOW_MS = PRIVATE_MEDIA_LINK_WINDOW_SECONDS * 1000;
const PATH = 'uploads/inquiries/5f0c6a3e-2f4d-4b0e-9a61-0c9f3f1b2a7d.png';
const queryOf = (signed: string) => Object.fromEntries(new URLSearchParams(signed));

describe('signed addresses of private media', () => {
  const signer = mediaSigner('a test secret');
  const start = 1_800_000_000_000 - (1_800_000_000_000 % WINDOW_MS);

  it('covers only inquiry files', () => {
    expect(isPrivateMediaPath(PATH)).toBe(true);
    expect(isPrivateMediaPath('uploads/5f0c6a3e.png')).toBe(false);
    expect(isPrivateMediaPath('uploads/inquiries-old/a.png')).toBe(false);
  });

  it('answers one address within a window, open for one to two windows', () => {
    const early = signer.sign(PATH, start + 1000);
    expect(signer.sign(PATH, start + WINDOW_MS - 1000)).toBe(early);
    expect(signer.sign(PATH, start + WINDOW_MS + 1000)).not.toBe(early);
    expect(signer.verify(PATH, queryOf(early), start + 2 * WINDOW_MS - 1000)).toBe(true);
    expect(signer.verify(PATH, queryOf(early), start + 2 * WINDOW_MS)).toBe(false);
  });

  it('refuses a changed expiry, another key, and malformed queries', () => {
    const { expires, signature } = queryOf(signer.sign(PATH, start));
    expect(signer.verify(PATH, { expires: String(Number(expires) + WINDOW_MS / 1000), signature }, start)).toBe(false);
    expect(mediaSigner('another secret').verify(PATH, { expires, signature }, start)).toBe(false);
    expect(signer.verify(PATH, { expires: `${expires}.5`, signature }, start)).toBe(false);
    expect(signer.verify(PATH, { expires: [expires], signature }, start)).toBe(false);
    expect(signer.verify(PATH, { expires }, start)).toBe(false);
  });
});

describe.each(backends())('the media key on %s', (backend) => {
  let upstream: RunningUpstream;
  beforeAll(async () => {
    upstream = await startUpstream({ backend });
  });
  afterAll(async () => upstream?.stop());

  it('is made once and kept in the store, so every process and the next start sign alike', async () => {
    const [first, second] = await Promise.all([loadMediaSigner(upstream.db), loadMediaSigner(upstream.db)]);
    const now = Date.now();
    expect(second.sign(PATH, now)).toBe(first.sign(PATH, now));
    expect((await loadMediaSigner(upstream.db)).sign(PATH, now)).toBe(first.sign(PATH, now));
  });
});

describe('the request log', () => {
  it("writes a private media address without its signature, which would open the file to the log's readers", async () => {
    const lines: string[] = [];
    const upstream = await startUpstream({ logStream: { write: (line) => void lines.push(line) } });
    try {
      const signed = (await loadMediaSigner(upstream.db)).sign(PATH, Date.now());
      const { signature } = queryOf(signed);
      await fetch(`${upstream.url}/media/${PATH}?${signed}`);
      const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.req?.url?.startsWith(`/media/${PATH}`));
      expect(incoming?.req.url).toBe(`/media/${PATH}?${signed.replace(signature, '[redacted]')}`);
      expect(lines.join('\n')).not.toContain(signature);
    } finally {
      await upstream.stop();
    }
  });
});
