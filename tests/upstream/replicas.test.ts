import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../domain/limits.js';
import { buildUpstream, issueToken, type Upstream, type UpstreamOptions } from '../../upstream/src/app.js';
import type { Database } from '../../upstream/src/db/client.js';
import { categories, posts, users } from '../../upstream/src/db/schema.js';
import { jpegPhoto, MEGABYTE, mp4OfSize, pngOfSize } from '../helpers/media-files.js';
import { postgresTarget } from '../helpers/upstream.js';

/**
 * Several upstream processes on one PostgreSQL database, as a fleet runs them: they may start at the same
 * moment on an empty database. Runs when TEST_DATABASE_URL is set.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

/** A database of its own on the test server (the production layout: tables in `public`), dropped afterwards. */
async function freshDatabase(): Promise<{ options: UpstreamOptions; drop(): Promise<void> }> {
  const name = `upstream_replicas_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  return {
    options: { databaseUrl: url.href },
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A schema of its own (how the test suites share one database). */
async function freshSchema(): Promise<{ options: UpstreamOptions; drop(): Promise<void> }> {
  const target = postgresTarget();
  return { options: { databaseUrl: target.databaseUrl, databaseSchema: target.schema }, drop: () => target.drop() };
}

const tally = async (db: Database) => ({
  users: (await db.select({ n: count() }).from(users))[0].n,
  posts: (await db.select({ n: count() }).from(posts))[0].n,
  categories: (await db.select({ n: count() }).from(categories))[0].n,
});

describe.runIf(databaseUrl)('upstream replicas on one PostgreSQL database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function startReplicas(target: { options: UpstreamOptions }, n: number): Promise<Upstream[]> {
    const started = await Promise.allSettled(Array.from({ length: n }, () => buildUpstream({ ...target.options, dataDir: 'memory://', seed: true })));
    for (const result of started) if (result.status === 'fulfilled') cleanups.push(() => result.value.close());
    const failures = started.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    return started.map((result) => (result as PromiseFulfilledResult<Upstream>).value);
  }

  describe.each([
    ['its own database', freshDatabase],
    ['its own schema', freshSchema],
  ])('migrating %s', (_name, fresh) => {
    it('two replicas starting at once on an empty database both start, and the demo data is there once', async () => {
      const target = await fresh();
      cleanups.push(() => target.drop());
      const [a, b] = await startReplicas(target, 2);

      // The same data seen from both, seeded once: a second seed would double the posts or fail on the ids.
      const seen = await tally(a.db);
      expect(seen.users).toBeGreaterThanOrEqual(12);
      expect(seen.posts).toBeGreaterThanOrEqual(70);
      expect(await tally(b.db)).toEqual(seen);
      const single = await freshSchema();
      cleanups.push(() => single.drop());
      const [alone] = await startReplicas(single, 1);
      expect(await tally(alone.db)).toEqual(seen);
    }, 120_000);
  });

  describe('uploaded files', () => {
    const MEMBER = 2;
    let a: string;
    let b: string;
    let token: string;

    beforeAll(async () => {
      const target = await freshDatabase();
      cleanups.push(() => target.drop());
      const [first, second] = await startReplicas(target, 2);
      [a, b] = await Promise.all([first, second].map(listening));
      token = await issueToken(first.db, MEMBER);
    }, 120_000);

    async function upload(base: string, path: string, field: string, bytes: Buffer, type: string, fields: Record<string, string> = {}) {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      body.append(field, new Blob([new Uint8Array(bytes)], { type }), 'file');
      const response = await fetch(base + path, { method: 'POST', headers: { authorization: `token ${token}` }, body });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return response.json();
    }
    const get = (base: string, path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });
    const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

    it('a picture uploaded through one replica is served by the other: same bytes, type and ETag', async () => {
      for (const [picture, type] of [
        [jpegPhoto(), 'image/jpeg'],
        [pngOfSize(IMAGE_MAX_BYTES - 1024), 'image/png'],
      ] as const) {
        const { url } = await upload(a, '/v1/community/images/', 'image', picture, type);
        const fromB = await get(b, url);
        expect(fromB.status).toBe(200);
        expect(fromB.headers.get('content-type')).toBe(type);
        expect((await bytesOf(fromB)).equals(picture)).toBe(true);
        const fromA = await get(a, url);
        expect((await bytesOf(fromA)).equals(picture)).toBe(true);
        // One ETag for the file whichever replica answers, so a browser's revalidation holds behind a load balancer.
        expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
        expect(fromB.headers.get('last-modified')).toBe(fromA.headers.get('last-modified'));
        expect((await get(b, url, { 'if-none-match': fromA.headers.get('etag')!, 'cache-control': 'max-age=0' })).status).toBe(304);
      }
    });

    it('a story video uploaded through one replica plays back from the other by byte ranges, first request a range', async () => {
      const video = mp4OfSize(8 * MEGABYTE);
      const story = await upload(a, '/api/stories/create', 'media', video, 'video/mp4', { type: 'video' });
      const start = 5 * MEGABYTE + 3;
      const slice = await get(b, story.media, { range: `bytes=${start}-${start + 4095}` });
      expect(slice.status).toBe(206);
      expect(slice.headers.get('content-range')).toBe(`bytes ${start}-${start + 4095}/${video.length}`);
      expect((await bytesOf(slice)).equals(video.subarray(start, start + 4096))).toBe(true);
      expect((await bytesOf(await get(b, story.media))).equals(video)).toBe(true);
    });

    it('a file removed through one replica is gone from the other too, even after the other served it', async () => {
      const first = await upload(a, '/users/me/profile-image', 'image', jpegPhoto(64, 64), 'image/jpeg');
      expect((await get(b, first.profile_image)).status).toBe(200);
      // A new picture lets go of the first (no post shows it): its file is removed.
      await upload(a, '/users/me/profile-image', 'image', jpegPhoto(80, 80), 'image/jpeg');
      expect((await get(a, first.profile_image)).status).toBe(404);
      expect((await get(b, first.profile_image)).status).toBe(404);
    });

    it('bundled pictures and unknown paths answer as before', async () => {
      expect((await get(b, '/media/avatars/avatar-mint.svg')).status).toBe(200);
      expect((await get(b, '/media/uploads/00000000-0000-4000-8000-000000000000.jpeg')).status).toBe(404);
      expect((await get(b, '/media/uploads/..%2F..%2Fpackage.json')).status).toBe(404);
    });
  });
});

async function listening(upstream: Upstream): Promise<string> {
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
}
