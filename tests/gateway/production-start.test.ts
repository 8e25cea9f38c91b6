import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { buildServer, SERVER_ENTRIES } from '../../scripts/build-server.js';
import { freePort } from '../helpers/processes.js';

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => (child.exitCode !== null ? done(child.exitCode) : child.once('exit', (code) => done(code))));
}

/** `npm run build`'s server bundle run as production runs it: plain node, NODE_ENV=production, nothing built at start. */
describe('production start from the built server bundle', () => {
  // Inside the project (the bundle finds migrations and assets from the project folder), apart from dist/server.
  const outdir = resolve('dist', `server-test-${process.pid}-${randomBytes(3).toString('hex')}`);
  const scratch = mkdtempSync(join(tmpdir(), 'slime-prod-'));
  let child: ChildProcess | undefined;
  let output = '';
  let metafile: Metafile;

  beforeAll(async () => {
    metafile = await buildServer(outdir);
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(outdir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('serves /healthz, GraphQL with the demo data and the bundled pictures, with no npm or tsx in reach', async () => {
    const [port, upstreamPort] = [await freePort(), await freePort()];
    // PATH holds node alone: a start that tried to build (npm run build) or compile (tsx) would fail.
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    const webDir = join(scratch, 'web');
    mkdirSync(webDir);
    child = spawn(join(bin, 'node'), [join(outdir, 'start.js')], {
      env: {
        PATH: bin,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        UPSTREAM_PORT: String(upstreamPort),
        UPSTREAM_DATA_DIR: 'memory://',
        WEB_DIR: webDir,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const gateway = `http://127.0.0.1:${port}`;

    // A first start creates the embedded database, migrates it and seeds the demo data: slow on a busy machine.
    await waitFor(
      async () => {
        if (child!.exitCode !== null) throw new Error(`the production start exited with ${child!.exitCode}: ${output}`);
        return (await fetch(`${gateway}/healthz`).catch(() => null))?.ok ?? false;
      },
      120_000,
      () => `the gateway (output: ${output})`,
    );
    expect(await (await fetch(`${gateway}/healthz`)).json()).toEqual({ status: 'ok' });

    const answer = await fetch(`${gateway}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ posts(first: 1) { edges { node { title } } } }' }),
    });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.posts.edges[0].node.title).toEqual(expect.any(String));

    // The demo pictures ship in upstream/assets: found from the bundle in dist/, served through the gateway.
    const picture = await fetch(`${gateway}/media/avatars/avatar-mint.svg`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);

    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  }, 180_000);

  it('each program hears the stop signals before its packages load: its entry statically imports no package', () => {
    // What an entry imports statically is loaded (over a second of packages) before its first line runs; a SIGTERM in
    // that time would end the process at once, with no drain. Only what stopSignals needs may come first.
    const staticPackages = (file: string, seen = new Set<string>()): string[] =>
      seen.has(file)
        ? []
        : (seen.add(file),
          metafile.outputs[file]!.imports.flatMap((imported) =>
            imported.kind !== 'import-statement' ? [] : imported.external ? [imported.path] : staticPackages(imported.path, seen),
          ));
    const programs: string[] = Object.values(SERVER_ENTRIES);
    const entries = Object.keys(metafile.outputs).filter((file) => programs.includes(metafile.outputs[file]!.entryPoint ?? ''));
    expect(entries).toHaveLength(programs.length);
    for (const entry of entries) expect(staticPackages(entry), entry).toEqual([]);
    // The rest does load, by the entry's import() once the signals are heard.
    const loadedLater = entries.flatMap((entry) => metafile.outputs[entry]!.imports.filter((imported) => imported.kind === 'dynamic-import'));
    expect(loadedLater).toHaveLength(entries.length);
  });

  it('the start command stops with what to run when there is no build', async () => {
    // The launcher alone, in a project folder with no dist/.
    const project = join(scratch, 'unbuilt');
    mkdirSync(join(project, 'scripts'), { recursive: true });
    copyFileSync(resolve('scripts/start-built.mjs'), join(project, 'scripts', 'start-built.mjs'));
    for (const program of ['start', 'gateway', 'upstream']) {
      const launcher = spawn(process.execPath, [join(project, 'scripts', 'start-built.mjs'), program], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
      let errors = '';
      launcher.stderr!.on('data', (chunk) => (errors += chunk));
      expect(await exited(launcher)).toBe(1);
      expect(errors).toContain(`dist/server/${program}.js is missing: run \`npm run build\` first.`);
    }
  });
});
