import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserByToken, tokenFromHeader } from '../accounts/tokens.js';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { UnauthenticatedError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member the request's token stands for; null for guests. */
    viewer: UserRow | null;
  }
}

/**
 * Identifies the member behind `Authorization: token <t>` (or `Bearer <t>`) for the routes of this
 * scope. No header: a guest. A header that does not name a live session: 401, never a silent guest.
 */
export function authenticate(app: FastifyInstance, db: Database): void {
  app.decorateRequest('viewer', null);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (token === undefined) return;
    const user = token === null ? null : await findUserByToken(db, token);
    if (!user) throw new UnauthenticatedError();
    request.viewer = user;
  });
}

export function viewerId(request: FastifyRequest): number | null {
  return request.viewer?.id ?? null;
}

/** The signed-in member; a guest is refused (401). */
export function member(request: FastifyRequest): UserRow {
  if (!request.viewer) throw new UnauthenticatedError();
  return request.viewer;
}
