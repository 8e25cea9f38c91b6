import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.js';
import { viewerId } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parseId, requestMedia } from '../http/request.js';
import { serializeUser } from '../serializers.js';
import { loadUsers } from '../users/repository.js';

export const userRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** The token's own member, e-mail included; 401 for guests. */
  app.get('/users/me', async (request) => {
    const id = viewerId(request);
    const found = id === null ? undefined : (await loadUsers(db, [id])).get(id);
    if (!found) throw new HttpError(401);
    return serializeUser(found, requestMedia(request), id);
  });

  app.get<{ Params: { id: string } }>('/v1/user/:id/', async (request) => {
    const id = parseId(request.params.id);
    const found = id === null ? undefined : (await loadUsers(db, [id])).get(id);
    if (!found) throw new HttpError(404);
    return serializeUser(found, requestMedia(request), viewerId(request));
  });
};
