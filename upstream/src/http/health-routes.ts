import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { READINESS_DATABASE_TIMEOUT_MS } from '../../../domain/limits.js';
import type { Database } from '../db/client.js';

/**
 * A load balancer's checks, every second or so: no log line each time, and not part of the API's description.
 * `/healthz`: the process can serve. `/readyz`: it should get traffic, which it cannot while its database does
 * not answer (a store that hangs counts as one that refused). While the process drains, both answer 503, as every
 * route does then (app.ts).
 */
export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/healthz', { logLevel: 'silent', schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) => {
    const reachable = await answersWithin(db.execute(sql`select 1`), READINESS_DATABASE_TIMEOUT_MS);
    if (reachable) return { status: 'ready', database: 'reachable' };
    return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
  });
};

async function answersWithin(query: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query.then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
