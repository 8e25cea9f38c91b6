import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_DISPLAY_MAX_PX, UNUSED_UPLOADS_SWEEP } from '../../domain/limits.js';
import { communityTexts } from '../../domain/messages.js';
import { buildUpstream, issueToken, type Upstream } from '../../upstream/src/app.js';
import type { Database } from '../../upstream/src/db/client.js';
import { images, postImages, posts } from '../../upstream/src/db/schema.js';
import { imageFiles, releaseUnusedImages, sweepUnusedImages } from '../../upstream/src/uploads/images.js';
import { scheduleUnusedImageSweeps } from '../../upstream/src/uploads/sweeps.js';
import { upstreamEnvFrom, upstreamOptionsOf } from '../../upstream/src/config.js';
import { ConfigError } from '../../domain/settings.js';
import { jpegPhoto } from '../helpers/media-files.js';
import { backends, postgresTarget, startUpstream, type PostgresTarget, type RunningUpstream } from '../helpers/upstream.js';
import { until } from '../helpers/ws.js';

/** 말랑콩떡, demo member 2. */
const MEMBER = 2;
const HOUR_MS = 60 * 60 * 1000;

interface Picture {
  id: number;
  url: string;
  thumbnail_url: string;
  display_url: string;
}

const pastGrace = UNUSED_UPLOADS_SWEEP.graceMs + HOUR_MS;

/** An upstream as the helpers below use it: where it answers, its store, and a member's token. */
interface Target {
  url: string;
  db: Database;
  mediaDir: string;
  token: string;
}

