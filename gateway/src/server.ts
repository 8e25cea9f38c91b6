import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { UpstreamClient } from './upstream/client.js';
import { createGatewayYoga } from './yoga.js';

export interface GatewayOptions {
  upstreamUrl: string;
  port?: number;
  host?: string;
  /** The built web app (`dist/web`), served at / with a fallback to index.html for client routes. */
  webDir?: string;
  logger?: boolean;
}

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
}

export async function startGateway({ upstreamUrl, port = 4000, host = '127.0.0.1', webDir, logger = false }: GatewayOptions): Promise<RunningGateway> {
  const client = new UpstreamClient({ url: upstreamUrl });
  const yoga = createGatewayYoga(client);
  const app = Fastify({ logger });

  // Yoga reads multipart bodies (file uploads) itself.
  app.addContentTypeParser('multipart/form-data', {}, (_request, _payload, done) => done(null));

  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { req: request, reply });
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  const webRoot = webDir ? resolve(webDir) : undefined;
  if (webRoot && existsSync(resolve(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/; index.html must be revalidated to pick up new builds.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Client-side routes (/community/detail …) load the app shell; the router then shows the page or its 404 screen.
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      if (request.method === 'GET' && (request.headers.accept?.includes('text/html') || !/\.[a-z0-9]+$/i.test(path))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ status: 404, message: 'Not Found' });
    });
  }

  await app.listen({ port, host });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `http://${displayHost}:${boundPort}`,
    async close() {
      await app.close();
      await client.close();
    },
  };
}
