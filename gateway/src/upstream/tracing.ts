import { SpanKind, SpanStatusCode, context, defaultTextMapSetter, trace, type Span, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { ATTR_ERROR_TYPE, ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';

/** W3C Trace Context (`traceparent`, `tracestate`): read from the gateway's clients, written on its upstream calls. */
export const traceContext = new W3CTraceContextPropagator();

/**
 * A client span for one upstream attempt, a child of the operation being executed, with its `traceparent` added
 * to `headers` so the upstream's server span continues the trace. Named by the route template (ids replaced),
 * never the raw path.
 */
export function startUpstreamCallSpan(tracer: Tracer, method: string, route: string, headers: Record<string, string>): Span {
  const span = tracer.startSpan(`${method} ${route}`, {
    kind: SpanKind.CLIENT,
    attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_HTTP_ROUTE]: route },
  });
  traceContext.inject(trace.setSpan(context.active(), span), headers, defaultTextMapSetter);
  return span;
}

/** Ends the span with the attempt's outcome: an HTTP status, or `timeout`, `network`, `aborted`. */
export function endUpstreamCallSpan(span: Span, outcome: string): void {
  const status = Number(outcome);
  if (Number.isInteger(status)) {
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
    // A client span counts every 4xx and 5xx as an error (OpenTelemetry's HTTP conventions).
    if (status >= 400) span.setStatus({ code: SpanStatusCode.ERROR }).setAttribute(ATTR_ERROR_TYPE, outcome);
  } else {
    span.setStatus({ code: SpanStatusCode.ERROR }).setAttribute(ATTR_ERROR_TYPE, outcome);
  }
  span.end();
}
