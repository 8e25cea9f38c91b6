import { errorMessages } from '../../domain/messages.js';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HTTP_SERVER_TIMEOUTS } from '../../domain/limits.js';
import { useStack } from '../helpers/stack.js';

const rig = useStack();

/**
 * A raw client that sends `head` at once, then `drip` one byte a second. Resolves with what the server answered
 * when it closed the connection, or `still open` when the test's own patience (`giveUpMs`) ran out first.
 */
function trickle(url: string, head: string, drip: string, giveUpMs: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let sent = 0;
    const dripper = setInterval(() => {
      if (sent < drip.length && socket.writable) socket.write(drip[sent++]);
    }, 1000);
    const patience = setTimeout(() => finish('still open'), giveUpMs);
    const finish = (result: string) => {
      clearInterval(dripper);
      clearTimeout(patience);
      socket.destroy();
      resolve(result);
    };
    socket.on('data', (chunk: Buffer) => void (answer += chunk.toString()));
    socket.on('close', () => finish(answer));
    socket.on('error', () => {});
    socket.write(head);
  });
}

const body = JSON.stringify({ query: `{ categories { name } }`, padding: 'x'.repeat(60) });
const slowBody = (url: string, path: string) =>
  trickle(url, `POST ${path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`, body, 30_000);
const slowHeaders = (url: string) =>
  trickle(url, 'GET /healthz HTTP/1.1\r\nHost: test\r\n', 'X-Slow: ' + 'x'.repeat(60), HTTP_SERVER_TIMEOUTS.headersTimeoutMs + 20_000);

describe('slow clients', () => {
  it('cuts a body trickling at 1 byte a second (408) on the gateway and the upstream, while normal requests go on', async () => {
    const gatewayCut = slowBody(rig.gateway.url, '/graphql');
    const upstreamCut = slowBody(rig.upstream.url, '/v1/community/');
    expect((await rig.graphql(`{ categories { name } }`)).data.categories.length).toBeGreaterThan(0);
    expect(await gatewayCut).toMatch(/^HTTP\/1\.1 408/);
    expect(await upstreamCut).toMatch(/^HTTP\/1\.1 408/);
    expect((await rig.graphql(`{ categories { name } }`)).data.categories.length).toBeGreaterThan(0);
  }, 60_000);

  it('cuts a body still trickling after the request was answered (an upload refused at once), on both servers', async () => {
    const refusedUpload = (path: string) =>
      `POST ${path} HTTP/1.1\r\nHost: test\r\nContent-Type: multipart/form-data; boundary=XX\r\nContent-Length: 100000\r\n\r\n`;
    const patienceMs = HTTP_SERVER_TIMEOUTS.bodyRateGraceMs + 20_000;
    const [gateway, upstream] = await Promise.all([
      // No CSRF header: refused with 403 before the body is read.
      trickle(rig.gateway.url, refusedUpload('/graphql'), '-'.repeat(60), patienceMs),
      // No token: refused with 401 before the body is read.
      trickle(rig.upstream.url, refusedUpload('/v1/community/images/'), '-'.repeat(60), patienceMs),
    ]);
    expect(gateway).toMatch(/^HTTP\/1\.1 403/);
    expect(upstream).toMatch(/^HTTP\/1\.1 401/);
  }, 60_000);

  it('cuts headers trickling at 1 byte a second once the headers time-out is over, on both servers', async () => {
    const [gateway, upstream] = await Promise.all([slowHeaders(rig.gateway.url), slowHeaders(rig.upstream.url)]);
    expect(gateway).toMatch(/^HTTP\/1\.1 408/);
    expect(upstream).toMatch(/^HTTP\/1\.1 408/);
    // Each in its own API's words: GraphQL's shape from the gateway, the REST error object from the upstream.
    expect(JSON.parse(gateway.split('\r\n\r\n')[1]).errors[0]).toMatchObject({ message: errorMessages.TIMEOUT, extensions: { code: 'TIMEOUT' } });
    expect(JSON.parse(upstream.split('\r\n\r\n')[1])).toMatchObject({ code: 'TIMEOUT', status: 408, message: errorMessages.TIMEOUT });
  }, 60_000);

  it('lets a body that arrives steadily above the floor through', async () => {
    // ~4 kB in 8 chunks a second apart (~500 B/s): far slower than a real client, above the floor, and longer than its grace.
    const query = JSON.stringify({ query: `{ categories { name } }`, variables: { padding: 'x'.repeat(4000) } });
    const { hostname, port } = new URL(rig.gateway.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname);
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('"categories"')) socket.end();
      });
      socket.on('close', () => resolve(text));
      socket.write(`POST /graphql HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${query.length}\r\n\r\n`);
      const chunk = Math.ceil(query.length / 8);
      for (let index = 0; index < 8; index += 1) setTimeout(() => socket.write(query.slice(index * chunk, (index + 1) * chunk)), index * 1000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  }, 30_000);
});
