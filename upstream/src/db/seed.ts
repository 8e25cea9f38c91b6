import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PostType, TradeType } from '../../../domain/community.js';
import { BOARD_IDS, CATEGORY_IDS, SPECIAL_IDS } from '../../../domain/community.js';
import { fillEmptyBoardTree } from '../community/category-repository.js';
import { ASSETS_DIR } from '../paths.js';
import type { Database } from './client.js';
import { badges, images, postImages, postLikes, posts, replies, replyLikes, userBadges, users } from './schema.js';
import * as data from './seed-data.js';
import { seedAccounts } from './seed-accounts.js';
import { seedItems } from './seed-items.js';
import { seedMessaging } from './seed-messaging.js';
import { seedStories } from './seed-stories.js';

const SEED = 0x5117e;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Any constant: serialises two processes that start on the same empty PostgreSQL at once. */
const SEED_LOCK_KEY = 7_312_026;

export interface SeedOptions {
  /** The moment the demo dates count back from. */
  now?: Date;
}

/**
 * Fills a database without members with the Korean demo community (its boards are there already: fillEmptyBoardTree).
 * Does nothing (and answers false) when the database already holds members, so restarts never touch existing data.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // The board tree is every database's (fillEmptyBoardTree, at each start): members are what tell a database in use.
    const anyUser = await tx.select({ id: users.id }).from(users).limit(1);
    if (anyUser.length) return false;
    await fillEmptyBoardTree(tx as unknown as Database);
    await insertDemoData(tx as unknown as Database, buildDemoData(options.now ?? new Date()));
    await seedAccounts(tx as unknown as Database);
    await seedItems(tx as unknown as Database, options.now ?? new Date());
    await seedMessaging(tx as unknown as Database, options.now ?? new Date());
    await seedStories(tx as unknown as Database, options.now ?? new Date());
    return true;
  });
}

type Random = () => number;

/** mulberry32: tiny, fast and good enough for demo data. */
function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function helpers(random: Random) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.max(0, Math.min(count, copy.length)));
  };
  const uuid = () => {
    const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  const between = (from: Date, to: Date) => new Date(from.getTime() + random() * Math.max(0, to.getTime() - from.getTime()));
  return { int, pick, sample, uuid, between };
}

const assetInfoCache = new Map<string, { width: number; height: number; size: number }>();

/** Width and height from the SVG's own attributes, size from the file. */
function assetInfo(path: string) {
  let info = assetInfoCache.get(path);
  if (!info) {
    const file = join(ASSETS_DIR, path);
    const text = readFileSync(file, 'utf8');
    const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(text)?.[1] ?? 0);
    const height = Number(/<svg[^>]*\sheight="(\d+)"/.exec(text)?.[1] ?? 0);
    info = { width, height, size: statSync(file).size };
    assetInfoCache.set(path, info);
  }
  return info;
}

interface PostSpec {
  uuid: string;
  title: string;
  content: string;
  postType: PostType;
  categoryId: number;
  subCategoryId: number | null;
  authorIndex: number;
  tradeType: TradeType | null;
  price: number | null;
  location: string | null;
  isSold: boolean;
  tags: string[];
  isPinned: boolean;
  isNotice: boolean;
  isHidden: boolean;
  deleted: boolean;
  pictures: string[];
  createdAt: Date;
  /** 0..1, drives likes, views and replies. */
  popularity: number;
}

type DemoData = ReturnType<typeof buildDemoData>;

