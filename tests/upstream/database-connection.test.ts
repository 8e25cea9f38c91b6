import { randomBytes } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../domain/errors.js';
import { buildUpstream, issueToken, type Upstream } from '../../upstream/src/app.js';
import { hashToken } from '../../upstream/src/accounts/tokens.js';
import { DATABASE_OUTAGE_LOG } from '../../upstream/src/db/outage.js';
import { postgresTarget, type PostgresTarget } from '../helpers/upstream.js';

/**
 * PostgreSQL ends connections of its own accord: a restart, a failover, an idle timeout, an administrator. The
 * upstream's pool must drop such a connection and open another, not end the process. Runs when TEST_DATABASE_URL is set.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)('a database connection ended by the server', () => {
  // Names this upstream's connections, so only they are ended (other suites share the test server).
  const applicationName = `upstream_conn_${randomBytes(4).toString('hex')}`;
  const logLines: string[] = [];
  let target: PostgresTarget;
  let upstream: Upstream;
  let base: string;

  beforeAll(async () => {
    target = postgresTarget();
    const url = new URL(databaseUrl!);
    url.searchParams.set('application_name', applicationName);
    upstream = await buildUpstream({
      databaseUrl: url.href,
      databaseSchema: target.schema,
      dataDir: 'memory://',
      seed: true,
      logLevel: 'warn',
      logStream: { write: (line) => void logLines.push(line) },
    });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await upstream?.close();
    await target?.drop();
  });

  const firstPostTitle = async () => {
    const response = await fetch(`${base}/v1/community/?page_size=1`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { results: { title: string }[] }).results[0].title;
  };

  it('is replaced: the process lives on, the next request is answered, and the log says what happened', async () => {
    const before = await firstPostTitle();

    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    let ended: number;
    try {
      const { rows } = await admin.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
      ended = rows.length;
      expect(ended).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Each idle connection hears of its end asynchronously (without a listener the pool's 'error' event ends the
    // process). Until the last has, the pool may still hand one out: wait for every one of them.
    const lostLines = () => logLines.filter((line) => line.includes('database connection lost'));
    await expect.poll(() => lostLines().length, { timeout: 10_000 }).toBe(ended);

    expect(await firstPostTitle()).toBe(before);
    const entry = JSON.parse(lostLines()[0]);
    expect(entry.level).toBe(40);
    expect(entry.err).toMatch(/terminating connection/);
  }, 60_000);
});

describe.runIf(databaseUrl)('readiness while the database is unreachable', () => {
  // The upstream reaches PostgreSQL through this proxy, which the test cuts (every connection ended, new ones
  // refused) and restores on the same port: a database that goes away and comes back.
  const sockets = new Set<Socket>();
  const logLines: string[] = [];
  let proxy: Server;
  let target: PostgresTarget;
  let upstream: Upstream;
  let base: string;

  let proxyPort = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      proxy = proxyTo(new URL(databaseUrl!));
      proxy.listen(proxyPort, '127.0.0.1', () => {
        proxyPort = (proxy.address() as AddressInfo).port;
        resolve();
      });
    });
  function proxyTo(url: URL): Server {
    return createServer((client) => {
      const server = connect(Number(url.port || 5432), url.hostname);
      for (const socket of [client, server]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(server).pipe(client);
    });
  }
  const cut = () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  const readiness = async () => {
    const response = await fetch(`${base}/readyz`);
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    await listen();
    target = postgresTarget();
    const url = new URL(databaseUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(proxyPort);
    upstream = await buildUpstream({
      databaseUrl: url.href,
      databaseSchema: target.schema,
      dataDir: 'memory://',
      seed: true,
      logLevel: 'warn',
      logStream: { write: (line) => void logLines.push(line) },
    });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await upstream?.close();
    await cut();
    await target?.drop();
  });

  it('answers 503 while the database is away, and 200 again once it is back, without a restart', async () => {
    expect(await readiness()).toEqual({ status: 200, body: { status: 'ready', database: 'reachable' } });
    await cut();
    expect(await readiness()).toEqual({ status: 503, body: { status: 'unavailable', database: 'unreachable' } });
    // The process itself is fine: its liveness check stays 200, so an orchestrator does not restart it for this.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await listen();
    await expect.poll(async () => (await readiness()).status, { timeout: 10_000 }).toBe(200);
  }, 60_000);

  it('a request while the database is away answers 503 SERVICE_UNAVAILABLE, logged in one short line; the outage once each way', async () => {
    const warnLines = (message: string) => logLines.filter((line) => line.includes('"level":40') && line.includes(`"msg":"${message}"`));
    // The readiness test's outage has ended in the log too (its probe runs every second).
    await expect.poll(() => warnLines(DATABASE_OUTAGE_LOG.back).length, { timeout: 10_000 }).toBe(warnLines(DATABASE_OUTAGE_LOG.lost).length);
    const token = await issueToken(upstream.db, 1);
    const email = 'outage-login@slime.community';
    await cut();
    logLines.length = 0;
    try {
      const answers = await Promise.all([
        fetch(`${base}/v1/community/?page_size=1`),
        fetch(`${base}/v1/user/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'secret-pw-1' }),
        }),
        fetch(`${base}/v1/user/notification/`, { headers: { authorization: `token ${token}` } }),
        ...Array.from({ length: 5 }, (_, i) => fetch(`${base}/v1/community/${i + 1}/`)),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        const path = new URL(answer.url).pathname;
        expect(await answer.json()).toEqual({ ...errorBody(503, path + new URL(answer.url).search), timestamp: expect.any(String) });
      }
    } finally {
      await listen();
    }
    // One line per request: the driver's code and message, no stack (drizzle and pg frames), no SQL, no parameters.
    const failures = logLines.filter((line) => line.includes('"msg":"database unavailable"'));
    expect(failures).toHaveLength(8);
    for (const line of failures) {
      const entry = JSON.parse(line);
      expect(entry).toMatchObject({ level: 50, reqId: expect.any(String), db: { message: expect.any(String) } });
      expect(entry.err).toBeUndefined();
      expect(line.length).toBeLessThan(600);
    }
    const log = logLines.join('\n');
    for (const secret of [email, hashToken(token), token, 'params', 'Failed query', 'stack', '    at ']) expect(log).not.toContain(secret);
    // The outage itself: one line when it was found, one when the database answers again, however many requests met it.
    await expect.poll(() => warnLines(DATABASE_OUTAGE_LOG.back).length, { timeout: 10_000 }).toBe(1);
    expect(warnLines(DATABASE_OUTAGE_LOG.lost)).toHaveLength(1);
    expect(JSON.parse(warnLines(DATABASE_OUTAGE_LOG.lost)[0]).db).toMatchObject({ message: expect.any(String) });
  }, 60_000);
});
