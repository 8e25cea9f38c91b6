import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../domain/messages.js';
import { unavailableErrorfile } from '../../gateway/src/server/refusals.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';

let upstream: RunningUpstream;
const rigs: Stack[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
}, 60_000);
afterEach(async () => {
  // A drained gateway is closed already; its proxy still needs stopping.
  for (const rig of rigs.splice(0)) await rig.stop().catch(() => rig.proxy.close());
});
afterAll(async () => upstream?.stop());

async function rig(): Promise<Stack> {
  const started = await startGatewayRig(upstream);
  rigs.push(started);
  return started;
}

/** A connection to the gateway on which a request has begun (part of its head sent), so the drain does not close it as idle. */
async function requestBegun(url: string, head: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.write(head);
  return { socket, answer };
}

function parseAnswer(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('drain', () => {
  it('answers a GraphQL request that arrives while draining with a GraphQL error, Connection: close and Retry-After', async () => {
    const { gateway } = await rig();
    const body = JSON.stringify({ query: '{ posts(first: 1) { totalCount } }' });
    // The request reached the gateway just before the drain: its head is still arriving when SIGTERM comes.
    const { socket, answer } = await requestBegun(gateway.url, 'POST /graphql HTTP/1.1\r\nHost: gateway\r\n');
    const drained = gateway.shutdown(5000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(`content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const { status, headers, body: text } = parseAnswer(await answer);
    await drained;

    expect(status).toBe(503);
    expect(headers.connection).toBe('close');
    expect(Number(headers['retry-after'])).toBeGreaterThan(0);
    expect(headers['content-type']).toMatch(/^application\/(graphql-response\+)?json/);
    const json = JSON.parse(text);
    expect(json.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(json.errors[0].message).toBe(errorMessages.SERVICE_UNAVAILABLE);
    expect(text).not.toMatch(/Service Unavailable/);
    // The load balancer's answer when no replica can take a request (README "Running a fleet") is this one.
    const [balancerHead, balancerBody] = unavailableErrorfile().split('\r\n\r\n');
    expect(JSON.parse(balancerBody)).toEqual(json);
    expect(balancerHead).toContain(`retry-after: ${headers['retry-after']}`);
    expect(Number(/content-length: (\d+)/.exec(balancerHead)![1])).toBe(Buffer.byteLength(balancerBody));
  });
});

/** Reads an event stream to its end: its text, or `cut` when the connection was broken instead of the stream ended. */
async function readToEnd(body: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value, { stream: true });
  } catch {
    return 'cut';
  }
  return text;
}

describe('drain with GraphQL over SSE', () => {
  const postChanged = {
    query: 'subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }',
    variables: { id: Buffer.from('Post:1').toString('base64') },
  };

  it('ends open SSE streams (distinct connections and the single connection stream) at once, so shutdown takes well under the grace', async () => {
    const { gateway } = await rig();
    // Distinct connections mode: the subscription is the stream.
    const distinct = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(postChanged),
    });
    expect(distinct.headers.get('content-type')).toMatch(/text\/event-stream/);
    // Single connection mode: a reserved stream carrying the subscription.
    const token = await (await fetch(`${gateway.url}/graphql/stream`, { method: 'PUT' })).text();
    const single = await fetch(`${gateway.url}/graphql/stream`, { headers: { accept: 'text/event-stream', 'x-graphql-event-stream-token': token } });
    expect(single.headers.get('content-type')).toMatch(/text\/event-stream/);
    const accepted = await fetch(`${gateway.url}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-event-stream-token': token },
      body: JSON.stringify({ ...postChanged, extensions: { operationId: 'drain-1' } }),
    });
    expect(accepted.status).toBe(202);
    const streams = [readToEnd(distinct.body!), readToEnd(single.body!)];

    const graceMs = 8000;
    const started = performance.now();
    await gateway.shutdown(graceMs);
    const tookMs = performance.now() - started;
    // Ended by the gateway, not cut: the clients see a stream that closed and reconnect (to another replica).
    const texts = await Promise.all(streams);
    expect(texts).not.toContain('cut');
    expect(tookMs).toBeLessThan(graceMs / 4);
  }, 30_000);
});

describe('close', () => {
  it('stops at once: an open SSE subscription ends and a request still arriving is cut, neither waited for', async () => {
    const { gateway } = await rig();
    const subscription = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        query: 'subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }',
        variables: { id: Buffer.from('Post:1').toString('base64') },
      }),
    });
    expect(subscription.headers.get('content-type')).toMatch(/text\/event-stream/);
    const streamed = readToEnd(subscription.body!);
    // A client that sent half a request head and nothing since: Fastify's close alone waits for it forever.
    const { answer } = await requestBegun(gateway.url, 'POST /graphql HTTP/1.1\r\nHost: gateway\r\n');

    const outcome = await Promise.race([gateway.close().then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 15_000, 'still waiting'))]);
    expect(outcome).toBe('closed');
    expect(await streamed).not.toContain('cut');
    await answer;
  }, 30_000);
});
