import { join } from 'node:path';
import { buildServer, SERVER_ENTRIES } from '../scripts/build-server.js';
import { startService, type Service } from '../tests/helpers/processes.js';

/**
 * Every program the bench starts, built the way production builds the servers (`npm run build:server`: one esbuild
 * bundle per program, packages left as imports of node_modules) and run by node as they are, as `npm run start:prod`
 * runs the gateway. The peers are built and run the same way, so no side pays for TypeScript compiled at run time
 * (tsx's loader and its `__name` wrapper around every closure) and every figure is the production code's.
 */
const PROGRAMS = {
  gateway: SERVER_ENTRIES.gateway,
  upstream: SERVER_ENTRIES.upstream,
  'fixture-upstream': 'bench/fixture-upstream.ts',
  passthrough: 'bench/peers/passthrough.ts',
  'stock-yoga': 'bench/peers/stock-yoga.ts',
  'apollo-feed': 'bench/peers/apollo-feed.ts',
  'hive-gateway': 'bench/peers/hive-gateway.ts',
};

/** Inside the project folder: the bundles find node_modules and the files they read at run time from there. */
const OUTDIR = 'dist/bench';

let built: Promise<unknown> | undefined;

/** The built program's path (`node <path>` runs it), building them all once per bench process. */
export async function benchProgram(name: keyof typeof PROGRAMS): Promise<string> {
  built ??= buildServer(OUTDIR, PROGRAMS);
  await built;
  return `${OUTDIR}/${name}.js`;
}

/**
 * Our gateway, built, as every phase measures it: no web app and no GraphiQL. `env` names its upstream
 * (`UPSTREAM_URL`) and any setting of the phase's own.
 */
export async function startBenchGateway(name: string, dataDir: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<Service> {
  return startService(name, await benchProgram('gateway'), { WEB_DIR: join(dataDir, 'no-web'), GRAPHIQL: 'false', ...env }, '/healthz', undefined, nodeArgs);
}
