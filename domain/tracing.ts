import type { TracerProvider } from '@opentelemetry/api';

/**
 * OpenTelemetry as the gateway and the upstream set it up, one way for both servers (like domain/redis.ts): the
 * provider comes from the standard environment variables. The SDK is imported only when tracing is on.
 */
export interface ShutdownProvider extends TracerProvider {
  shutdown(): Promise<void>;
}

/**
 * The standard OpenTelemetry variables decide: traces are exported over OTLP/HTTP when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, unless `OTEL_SDK_DISABLED=true`
 * or `OTEL_TRACES_EXPORTER=none`. Otherwise there is no provider and no SDK is even loaded. The exporter, the
 * sampler, the batch processor and the resource (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`) read the rest.
 */
export async function tracerProviderFromEnv(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<ShutdownProvider | undefined> {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint || /^true$/i.test(env.OTEL_SDK_DISABLED?.trim() ?? '') || /^none$/i.test(env.OTEL_TRACES_EXPORTER?.trim() ?? '')) return undefined;
  const [{ BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { defaultResource, detectResources, envDetector, resourceFromAttributes }] =
    await Promise.all([import('@opentelemetry/sdk-trace-base'), import('@opentelemetry/exporter-trace-otlp-http'), import('@opentelemetry/resources')]);
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': serviceName }))
    .merge(detectResources({ detectors: [envDetector] }));
  return new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
}

/** Exports the spans still queued; a collector that is away must not turn a clean stop into a crash. */
export async function shutdownTracing(provider: ShutdownProvider | undefined): Promise<void> {
  await provider?.shutdown().catch(() => {});
}
