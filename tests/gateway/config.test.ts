import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../../gateway/src/server/config.js';
import { freePort } from '../helpers/processes.js';

interface StartAttempt {
  /** The exit code, or `running` when the gateway was still up (and listening) after the wait. */
  outcome: number | 'running';
  stdout: string;
  stderr: string;
}

/**
 * Starts the gateway as an operator does (`npm run gateway`: gateway/src/main.ts) with `env` on top of a clean
 * environment and waits for it to stop on its own; one still running after `waitMs` is stopped and reported so.
 */
async function startGatewayWith(env: Record<string, string>, waitMs = 15_000): Promise<StartAttempt> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Nothing listens there: the gateway does not ask the upstream to start.
      UPSTREAM_URL: `http://127.0.0.1:${await freePort()}`,
      WEB_DIR: 'does-not-exist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const outcome = await new Promise<number | 'running'>((done) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done('running');
    }, waitMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done(code ?? -1);
    });
  });
  return { outcome, stdout, stderr };
}

/** A refused start: non-zero, the reason on stderr in lines naming the setting, no stack trace. */
function expectRefused(attempt: StartAttempt, setting: string): string[] {
  expect(attempt.outcome, `${setting}: ${attempt.stdout}${attempt.stderr}`).not.toBe('running');
  expect(attempt.outcome).not.toBe(0);
  const lines = attempt.stderr.trim().split('\n');
  expect(lines.some((line) => line.includes(setting))).toBe(true);
  expect(attempt.stderr).not.toMatch(/^\s+at /m);
  return lines;
}

describe('REDIS_URL', () => {
  it('takes redis:// and rediss:// addresses, and none at all', () => {
    expect(settingsFromEnv({}).redisUrl).toBeUndefined();
    expect(settingsFromEnv({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
    expect(settingsFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(settingsFromEnv({ REDIS_URL: 'rediss://user:secret@redis.example:6380/2' }).redisUrl).toBe('rediss://user:secret@redis.example:6380/2');
  });

  it.each(['notaurl', 'http://127.0.0.1:6379'])('stops the start on %s with one line naming REDIS_URL', async (value) => {
    const attempt = await startGatewayWith({ REDIS_URL: value });
    const lines = expectRefused(attempt, 'REDIS_URL');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(value);
    expect(lines[0]).toMatch(/redis:\/\/.*rediss:\/\//);
  });
});
