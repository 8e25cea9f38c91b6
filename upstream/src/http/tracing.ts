import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter, type Span, type TracerProvider } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shutdownTracing, tracerProviderFromEnv as providerFromEnv } from '../../../domain/tracing.js';

/** The instrumentation scope of the upstream's spans, and its default `service.name`. */
export const UPSTREAM_SERVICE_NAME = 'slime-upstream';

/** The provider from the environment (see domain/tracing.ts), named as the upstream unless told otherwise. */
export const tracerProviderFromEnv = (serviceName = UPSTREAM_SERVICE_NAME, env: NodeJS.ProcessEnv = process.env) => providerFromEnv(serviceName, env);

export { shutdownTracing };

/**
 * A server span per request (`GET /v1/community/:id/`: the route template, never the raw path), continuing the
 * caller's trace when it sends a W3C `traceparent` (the gateway does). Written with the OpenTelemetry API because
 * @fastify/otel also spans every hook and reads only the global provider and propagator.
 */
export function traceRequests(app: FastifyInstance, provider: TracerProvider): void {
  const tracer = provider.getTracer(UPSTREAM_SERVICE_NAME);
  const propagator = new W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: request.method, ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}) } },
      parent,
    );
    spans.set(request, span);
  });
  const end = async (request: FastifyRequest, reply: FastifyReply) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
    // A server span is an error only for 5xx: a 4xx is the caller's mistake (OpenTelemetry's HTTP conventions).
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', async (request) => {
    const span = spans.get(request);
    spans.delete(request);
    span?.setStatus({ code: SpanStatusCode.ERROR, message: 'client went away' }).end();
  });
}
