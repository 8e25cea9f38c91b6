import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  accountPageQuerySchema,
  blockSchema,
  changePasswordSchema,
  deleteAccountSchema,
  profileUpdateSchema,
  userSearchSchema,
  type BlockedUserJson,
  type UserBadgeJson,
} from '../../../domain/account.js';
import type { PageJson } from '../../../domain/api.js';
import { accountTexts } from '../../../domain/messages.js';
import type { Database } from '../db/client.js';
import { RejectedError } from '../errors.js';
import { member, viewerId } from '../http/auth.js';
import { pageJson, type PageRequest } from '../http/page.js';
import { pathId, requestMedia, singleValuedQuery } from '../http/request.js';
import { validate } from '../http/validate.js';
import {
  assertOtherUser,
  assertUser,
  blockedMembers,
  blockMember,
  deleteUser,
  follow,
  followIds,
  memberActivities,
  searchUserIds,
  setPasswordHash,
  unblockMember,
  unfollow,
  updateProfile,
} from './member-repository.js';
import { assertNicknameAvailable, withNickname } from './nicknames.js';
import { hashPassword } from './passwords.js';
import { checkPassword } from './login-throttle.js';
import type { LoginThrottle } from '../../../domain/loginThrottle.js';
import { presentActivities, presentBlocked, presentProfile, presentUserBadges, presentUserSummaries } from './present.js';
import { profileRestriction, visibleBadges } from './repository.js';
import { revokeAllSessions } from './sessions.js';
import { tokenFromHeader } from './tokens.js';
import { operation } from '../http/openapi.js';
import { successJson } from '../../../domain/api/common.js';
import {
  activityPageJson,
  blockCreatedJson,
  blockedUserPageJson,
  followResultJson,
  successMessageJson,
  userBadgeJson,
  userProfileJson,
  userSummaryPageJson,
} from '../../../domain/api/accounts.js';
import { z } from '../../../domain/zod.js';

const texts = accountTexts.errors;

/** `page`/`page_size` of the account lists. */
function pageOf(request: FastifyRequest): PageRequest {
  const query = validate(accountPageQuerySchema, singleValuedQuery(request.query));
  return { page: query.page, pageSize: query.page_size };
}

