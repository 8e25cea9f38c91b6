import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port free right now on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Service {
  name: string;
  url: string;
  process: ChildProcess;
  /** Resident set size of the process, in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash would: no shutdown work runs. */
  kill(): Promise<void>;
}

/**
 * Runs an entry point in its own process and waits until `readyPath` answers: a TypeScript file through tsx, or a
 * built `.js` bundle by node as it is, with source maps as `npm run start:prod` runs one. It listens on
 * `env.PORT` when given (a restart on the same address), else on a free port. `nodeArgs` go to node before the entry
 * (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startService(
  name: string,
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  init?: RequestInit,
  nodeArgs: string[] = [],
): Promise<Service> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const loader = entry.endsWith('.js') ? ['--enable-source-maps'] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_resolve, reject) => child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready`))));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await Promise.race([
      fetch(url + readyPath, init).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`${name} did not start within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    name,
    url,
    process: child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/**
 * `npm run <script>` as an operator types it, in a process group of its own: a signal sent to `child` goes through npm
 * (and whatever the script runs) as the operator's does, and `survivors()` tells whether any process of the group still
 * runs after npm has exited (a server left behind by a wrapper that did not pass the signal on).
 */
export function spawnNpmScript(script: string, options: { cwd: string; env: NodeJS.ProcessEnv; stdio: StdioOptions }) {
  const child = spawn('npm', ['run', '--silent', script], { ...options, detached: true });
  const group = -child.pid!;
  return {
    child,
    survivors: () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    },
    /** Ends the whole group at once (test cleanup). */
    killGroup: () => {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}
