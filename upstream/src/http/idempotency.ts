import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY, idempotencyKeySchema } from '../../../domain/idempotency.js';
import { idempotencyTexts } from '../../../domain/messages.js';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { ConflictError, ValidationError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create that honours `Idempotency-Key`: a repeat with the same key answers the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key row this request claimed, answered in onSend. */
    idempotencyClaim?: { userId: number; key: string; route: string };
  }
}

const POLL_MS = 50;

/** What identifies a repeat's body: a hash of the JSON; multipart bodies (read later, by the handler) are not compared. */
function fingerprintOf(request: FastifyRequest): string | null {
  if (request.body === undefined) return null;
  return createHash('sha256').update(JSON.stringify(request.body)).digest('base64url');
}

/**
 * Idempotent creates (domain/idempotency.ts) for the routes marked `config: { idempotent: true }`, after
 * `authenticate` (keys belong to a member). The key row is claimed before the create runs, with the primary key
 * (member, key, route) as the lock, so of two identical requests at the same moment only one creates, on
 * PostgreSQL as on PGlite; the other waits for the first answer and answers it too. The answer (any status
 * below 500) is stored when it is sent; a 5xx frees the key so a retry can create.
 */
export function idempotentCreates(app: FastifyInstance, db: Database): void {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY.header.toLowerCase()];
    if (!request.routeOptions.config.idempotent || header === undefined || !request.viewer) return;
    const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
    if (!parsed.success) throw ValidationError.of('idempotencyKey', idempotencyTexts.key);
    const claim = { userId: request.viewer.id, key: parsed.data, route: `${request.method} ${request.url.split('?')[0]}` };
    const fingerprint = fingerprintOf(request);
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY.keepMs)));

    const deadline = Date.now() + IDEMPOTENCY.waitMs;
    for (;;) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ ...claim, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length) {
        request.idempotencyClaim = claim;
        return;
      }
      const [first] = await db.select().from(idempotencyKeys).where(sameKey(claim));
      if (!first) continue; // freed (its request failed) between the two statements: claim it now
      if (first.fingerprint !== fingerprint) throw ValidationError.of('idempotencyKey', idempotencyTexts.reused);
      if (first.status !== null) return replay(reply, first.status, first.body ?? '', first.contentType);
      if (Date.now() - first.createdAt.getTime() > IDEMPOTENCY.abandonedAfterMs) {
        // Its request died without an answer: free the key and claim it again.
        await db.delete(idempotencyKeys).where(and(sameKey(claim), isNull(idempotencyKeys.status), eq(idempotencyKeys.createdAt, first.createdAt)));
        continue;
      }
      if (Date.now() >= deadline) throw new ConflictError(idempotencyTexts.inProgress);
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.delete(idempotencyKeys).where(sameKey(claim));
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({ status: reply.statusCode, body: payload, contentType: typeof contentType === 'string' ? contentType : null })
      .where(sameKey(claim));
    return payload;
  });
}

function sameKey(claim: { userId: number; key: string; route: string }) {
  return and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.route, claim.route));
}

function replay(reply: FastifyReply, status: number, body: string, contentType: string | null): FastifyReply {
  reply.code(status).header(IDEMPOTENCY.replayedHeader, 'true');
  if (contentType) reply.header('content-type', contentType);
  return reply.send(body);
}
