import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { GRAPHQL_LIMITS, WS_LIMITS } from '../../domain/limits.js';
import { PersistedOperations } from '../../gateway/src/server/persisted.js';
import { WS_MESSAGE_TOO_BIG_CLOSE } from '../../gateway/src/server/ws.js';
import { useStack } from '../helpers/stack.js';
import { collect, graphqlWsUrl, until, wsClient, type Cleanups } from '../helpers/ws.js';

const logLines: string[] = [];
const rig = useStack({ logStream: { write: (line: string) => void logLines.push(line) }, upstream: { retryBaseDelayMs: 50 } });

describe('health and readiness', () => {
  it('/healthz answers for the process; /readyz follows the breaker, not each upstream blip', async () => {
    expect((await fetch(`${rig.gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${rig.gateway.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', breaker: 'closed' });

    // The upstream gone for a moment, the breaker still closed: a load balancer polling every replica must not pull them all.
    await rig.proxy.refuse();
    try {
      const stillReady = await fetch(`${rig.gateway.url}/readyz`);
      expect(stillReady.status).toBe(200);
      expect((await fetch(`${rig.gateway.url}/healthz`)).status).toBe(200);
    } finally {
      await rig.proxy.accept();
    }
  });
});

describe('request ids', () => {
  it('propagates the request id upstream and answers it; keeps a client-sent one', async () => {
    rig.proxy.reset();
    const response = await fetch(`${rig.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'client-chosen-42' },
      // A viewer-specific read: shared public answers (categories) are cached apart from any one request.
      body: JSON.stringify({ query: '{ posts(first: 1) { totalCount } }' }),
    });
    expect(response.headers.get('x-request-id')).toBe('client-chosen-42');
    expect(rig.proxy.calls.map((call) => call.headers['x-request-id'])).toEqual(['client-chosen-42']);

    rig.proxy.reset();
    const fresh = await fetch(`${rig.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ posts(first: 1) { totalCount } }' }),
    });
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rig.proxy.calls[0].headers['x-request-id']).toBe(id);
  });
});

describe('metrics', () => {
  it('exposes operations, upstream calls per route and status, breaker state and open sockets', async () => {
    await rig.graphql(`query FeedForMetrics { posts(first: 2) { edges { node { id } } } }`);
    const text = await (await fetch(`${rig.gateway.url}/metrics`)).text();
    expect(text).toMatch(/gateway_graphql_operations_total\{operation="FeedForMetrics",outcome="ok"\} 1/);
    expect(text).toMatch(/gateway_graphql_operation_duration_seconds_count\{operation="FeedForMetrics"\} 1/);
    expect(text).toMatch(/gateway_upstream_requests_total\{method="GET",route="\/v1\/community\/",outcome="200"\} \d+/);
    expect(text).toMatch(/gateway_upstream_breaker_state 0/);
    expect(text).toMatch(/gateway_open_sockets\{kind="http"\} [1-9]/);
    expect(text).toMatch(/gateway_open_sockets\{kind="websocket"\} 0/);
    // No REDIS_URL: no Redis gauge, so an alert on `gateway_redis_up == 0` never fires on a replica without Redis.
    expect(text).not.toMatch(/gateway_redis_up/);
  });

  it("labels the web client's operations by name even after other clients have sent more names than the cap allows", async () => {
    // More distinct names than the labels kept for clients' own documents (200): the rest are counted as `other`.
    for (let start = 0; start < 230; start += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => rig.graphql(`query Junk${start + i} { __typename }`)));
    }
    const persisted = PersistedOperations.load();
    const id = persisted.ids().find((candidate) => /^query CommunityPageQuery\b/.test(persisted.get(candidate)!));
    expect(id, 'run `npm run relay`').toBeDefined();
    const answer = await rig.post({ variables: { count: 2 }, extensions: { persistedQuery: { version: 1, sha256Hash: id } } });
    expect(answer.status).toBe(200);
    const text = await (await fetch(`${rig.gateway.url}/metrics`)).text();
    expect(text).toMatch(/gateway_graphql_operations_total\{operation="CommunityPageQuery",outcome="ok"\} 1/);
    expect(text).toMatch(/gateway_graphql_operations_total\{operation="other",outcome="ok"\} [1-9]/);
    expect(text).not.toMatch(/operation="Junk229"/);
  });

  it('counts every answer of /graphql by status, the refusals made before GraphQL sees the request included', async () => {
    const statusCount = async (status: number) => {
      const text = await (await fetch(`${rig.gateway.url}/metrics`)).text();
      return Number(new RegExp(`gateway_graphql_http_requests_total\\{status="${status}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    };
    const before = await Promise.all([200, 400, 405, 413, 415].map(statusCount));
    const send = (init: RequestInit) => fetch(`${rig.gateway.url}/graphql`, init).then((response) => response.status);
    expect(await send({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })).toBe(200);
    expect(await send({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' })).toBe(400);
    expect(await send({ method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' })).toBe(405);
    expect(
      await send({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ __typename }`, pad: 'x'.repeat(GRAPHQL_LIMITS.maxBodyBytes) }),
      }),
    ).toBe(413);
    expect(await send({ method: 'POST', headers: { 'content-type': 'application/graphql' }, body: '{ __typename }' })).toBe(415);
    const after = await Promise.all([200, 400, 405, 413, 415].map(statusCount));
    expect(after.map((count, index) => count - before[index])).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('logs', () => {
  it('logs a masked unexpected error at error level, with where it happened, what it was and the request it answered', async () => {
    logLines.length = 0;
    // An upstream answer of the wrong shape: a provider without its name breaks a non-null field inside the gateway.
    rig.proxy.queue({ kind: 'json', body: { providers: [{ enabled: true }] } });
    const answer = await rig.graphql(`{ loginProviders { provider } }`, undefined, { headers: { 'x-request-id': 'masked-error-7' } });
    expect(answer.errors?.[0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    const errors = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 50);
    expect(errors).toEqual([
      expect.objectContaining({
        msg: 'unexpected error masked',
        reqId: 'masked-error-7',
        path: ['loginProviders', 0, 'provider'],
        err: expect.objectContaining({ message: expect.stringMatching(/non-nullable field LoginProvider\.provider/) }),
      }),
    ]);
  });

  it('names the operation a masked error over WebSocket belonged to by the request id its upstream calls carried', async () => {
    logLines.length = 0;
    rig.proxy.reset();
    rig.proxy.queue({ kind: 'json', body: { providers: [{ enabled: true }] } });
    const cleanups: Cleanups = [];
    try {
      const { results } = collect(wsClient(rig.gateway.url, cleanups), cleanups, `{ loginProviders { provider } }`);
      await until(() => results.length > 0);
      expect(results[0].errors?.[0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      for (const cleanup of cleanups) await cleanup();
    }
    // A guest's socket asks the upstream nothing before its operation: the one call is the operation's.
    expect(rig.proxy.calls).toHaveLength(1);
    const sentId = rig.proxy.calls[0].headers['x-request-id'];
    expect(sentId).toMatch(/\S/);
    const errors = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 50);
    expect(errors).toEqual([expect.objectContaining({ msg: 'unexpected error masked', reqId: sentId, path: ['loginProviders', 0, 'provider'] })]);
  });

  it("logs an answer carrying errors with its operation and the errors' codes, and each retry of its upstream calls, by request id", async () => {
    logLines.length = 0;
    const refused = await rig.graphql(`query Misspelt { postz(first: 1) { totalCount } }`, undefined, { headers: { 'x-request-id': 'misspelt-1' } });
    expect(refused.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

    rig.proxy.reset();
    rig.proxy.queue({ kind: 'status', status: 503 });
    const retried = await rig.graphql(`query RetriedFeed { posts(first: 1) { totalCount } }`, undefined, { headers: { 'x-request-id': 'retried-2' } });
    expect(retried.errors).toBeUndefined();

    const entries = logLines.map((line) => JSON.parse(line));
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 30, reqId: 'misspelt-1', msg: 'answered with errors', operation: 'Misspelt', errors: ['GRAPHQL_VALIDATION_FAILED'] }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ level: 40, reqId: 'retried-2', msg: 'upstream call retried' }));
    expect(entries.filter((entry) => entry.reqId === 'retried-2' && entry.msg === 'answered with errors')).toEqual([]);
  });

  it('logs a refused request (no CSRF header) below warning level: the client caused it, not the operator', async () => {
    logLines.length = 0;
    const answer = await fetch(`${rig.gateway.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { 'x-request-id': 'refused-3' } });
    expect(answer.status).toBe(403);
    await until(() => logLines.some((line) => line.includes('"reqId":"refused-3"') && line.includes('"statusCode":403')));
    const ofRequest = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === 'refused-3');
    expect(ofRequest.filter((entry) => entry.level >= 40)).toEqual([]);
  });

  it('logs a WebSocket message above the size limit as one warn line with its size, and closes with 1009 and a reason', async () => {
    logLines.length = 0;
    const printed = vi.spyOn(console, 'error');
    const socket = new WebSocket(graphqlWsUrl(rig.gateway.url), 'graphql-transport-ws');
    try {
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      await once(socket, 'open');
      const message = JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(WS_LIMITS.maxPayloadBytes) } });
      socket.send(message);
      expect(await closed).toEqual(WS_MESSAGE_TOO_BIG_CLOSE);
      await until(() => logLines.some((line) => JSON.parse(line).level >= 40));
      const warnings = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, messageBytes: Buffer.byteLength(message), limitBytes: WS_LIMITS.maxPayloadBytes, closeCode: 1009 });
      expect(warnings[0]).not.toHaveProperty('err');
      // Nothing printed past the logger (graphql-ws's "Internal error emitted on a WebSocket socket" with a stack).
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
      socket.terminate();
    }
  });

  it('logs the path of a GET /graphql without its query string: a document or variables sent there never reach the log', async () => {
    logLines.length = 0;
    const secret = 'pw-in-a-query-string-1';
    const query = `mutation { loginWithPassword(input: { email: "a@slime.community", password: "${secret}" }) { __typename } }`;
    const variables = JSON.stringify({ password: secret });
    const answer = await fetch(`${rig.gateway.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(variables)}`, {
      headers: { 'x-request-id': 'get-secret-1', 'x-graphql-yoga-csrf': '1' },
    });
    await answer.text();
    await until(() => logLines.some((line) => line.includes('"reqId":"get-secret-1"') && line.includes('"statusCode"')));
    const ofRequest = logLines.filter((line) => line.includes('"reqId":"get-secret-1"'));
    expect(ofRequest.some((line) => JSON.parse(line).req?.url === '/graphql')).toBe(true);
    for (const line of logLines) expect(line).not.toContain(secret);
  });

  it('writes JSON lines with request ids, and never the upstream address, a token or a stack at info level', async () => {
    const token = await rig.upstream.issueToken(1);
    await rig.graphql(`{ viewer { nickname } }`, undefined, { token });
    await rig.proxy.refuse();
    try {
      await rig.graphql(`{ categories { name } }`, undefined, { token });
    } finally {
      await rig.proxy.accept();
    }
    const entries = logLines.map((line) => JSON.parse(line));
    expect(entries.some((entry) => entry.reqId && entry.req?.method === 'POST')).toBe(true);
    // Beside the upstream's in one process (npm start), every line says whose it is.
    expect(entries.filter((entry) => entry.service !== 'gateway')).toEqual([]);
    const upstreamPort = new URL(rig.proxy.url).port;
    // The start's one line naming the upstream is for the operator (docs/configuration.md); no other line names it.
    for (const entry of entries.filter((candidate) => candidate.level <= 30 && !String(candidate.msg).startsWith('calling the upstream at'))) {
      const line = JSON.stringify(entry);
      expect(line).not.toContain(token);
      expect(line).not.toContain(`:${upstreamPort}`);
      expect(line).not.toMatch(/ECONNREFUSED|\bat .*\.(ts|js):\d+/);
    }
  });
});
