import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** `npm run upstream` as operators run it: its own process on a fresh PGlite folder, stopped with a signal. */
async function spawnUpstream(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'upstream-shutdown-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'upstream/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', REDIS_URL: '', DATABASE_URL: '', UPSTREAM_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => void child.kill('SIGKILL'));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = await new Promise<URL>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /upstream REST API: (http:\/\/\S+)/.exec(output);
      if (match) resolve(new URL(match[1]));
    });
    void exited.then((code) => reject(new Error(`the upstream exited (${code}) before listening`)));
  });
  return { url, child, exited, errors: () => errors };
}

/** Resolves once `text` has arrived on the socket. */
function received(socket: Socket, text: string): Promise<void> {
  let seen = '';
  return new Promise((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (seen.includes(text)) resolve();
    });
    socket.once('close', () => reject(new Error(`closed before "${text}" (got ${JSON.stringify(seen)})`)));
  });
}

it('SIGTERM: no new connection is taken, a request still under way after SHUTDOWN_GRACE_MS is cut, and the process exits 0', async () => {
  const upstream = await spawnUpstream({ SHUTDOWN_GRACE_MS: '500' });

  // A request that would last over a minute: a login body of 200 KB sent at ~2.5 KB/s (above the body-rate floor).
  const socket = connect(Number(upstream.url.port), upstream.url.hostname);
  cleanups.push(() => socket.destroy());
  const bodyLength = 200_000;
  const continued = received(socket, '100 Continue');
  socket.write(
    `POST /v1/accounts/login/ HTTP/1.1\r\nHost: ${upstream.url.host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${bodyLength}\r\nExpect: 100-continue\r\n\r\n`,
  );
  // The server answers 100 Continue once it holds the request: from here it is under way.
  await continued;
  let sent = 0;
  const trickle = setInterval(() => {
    if (socket.destroyed || sent >= bodyLength - 500) return;
    socket.write(sent === 0 ? '{"pad":"' + 'x'.repeat(492) : 'x'.repeat(500));
    sent += 500;
  }, 200);
  cleanups.push(() => clearInterval(trickle));
  const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

  upstream.child.kill('SIGTERM');

  // New connections are refused once the listener has closed.
  await expect
    .poll(
      () =>
        fetch(new URL('/healthz', upstream.url)).then(
          () => 'answered',
          () => 'refused',
        ),
      { timeout: 20_000, interval: 100 },
    )
    .toBe('refused');
  // The slow request does not hold the process: its connection is cut after the grace and the process ends well.
  await socketClosed;
  expect(await upstream.exited).toBe(0);
  expect(upstream.errors()).toContain('requests still under way after 500 ms');
}, 60_000);

it('SIGTERM: a request under way is answered with Connection: close, so its keep-alive does not hold the stop until the grace', async () => {
  const upstream = await spawnUpstream({ SHUTDOWN_GRACE_MS: '20000' });
  const socket = connect(Number(upstream.url.port), upstream.url.hostname);
  cleanups.push(() => socket.destroy());
  const body = JSON.stringify({ email: 'nobody@slime.community', password: 'x'.repeat(20) });
  const continued = received(socket, '100 Continue');
  socket.write(
    `POST /v1/user/login/ HTTP/1.1\r\nHost: ${upstream.url.host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await continued;
  socket.write(body.slice(0, 10));
  const answered = received(socket, '\r\n\r\n');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

  const stopping = Date.now();
  upstream.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.write(body.slice(10));
  await answered;
  expect(answer).toMatch(/^connection: close\r$/im);
  // The server closes the connection after that answer, and the process ends without waiting out the 20 s grace.
  await socketClosed;
  expect(await upstream.exited).toBe(0);
  expect(Date.now() - stopping).toBeLessThan(15_000);
  expect(upstream.errors()).not.toContain('requests still under way');
}, 60_000);