function buildDemoData(now: Date) {
  const random = createRandom(SEED);
  const { int, pick, sample, uuid, between } = helpers(random);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const memberCount = data.DEMO_MEMBERS.length;
  const staffIndex = data.DEMO_MEMBERS.findIndex((member) => member.isStaff);
  const regularMembers = data.DEMO_MEMBERS.map((_, index) => index).filter((index) => index !== staffIndex);

  const badgeRows = data.DEMO_BADGES.map((badge, index) => ({
    id: index + 1,
    title: badge.title,
    description: badge.description,
    image: badge.image,
    grade: badge.grade,
    hexCode: badge.hexCode,
  }));
  const badgeId = (key: data.BadgeKey) => data.DEMO_BADGES.findIndex((badge) => badge.key === key) + 1;

  const userRows = data.DEMO_MEMBERS.map((member, index) => ({
    id: index + 1,
    uuid: uuid(),
    email: `${member.handle}@slime.community`,
    nickname: member.nickname,
    profileImage: member.avatar,
    isStaff: member.isStaff ?? false,
    createdAt: daysAgo(45 - index),
  }));

  const userBadgeRows: (typeof userBadges.$inferInsert)[] = [];
  data.DEMO_MEMBERS.forEach((member, index) => {
    member.badges.forEach((key, position) => {
      const represented = position === 0 && member.represent !== 'none';
      userBadgeRows.push({
        id: userBadgeRows.length + 1,
        userId: index + 1,
        badgeId: badgeId(key),
        isPublic: true,
        isRepresent: represented,
        hidden: false,
        expiredAt: represented && member.represent === 'expired' ? daysAgo(3) : null,
        createdAt: daysAgo(40 - index),
      });
    });
  });

  const sentences = (pool: readonly string[], min: number, max: number) => sample(pool, int(min, max)).join(' ');
  const specs: Omit<PostSpec, 'createdAt' | 'uuid'>[] = [];
  const base = {
    subCategoryId: null,
    tradeType: null,
    price: null,
    location: null,
    isSold: false,
    isPinned: false,
    isNotice: false,
    isHidden: false,
    deleted: false,
  };
  /** A post of the board's own texts: its title, then some of the board's sentences. */
  const titled = (title: string, pool: readonly string[], min: number, max: number) => ({
    ...base,
    title,
    content: `${title}\n\n${sentences(pool, min, max)}`,
  });

  for (const notice of data.NOTICES) {
    specs.push({
      ...base,
      title: notice.title,
      content: notice.body,
      postType: 'notice',
      categoryId: SPECIAL_IDS.notice,
      authorIndex: staffIndex,
      tags: [...data.TAGS.notice],
      isPinned: notice.pinned,
      isNotice: true,
      pictures: [],
      popularity: 0.6,
    });
  }
  for (const title of data.GENERAL_TITLES) {
    specs.push({
      ...titled(title, data.GENERAL_SENTENCES, 2, 4),
      postType: 'general',
      categoryId: BOARD_IDS.general,
      authorIndex: pick(regularMembers),
      tags: random() < 0.2 ? [] : sample(data.TAGS.general, int(1, 3)),
      pictures: random() < 0.55 ? sample(data.SLIME_PICTURES, int(1, 2)) : [],
      popularity: random(),
    });
  }
  const tradeGroups: { titles: data.DemoTradeTitle[]; subCategoryId: number; tradeType: TradeType }[] = [
    { titles: data.SELL_TITLES, subCategoryId: CATEGORY_IDS.sell, tradeType: 'sell' },
    { titles: data.BUY_TITLES, subCategoryId: CATEGORY_IDS.buy, tradeType: 'buy' },
    { titles: data.SHARING_TITLES, subCategoryId: CATEGORY_IDS.sharing, tradeType: 'trade' },
  ];
  const prices = [500, 1000, 3000, 5000, 12000, 25000, 50000, 80000, 150000];
  for (const group of tradeGroups) {
    for (const item of group.titles) {
      const sharing = group.subCategoryId === CATEGORY_IDS.sharing;
      specs.push({
        ...titled(item.title, data.TRADE_SENTENCES, 2, 3),
        postType: 'trade',
        categoryId: CATEGORY_IDS.market,
        subCategoryId: group.subCategoryId,
        authorIndex: pick(regularMembers),
        tradeType: group.tradeType,
        price: sharing ? (item.exchange ? null : 0) : pick(prices),
        location: pick(data.LOCATIONS),
        isSold: random() < (group.tradeType === 'buy' ? 0.15 : 0.35),
        tags: sample(data.TAGS.trade, int(1, 3)),
        pictures: random() < 0.4 ? [item.picture, pick(data.ITEM_PICTURES)].filter((p, i, all) => all.indexOf(p) === i) : [item.picture],
        popularity: random() * 0.8,
      });
    }
  }
  for (const title of data.MENTORING_TITLES) {
    specs.push({
      ...titled(title, data.MENTORING_SENTENCES, 2, 3),
      postType: 'mentoring',
      categoryId: CATEGORY_IDS.mentoring,
      subCategoryId: random() < 0.7 ? CATEGORY_IDS.generalMentoring : null,
      authorIndex: pick(regularMembers),
      tags: sample(data.TAGS.mentoring, int(1, 2)),
      pictures: random() < 0.3 ? [pick(data.SLIME_PICTURES)] : [],
      popularity: random() * 0.7,
    });
  }
  for (const title of data.CONTEST_TITLES) {
    specs.push({
      ...titled(title, data.CONTEST_SENTENCES, 1, 3),
      postType: 'contest',
      categoryId: SPECIAL_IDS.contest,
      authorIndex: pick(regularMembers),
      tags: sample(data.TAGS.contest, int(1, 3)),
      pictures: sample(data.SLIME_PICTURES, int(1, 3)),
      popularity: 0.3 + random() * 0.7,
    });
  }
  // Posts that exist but must never be listed: hidden by moderation, or deleted by their authors.
  const unlisted = [
    { title: '지금 가입하면 보석 무료 지급!! (광고)', isHidden: true, deleted: false },
    { title: '신고 누적으로 숨겨진 게시글', isHidden: true, deleted: false },
    { title: '잘못 올린 글이에요', isHidden: false, deleted: true },
    { title: '중복으로 올라간 게시글', isHidden: false, deleted: true },
  ];
  for (const post of unlisted) {
    specs.push({
      ...titled(post.title, data.GENERAL_SENTENCES, 1, 2),
      postType: 'general',
      categoryId: BOARD_IDS.general,
      authorIndex: pick(regularMembers),
      tags: [pick(data.TAGS.general)],
      isHidden: post.isHidden,
      deleted: post.deleted,
      pictures: [pick(data.SLIME_PICTURES)],
      popularity: 0.9,
    });
  }

  // Ids grow with creation time, as they would on a live service.
  const dated: PostSpec[] = specs
    .map((spec) => ({ ...spec, uuid: uuid(), createdAt: new Date(now.getTime() - (0.02 + random() * 29.9) * DAY_MS) }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const postRows: (typeof posts.$inferInsert)[] = [];
  const imageRows: (typeof images.$inferInsert)[] = [];
  const postImageRows: (typeof postImages.$inferInsert)[] = [];
  const postLikeRows: (typeof postLikes.$inferInsert)[] = [];
  const replyRows: (typeof replies.$inferInsert & { id: number; createdAt: Date; parentId: number | null })[] = [];
  const replyLikeRows: (typeof replyLikes.$inferInsert)[] = [];

  dated.forEach((spec, index) => {
    const postId = index + 1;
    const authorId = spec.authorIndex + 1;
    const others = userRows.map((user) => user.id).filter((id) => id !== authorId);

    const imageIds = spec.pictures.map((picture, position) => {
      const info = assetInfo(picture);
      const id = imageRows.length + 1;
      imageRows.push({
        id,
        url: picture,
        thumbnailUrl: picture,
        width: info.width,
        height: info.height,
        size: info.size,
        mimeType: 'image/svg+xml',
        ownerId: authorId,
        createdAt: spec.createdAt,
      });
      postImageRows.push({ postId, imageId: id, position });
      return id;
    });

    const likers = sample(others, Math.round(spec.popularity * int(0, memberCount - 1)));
    for (const userId of likers) postLikeRows.push({ postId, userId, createdAt: between(spec.createdAt, now) });

    let replyCount = 0;
    const topLevel = random() < 0.2 ? 0 : int(0, Math.round(1 + spec.popularity * 5));
    for (let r = 0; r < topLevel; r++) {
      const parent = addReply(postId, null, spec.createdAt, pick(data.REPLY_TEXTS));
      if (!parent.isDeleted) replyCount++;
      if (random() < 0.35) {
        for (let c = int(1, 2); c > 0; c--) {
          const child = addReply(postId, parent.id, parent.createdAt, pick(data.NESTED_REPLY_TEXTS));
          if (!child.isDeleted) replyCount++;
        }
      }
    }

    const edited = random() < 0.2;
    postRows.push({
      id: postId,
      uuid: spec.uuid,
      title: spec.title,
      content: spec.content,
      postType: spec.postType,
      categoryId: spec.categoryId,
      subCategoryId: spec.subCategoryId,
      authorId,
      viewCount: likers.length * int(3, 8) + int(3, 150),
      likeCount: likers.length,
      replyCount,
      tradeType: spec.tradeType,
      price: spec.price,
      location: spec.location,
      isSold: spec.isSold,
      thumbnailId: imageIds[0] ?? null,
      tags: spec.tags,
      isPinned: spec.isPinned,
      isNotice: spec.isNotice,
      isHidden: spec.isHidden,
      createdAt: spec.createdAt,
      updatedAt: edited ? between(spec.createdAt, now) : spec.createdAt,
      deletedAt: spec.deleted ? between(spec.createdAt, now) : null,
    });
  });

  function addReply(postId: number, parentId: number | null, after: Date, content: string) {
    const createdAt = between(after, now);
    const authorId = int(1, memberCount);
    const isDeleted = random() < 0.04;
    const isEdited = !isDeleted && random() < 0.1;
    const row = {
      id: replyRows.length + 1,
      uuid: uuid(),
      postId,
      parentId,
      authorId,
      content,
      likeCount: 0,
      isDeleted,
      isEdited,
      createdAt,
      updatedAt: isEdited ? between(createdAt, now) : createdAt,
      deletedAt: isDeleted ? between(createdAt, now) : null,
    };
    if (!isDeleted && random() < 0.4) {
      const likers = sample(
        userRows.map((user) => user.id).filter((id) => id !== authorId),
        int(1, 4),
      );
      row.likeCount = likers.length;
      for (const userId of likers) replyLikeRows.push({ replyId: row.id, userId, createdAt: between(createdAt, now) });
    }
    replyRows.push(row);
    return row;
  }

  // Replies were generated post by post; give them ids in creation order like the posts.
  const replyOrder = [...replyRows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const replyIdMap = new Map(replyOrder.map((reply, index) => [reply.id, index + 1]));
  const orderedReplies = replyOrder.map((reply) => ({
    ...reply,
    id: replyIdMap.get(reply.id)!,
    parentId: reply.parentId === null ? null : replyIdMap.get(reply.parentId)!,
  }));
  const orderedReplyLikes = replyLikeRows.map((like) => ({ ...like, replyId: replyIdMap.get(like.replyId)! }));

  return {
    badges: badgeRows,
    users: userRows,
    userBadges: userBadgeRows,
    images: imageRows,
    posts: postRows,
    postImages: postImageRows,
    postLikes: postLikeRows,
    replies: orderedReplies,
    replyLikes: orderedReplyLikes,
  };
}

async function insertDemoData(db: Database, demo: DemoData): Promise<void> {
  await db.insert(badges).values(demo.badges);
  await db.insert(users).values(demo.users);
  await db.insert(userBadges).values(demo.userBadges);
  await db.insert(images).values(demo.images);
  await db.insert(posts).values(demo.posts);
  await db.insert(postImages).values(demo.postImages);
  await db.insert(postLikes).values(demo.postLikes);
  // Parents first, so the self reference holds at every step.
  await db.insert(replies).values(demo.replies);
  if (demo.replyLikes.length) await db.insert(replyLikes).values(demo.replyLikes);
  // The rows above carry explicit ids; move each serial past them.
  for (const table of ['badges', 'users', 'user_badges', 'images', 'posts', 'replies']) {
    await db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`);
  }
}