/** A member's calls and the checks on their pictures, against the upstream `target()` answers when called. */
function memberOf(target: () => Target) {
  async function send(method: string, path: string, body?: FormData | object) {
    const { url, token } = target();
    const headers: Record<string, string> = { authorization: `token ${token}` };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const payload = body instanceof FormData || body === undefined ? body : JSON.stringify(body);
    const response = await fetch(url + path, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** Uploads a photo larger than IMAGE_DISPLAY_MAX_PX (three files: the picture, `.thumb.webp`, `.display.webp`). */
  async function upload(): Promise<Picture> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpegPhoto(IMAGE_DISPLAY_MAX_PX + 320, 1200))], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await send('POST', '/v1/community/images/', form);
    expect(uploaded.status).toBe(201);
    return uploaded.body as Picture;
  }

  /** Makes the pictures look uploaded `ageMs` ago. */
  async function age(ids: number[], ageMs: number) {
    await target()
      .db.update(images)
      .set({ createdAt: new Date(Date.now() - ageMs) })
      .where(inArray(images.id, ids));
  }

  const statusOf = async (path: string, url = target().url) => {
    const response = await fetch(url + path);
    await response.arrayBuffer();
    return response.status;
  };
  const exists = (path: string) =>
    stat(join(target().mediaDir, path.replace(/^\/media\//, ''))).then(
      () => true,
      () => false,
    );
  const rowCount = async (id: number) => (await target().db.select({ id: images.id }).from(images).where(eq(images.id, id))).length;

  async function expectServed(picture: Picture) {
    expect(new Set(pathsOf(picture)).size).toBe(3);
    for (const path of pathsOf(picture)) expect(await statusOf(path), path).toBe(200);
    expect(await rowCount(picture.id)).toBe(1);
  }

  async function expectGone(picture: Picture) {
    for (const path of pathsOf(picture)) {
      expect(await statusOf(path), path).toBe(404);
      expect(await exists(path), path).toBe(false);
    }
    expect(await rowCount(picture.id)).toBe(0);
  }

  return { send, upload, age, statusOf, rowCount, expectServed, expectGone };
}

const pathsOf = (picture: Picture) => [picture.url, picture.thumbnail_url, picture.display_url];

/**
 * Pictures uploaded for a post that was never sent (and those of posts deleted before pictures were released with
 * them) are released by the upstream's sweep once older than UNUSED_UPLOADS_SWEEP.graceMs: records and files.
 */
describe.each(backends())('the sweep of unused uploads (%s)', (backend) => {
  let upstream: RunningUpstream;
  let token: string;

  beforeAll(async () => {
    upstream = await startUpstream({ backend, unusedUploadsSweep: false });
    token = await upstream.issueToken(MEMBER);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const { send, upload, age, statusOf, rowCount, expectServed, expectGone } = memberOf(() => ({ ...upstream, token }));

  const sweep = (now = new Date()) => sweepUnusedImages(upstream.db, upstream.media, upstream.log, { now });

  it('releases an upload older than the grace with its files; a fresh one, an attached one, a profile picture and a demo picture stay', async () => {
    const [abandoned, fresh, attached] = [await upload(), await upload(), await upload()];
    const post = await send('POST', '/v1/community/', { title: '사진 글', content: '붙인 사진', images: [attached.id] });
    expect(post.status).toBe(201);

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpegPhoto(200, 200))], { type: 'image/jpeg' }), 'me.jpg');
    const profile = await send('POST', '/users/me/profile-image', form);
    expect(profile.status).toBe(200);
    const profilePath = (profile.body.profile_image as string).slice((profile.body.profile_image as string).indexOf('/media/'));
    const [profileRow] = await upstream.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.url, profilePath.replace(/^\/media\//, '')));
    const [demo] = await upstream.db.select({ id: images.id, url: images.url }).from(images).innerJoin(postImages, eq(postImages.imageId, images.id)).limit(1);

    await age([abandoned.id, attached.id, profileRow.id, demo.id], pastGrace);
    await age([fresh.id], UNUSED_UPLOADS_SWEEP.graceMs - HOUR_MS);
    for (const picture of [abandoned, fresh, attached]) await expectServed(picture);

    expect(await sweep()).toBe(1);
    await expectGone(abandoned);
    await expectServed(fresh);
    await expectServed(attached);
    expect((await send('GET', `/v1/community/${post.body.id}/`)).body.images.map((image: Picture) => image.id)).toEqual([attached.id]);
    expect(await statusOf(profilePath)).toBe(200);
    expect(await rowCount(profileRow.id)).toBe(1);
    expect(await statusOf(`/media/${demo.url}`)).toBe(200);
    expect(await rowCount(demo.id)).toBe(1);

    // Nothing left to release: a second sweep changes nothing.
    expect(await sweep()).toBe(0);
    // Once the fresh one is past the grace too, it goes.
    expect(await sweep(new Date(Date.now() + 2 * HOUR_MS))).toBe(1);
    await expectGone(fresh);
  });

  it('releases the pictures of a post deleted before its pictures were released with it', async () => {
    const picture = await upload();
    const post = await send('POST', '/v1/community/', { title: '예전에 지운 글', content: '사진 남음', images: [picture.id] });
    expect(post.status).toBe(201);
    // How such a post was left: marked deleted, its post_images row and thumbnail still in place.
    await upstream.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.body.id));
    await age([picture.id], pastGrace);

    expect(await sweep()).toBe(1);
    await expectGone(picture);
    const [row] = await upstream.db.select({ thumbnailId: posts.thumbnailId }).from(posts).where(eq(posts.id, post.body.id));
    expect(row.thumbnailId).toBeNull();
    expect(await upstream.db.select().from(postImages).where(eq(postImages.postId, post.body.id))).toEqual([]);
  });

  it('a post naming a swept picture is refused with the picture message, and nothing is written', async () => {
    const swept = await upload();
    await age([swept.id], pastGrace);
    expect(await sweep()).toBe(1);

    const title = '지워진 사진을 붙인 글';
    const created = await send('POST', '/v1/community/', { title, content: '본문', images: [swept.id] });
    expect(created.status).toBe(422);
    expect(created.body.details).toEqual([{ path: 'images[0]', message: communityTexts.errors.unknownImage, code: 'invalid_value' }]);
    const [{ written }] = await upstream.db.select({ written: count() }).from(posts).where(eq(posts.title, title));
    expect(written).toBe(0);
    expect(await upstream.db.select().from(postImages).where(eq(postImages.imageId, swept.id))).toEqual([]);
  });
  /**
   * Runs `work` in a transaction of its own that stays open (holding what it locked) until `finish` is called.
   * Answers once `work` is done; `committed` settles when the transaction has.
   */
  async function holdOpen<T>(work: (tx: Database) => Promise<T>) {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let ready!: (value: { pid: number; result: T }) => void;
    const done = new Promise<{ pid: number; result: T }>((resolve) => (ready = resolve));
    const committed = upstream.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      ready({ pid: rows[0].pid, result: await work(tx) });
      await finished;
    });
    const { pid, result } = await done;
    return { result, finish, committed, blocksAnother: () => blocking(pid) };
  }

  /** Whether a statement of another connection waits for a lock the backend `pid` holds. */
  async function blocking(pid: number): Promise<boolean> {
    const { rows } = (await upstream.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`,
    )) as unknown as {
      rows: { waiting: number }[];
    };
    return rows[0].waiting > 0;
  }

  /** Resolves once `check` answers true (asked every 20 ms) or `settled` has settled: whichever comes first. */
  async function untilEither(check: () => Promise<boolean>, settled: Promise<unknown>, timeoutMs = 10_000) {
    let over = false;
    settled.then(
      () => (over = true),
      () => (over = true),
    );
    const end = Date.now() + timeoutMs;
    while (!over && !(await check())) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a wait longer than a timer can hold is not cut short', async () => {
    const picture = await upload();
    await age([picture.id], pastGrace);
    // Node fires a timer set past 2^31-1 ms at once; the first sweep is still weeks away.
    const stop = scheduleUnusedImageSweeps(upstream.db, upstream.media, upstream.log, { firstAfterMs: 2 ** 32 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expectServed(picture);
    } finally {
      await stop();
    }
    expect(await sweep()).toBe(1);
  });

  // PGlite runs one transaction at a time: these races can only happen on PostgreSQL.
  it.runIf(backend === 'postgres')('a post sent while a sweep is releasing its picture is refused with the picture message, not a 500', async () => {
    const picture = await upload();
    await age([picture.id], pastGrace);
    // The sweep's transaction has released the picture and not committed yet.
    const sweeping = await holdOpen((tx) =>
      releaseUnusedImages(tx, { createdBefore: new Date(Date.now() - UNUSED_UPLOADS_SWEEP.graceMs), limit: UNUSED_UPLOADS_SWEEP.batch }),
    );
    expect(sweeping.result.map((row) => row.id)).toEqual([picture.id]);

    const title = '스윕과 동시에 보낸 글';
    const sent = send('POST', '/v1/community/', { title, content: '본문', images: [picture.id] });
    // The post waits for the sweep's lock on its picture.
    await untilEither(sweeping.blocksAnother, sent);
    sweeping.finish();
    await sweeping.committed;
    await upstream.media.remove(sweeping.result.flatMap(imageFiles));

    const created = await sent;
    expect(created.status).toBe(422);
    expect(created.body.details).toEqual([{ path: 'images[0]', message: communityTexts.errors.unknownImage, code: 'invalid_value' }]);
    const [{ written }] = await upstream.db.select({ written: count() }).from(posts).where(eq(posts.title, title));
    expect(written).toBe(0);
    await expectGone(picture);
  });

  it.runIf(backend === 'postgres')('a sweep while a post is attaching the picture leaves it attached', async () => {
    const picture = await upload();
    const post = await send('POST', '/v1/community/', { title: '사진을 붙이는 중', content: '본문' });
    expect(post.status).toBe(201);
    await age([picture.id], pastGrace);
    // The post's transaction has attached the picture and not committed yet.
    const attaching = await holdOpen(async (tx) => {
      await tx.insert(postImages).values({ postId: post.body.id, imageId: picture.id, position: 0 });
      await tx.update(posts).set({ thumbnailId: picture.id }).where(eq(posts.id, post.body.id));
    });

    const swept = sweep();
    await untilEither(attaching.blocksAnother, swept);
    attaching.finish();
    await attaching.committed;

    expect(await swept).toBe(0);
    await expectServed(picture);
    expect((await send('GET', `/v1/community/${post.body.id}/`)).body.images.map((image: Picture) => image.id)).toEqual([picture.id]);
  });
});

/** The upstream sweeps on its own (UNUSED_UPLOADS_SWEEP's timing, shortened here), logs what it did, and stops with it. */
describe('the upstream sweeping on its own', () => {
  const SWEEP_EVERY_MS = 100;
  const logLines: string[] = [];
  let upstream: RunningUpstream;
  let token: string;

  beforeAll(async () => {
    upstream = await startUpstream({
      logLevel: 'info',
      logStream: { write: (line) => void logLines.push(line) },
      unusedUploadsSweep: { firstAfterMs: SWEEP_EVERY_MS, everyMs: SWEEP_EVERY_MS },
    });
    token = await upstream.issueToken(MEMBER);
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const { upload, age, expectGone, expectServed } = memberOf(() => ({ ...upstream, token }));
  const entries = (message: string) =>
    logLines.map((line) => JSON.parse(line) as { msg: string; level: number; [key: string]: unknown }).filter((entry) => entry.msg === message);
  const released = () => entries('unused uploaded pictures released');
  const failed = () => entries('unused uploaded pictures not swept');
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('releases an old unused upload, logging one info line with the count; sweeps that release nothing log nothing', async () => {
    const [old, fresh] = [await upload(), await upload()];
    await age([old.id], pastGrace);
    await until(() => released().length > 0);
    expect(released()[0]).toMatchObject({ level: 30, service: 'upstream', released: 1 });
    await expectGone(old);
    await expectServed(fresh);
    // Several sweeps later, none of which had anything to release.
    await pause(5 * SWEEP_EVERY_MS);
    expect(released()).toHaveLength(1);
    expect(failed()).toEqual([]);
  });

  it('a sweep that fails is logged as an error, and the next sweep works again', async () => {
    await upstream.db.execute(sql`alter table images rename to images_away`);
    try {
      await until(() => failed().length > 0);
    } finally {
      await upstream.db.execute(sql`alter table images_away rename to images`);
    }
    expect(failed()[0]).toMatchObject({ level: 50, service: 'upstream', err: { message: expect.stringContaining('images') } });

    const before = released().length;
    const old = await upload();
    await age([old.id], pastGrace);
    await until(() => released().length > before);
    await expectGone(old);
  });

  it('stops sweeping when the upstream closes', async () => {
    await upstream.stop();
    const lines = logLines.length;
    // A sweep after the close would fail on the closed store and log it.
    await pause(5 * SWEEP_EVERY_MS);
    expect(logLines.slice(lines)).toEqual([]);
  });
});

/** Several upstreams on one PostgreSQL database sweep at the same moments: each picture is released once, without an error. */
describe.runIf(process.env.TEST_DATABASE_URL)('two upstreams sweeping one PostgreSQL database at once', () => {
  let target: PostgresTarget;
  const replicas: { upstream: Upstream; url: string; logLines: string[] }[] = [];

  beforeAll(async () => {
    target = postgresTarget();
    for (let index = 0; index < 2; index++) {
      const logLines: string[] = [];
      const upstream = await buildUpstream({
        databaseUrl: target.databaseUrl,
        databaseSchema: target.schema,
        dataDir: 'memory://',
        // The demo members upload; a database given by URL is seeded only when asked (DEMO_DATA).
        seed: true,
        logLevel: 'info',
        logStream: { write: (line) => void logLines.push(line) },
        unusedUploadsSweep: false,
      });
      replicas.push({ upstream, url: await upstream.app.listen({ port: 0, host: '127.0.0.1' }), logLines });
    }
  }, 60_000);
  afterAll(async () => {
    for (const { upstream } of replicas) await upstream.close();
    await target?.drop();
  });

  it('releases each old unused upload once, and every copy is 404 on both', async () => {
    const [a, b] = replicas;
    const token = await issueToken(a.upstream.db, MEMBER);
    const member = memberOf(() => ({ url: a.url, db: a.upstream.db, mediaDir: a.upstream.mediaDir, token }));
    const pictures = [await member.upload(), await member.upload(), await member.upload()];
    // The second upstream has served them too, so it holds copies of its own.
    for (const path of pictures.flatMap(pathsOf)) expect(await member.statusOf(path, b.url), path).toBe(200);
    await member.age(
      pictures.map((picture) => picture.id),
      pastGrace,
    );

    const counts = await Promise.all(replicas.map(({ upstream }) => sweepUnusedImages(upstream.db, upstream.media, upstream.app.log)));
    expect(counts[0] + counts[1]).toBe(pictures.length);
    for (const path of pictures.flatMap(pathsOf)) {
      expect(await member.statusOf(path, a.url), path).toBe(404);
      expect(await member.statusOf(path, b.url), path).toBe(404);
    }
    const errors = replicas.flatMap(({ logLines }) => logLines.map((line) => JSON.parse(line) as { level: number }).filter((entry) => entry.level >= 50));
    expect(errors).toEqual([]);
    // Sweeping again at once finds nothing on either.
    expect(await Promise.all(replicas.map(({ upstream }) => sweepUnusedImages(upstream.db, upstream.media, upstream.app.log)))).toEqual([0, 0]);
  });
});

describe('the operator settings of the sweep', () => {
  const sweepTiming = (env: Record<string, string>) => upstreamOptionsOf(upstreamEnvFrom(env)).unusedUploadsSweep;

  it('UNUSED_UPLOADS_GRACE_MS and UNUSED_UPLOADS_SWEEP_INTERVAL_MS set the grace and the interval; unset, the defaults; unusable, a refused start', () => {
    expect(sweepTiming({ UNUSED_UPLOADS_GRACE_MS: '604800000', UNUSED_UPLOADS_SWEEP_INTERVAL_MS: '900000' })).toEqual({
      graceMs: 604_800_000,
      everyMs: 900_000,
    });
    expect(sweepTiming({})).toEqual({ graceMs: UNUSED_UPLOADS_SWEEP.graceMs, everyMs: UNUSED_UPLOADS_SWEEP.everyMs });
    expect(() => sweepTiming({ UNUSED_UPLOADS_GRACE_MS: '0', UNUSED_UPLOADS_SWEEP_INTERVAL_MS: 'hourly' })).toThrow(ConfigError);
  });
});
