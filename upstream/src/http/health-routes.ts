import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { READINESS_DATABASE_TIMEOUT_MS } from '../../../domain/limits.js';
import { unavailabilityOf, type Database } from '../db/client.js';
import { answersWithin, type DatabaseOutage } from '../db/outage.js';

/**
 * A load balancer's checks, every second or so: no log line each time, and not part of the API's description.
 * `/healthz`: the process can serve. `/readyz`: it should get traffic, which it cannot while its database does
 * not answer (a store that hangs counts as one that refused; the outage's first such answer is logged once, as a
 * request's is). While the process drains, both answer 503, as every route does then (app.ts).
 */
export const healthRoutes: FastifyPluginAsync<{ db: Database; outage: DatabaseOutage }> = async (app, { db, outage }) => {
  app.get('/healthz', { logLevel: 'silent', schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) => {
    let failure: unknown;
    const query = db.execute(sql`select 1`).catch((error: unknown) => {
      failure = error;
      throw error;
    });
    const reachable = await answersWithin(query, READINESS_DATABASE_TIMEOUT_MS);
    if (reachable) return { status: 'ready', database: 'reachable' };
    const cause = failure === undefined ? { message: `no answer within ${READINESS_DATABASE_TIMEOUT_MS / 1000} s` } : unavailabilityOf(failure);
    if (cause) outage.lost(cause);
    return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
  });
};
