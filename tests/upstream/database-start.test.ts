import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_CONNECT_TIMEOUT_MS } from '../../domain/limits.js';
import { runUpstreamProgram, type ProgramRun } from '../helpers/upstream-program.js';

/**
 * The upstream's own program on a DATABASE_URL it cannot use: it stops with one line on stderr naming DATABASE_URL
 * (without its password) and the cause, and a non-zero exit code; no stack trace, and never a silent hang.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const held: Socket[] = [];
let silent: Server;
let silentPort: number;

beforeAll(async () => {
  // Accepts every connection and never says a word: a firewall that drops, a wrong port on a live host.
  silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

function expectOneLine(run: ProgramRun, cause: RegExp) {
  expect(run.listened).toBe(false);
  expect(run.code).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^upstream: .*DATABASE_URL/);
  expect(lines[0]).toMatch(cause);
}

it('a server that accepts the connection and never answers: the start gives up after the connect timeout', async () => {
  const run = await runUpstreamProgram({ DATABASE_URL: `postgres://slime:hunter2@127.0.0.1:${silentPort}/slime` }, 60_000);
  expectOneLine(run, new RegExp(`127\\.0\\.0\\.1:${silentPort}/slime\\): no answer within ${DATABASE_CONNECT_TIMEOUT_MS / 1000} s`));
  expect(run.stderr).not.toContain('hunter2');
  // It ended by itself (exit 1, above), not by the helper's kill 60 s on.
}, 90_000);

it('a refused connection and a URL that is not one each stop the start with their cause', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));

  const [refused, notUrl, notPostgres] = await Promise.all([
    runUpstreamProgram({ DATABASE_URL: `postgres://slime@127.0.0.1:${closedPort}/slime` }),
    runUpstreamProgram({ DATABASE_URL: 'not a url' }),
    runUpstreamProgram({ DATABASE_URL: 'mysql://slime@127.0.0.1/slime' }),
  ]);
  expectOneLine(refused, /ECONNREFUSED/);
  // Refused by the settings' schema before anything opens; the value is not repeated (it may carry a password).
  expectOneLine(notUrl, /^upstream: DATABASE_URL is not usable: expected a postgres:\/\/ or postgresql:\/\/ URL/);
  expectOneLine(notPostgres, /^upstream: DATABASE_URL is not usable: expected a postgres:\/\/ or postgresql:\/\/ URL/);
}, 90_000);

it.runIf(serverUrl)(
  'a database that does not exist on the server',
  async () => {
    const url = new URL(serverUrl!);
    url.pathname = '/slime_no_such_database';
    const run = await runUpstreamProgram({ DATABASE_URL: url.href });
    expectOneLine(run, /database "slime_no_such_database" does not exist/);
  },
  90_000,
);
