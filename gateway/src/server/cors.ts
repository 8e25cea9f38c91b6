import { CORS_PREFLIGHT_MAX_AGE_SECONDS } from '../../../domain/limits.js';

/**
 * Headers a browser cannot send cross-site without a CORS preflight, one of which a simple GET or form POST
 * (a multipart upload is one) must carry: Yoga's own, and those the common upload clients send (Apollo Client's
 * `Apollo-Require-Preflight` and `X-Apollo-Operation-Name`, the GraphQL-over-HTTP draft's `GraphQL-Preflight`).
 */
export const PREFLIGHT_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight', 'x-apollo-operation-name', 'graphql-preflight'];

/** graphql-sse's single connection mode names its reserved stream with this header (its TOKEN_HEADER_KEY). */
const SSE_STREAM_TOKEN_HEADER = 'x-graphql-event-stream-token';

/**
 * Answer headers a cross-origin client reads beyond the CORS-safelisted ones: `Retry-After` (rate limits, draining),
 * `X-Request-ID` (to quote when reporting a failure), `Allow` (a method refused) and `Accept` (the media types an
 * operation can be answered in, on a 406).
 */
export const CORS_EXPOSED_HEADERS = ['retry-after', 'x-request-id', 'allow', 'accept'];

/** Whether CORS_ORIGINS (`*` for any) lets a browser page on `origin` call the API. */
export function originAllowed(origins: readonly string[], origin: string): boolean {
  return origins.includes('*') || origins.includes(origin);
}

/**
 * Yoga's CORS options: browsers may call cross-origin only from the origins in CORS_ORIGINS (`*` for any); none by
 * default. The single connection stream of GraphQL over SSE (`streamPath`) also takes PUT (reserve) and DELETE (stop).
 */
export function corsFor(origins: string[], streamPath: string) {
  if (origins.length === 0) return false;
  const options = {
    origin: origins.includes('*') ? '*' : origins,
    allowedHeaders: [
      'content-type',
      'authorization',
      'x-device-id',
      'x-request-id',
      'traceparent',
      'tracestate',
      SSE_STREAM_TOKEN_HEADER,
      ...PREFLIGHT_HEADERS,
    ],
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: CORS_PREFLIGHT_MAX_AGE_SECONDS,
  };
  const graphql = { ...options, methods: ['GET', 'POST'] };
  const stream = { ...options, methods: ['GET', 'POST', 'PUT', 'DELETE'] };
  return (request: Request) => (new URL(request.url).pathname === streamPath ? stream : graphql);
}
