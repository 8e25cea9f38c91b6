import type { IncomingHttpHeaders } from 'node:http';
import { useOpenTelemetry } from '@envelop/opentelemetry';
import { ROOT_CONTEXT, SpanKind, context, defaultTextMapGetter, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { Plugin } from 'graphql-yoga';
import { shutdownTracing, tracerProviderFromEnv } from '../../../domain/tracing.js';
import { traceContext } from '../upstream/tracing.js';

/** The instrumentation scope of the gateway's spans, and its default `service.name`. */
export const GATEWAY_SERVICE_NAME = 'slime-gateway';

export interface GatewayTracing {
  provider: TracerProvider;
  /** Starts the spans of upstream calls. */
  tracer: Tracer;
  /** Runs `handle` in the trace the request's `traceparent` names (a new trace without one). */
  continueTrace<T>(headers: IncomingHttpHeaders, handle: () => T): T;
  /** Exports what is left when the gateway made the provider itself (from the environment). */
  close(): Promise<void>;
}

export { tracerProviderFromEnv } from '../../../domain/tracing.js';

let asyncContextSet = false;

/**
 * Spans reach their parent through the async context: the operation's span is the parent of the upstream calls its
 * resolvers (and their dataloaders) make. One manager serves the whole process.
 */
function useAsyncContext(): void {
  if (asyncContextSet) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  asyncContextSet = true;
}

/**
 * Tracing for one gateway: `provider` when given (tests pass one with an in-memory exporter), else the one the
 * environment asks for; undefined when tracing is off, so nothing is traced and no header is added.
 */
export async function gatewayTracing(provider?: TracerProvider): Promise<GatewayTracing | undefined> {
  const owned = provider ? undefined : await tracerProviderFromEnv(GATEWAY_SERVICE_NAME);
  const chosen = provider ?? owned;
  if (!chosen) return undefined;
  useAsyncContext();
  return {
    provider: chosen,
    tracer: chosen.getTracer(GATEWAY_SERVICE_NAME),
    continueTrace: (headers, handle) => context.with(traceContext.extract(ROOT_CONTEXT, headers, defaultTextMapGetter), handle),
    // A collector that is away must not turn a clean stop into a crash: what it missed is lost either way.
    close: () => shutdownTracing(owned),
  };
}

/**
 * One server span per GraphQL operation (`query.CommunityFeed`, `mutation.LikePost`…) with its type and name as
 * attributes and its errors recorded; neither the document, the variables nor the result go into it.
 */
export function useOperationSpans(provider: TracerProvider): Plugin {
  return useOpenTelemetry(
    { resolvers: false, variables: false, result: false, document: false },
    provider,
    SpanKind.SERVER,
    {},
    GATEWAY_SERVICE_NAME,
  ) as Plugin;
}
