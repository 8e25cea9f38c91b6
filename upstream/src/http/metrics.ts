import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../db/client.js';

/** Histogram buckets of durations in seconds, from 5 ms to 10 s (the gateway's, so both sides read alike). */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics of one upstream at `/metrics`, named and labelled as the gateway's (gateway/src/server/metrics.ts):
 * its own registry (several upstreams in one process stay apart), the process's default metrics, each request counted
 * and timed by method, route and status. The route is Fastify's template (`/v1/community/:id/`), or `unmatched` for a
 * path no route has, so the series stay as many as the routes whatever the paths asked.
 */
export function serveMetrics(app: FastifyInstance, poolStats?: () => PoolStats): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'upstream_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code (refusals before the handler included)',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'upstream_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route template',
    labelNames: ['method', 'route'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  if (poolStats) {
    // Read when scraped: node-postgres keeps the counts, nothing is done per query.
    new Gauge({
      name: 'upstream_db_pool_connections',
      help: 'PostgreSQL pool (DATABASE_URL): connections open (total), idle, and queries waiting for one (waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      seconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/metrics', { logLevel: 'silent', schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', registry.contentType).send(await registry.metrics()),
  );
}
