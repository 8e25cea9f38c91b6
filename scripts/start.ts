import { execFileSync } from 'node:child_process';
import { buildUpstream } from '../upstream/src/app.js';
import { startGateway } from '../gateway/src/server.js';

/**
 * `npm start`: builds the web app, starts the reference upstream (unless UPSTREAM_URL points at a real one)
 * and the gateway in this one process, and prints where to go.
 */
const env = process.env;

if (env.SKIP_BUILD !== 'true') {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
}

let upstreamUrl = env.UPSTREAM_URL;
let stopUpstream = async () => {};
if (!upstreamUrl) {
  const upstream = await buildUpstream({ databaseUrl: env.DATABASE_URL, dataDir: env.UPSTREAM_DATA_DIR ?? '.data/upstream' });
  const upstreamPort = Number(env.UPSTREAM_PORT ?? 4001);
  await upstream.app.listen({ port: upstreamPort, host: '127.0.0.1' });
  upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  stopUpstream = upstream.close;
}

const gateway = await startGateway({
  upstreamUrl,
  port: Number(env.PORT ?? 4000),
  host: env.HOST ?? 'localhost',
  webDir: env.WEB_DIR ?? 'dist/web',
});

console.log(`\n  슬라임 커뮤니티: ${gateway.url}/community\n  GraphiQL:       ${gateway.url}/graphql\n  upstream REST:  ${upstreamUrl}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await gateway.close();
    await stopUpstream();
    process.exit(0);
  });
}
