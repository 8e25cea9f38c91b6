import Fastify from 'fastify';
import { createYoga } from 'graphql-yoga';
import { schema } from '../../gateway/src/graphql/schema.js';

/**
 * P6's third floor: graphql-yoga as it comes (no plugin, no setting of ours beyond quiet logs) serving our schema,
 * mounted on Fastify exactly as the gateway mounts it. It answers only what needs no context, so the bench asks it
 * `{ __typename }` alone: what Fastify and Yoga themselves cost per request, before anything of ours. Read beside the
 * gateway's floor (what our plugins, headers and metrics add) and the pass-through's (plain Node).
 *
 * PORT (default 4007) · `GET /healthz`.
 */
const yoga = createYoga({ schema, logging: false, graphiql: false, landingPage: false });
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.route({
  url: yoga.graphqlEndpoint,
  method: ['GET', 'POST'],
  handler: async (request, reply) => {
    const response = await yoga.handleNodeRequestAndResponse(request, reply.raw);
    response.headers.forEach((value, key) => reply.header(key, value));
    reply.status(response.status);
    return reply.send(await response.text());
  },
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 4007) });
