import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import {
  accountPageQuerySchema,
  blockSchema,
  changePasswordSchema,
  deleteAccountSchema,
  profileUpdateSchema,
  userSearchSchema,
  type ActivityJson,
  type BlockedUserJson,
  type PreferencesJson,
  type UserBadgeJson,
} from '../../../domain/account.js';
import type { PageJson, UserSummaryJson } from '../../../domain/api.js';
import { pageLinks } from '../../../domain/community.js';
import { accountTexts } from '../../../domain/messages.js';
import { DEFAULT_PREFERENCES, followCounts, loadProfile, profileRow, upsertProfile, userExists, visibleBadges } from './repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { revokeAllSessions } from './sessions.js';
import { tokenFromHeader } from './tokens.js';
import type { Database } from '../db/client.js';
import { follows, postLikes, posts, replies, userBlocks, users } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { pageUrl, parseId, requestMedia, singleValuedQuery } from '../http/request.js';
import { validate } from '../http/validate.js';
import { escapeLike } from '../community/post-repository.js';
import { serializeBadge, serializeUser } from '../serializers.js';
import { loadUsers } from './user-repository.js';
import { notifyFollow } from '../messaging/events.js';

const texts = accountTexts.errors;

function memberId(request: FastifyRequest): number {
  const id = request.viewer?.id;
  if (id === undefined) throw new HttpError(401);
  return id;
}

function targetId(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new HttpError(404);
  return id;
}

/** A DRF-style page (000 §3) of already serialized results. */
function page<T>(request: FastifyRequest, results: T[], total: number, query: { page: number; page_size: number }): PageJson<T> {
  const totalPages = Math.max(1, Math.ceil(total / query.page_size));
  const { hasNext, hasPrev } = pageLinks(query.page, totalPages);
  const next = hasNext ? pageUrl(request, query.page + 1) : null;
  const previous = hasPrev ? pageUrl(request, query.page - 1) : null;
  return {
    results,
    count: total,
    next,
    previous,
    total_pages: totalPages,
    links: { next, previous },
    meta: { page: query.page, pageSize: query.page_size, total, totalPages, hasNext, hasPrev },
  };
}

