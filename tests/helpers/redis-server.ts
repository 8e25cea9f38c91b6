import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './processes.js';

/** Whether `redis-server` can be started here (tests that stop Redis run their own and are skipped without it). */
export const canStartRedis = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A Redis of the test's own, on a free port, without persistence: a test may stop it (`stop`) and start it again
 * on the same port (`start`, empty again, as a Redis restarted without persistence comes back), never touching
 * the machine's shared one.
 */
export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** Stops the server (SIGKILL: connections drop at once, as in a crash). */
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const redis: PrivateRedis = {
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
      probe.on('error', () => {});
      try {
        await probe.ping();
      } finally {
        probe.disconnect();
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGKILL');
      await once(running, 'exit');
    },
  };
  await redis.start();
  return redis;
}
