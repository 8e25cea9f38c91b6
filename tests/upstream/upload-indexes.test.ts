import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

/**
 * The release rule of uploads (uploads/images.ts) asks, per picture, whether a post shows it (`post_images` by
 * `image_id`, `posts` by `thumbnail_id`), and the sweep looks for old uploads (`images.created_at`): each has an index,
 * made by the committed migrations on both stores.
 */
describe.each(backends())('indexes of the upload release rule (%s)', (backend) => {
  let upstream: RunningUpstream;

  beforeAll(async () => {
    upstream = await startUpstream({ backend, seed: false, unusedUploadsSweep: false });
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('images.created_at, post_images.image_id and posts.thumbnail_id are indexed', async () => {
    const { rows } = (await upstream.db.execute(
      sql`select tablename, indexdef from pg_indexes where schemaname = current_schema() and tablename in ('images', 'post_images', 'posts')`,
    )) as unknown as { rows: { tablename: string; indexdef: string }[] };
    const leading = (table: string, column: string) =>
      rows.some((row) => row.tablename === table && new RegExp(`USING btree \\(${column}[,)]`).test(row.indexdef.replaceAll('"', '')));
    expect(leading('images', 'created_at'), JSON.stringify(rows)).toBe(true);
    expect(leading('post_images', 'image_id')).toBe(true);
    expect(leading('posts', 'thumbnail_id')).toBe(true);
  });
});