/** Profiles, badges, follows, blocks, activities and account deletion (001 §7 "Account"). */
export const memberRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  async function summaries(request: FastifyRequest, ids: number[]): Promise<UserSummaryJson[]> {
    const found = await loadUsers(db, ids);
    const viewer = request.viewer?.id ?? null;
    return ids.flatMap((id) => {
      const user = found.get(id);
      return user ? [serializeUser(user, requestMedia(request), viewer)] : [];
    });
  }

  app.put('/users/me', async (request) => {
    const id = memberId(request);
    const input = validate(profileUpdateSchema, request.body);
    const current = await profileRow(db, id);
    await db.transaction(async (tx) => {
      if (input.nickname !== undefined) await tx.update(users).set({ nickname: input.nickname }).where(eq(users.id, id));
      const blankToNull = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);
      const values = {
        bio: blankToNull(input.bio),
        birthDate: blankToNull(input.birthDate),
        gender: blankToNull(input.gender),
        location: blankToNull(input.location),
        website: blankToNull(input.website),
        ...(input.preferences ? { preferences: { ...DEFAULT_PREFERENCES, ...(current?.preferences as Partial<PreferencesJson>), ...input.preferences } } : {}),
      };
      const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
      await upsertProfile(tx as unknown as Database, id, defined);
    });
    return loadProfile(db, id, id, requestMedia(request));
  });

  app.put('/users/me/password', async (request) => {
    const id = memberId(request);
    const input = validate(changePasswordSchema, request.body);
    if (!(await verifyPassword(input.currentPassword, request.viewer!.passwordHash))) throw new HttpError(400, texts.currentPasswordWrong);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword) })
      .where(eq(users.id, id));
    // Other sessions end; the one that changed the password stays.
    await revokeAllSessions(db, id, tokenFromHeader(request.headers.authorization) ?? undefined);
    return { success: true, message: accountTexts.settings.passwordChanged };
  });

  app.delete('/users/me', async (request) => {
    const id = memberId(request);
    const input = validate(deleteAccountSchema, request.body);
    if (!(await verifyPassword(input.password, request.viewer!.passwordHash))) throw new HttpError(400, texts.passwordWrong);
    await db.delete(users).where(eq(users.id, id));
    return { success: true };
  });

  /** Public: the web client sends it without authentication (001 §7). */
  app.get<{ Params: { id: string } }>('/v1/user/:id/badge/', async (request): Promise<UserBadgeJson[]> => {
    const id = targetId(request.params.id);
    if (!(await userExists(db, id))) throw new HttpError(404);
    const media = requestMedia(request);
    return (await visibleBadges(db, id)).map(({ userBadge, badge }) => ({
      id: userBadge.id,
      badge: { ...serializeBadge(badge, media), description: badge.description },
      is_public: userBadge.isPublic,
      is_represent: userBadge.isRepresent,
      hidden: userBadge.hidden,
      expired_at: userBadge.expiredAt?.toISOString() ?? null,
      created_at: userBadge.createdAt.toISOString(),
    }));
  });

  app.post<{ Params: { id: string } }>('/users/:id/follow', async (request) => {
    const me = memberId(request);
    const target = targetId(request.params.id);
    if (target === me) throw new HttpError(400, texts.cannotFollowSelf);
    if (!(await userExists(db, target))) throw new HttpError(404);
    await db.insert(follows).values({ followerId: me, followingId: target }).onConflictDoNothing();
    await notifyFollow(db, me, target);
    return { isFollowing: true, ...(await followCounts(db, target)) };
  });

  app.delete<{ Params: { id: string } }>('/users/:id/follow', async (request) => {
    const me = memberId(request);
    const target = targetId(request.params.id);
    if (!(await userExists(db, target))) throw new HttpError(404);
    await db.delete(follows).where(and(eq(follows.followerId, me), eq(follows.followingId, target)));
    return { isFollowing: false, ...(await followCounts(db, target)) };
  });

  for (const direction of ['followers', 'following'] as const) {
    app.get<{ Params: { id: string } }>(`/users/:id/${direction}`, async (request) => {
      const id = targetId(request.params.id);
      if (!(await userExists(db, id))) throw new HttpError(404);
      const query = validate(accountPageQuerySchema, singleValuedQuery(request.query));
      const [mine, other] = direction === 'followers' ? [follows.followingId, follows.followerId] : [follows.followerId, follows.followingId];
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: other })
          .from(follows)
          .where(eq(mine, id))
          .orderBy(desc(follows.createdAt), desc(other))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ n: count() }).from(follows).where(eq(mine, id)),
      ]);
      return page(
        request,
        await summaries(
          request,
          rows.map((row) => row.id),
        ),
        Number(total.n),
        query,
      );
    });
  }

  app.get('/users/search', async (request) => {
    const { q } = validate(userSearchSchema, singleValuedQuery(request.query));
    const query = validate(accountPageQuerySchema, singleValuedQuery(request.query));
    const match = ilike(users.nickname, `%${escapeLike(q)}%`);
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: users.id })
        .from(users)
        .where(match)
        .orderBy(users.nickname, users.id)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ n: count() }).from(users).where(match),
    ]);
    return page(
      request,
      await summaries(
        request,
        rows.map((row) => row.id),
      ),
      Number(total.n),
      query,
    );
  });

  app.post<{ Params: { id: string } }>('/users/:id/block', async (request, reply) => {
    const me = memberId(request);
    const target = targetId(request.params.id);
    if (target === me) throw new HttpError(400, texts.cannotBlockSelf);
    if (!(await userExists(db, target))) throw new HttpError(404);
    const { reason } = validate(blockSchema, request.body);
    const [row] = await db
      .insert(userBlocks)
      .values({ blockerId: me, blockedId: target, reason: reason || null })
      .onConflictDoUpdate({ target: [userBlocks.blockerId, userBlocks.blockedId], set: { reason: reason || null } })
      .returning();
    reply.code(201);
    return { blocked_id: target, reason: row.reason, created_at: row.createdAt.toISOString() };
  });

  app.delete<{ Params: { id: string } }>('/users/:id/block', async (request) => {
    const me = memberId(request);
    const target = targetId(request.params.id);
    const removed = await db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, target)))
      .returning({ id: userBlocks.blockedId });
    if (!removed.length) throw new HttpError(404, texts.notBlocked);
    return { success: true };
  });

  app.get('/users/me/blocked', async (request): Promise<PageJson<BlockedUserJson>> => {
    const me = memberId(request);
    const query = validate(accountPageQuerySchema, singleValuedQuery(request.query));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(userBlocks)
        .where(eq(userBlocks.blockerId, me))
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ n: count() }).from(userBlocks).where(eq(userBlocks.blockerId, me)),
    ]);
    const found = await loadUsers(
      db,
      rows.map((row) => row.blockedId),
    );
    const results = rows.flatMap((row) => {
      const user = found.get(row.blockedId);
      return user ? [{ user: serializeUser(user, requestMedia(request), me), blockedAt: row.createdAt.toISOString(), reason: row.reason }] : [];
    });
    return page(request, results, Number(total.n), query);
  });

  async function activities(request: FastifyRequest, userId: number) {
    if (!(await userExists(db, userId))) throw new HttpError(404);
    const query = validate(accountPageQuerySchema, singleValuedQuery(request.query));
    const take = query.page * query.page_size;
    const live = and(isNull(posts.deletedAt), eq(posts.isHidden, false));
    const [written, commented, liked, followed, totals] = await Promise.all([
      db
        .select({ id: posts.id, title: posts.title, at: posts.createdAt })
        .from(posts)
        .where(and(eq(posts.authorId, userId), live))
        .orderBy(desc(posts.createdAt))
        .limit(take),
      db
        .select({ id: replies.id, postId: replies.postId, title: posts.title, at: replies.createdAt })
        .from(replies)
        .innerJoin(posts, eq(posts.id, replies.postId))
        .where(and(eq(replies.authorId, userId), eq(replies.isDeleted, false), live))
        .orderBy(desc(replies.createdAt))
        .limit(take),
      db
        .select({ id: posts.id, title: posts.title, at: postLikes.createdAt })
        .from(postLikes)
        .innerJoin(posts, eq(posts.id, postLikes.postId))
        .where(and(eq(postLikes.userId, userId), live))
        .orderBy(desc(postLikes.createdAt))
        .limit(take),
      db
        .select({ id: users.id, title: users.nickname, at: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followingId))
        .where(eq(follows.followerId, userId))
        .orderBy(desc(follows.createdAt))
        .limit(take),
      db.execute<{ n: number }>(sql`select
          (select count(*) from ${posts} where ${posts.authorId} = ${userId} and ${posts.deletedAt} is null and ${posts.isHidden} = false)
        + (select count(*) from ${replies} join ${posts} on ${posts.id} = ${replies.postId} where ${replies.authorId} = ${userId} and ${replies.isDeleted} = false and ${posts.deletedAt} is null and ${posts.isHidden} = false)
        + (select count(*) from ${postLikes} join ${posts} on ${posts.id} = ${postLikes.postId} where ${postLikes.userId} = ${userId} and ${posts.deletedAt} is null and ${posts.isHidden} = false)
        + (select count(*) from ${follows} where ${follows.followerId} = ${userId}) as n`),
    ]);
    const all: ActivityJson[] = [
      ...written.map((row) => ({
        id: `post-${row.id}`,
        type: 'post' as const,
        action: 'created',
        targetType: 'post' as const,
        targetId: row.id,
        targetTitle: row.title,
        metadata: {},
        createdAt: row.at.toISOString(),
      })),
      ...commented.map((row) => ({
        id: `comment-${row.id}`,
        type: 'comment' as const,
        action: 'commented',
        targetType: 'post' as const,
        targetId: row.postId,
        targetTitle: row.title,
        metadata: { replyId: row.id },
        createdAt: row.at.toISOString(),
      })),
      ...liked.map((row) => ({
        id: `like-${row.id}`,
        type: 'like' as const,
        action: 'liked',
        targetType: 'post' as const,
        targetId: row.id,
        targetTitle: row.title,
        metadata: {},
        createdAt: row.at.toISOString(),
      })),
      ...followed.map((row) => ({
        id: `follow-${row.id}`,
        type: 'follow' as const,
        action: 'followed',
        targetType: 'user' as const,
        targetId: row.id,
        targetTitle: row.title,
        metadata: {},
        createdAt: row.at.toISOString(),
      })),
    ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    const rows = (totals as unknown as { rows?: { n: number }[] }).rows ?? (totals as unknown as { n: number }[]);
    return page(request, all.slice((query.page - 1) * query.page_size, take), Number(rows[0]?.n ?? all.length), query);
  }

  app.get('/users/me/activities', async (request) => activities(request, memberId(request)));
  app.get<{ Params: { id: string } }>('/users/:id/activities', async (request) => activities(request, targetId(request.params.id)));
};
