import { DRAIN_RETRY_AFTER_SECONDS } from '../../../domain/limits.js';
import { errorMessages } from '../../../domain/messages.js';

/** A refusal made before GraphQL runs (body too large, broken JSON, draining), in a GraphQL answer's shape. */
export function refusalBody(status: number, message: string, code = status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR') {
  return { errors: [{ message, extensions: { code, ...(code === 'SERVICE_UNAVAILABLE' ? { status } : {}) } }] };
}

/**
 * The answer a load balancer gives when no replica can take a request (every one draining or out), as a replica
 * would give it while draining: HAProxy's `errorfile 503`, a whole HTTP response. Without it a GraphQL client gets
 * HAProxy's HTML page. Written by `npm run haproxy:errorfile`.
 */
export function unavailableErrorfile(): string {
  const body = JSON.stringify(refusalBody(503, errorMessages.SERVICE_UNAVAILABLE, 'SERVICE_UNAVAILABLE'));
  return [
    'HTTP/1.1 503 Service Unavailable',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    `retry-after: ${DRAIN_RETRY_AFTER_SECONDS}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}
