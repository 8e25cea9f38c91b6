import type { FastifyPluginAsync } from 'fastify';
import { presentProfile } from './present.js';
import type { Database } from '../db/client.js';
import { viewerId } from '../http/auth.js';
import { NotFoundError, UnauthenticatedError } from '../errors.js';
import { pathId, requestMedia } from '../http/request.js';
import { operation } from '../http/openapi.js';
import { userProfileJson } from '../../../domain/api/accounts.js';

export const userRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** The token's own member: the full profile of 001 §3 with private fields (and whether they are staff); 401 for guests. */
  app.get(
    '/users/me',
    operation({ id: 'getMe', summary: 'Get the caller’s profile', area: 'accounts', member: true, answer: userProfileJson }),
    async (request) => {
      const id = viewerId(request);
      const found = id === null ? null : await presentProfile(db, id, id, requestMedia(request));
      if (!found) throw new UnauthenticatedError();
      return { ...found, is_staff: request.viewer?.isStaff ?? false };
    },
  );

  /** A member's public profile, with stats and the viewer's relation (isFollowing, isBlocked), as their privacy setting allows. */
  app.get<{ Params: { id: string } }>(
    '/v1/user/:id/',
    operation({ id: 'getMemberProfile', summary: 'Get a member’s profile', area: 'accounts', answer: userProfileJson }),
    async (request) => {
      const found = await presentProfile(db, pathId(request.params.id), viewerId(request), requestMedia(request), request.viewer?.isStaff ?? false);
      if (!found) throw new NotFoundError();
      return found;
    },
  );
};
