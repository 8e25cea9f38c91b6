// `npm run start:prod` (gateway and upstream in one process), `start:gateway`, `start:upstream`: the server code
// `npm run build` bundled into dist/server, run by node with NODE_ENV=production. Nothing is built or compiled
// here; a missing build stops the start with what to run. Plain JavaScript: it runs before any build exists.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

/** The bundles, by the name `npm run build` gives them (scripts/build-server.ts), and whether they serve the web app. */
const PROGRAMS = { start: { web: true }, gateway: { web: true }, upstream: { web: false } };

const name = process.argv[2];
const program = PROGRAMS[name];
if (!program) fail(`Unknown program ${JSON.stringify(name)}: one of ${Object.keys(PROGRAMS).join(', ')}`);

const bundleUrl = new URL(`../dist/server/${name}.js`, import.meta.url);
const bundle = fileURLToPath(bundleUrl);
if (!existsSync(bundle)) fail(`${bundle} is missing: run \`npm run build\` first.`);
const webIndex = resolve(process.env.WEB_DIR ?? 'dist/web', 'index.html');
if (program.web && !existsSync(webIndex)) fail(`${webIndex} is missing: run \`npm run build\` first (or set WEB_DIR to a built web app).`);

process.env.NODE_ENV = 'production';
process.setSourceMapsEnabled(true);
await import(bundleUrl.href);

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
