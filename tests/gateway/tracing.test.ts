import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tracerProviderFromEnv as gatewayProviderFromEnv } from '../../gateway/src/server/tracing.js';
import { shutdownTracing, tracerProviderFromEnv as upstreamProviderFromEnv } from '../../upstream/src/http/tracing.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';

/**
 * OpenTelemetry across the gateway and the upstream: one provider with an in-memory exporter receives the spans of
 * both (they run in this process), so a trace can be followed from the GraphQL operation through each upstream
 * call to the upstream's own server span.
 */
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let upstream: RunningUpstream;
let rig: Stack;
/** A demo post's global id: reading a post's detail always calls the upstream (it counts a view; never cached). */
let postId: string;

beforeAll(async () => {
  upstream = await startUpstream({ tracerProvider: provider });
  rig = await startGatewayRig(upstream, { tracerProvider: provider, settings: { corsOrigins: ['https://partner.example'] } });
  const [first] = (await rig.rest('/v1/community/?page=1&page_size=1')).results;
  postId = encodeGlobalID('Post', String(first.id));
}, 60_000);

afterAll(async () => {
  await rig?.stop();
  await upstream?.stop();
  await provider.shutdown();
});

beforeEach(() => {
  exporter.reset();
  rig.proxy.reset();
});

afterEach(() => vi.unstubAllEnvs());

const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
const byScope = (spans: ReadableSpan[], scope: string, kind: SpanKind) =>
  spans.filter((span) => span.instrumentationScope.name === scope && span.kind === kind);

/** The operation's trace once every upstream server span has ended (they end after the answer has left). */
async function traceOf(operationName: string) {
  const operation = exporter.getFinishedSpans().find((span) => span.attributes['graphql.execute.operationName'] === operationName);
  expect(operation, `a span for ${operationName}`).toBeDefined();
  const traceId = operation!.spanContext().traceId;
  const calls = byScope(spansOf(traceId), 'slime-gateway', SpanKind.CLIENT);
  await vi.waitFor(() => expect(byScope(spansOf(traceId), 'slime-upstream', SpanKind.SERVER)).toHaveLength(calls.length), { timeout: 10_000 });
  return { operation: operation!, traceId, calls, served: byScope(spansOf(traceId), 'slime-upstream', SpanKind.SERVER) };
}

