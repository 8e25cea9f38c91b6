import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUpstream, type Upstream } from '../../upstream/src/app.js';

/** The gateway sends its request id with each upstream call: the upstream logs and answers under the same id. */
const logLines: string[] = [];
let upstream: Upstream;

beforeAll(async () => {
  upstream = await buildUpstream({ dataDir: 'memory://', logLevel: 'info', logStream: { write: (line) => void logLines.push(line) } });
}, 120_000);
afterAll(async () => upstream?.close());

const linesOf = (id: string) =>
  logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; service?: string }).filter((entry) => entry.reqId === id);

it("logs and answers under the caller's X-Request-Id when it looks like one", async () => {
  const answer = await upstream.app.inject({ method: 'GET', url: '/v1/community/?page_size=1', headers: { 'x-request-id': 'gateway-req-17' } });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['x-request-id']).toBe('gateway-req-17');
  expect(linesOf('gateway-req-17').map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
  // Beside the gateway's in one process (npm start), its lines say whose they are.
  expect(linesOf('gateway-req-17')).toEqual([
    expect.objectContaining({ service: 'upstream', pid: process.pid }),
    expect.objectContaining({ service: 'upstream' }),
  ]);
});

it('gives a request without one, or with one that does not look like an id, a fresh UUID', async () => {
  for (const headers of [{}, { 'x-request-id': 'bad id\twith "quotes"' }]) {
    const answer = await upstream.app.inject({ method: 'GET', url: '/v1/community/?page_size=1', headers });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(linesOf(answer.headers['x-request-id'] as string)).toHaveLength(2);
  }
});