/** Profiles, badges, follows, blocks, activities and account deletion (001 §7 "Account"). */
export const memberRoutes: FastifyPluginAsync<{ db: Database; loginThrottle: LoginThrottle }> = async (app, { db, loginThrottle }) => {
  const summaries = (request: FastifyRequest, ids: number[]) => presentUserSummaries(db, ids, requestMedia(request), viewerId(request));

  app.put(
    '/users/me',
    operation({
      id: 'updateProfile',
      summary: 'Update the caller’s profile',
      area: 'accounts',
      member: true,
      body: profileUpdateSchema,
      answer: userProfileJson,
    }),
    async (request) => {
      const { id, isStaff } = member(request);
      const input = validate(profileUpdateSchema, request.body);
      if (input.nickname !== undefined) await assertNicknameAvailable(db, input.nickname, { isStaff, exceptUserId: id });
      await withNickname(() => updateProfile(db, id, input));
      return presentProfile(db, id, id, requestMedia(request));
    },
  );

  app.put(
    '/users/me/password',
    operation({
      id: 'changePassword',
      summary: 'Change the caller’s password',
      area: 'accounts',
      member: true,
      body: changePasswordSchema,
      answer: successMessageJson,
    }),
    async (request) => {
      const viewer = member(request);
      const input = validate(changePasswordSchema, request.body);
      if (!(await checkPassword(loginThrottle, request, viewer.email, input.currentPassword, viewer.passwordHash, texts.tooManyPasswordChecks)))
        throw new RejectedError(texts.currentPasswordWrong);
      await setPasswordHash(db, viewer.id, await hashPassword(input.newPassword));
      // Other sessions end; the one that changed the password stays.
      await revokeAllSessions(db, viewer.id, tokenFromHeader(request.headers.authorization) ?? undefined);
      return { success: true, message: accountTexts.settings.passwordChanged };
    },
  );

  app.delete(
    '/users/me',
    operation({ id: 'deleteAccount', summary: 'Delete the caller’s account', area: 'accounts', member: true, body: deleteAccountSchema, answer: successJson }),
    async (request) => {
      const viewer = member(request);
      const input = validate(deleteAccountSchema, request.body);
      if (!(await checkPassword(loginThrottle, request, viewer.email, input.password, viewer.passwordHash, texts.tooManyPasswordChecks)))
        throw new RejectedError(texts.passwordWrong);
      await deleteUser(db, viewer.id);
      return { success: true };
    },
  );

  /** Public: the web client sends it without authentication (001 §7). */
  app.get<{ Params: { id: string } }>(
    '/v1/user/:id/badge/',
    operation({ id: 'listMemberBadges', summary: 'List a member’s badges', area: 'accounts', answer: z.array(userBadgeJson) }),
    async (request): Promise<UserBadgeJson[]> => {
      const id = pathId(request.params.id);
      await assertUser(db, id);
      const badges = await visibleBadges(db, id);
      // A restricted profile shows only its represented badge.
      const shown = (await profileRestriction(db, request.viewer, id)) ? badges.filter(({ userBadge }) => userBadge.isRepresent).slice(0, 1) : badges;
      return presentUserBadges(shown, requestMedia(request));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/users/:id/follow',
    operation({ id: 'follow', summary: 'Follow a member', area: 'accounts', member: true, answer: followResultJson }),
    async (request) => {
      const me = member(request).id;
      return { isFollowing: true, ...(await follow(db, me, pathId(request.params.id))) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/users/:id/follow',
    operation({ id: 'unfollow', summary: 'Unfollow a member', area: 'accounts', member: true, answer: followResultJson }),
    async (request) => {
      const me = member(request).id;
      return { isFollowing: false, ...(await unfollow(db, me, pathId(request.params.id))) };
    },
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get<{ Params: { id: string } }>(
      `/users/:id/${direction}`,
      operation({
        id: direction === 'followers' ? 'listFollowers' : 'listFollowing',
        summary: direction === 'followers' ? 'List a member’s followers' : 'List the members a member follows',
        area: 'accounts',
        query: accountPageQuerySchema,
        answer: userSummaryPageJson,
      }),
      async (request) => {
        const id = pathId(request.params.id);
        await assertUser(db, id);
        const page = pageOf(request);
        if (await profileRestriction(db, request.viewer, id)) return pageJson(request, [], 0, page);
        const { rows, total } = await followIds(db, id, direction, page);
        return pageJson(request, await summaries(request, rows), total, page);
      },
    );
  }

  app.get(
    '/users/search',
    operation({
      id: 'searchMembers',
      summary: 'Search members by nickname',
      area: 'accounts',
      query: userSearchSchema.extend(accountPageQuerySchema.shape),
      answer: userSummaryPageJson,
    }),
    async (request) => {
      const { q } = validate(userSearchSchema, singleValuedQuery(request.query));
      const page = pageOf(request);
      const { rows, total } = await searchUserIds(db, q, page, viewerId(request));
      return pageJson(request, await summaries(request, rows), total, page);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/users/:id/block',
    operation({ id: 'blockMember', summary: 'Block a member', area: 'accounts', member: true, body: blockSchema, status: 201, answer: blockCreatedJson }),
    async (request, reply) => {
      const me = member(request).id;
      const target = pathId(request.params.id);
      await assertOtherUser(db, me, target, texts.cannotBlockSelf);
      const { reason } = validate(blockSchema, request.body);
      const row = await blockMember(db, me, target, reason || null);
      reply.code(201);
      return { blocked_id: target, reason: row.reason, created_at: row.createdAt.toISOString() };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/users/:id/block',
    operation({ id: 'unblockMember', summary: 'Unblock a member', area: 'accounts', member: true, answer: successJson }),
    async (request) => {
      const me = member(request).id;
      await unblockMember(db, me, pathId(request.params.id));
      return { success: true };
    },
  );

  app.get(
    '/users/me/blocked',
    operation({
      id: 'listBlockedMembers',
      summary: 'List the members the caller blocked',
      area: 'accounts',
      member: true,
      query: accountPageQuerySchema,
      answer: blockedUserPageJson,
    }),
    async (request): Promise<PageJson<BlockedUserJson>> => {
      const me = member(request).id;
      const page = pageOf(request);
      const { rows, total } = await blockedMembers(db, me, page);
      return pageJson(request, await presentBlocked(db, rows, requestMedia(request), me), total, page);
    },
  );

  /** A restricted profile's activities are an empty list, like its followers and posts. */
  async function activities(request: FastifyRequest, userId: number) {
    await assertUser(db, userId);
    const page = pageOf(request);
    if (await profileRestriction(db, request.viewer, userId)) return pageJson(request, [], 0, page);
    const take = page.page * page.pageSize;
    const found = await memberActivities(db, userId, take);
    return pageJson(request, presentActivities(found).slice((page.page - 1) * page.pageSize, take), found.total, page);
  }

  app.get(
    '/users/me/activities',
    operation({
      id: 'listMyActivities',
      summary: 'List the caller’s activities',
      area: 'accounts',
      member: true,
      query: accountPageQuerySchema,
      answer: activityPageJson,
    }),
    async (request) => activities(request, member(request).id),
  );
  app.get<{ Params: { id: string } }>(
    '/users/:id/activities',
    operation({ id: 'listMemberActivities', summary: 'List a member’s activities', area: 'accounts', query: accountPageQuerySchema, answer: activityPageJson }),
    async (request) => activities(request, pathId(request.params.id)),
  );
};
