import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { GatewayConfigError, settingsFromEnv } from '../../gateway/src/server/config.js';
import { freePort } from '../helpers/processes.js';

interface StartAttempt {
  /** The exit code, or `running` when the gateway was still up (and listening) after the wait. */
  outcome: number | 'running';
  stdout: string;
  stderr: string;
}

/**
 * Starts the gateway as an operator does (`npm run gateway`: gateway/src/main.ts) with `env` on top of a clean
 * environment and waits for it to stop on its own (or, once `until` holds for its output, stops it with SIGTERM); one
 * still running after `waitMs` is stopped and reported so.
 */
async function startGatewayWith(env: Record<string, string>, waitMs = 15_000, until?: (stdout: string) => boolean): Promise<StartAttempt> {
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
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
    if (until?.(stdout)) child.kill('SIGTERM');
  });
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

/** What the operators' trial set, each alone: the line it must give names the variable and the value. */
const BAD_SETTINGS: [name: string, value: string, expected: RegExp][] = [
  ['UPSTREAM_URL', 'notaurl', /http:\/\/ or https:\/\//],
  ['PORT', 'abc', /whole number from 0 to 65535/],
  ['TRUST_PROXY', 'garbage', /true, false, a number of hops/],
  ['LOG_LEVEL', 'verbose', /one of fatal, error, warn, info, debug, trace, silent/],
  ['UPSTREAM_BREAKER_FAILURES', 'abc', /whole number of 1 or more/],
  ['SHUTDOWN_GRACE_MS', '-5', /whole number of 1 or more/],
  ['NOTIFICATION_POLL_INTERVAL_MS', '0', /whole number of 1 or more/],
  ['WS_SETUP_CONCURRENCY', '0', /whole number of 1 or more/],
  ['GRAPHQL_INTROSPECTION', 'nope', /true or false/],
  ['PUBLIC_URL', 'ftp://slime.example', /http:\/\/ or https:\/\//],
];

describe('the environment, read by one schema', () => {
  it.each(BAD_SETTINGS)('refuses %s=%s with one line naming it, its value and what it takes', (name, value, expected) => {
    let error: unknown;
    try {
      settingsFromEnv({ [name]: value });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(GatewayConfigError);
    const { lines } = error as GatewayConfigError;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${name}="${value}"`);
    expect(lines[0]).toMatch(expected);
  });

  it('takes the documented values and defaults', () => {
    const defaults = settingsFromEnv({});
    expect(defaults).toMatchObject({
      introspection: true,
      graphiql: true,
      persistedOnly: false,
      trustProxy: false,
      breakerFailures: 5,
      shutdownGraceMs: 10_000,
    });
    const set = settingsFromEnv({
      GRAPHQL_INTROSPECTION: 'false',
      GRAPHIQL: 'OFF',
      PERSISTED_ONLY: '1',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      UPSTREAM_BREAKER_FAILURES: ' 3 ',
      SHUTDOWN_GRACE_MS: '2500',
      PUBLIC_URL: 'https://slime.example/',
    });
    expect(set).toMatchObject({
      introspection: false,
      graphiql: false,
      persistedOnly: true,
      trustProxy: '10.0.0.0/8, loopback',
      breakerFailures: 3,
      shutdownGraceMs: 2500,
      publicUrl: 'https://slime.example',
    });
  });

  it('stops the start with one line per bad setting, exit code 1 and no stack', async () => {
    const attempt = await startGatewayWith(Object.fromEntries(BAD_SETTINGS.map(([name, value]) => [name, value])));
    const lines = expectRefused(attempt, 'UPSTREAM_URL');
    expect(attempt.outcome).toBe(1);
    expect(lines).toHaveLength(BAD_SETTINGS.length);
    for (const [name, value] of BAD_SETTINGS) expect(lines.filter((line) => line.includes(`${name}=${JSON.stringify(value)}`))).toHaveLength(1);
  });

  it('logs once at start which upstream it calls, the default included', async () => {
    const line = /calling the upstream at http:\/\/127\.0\.0\.1:4001/;
    const attempt = await startGatewayWith({ UPSTREAM_URL: '', LOG_LEVEL: 'info' }, 15_000, (stdout) => line.test(stdout));
    expect(attempt.stdout.split('\n').filter((entry) => line.test(entry))).toHaveLength(1);
  });
});

describe('a PORT or HOST it cannot listen on', () => {
  it('stops the start with one line naming the taken PORT, exit code 1 and no stack', async () => {
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const { port } = taken.address() as AddressInfo;
    try {
      const attempt = await startGatewayWith({ PORT: String(port) });
      expect(expectRefused(attempt, 'PORT')).toEqual([`gateway: PORT ${port} is in use on 127.0.0.1: stop what listens there or set another PORT`]);
      expect(attempt.outcome).toBe(1);
    } finally {
      taken.close();
    }
  });

  it('stops the start with one line naming a HOST that is not this machine, exit code 1 and no stack', async () => {
    // 192.0.2.0/24 is kept for documentation: no machine has it.
    const attempt = await startGatewayWith({ HOST: '192.0.2.1' });
    expect(expectRefused(attempt, 'HOST 192.0.2.1')).toHaveLength(1);
    expect(attempt.outcome).toBe(1);
  });
});
