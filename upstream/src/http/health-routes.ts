import type { FastifyPluginAsync } from 'fastify';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  // A load balancer's check every second or so: not a log line each time. Not part of the API's description.
  app.get('/healthz', { logLevel: 'silent', schema: { hide: true } }, async () => ({ ok: true }));
};
