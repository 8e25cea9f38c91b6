import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { errorMessages } from '../../domain/messages.js';
import { DRAIN_RETRY_AFTER_SECONDS } from '../../domain/limits.js';
import { spawnNpmScript } from '../helpers/processes.js';
import { seededDataDir } from '../helpers/seeded-template.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/**
 * `npm run upstream` as operators run it (through npm, which passes the signal on): its own process on a PGlite folder (a fresh one unless given), stopped with a
 * signal. The tests of a stop while serving start on a seeded folder (`seededDataDir`); the stop during a start needs the
 * fresh one.
 */
function spawnProgram(env: Record<string, string>, dataDir = mkdtempSync(join(tmpdir(), 'upstream-shutdown-'))) {
  const { child, survivors, killGroup } = spawnNpmScript('upstream', {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', REDIS_URL: '', DATABASE_URL: '', UPSTREAM_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(killGroup);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let errors = '';
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, dataDir, exited, survivors, errors: () => errors, output: () => output };
}

async function spawnUpstream(env: Record<string, string>, dataDir?: string) {
  const program = spawnProgram(env, dataDir);
  const url = await new Promise<URL>((resolve, reject) => {
    program.child.stdout!.on('data', () => {
      const match = /upstream REST API: (http:\/\/\S+)/.exec(program.output());
      if (match) resolve(new URL(match[1]));
    });
    void program.exited.then(({ code }) => reject(new Error(`the upstream exited (${code}) before listening: ${program.errors()}`)));
  });
  return { ...program, url, exited: program.exited.then(({ code }) => code) };
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
  const upstream = await spawnUpstream({ SHUTDOWN_GRACE_MS: '500' }, await seededDataDir());

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
  const upstream = await spawnUpstream({ SHUTDOWN_GRACE_MS: '20000', LOG_LEVEL: 'info' }, await seededDataDir());
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
  // The operator's log says when the stop began.
  const lines = upstream
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  expect(lines).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/^stopping/), graceMs: 20000 }));
}, 60_000);

it('SIGTERM: a request arriving while the upstream drains is answered 503 in the error object, in Korean, with Retry-After', async () => {
  const upstream = await spawnUpstream({ SHUTDOWN_GRACE_MS: '20000' }, await seededDataDir());
  // The request's head is on its way over an open connection when the drain begins: its last line comes after.
  const socket = connect(Number(upstream.url.port), upstream.url.hostname);
  cleanups.push(() => socket.destroy());
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`GET /v1/community/categories/ HTTP/1.1\r\nHost: ${upstream.url.host}\r\n`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

  upstream.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.write('\r\n');
  await socketClosed;

  const [head, body] = answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 503 /);
  expect(head).toMatch(new RegExp(`^retry-after: ${DRAIN_RETRY_AFTER_SECONDS}\r?$`, 'im'));
  expect(head).toMatch(/^connection: close\r?$/im);
  expect(head).toMatch(/^content-type: application\/json/im);
  expect(JSON.parse(body)).toEqual({
    code: 'SERVICE_UNAVAILABLE',
    status: 503,
    message: errorMessages.SERVICE_UNAVAILABLE,
    path: '/v1/community/categories/',
    timestamp: expect.any(String),
    details: [],
  });
  expect(await upstream.exited).toBe(0);
}, 60_000);

it('SIGTERM during the start (migrations, demo data): the start finishes its writes, nothing listens, the process exits 0', async () => {
  const program = spawnProgram({ LOG_LEVEL: 'info' });
  // The embedded database is being created: the program is past its first line and in the middle of its start (tsx
  // compiling the upstream first: past 30 s on a 2-core machine running a browser suite beside).
  await expect.poll(() => readdirSync(program.dataDir).length, { timeout: 60_000, interval: 20 }).toBeGreaterThan(0);
  program.child.kill('SIGTERM');
  expect(await program.exited).toEqual({ code: 0, signal: null });
  await expect.poll(() => program.survivors(), { timeout: 3000 }).toBe(false);
  expect(program.output()).not.toContain('upstream REST API');
  expect(program.errors()).toContain('upstream: SIGTERM while starting');

  // The store was closed whole: the next start opens it and finds the demo data loaded before the stop.
  const again = await spawnUpstream({ LOG_LEVEL: 'info' }, program.dataDir);
  expect(again.output()).toContain('"demoData":"kept"');
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
}, 150_000);
