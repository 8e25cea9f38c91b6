import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, fetch } from 'undici';
import { freePort, startService, type Service } from '../helpers/processes.js';
import { unavailableErrorfile } from '../../gateway/src/server/refusals.js';

/**
 * The production shape on one machine, for the chaos suite: upstream processes on a PostgreSQL database of their
 * own, gateway replicas sharing a private Redis (`tests/helpers/redis-server.ts`: the suite may stop it without
 * disturbing anyone else), and HAProxy in front of the replicas as README "Running a fleet" configures it.
 */

async function waitForPort(port: number, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it listened`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
      socket.setTimeout(1000, () => resolve(false));
    }).then((result) => result);
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** An empty PostgreSQL database of its own on the machine's server (TEST_DATABASE_URL), dropped at the end. */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; query<T>(text: string): Promise<T[]>; drop(): Promise<void> }> {
  const name = `chaos_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const reader = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The drop ends its idle connections: expected, not a failure.
  reader.on('error', () => {});
  return {
    url: url.toString(),
    async query<T>(text: string) {
      return (await reader.query(text)).rows as T[];
    },
    async drop() {
      await reader.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function startUpstream(name: string, env: Record<string, string>): Promise<Service> {
  return startService(name, 'upstream/src/main.ts', { UPSTREAM_TRUSTED_PROXIES: '127.0.0.1', DEMO_DATA: 'true', ...env }, '/healthz');
}

export function startReplica(name: string, env: Record<string, string>): Promise<Service> {
  return startService(name, 'gateway/src/main.ts', { WEB_DIR: 'no-web-build', TRUST_PROXY: '1', ...env }, '/healthz');
}

/** HAProxy from Debian in front of `backends`, configured as README "Running a fleet" shows. */
export class LoadBalancer {
  private constructor(
    readonly port: number,
    private readonly child: ChildProcess,
    private readonly dir: string,
  ) {}

  static async start(backends: Service[]): Promise<LoadBalancer> {
    const port = await freePort();
    const dir = await mkdtemp(join(tmpdir(), 'chaos-haproxy-'));
    const errorfile = join(dir, 'graphql-503.http');
    await writeFile(errorfile, unavailableErrorfile());
    const servers = backends.map((backend, index) => `  server replica${index + 1} ${new URL(backend.url).host} check`).join('\n');
    const config = `global
  maxconn 4000
  tune.bufsize 32768

defaults
  mode http
  timeout connect 2s
  timeout http-request 15s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  option forwardfor
  option redispatch
  retries 2

frontend site
  bind 127.0.0.1:${port}
  http-request deny if { path_beg /metrics }
  default_backend gateways

backend gateways
  balance roundrobin
  errorfile 503 ${errorfile}
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500 fall 2 rise 1
${servers}
`;
    const path = join(dir, 'haproxy.cfg');
    await writeFile(path, config);
    const child = spawn('haproxy', ['-db', '-f', path], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitForPort(port, child, 'haproxy');
    return new LoadBalancer(port, child, dir);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await ended(this.child, 'SIGTERM');
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Requests from a loopback address of their own (127.0.0.0/8), so per-address limits count each client apart. */
export function fromAddress(localAddress: string): Agent {
  return new Agent({ localAddress });
}

export interface GraphQLAnswer {
  status: number;
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export async function graphql(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string; headers?: Record<string, string>; dispatcher?: Agent } = {},
): Promise<GraphQLAnswer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `token ${options.token}` } : {}), ...options.headers },
    body: JSON.stringify({ query, variables }),
    dispatcher: options.dispatcher,
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as Omit<GraphQLAnswer, 'status'>;
  return { status: response.status, ...body };
}

/** Waits until `condition` resolves true, checking every `everyMs`; fails after `timeoutMs`. */
export async function eventually(condition: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 200): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const alive = (service: Service) => service.process.exitCode === null && service.process.signalCode === null;
