import { rawHttpAnswer } from '../../../domain/errors.js';
import { DRAIN_RETRY_AFTER_SECONDS } from '../../../domain/limits.js';
import { errorMessages, hardeningTexts } from '../../../domain/messages.js';

/** A refusal made before GraphQL runs (body too large, broken JSON, draining), in a GraphQL answer's shape. */
export function refusalBody(status: number, message: string, code = status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR') {
  return { errors: [{ message, extensions: { code, ...(code === 'SERVICE_UNAVAILABLE' ? { status } : {}) } }] };
}

/**
 * Requests a replica refuses before it could read them as HTTP (Node's client errors), whole answers for the socket.
 */
export const unreadableRequests = {
  headersTooLarge: () => rawHttpAnswer(431, 'Request Header Fields Too Large', refusalBody(431, hardeningTexts.headersTooLarge)),
  headersTooSlow: () => rawHttpAnswer(408, 'Request Timeout', refusalBody(408, errorMessages.TIMEOUT, 'TIMEOUT')),
  malformed: () => rawHttpAnswer(400, 'Bad Request', refusalBody(400, errorMessages.BAD_REQUEST)),
};

/**
 * The answer a load balancer gives when no replica can take a request (every one draining or out), as a replica
 * would give it while draining: HAProxy's `errorfile 503`, a whole HTTP response. Without it a GraphQL client gets
 * HAProxy's HTML page. Written by `npm run haproxy:errorfile`.
 */
export function unavailableErrorfile(): string {
  return rawHttpAnswer(503, 'Service Unavailable', refusalBody(503, errorMessages.SERVICE_UNAVAILABLE, 'SERVICE_UNAVAILABLE'), [
    'cache-control: no-store',
    `retry-after: ${DRAIN_RETRY_AFTER_SECONDS}`,
  ]);
}
