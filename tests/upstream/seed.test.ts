import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUpstream, type UpstreamOptions } from '../../upstream/src/app.js';
import { openStore } from '../../upstream/src/db/client.js';
import { BOARD_TREE } from '../../upstream/src/community/category-repository.js';
import type { Database } from '../../upstream/src/db/client.js';
import { categories, notices, notifications, postLikes, posts, replies, users } from '../../upstream/src/db/schema.js';
import { itemTexts } from '../../domain/messages.js';
import { seededTemplate } from '../helpers/seeded-template.js';
import { backends, postgresTarget, type Backend } from '../helpers/upstream.js';

/** Where one backend keeps a database that outlives a process: a PGlite directory, or a PostgreSQL schema. */
function persistentStore(backend: Backend): { options: UpstreamOptions; cleanup(): Promise<void> } {
  if (backend === 'postgres') {
    const target = postgresTarget();
    return { options: { databaseUrl: target.databaseUrl, databaseSchema: target.schema, dataDir: 'memory://', seed: true }, cleanup: () => target.drop() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'upstream-seed-'));
  return { options: { dataDir: dir, seed: true }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

const tally = async (db: Database) => ({
  users: (await db.select({ n: count() }).from(users))[0].n,
  posts: (await db.select({ n: count() }).from(posts))[0].n,
  replies: (await db.select({ n: count() }).from(replies))[0].n,
  categories: (await db.select({ n: count() }).from(categories))[0].n,
});

describe.each(backends())('demo data (%s)', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  /** A new store seeded here (not loaded from the run's template), which the tests below only read: one seed, not one each. */
  let seeded: Awaited<ReturnType<typeof buildUpstream>> | undefined;
  beforeAll(async () => {
    seeded = await buildUpstream(freshStoreOptions(backend, cleanups));
  }, 120_000);
  afterAll(async () => {
    await seeded?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it('is seeded on the first start of an empty database only, never over existing data', async () => {
    const store = persistentStore(backend);
    cleanups.push(store.cleanup);

    const first = await buildUpstream(store.options);
    const seeded = await tally(first.db);
    expect(seeded.users).toBeGreaterThanOrEqual(12);
    expect(seeded.posts).toBeGreaterThanOrEqual(70);
    // Changes made while running: one post gone, one member renamed.
    const [victim] = await first.db.select().from(posts).limit(1);
    await first.db.delete(posts).where(eq(posts.id, victim.id));
    await first.db.update(users).set({ nickname: '이름바꾼회원' }).where(eq(users.id, 1));
    const changed = await tally(first.db);
    await first.close();

    const second = await buildUpstream(store.options);
    expect(await tally(second.db)).toEqual(changed);
    expect(await second.db.select().from(posts).where(eq(posts.id, victim.id))).toEqual([]);
    expect((await second.db.select().from(users).where(eq(users.id, 1)))[0].nickname).toBe('이름바꾼회원');
    // New rows still get fresh ids after the seed's explicit ones.
    const [added] = await second.db.insert(users).values({ email: 'new-member@slime.community', nickname: '새회원' }).returning();
    expect(added.id).toBe(seeded.users + 1);
    await second.close();
    // Two whole starts, the first migrating and seeding an empty store: ~9 s on a quiet machine, past 30 s on a busy one.
  }, 90_000);

  it('is deterministic, with counters that agree with the rows', async () => {
    // The run's template was seeded by another process (tests/helpers/seeded-template-setup.ts), on PGlite: the same
    // demo comes out here, on either store.
    const template = await openStore({ dataDir: 'memory://', pgliteTemplate: await seededTemplate() });
    try {
      const db = seeded!.db;
      const shape = (from: Database) =>
        from
          .select({ id: posts.id, title: posts.title, authorId: posts.authorId, likeCount: posts.likeCount, replyCount: posts.replyCount, tags: posts.tags })
          .from(posts)
          .orderBy(posts.id);
      const rows = await shape(db);
      expect(rows.length).toBeGreaterThanOrEqual(70);
      expect(rows).toEqual(await shape(template.db));

      const all = await db.select().from(posts);
      const likes = await db.select().from(postLikes);
      const replyRows = await db.select().from(replies);
      for (const post of all) {
        expect(post.likeCount, `likes of ${post.id}`).toBe(likes.filter((like) => like.postId === post.id).length);
        expect(post.replyCount, `replies of ${post.id}`).toBe(replyRows.filter((reply) => reply.postId === post.id && !reply.isDeleted).length);
      }
      expect(replyRows.some((reply) => reply.parentId !== null)).toBe(true);
      expect(all.some((post) => post.tradeType === 'sell' && post.isSold)).toBe(true);
      expect(all.some((post) => post.thumbnailId !== null)).toBe(true);
    } finally {
      await template.close();
    }
  });

  it('the wish-list guide names the lists and buttons as the app shows them', async () => {
    const [guide] = await seeded!.db
      .select()
      .from(notices)
      .where(eq(notices.title, `${itemTexts.myWishes} 사용법`));
    for (const name of [itemTexts.addToBuyList, itemTexts.addToSellList, itemTexts.wishListNames.buy, itemTexts.wishListNames.sell, itemTexts.myWishes]) {
      expect(guide.content).toContain(name);
    }
    for (const stale of ['위시리스트', '필요 목록', '판매 목록에']) expect(guide.content).not.toContain(stale);
  });

  it('gives the demo notifications in the order they arrived: a later one has the larger id, as the inbox lists by id', async () => {
    const rows = await seeded!.db.select({ id: notifications.id, createdAt: notifications.createdAt }).from(notifications).orderBy(asc(notifications.id));
    expect(rows.length).toBeGreaterThan(1);
    const times = rows.map((row) => new Date(row.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is skipped with seed: false, which leaves only the board tree every database gets', async () => {
    const empty = await buildUpstream({ ...freshStoreOptions(backend, cleanups), seed: false });
    try {
      expect(await tally(empty.db)).toEqual({ users: 0, posts: 0, replies: 0, categories: BOARD_TREE.length });
    } finally {
      await empty.close();
    }
  });
});

function freshStoreOptions(backend: Backend, cleanups: (() => Promise<void>)[]): UpstreamOptions {
  if (backend === 'pglite') return { dataDir: 'memory://', seed: true };
  const store = persistentStore(backend);
  cleanups.push(store.cleanup);
  return store.options;
}
