import type { ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { WS_RETRY_CLOSE } from '../../domain/limits.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { spawnNpmScript } from '../helpers/processes.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { graphqlWsUrl, until, type Cleanups } from '../helpers/ws.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let upstream: RunningUpstream;
let proxy: FaultProxy;
const cleanups: Cleanups = [];

beforeAll(async () => {
  upstream = await startUpstream();
  proxy = await startFaultProxy(upstream.url);
}, 60_000);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.stop();
});

interface GatewayProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Whether a process of the program's group still runs. */
  survivors(): boolean;
}

/** `npm run gateway` as operators run it (through npm, which passes the signal on): its own process, stopped with a signal. */
async function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  const { child, survivors, killGroup } = spawnNpmScript('gateway', {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', UPSTREAM_URL: proxy.url, LOG_LEVEL: 'silent', REDIS_URL: '', WEB_DIR: 'no-web-app', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(killGroup);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /gateway: (http:\/\/\S+)\/graphql/.exec(output);
      if (match) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`the gateway exited (${code}) before listening`)));
  });
  return { url, child, exited, survivors };
}

const query = (url: string) =>
  fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ posts(first: 1) { totalCount } }' }),
  });

describe('SIGTERM', () => {
  it('turns readiness off, tells sockets to reconnect, lets a request under way finish, then exits', async () => {
    const gateway = await spawnGateway({ SHUTDOWN_GRACE_MS: '10000' });
    const closeCodes: number[] = [];
    const retriesAsked: number[] = [];
    let connected = false;
    // A stock graphql-ws client. It asks `shouldRetry` only about a close it does not treat as final (4500 and the
    // like are thrown before); answering false keeps the test from reconnecting to a process that is gone.
    const client = createClient({
      url: graphqlWsUrl(gateway.url),
      webSocketImpl: WebSocket,
      retryAttempts: 3,
      shouldRetry: (event) => {
        retriesAsked.push((event as { code: number }).code);
        return false;
      },
      on: {
        connected: () => void (connected = true),
        closed: (event) => void closeCodes.push((event as { code: number }).code),
      },
    });
    cleanups.push(() => client.dispose());
    const errors: unknown[] = [];
    client.subscribe(
      { query: `subscription { postChanged(id: "${Buffer.from('Post:1').toString('base64')}") { id likeCount } }` },
      { next: () => {}, error: (error) => void errors.push(error), complete: () => {} },
    );
    await until(() => connected);

    // A request under way when the signal comes: the upstream answers it late.
    proxy.reset();
    proxy.queue({ kind: 'slowHeaders', delayMs: 2500 });
    const answer = query(gateway.url);
    await until(() => proxy.calls.length === 1);
    gateway.child.kill('SIGTERM');

    await until(() => closeCodes.length > 0);
    expect(closeCodes[0]).toBe(WS_RETRY_CLOSE.serviceRestart.code);
    // Out of the pool: /readyz answers 503, or the listener is already closed.
    const ready = await fetch(`${gateway.url}/readyz`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect(ready).not.toBe(200);

    const finished = await answer;
    expect(finished.status).toBe(200);
    expect((await finished.json()).data.posts.totalCount).toBeGreaterThan(0);
    expect(await gateway.exited).toBe(0);
    await expect.poll(() => gateway.survivors(), { timeout: 3000 }).toBe(false);
    // The client took 1012 as a reason to reconnect, not as the end.
    expect(retriesAsked).toEqual([WS_RETRY_CLOSE.serviceRestart.code]);
  }, 60_000);

  it('cuts a request still under way once the grace is over, and exits', async () => {
    const gateway = await spawnGateway({ SHUTDOWN_GRACE_MS: '1500' });
    proxy.reset();
    proxy.fallback = { kind: 'hang' };
    const answer = query(gateway.url).then(
      (response) => response.status,
      () => 'cut',
    );
    await until(() => proxy.calls.length === 1);
    gateway.child.kill('SIGTERM');
    // The upstream call's own budget (10 s) would have answered TIMEOUT: the grace cut it before.
    expect(await answer).toBe('cut');
    expect(await gateway.exited).toBe(0);
    proxy.reset();
  }, 60_000);

  it('during the start: the gateway starts, then drains and exits 0, nothing left running', async () => {
    // A Redis that takes the connection and never answers holds the start (the gateway waits ~2 s for it, then goes
    // on without it): its first connection is the moment the gateway is mid-start, and the signal is sent then.
    let program: ReturnType<typeof spawnNpmScript> | undefined;
    const held: Socket[] = [];
    const stalledRedis = createServer((socket) => {
      held.push(socket);
      program?.child.kill('SIGTERM');
    });
    await new Promise<void>((done) => stalledRedis.listen(0, '127.0.0.1', done));
    cleanups.push(() => {
      for (const socket of held) socket.destroy();
      stalledRedis.close();
    });
    const { port } = stalledRedis.address() as AddressInfo;
    program = spawnNpmScript('gateway', {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        UPSTREAM_URL: proxy.url,
        LOG_LEVEL: 'silent',
        REDIS_URL: `redis://127.0.0.1:${port}`,
        WEB_DIR: 'no-web-app',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(program.killGroup);
    let errors = '';
    program.child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => program.child.once('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(0);
    expect(errors).toContain('gateway: SIGTERM while starting');
    await expect.poll(() => program.survivors(), { timeout: 3000 }).toBe(false);
  }, 60_000);
});
