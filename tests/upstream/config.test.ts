import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PLUGIN_START_TIMEOUT_MS } from '../../domain/limits.js';
import { ConfigError } from '../../domain/settings.js';
import { buildUpstream } from '../../upstream/src/app.js';
import { upstreamEnvFrom, upstreamOptionsOf } from '../../upstream/src/config.js';
import { runUpstreamProgram } from '../helpers/upstream-program.js';

/** Each alone: the one line it must give names the variable and its value, and says what it takes. */
const BAD_SETTINGS: [name: string, value: string, expected: RegExp][] = [
  ['PORT', 'abc', /whole number from 0 to 65535/],
  ['UPSTREAM_PORT', '70000', /whole number from 0 to 65535/],
  ['LOG_LEVEL', 'verbose', /one of fatal, error, warn, info, debug, trace, silent/],
  ['DEMO_DATA', 'flase', /true or false/],
  ['SHUTDOWN_GRACE_MS', '-5', /whole number of 1 or more/],
  ['UNUSED_UPLOADS_GRACE_MS', '3d', /whole number of 1 or more/],
  ['UNUSED_UPLOADS_SWEEP_INTERVAL_MS', '0', /whole number of 1 or more/],
  ['REDIS_URL', 'http://127.0.0.1:6379', /redis:\/\/.*rediss:\/\//],
  ['REDIS_PREFIX', 'a b', /letters, digits/],
  ['UPSTREAM_PUBLIC_URL', 'api.slime.example', /http:\/\/ or https:\/\//],
  ['APP_URL', 'ftp://slime.example', /http:\/\/ or https:\/\//],
  ['UPSTREAM_TRUSTED_PROXIES', 'loopback, not-an-address', /proxy addresses or CIDR ranges/],
  ['KAKAO_TOKEN_INFO_URL', 'kapi.kakao.com', /http:\/\/ or https:\/\//],
];

function refusal(env: Record<string, string>): ConfigError {
  try {
    upstreamEnvFrom(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(env)} was taken`);
}

describe("the upstream's environment, read by one schema", () => {
  it.each(BAD_SETTINGS)('refuses %s=%s with one line naming it, its value and what it takes', (name, value, expected) => {
    const { lines } = refusal({ [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^upstream: ${name}=${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not usable: `));
    expect(lines[0]).toMatch(expected);
  });

  it('names DATABASE_URL and SMTP_URL without repeating their values, which may carry a password', () => {
    const { lines } = refusal({ DATABASE_URL: 'mysql://slime:hunter2@db/slime', SMTP_URL: 'http://mail:hunter2@smtp.example' });
    expect(lines).toEqual([
      expect.stringMatching(/^upstream: DATABASE_URL is not usable: expected a postgres:\/\/ or postgresql:\/\/ URL/),
      expect.stringMatching(/^upstream: SMTP_URL is not usable: expected an smtp:\/\/ or smtps:\/\/ address/),
    ]);
    expect(lines.join('\n')).not.toContain('hunter2');
  });

  it('takes the documented values and defaults', () => {
    const defaults = upstreamEnvFrom({});
    expect(defaults).toMatchObject({ PORT: 4001, UPSTREAM_PORT: 4001, SHUTDOWN_GRACE_MS: 10_000 });
    expect(upstreamOptionsOf(defaults)).toMatchObject({ databaseUrl: undefined, dataDir: '.data/upstream', seed: undefined, redisPrefix: 'slime:' });
    const set = upstreamEnvFrom({
      PORT: ' 0 ',
      DEMO_DATA: 'OFF',
      DATABASE_URL: 'postgresql://slime:secret@db.internal:5432/slime',
      UPSTREAM_PUBLIC_URL: 'https://api.slime.example/',
      UPSTREAM_TRUSTED_PROXIES: '10.0.0.0/8, loopback',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      LOG_LEVEL: 'warn',
    });
    expect(set).toMatchObject({ PORT: 0, LOG_LEVEL: 'warn' });
    expect(upstreamOptionsOf(set)).toMatchObject({
      seed: false,
      databaseUrl: 'postgresql://slime:secret@db.internal:5432/slime',
      publicUrl: 'https://api.slime.example',
      trustProxy: ['10.0.0.0/8', 'loopback'],
      mail: { smtpUrl: 'smtps://user:pass@smtp.example.com:465' },
    });
  });

  it('stops the program with one line per bad setting, exit code 1 and no stack, before it opens a database', async () => {
    const run = await runUpstreamProgram(Object.fromEntries(BAD_SETTINGS.map(([name, value]) => [name, value])), 60_000);
    expect(run.listened).toBe(false);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(BAD_SETTINGS.length);
    for (const [name, value] of BAD_SETTINGS) expect(lines.filter((line) => line.startsWith(`upstream: ${name}=${JSON.stringify(value)} `))).toHaveLength(1);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    // Nothing was opened: the schema refuses before the embedded database starts or the first log line.
    expect(run.lines).toEqual([]);
    expect(run.openedDataDir).toBe(false);
  }, 60_000);
});

describe('a PORT or HOST it cannot listen on', () => {
  it('stops the program with one line naming the taken PORT, exit code 1 and no stack', async () => {
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const { port } = taken.address() as AddressInfo;
    try {
      const run = await runUpstreamProgram({ PORT: String(port) }, 60_000);
      expect(run.listened).toBe(false);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n'), run.stderr).toEqual([`upstream: PORT ${port} is in use on 127.0.0.1: stop what listens there or set another PORT`]);
    } finally {
      taken.close();
    }
  }, 60_000);
});

it('gives its plugins PLUGIN_START_TIMEOUT_MS to register, not Fastify’s 10 s a starved machine can pass', async () => {
  const upstream = await buildUpstream({ dataDir: 'memory://', seed: false });
  try {
    expect(upstream.app.initialConfig.pluginTimeout).toBe(PLUGIN_START_TIMEOUT_MS);
  } finally {
    await upstream.close();
  }
});
