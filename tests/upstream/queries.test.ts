import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUpstream, issueToken, type Upstream } from '../../upstream/src/app.js';
import { postLikes } from '../../upstream/src/db/schema.js';
import { backends, postgresTarget, type PostgresTarget } from '../helpers/upstream.js';
import { visiblePostRows } from './support.js';

describe.each(backends())('queries per request (%s)', (backend) => {
  let upstream: Upstream;
  let target: PostgresTarget | undefined;
  const sent: string[] = [];

  beforeAll(async () => {
    target = backend === 'postgres' ? postgresTarget() : undefined;
    upstream = await buildUpstream({
      dataDir: 'memory://',
      seed: true,
      ...(target ? { databaseUrl: target.databaseUrl, databaseSchema: target.schema } : {}),
      onQuery: (query) => sent.push(query),
      // A sweep of unused uploads would add its queries to those a request is counted for.
      unusedUploadsSweep: false,
    });
  });
  afterAll(async () => {
    await upstream?.close();
    await target?.drop();
  });

  const queriesFor = async (url: string, token?: string) => {
    sent.length = 0;
    const response = await upstream.app.inject({ method: 'GET', url, headers: token ? { authorization: `token ${token}` } : {} });
    expect(response.statusCode).toBe(200);
    return [...sent];
  };

  it('lists posts with one query for the page and one batch each for authors, pictures, likes and bookmarks, whatever the page size', async () => {
    const [like] = await upstream.db.select().from(postLikes).limit(1);
    const token = await issueToken(upstream.db, like.userId);

    const small = await queriesFor('/v1/community/?page_size=2', token);
    const large = await queriesFor('/v1/community/?page_size=100', token);
    // token lookup + page (with its total) + authors with badges + pictures + the viewer's likes + their bookmarks
    expect(large).toHaveLength(6);
    expect(small).toHaveLength(large.length);
    expect(large.filter((query) => /from "posts"/.test(query))).toHaveLength(1);

    const guest = await queriesFor('/v1/community/?page_size=100');
    expect(guest).toHaveLength(3);
  });

  it('opens a post with one atomic update and batched lookups', async () => {
    const [post] = await visiblePostRows(upstream.db);
    const queries = await queriesFor(`/v1/community/${post.id}/`);
    expect(queries[0]).toMatch(/^update "posts" set "view_count" = "posts"\."view_count" \+ 1/);
    expect(queries.length).toBeLessThanOrEqual(4);
  });
});
