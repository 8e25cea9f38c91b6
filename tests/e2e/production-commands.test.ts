import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/processes.js';

/**
 * The README's production commands as an operator (or a container's CMD) runs them, on `npm run build`'s output:
 * `npm run start:prod`, `start:gateway`, `start:upstream`. A stop signal sent to npm must stop the server (a
 * container runtime or systemd signals the process it started), and the servers log as configuration.md says.
 */

interface Started {
  npm: ChildProcess;
  output: () => string;
}

const groups: number[] = [];
afterEach(() => {
  // Whatever the command left behind, orphans included: they keep npm's process group.
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function npmRun(script: string, env: Record<string, string>): Started {
  const npm = spawn('npm', ['run', '--silent', script], {
    env: { ...process.env, HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', SHUTDOWN_GRACE_MS: '2000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  groups.push(npm.pid!);
  let output = '';
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  return { npm, output: () => output };
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (response) => response.status,
    () => 0,
  );

async function until(check: () => Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

const groupAlive = (group: number) => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

describe('production commands', () => {
  it.each([
    ['start:upstream', 'PORT'],
    ['start:gateway', 'PORT'],
    ['start:prod', 'PORT'],
  ])(
    '`npm run %s`: SIGTERM sent to npm stops the server, and nothing is left running',
    async (script) => {
      const [port, upstreamPort] = [await freePort(), await freePort()];
      const started = npmRun(script, {
        PORT: String(port),
        UPSTREAM_PORT: String(upstreamPort),
        UPSTREAM_DATA_DIR: 'memory://',
        UPSTREAM_URL: script === 'start:gateway' ? `http://127.0.0.1:${upstreamPort}` : '',
        LOG_LEVEL: 'warn',
      });
      const health = `http://127.0.0.1:${port}/healthz`;
      await until(
        async () => (await answers(health)) === 200,
        120_000,
        () => `${script} to answer (output: ${started.output()})`,
      );

      const npmExited = new Promise<void>((done) => started.npm.once('exit', () => done()));
      process.kill(started.npm.pid!, 'SIGTERM');
      await npmExited;
      // The server itself stopped: no orphan still answering on the port, nothing left in npm's process group.
      await until(
        async () => (await answers(health)) === 0 && !groupAlive(started.npm.pid!),
        15_000,
        () => `${script}'s server to stop`,
      );
    },
    180_000,
  );

  it("`npm run start:prod` logs each request as JSON with the caller's X-Request-Id, at LOG_LEVEL=info", async () => {
    const [port, upstreamPort] = [await freePort(), await freePort()];
    const started = npmRun('start:prod', { PORT: String(port), UPSTREAM_PORT: String(upstreamPort), UPSTREAM_DATA_DIR: 'memory://', LOG_LEVEL: 'info' });
    await until(
      async () => (await answers(`http://127.0.0.1:${port}/healthz`)) === 200,
      120_000,
      () => `start:prod (output: ${started.output()})`,
    );

    const requestId = `prod-log-${Date.now()}`;
    const answer = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ query: '{ posts(first: 1) { edges { node { id } } } }' }),
    });
    expect(answer.status).toBe(200);
    const logged = () =>
      started
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; req?: { url: string }; res?: { statusCode: number } });
    const ofRequest = (msg: string) => logged().filter((entry) => entry.reqId === requestId && entry.msg === msg);
    // The gateway's line and the upstream's for the call it made: one id in both logs.
    await until(
      async () => ofRequest('request completed').length === 2,
      10_000,
      () => 'both request lines',
    );
    expect(ofRequest('request completed').map((entry) => entry.res?.statusCode)).toEqual([200, 200]);
    expect(ofRequest('incoming request').map((entry) => entry.req?.url)).toEqual(
      expect.arrayContaining(['/graphql', expect.stringMatching(/^\/v1\/community\//)]),
    );
  }, 180_000);
});