describe('with a tracer provider', () => {
  it('traces an operation, its upstream calls and the upstream serving them as one trace', async () => {
    const answer = await rig.graphql(
      `query TracedFeed($id: ID!) {
        posts(first: 2) { edges { node { id title } } }
        categories { name }
        post(id: $id) { ... on Post { title } }
      }`,
      { id: postId },
    );
    expect(answer.errors).toBeUndefined();

    const { operation, traceId, calls, served } = await traceOf('TracedFeed');
    expect(operation.name).toBe('query.TracedFeed');
    expect(operation.kind).toBe(SpanKind.SERVER);
    expect(operation.attributes['graphql.execute.operationType']).toBe('query');
    expect(operation.parentSpanContext).toBeUndefined();
    expect(operation.status.code).toBe(SpanStatusCode.UNSET);

    // One client span per upstream call, each a child of the operation, named by the route template.
    expect(calls.length).toBe(rig.upstreamCalls());
    expect(calls.length).toBeGreaterThanOrEqual(3);
    for (const call of calls) {
      expect(call.parentSpanContext?.spanId).toBe(operation.spanContext().spanId);
      expect(call.attributes['http.request.method']).toBe('GET');
      expect(call.attributes['http.response.status_code']).toBe(200);
      expect(call.name).toBe(`GET ${call.attributes['http.route']}`);
      expect(call.name).not.toMatch(/\/\d+(\/|$)/);
    }
    expect(calls.map((call) => call.attributes['http.route'])).toContain('/v1/community/:id/');

    // The upstream continued each call's trace: its server span's parent is the gateway's call span.
    expect(served.map((span) => span.parentSpanContext?.spanId).sort()).toEqual(calls.map((call) => call.spanContext().spanId).sort());
    for (const span of served) {
      expect(span.attributes['http.response.status_code']).toBe(200);
      expect(span.name).not.toMatch(/\/\d+(\/|$)/);
    }
    // What went over the wire: every upstream request carried this trace's traceparent.
    for (const call of rig.proxy.calls) expect(call.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });

  it("continues the trace of a client's traceparent", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const answer = await rig.graphql(
      'query FromBrowser($id: ID!) { post(id: $id) { ... on Post { title } } }',
      { id: postId },
      { headers: { traceparent: `00-${traceId}-${parentId}-01` } },
    );
    expect(answer.errors).toBeUndefined();

    const { operation, calls, served } = await traceOf('FromBrowser');
    expect(operation.spanContext().traceId).toBe(traceId);
    expect(operation.parentSpanContext?.spanId).toBe(parentId);
    expect(calls).toHaveLength(1);
    expect(served).toHaveLength(1);
    expect(served[0].parentSpanContext?.spanId).toBe(calls[0].spanContext().spanId);
  });

  it('lets an allowed cross-origin client send its traceparent (CORS preflight)', async () => {
    const preflight = await fetch(`${rig.gateway.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, traceparent, tracestate',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.split(/,\s*/)).toEqual(expect.arrayContaining(['traceparent', 'tracestate']));
  });

  it("records a failed operation and the upstream's error answer", async () => {
    const answer = await rig.graphql('query MissingNode($id: ID!) { node(id: $id) { id } }', { id: encodeGlobalID('Post', '999999') });
    expect(answer.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const { operation, calls, served } = await traceOf('MissingNode');
    expect(operation.status.code).toBe(SpanStatusCode.ERROR);
    expect(JSON.stringify(operation.events.map((event) => event.attributes))).toContain('NOT_FOUND');
    expect(calls).toHaveLength(1);
    expect(calls[0].name).toBe('GET /v1/community/:id/');
    expect(calls[0].attributes['http.response.status_code']).toBe(404);
    expect(calls[0].status.code).toBe(SpanStatusCode.ERROR);
    // A 404 is the caller's mistake, not the upstream failing.
    expect(served[0].attributes['http.response.status_code']).toBe(404);
    expect(served[0].status.code).toBe(SpanStatusCode.UNSET);
  });
});

describe('without a tracer provider', () => {
  it('makes no span and sends no traceparent when OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', '');
    vi.stubEnv('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', '');
    const plain = await startGatewayRig(upstream);
    try {
      const answer = await plain.graphql('query Untraced { categories { name } }');
      expect(answer.errors).toBeUndefined();
      expect(plain.upstreamCalls()).toBeGreaterThanOrEqual(1);
      for (const call of plain.proxy.calls) expect(call.headers.traceparent).toBeUndefined();
      expect(exporter.getFinishedSpans().filter((span) => span.instrumentationScope.name === 'slime-gateway')).toEqual([]);
    } finally {
      await plain.stop();
    }
    expect(await gatewayProviderFromEnv('slime-gateway')).toBeUndefined();
    expect(await upstreamProviderFromEnv()).toBeUndefined();
  });
});

describe('OTLP export', () => {
  /** A stand-in collector: records what OTLP/HTTP exporters post to it. */
  let collector: { url: string; received: { path: string; contentType: string; body: string }[]; close(): Promise<void> };

  beforeAll(async () => {
    const received: { path: string; contentType: string; body: string }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', contentType: request.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    collector = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      received,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  });

  afterAll(async () => collector?.close());

  it("exports the gateway's spans to OTEL_EXPORTER_OTLP_ENDPOINT, and the upstream's", async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', collector.url);
    // The gateway makes its own provider from the environment, and flushes it when it closes.
    const exporting = await startGatewayRig(upstream);
    try {
      expect((await exporting.graphql('query Exported { categories { name } }')).errors).toBeUndefined();
    } finally {
      await exporting.stop();
    }
    const upstreamProvider = await upstreamProviderFromEnv();
    expect(upstreamProvider).toBeDefined();
    upstreamProvider!.getTracer('slime-upstream').startSpan('GET /healthz').end();
    await upstreamProvider!.shutdown();

    const traces = collector.received.filter((post) => post.path === '/v1/traces');
    expect(traces.length).toBeGreaterThanOrEqual(2);
    const all = traces.map((post) => post.body).join('\n');
    expect(all).toContain('query.Exported');
    expect(all).toContain('slime-gateway');
    expect(all).toContain('slime-upstream');
  });

  it('stops cleanly when the collector is away, the spans it missed dropped', async () => {
    const away = createServer();
    await new Promise<void>((resolve) => away.listen(0, '127.0.0.1', resolve));
    const { port } = away.address() as AddressInfo;
    await new Promise((resolve) => away.close(resolve));
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', `http://127.0.0.1:${port}`);

    const exporting = await startGatewayRig(upstream);
    expect((await exporting.graphql('query Unheard { categories { name } }')).errors).toBeUndefined();
    await expect(exporting.stop()).resolves.toBeUndefined();
    const upstreamProvider = await upstreamProviderFromEnv();
    upstreamProvider!.getTracer('slime-upstream').startSpan('GET /healthz').end();
    await expect(shutdownTracing(upstreamProvider)).resolves.toBeUndefined();
  });

  it('is off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none', async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', collector.url);
    vi.stubEnv('OTEL_SDK_DISABLED', 'true');
    expect(await gatewayProviderFromEnv('slime-gateway')).toBeUndefined();
    expect(await upstreamProviderFromEnv()).toBeUndefined();
    vi.stubEnv('OTEL_SDK_DISABLED', '');
    vi.stubEnv('OTEL_TRACES_EXPORTER', 'none');
    expect(await gatewayProviderFromEnv('slime-gateway')).toBeUndefined();
    expect(await upstreamProviderFromEnv()).toBeUndefined();
  });
});
