import { startGateway } from './server/server.js';

const gateway = await startGateway({
  upstreamUrl: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4001',
  port: Number(process.env.PORT ?? 4000),
  host: process.env.HOST ?? 'localhost',
  webDir: process.env.WEB_DIR ?? 'dist/web',
  logger: process.env.LOG_LEVEL !== 'silent',
});
console.log(`gateway: ${gateway.url}/graphql`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void gateway.close().then(() => process.exit(0)));
}
