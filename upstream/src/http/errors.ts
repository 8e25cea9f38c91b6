import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../../domain/api.js';
import { errorBody, rawHttpAnswer, validationErrorBody } from '../../../domain/errors.js';
import { REST_BODY_MAX_BYTES } from '../../../domain/limits.js';
import { accountTexts, errorMessages, hardeningTexts, validationTexts } from '../../../domain/messages.js';
import { unavailabilityOf } from '../db/client.js';
import type { DatabaseOutage } from '../db/outage.js';
import {
  ConflictError,
  ExpectedError,
  ForbiddenError,
  NotFoundError,
  RejectedError,
  TooManyAttemptsError,
  UnauthenticatedError,
  ValidationError,
} from '../errors.js';

/** The catalogue status of each expected failure (000 §8). */
const STATUS = new Map<abstract new (...args: never[]) => ExpectedError, number>([
  [RejectedError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooManyAttemptsError, 429],
]);

function statusOf(error: ExpectedError): number {
  for (const [type, status] of STATUS) if (error instanceof type) return status;
  return 500;
}

/** What a unique constraint refusing a row means to the member; others answer the catalogue's 409 text. */
const UNIQUE_CONFLICTS: Record<string, string> = {
  users_email_unique: accountTexts.errors.emailTaken,
  user_profiles_phone_idx: accountTexts.errors.phoneTaken,
};

/**
 * A unique violation (SQLSTATE 23505) as the conflict it is: two requests raced past the repository's own
 * "already there?" check (two registrations of one e-mail at once), and the database kept the second out.
 * Drizzle wraps the driver's error, so the cause chain is searched.
 */
export function conflictFromUniqueViolation(error: unknown): ConflictError | null {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return new ConflictError(typeof constraint === 'string' ? UNIQUE_CONFLICTS[constraint] : undefined);
  }
  return null;
}

/**
 * A multipart body the parser could not finish (the upload was cut off mid-file, a part header is broken): the
 * parser (busboy) throws plain errors without a code or status, so they are recognised by their wording, and
 * only on multipart requests.
 */
function brokenMultipart(request: FastifyRequest, error: Error): RejectedError | null {
  if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return null;
  if (error.constructor !== Error || 'statusCode' in error) return null;
  return /multipart|unexpected end|malformed|boundary/i.test(error.message) ? new RejectedError(validationTexts.multipartBroken) : null;
}

/**
 * A body Fastify could not read, in words (the catalogue's BAD_REQUEST code: the spec names none for 413): too large for
 * REST_BODY_MAX_BYTES, not JSON (cut off, or not written as JSON), empty under a JSON Content-Type, or shorter or longer
 * than its Content-Length. The text is also the one detail, which clients show for BAD_REQUEST (002 §8).
 */
const UNREADABLE_BODIES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: validationTexts.body.tooLarge(REST_BODY_MAX_BYTES / (1024 * 1024)),
  FST_ERR_CTP_INVALID_JSON_BODY: validationTexts.body.notJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: validationTexts.body.emptyJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: validationTexts.body.lengthMismatch,
};

function unreadableBody(error: FastifyError | Error, path: string): ApiErrorBody | null {
  const message = 'code' in error && typeof error.code === 'string' ? UNREADABLE_BODIES[error.code] : undefined;
  if (!message || !('statusCode' in error) || typeof error.statusCode !== 'number') return null;
  return { ...errorBody(error.statusCode, path, message, 'BAD_REQUEST'), details: [{ message, code: 'invalid_body' }] };
}

/** Every failure, ours or Fastify's, answers the error object of 002 §3.4; a 5xx never shows its cause. */
export function installErrorHandling(app: FastifyInstance, outage?: DatabaseOutage): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, request.url));
  });

  app.setErrorHandler((thrown: FastifyError | Error, request, reply) => {
    const error = conflictFromUniqueViolation(thrown) ?? brokenMultipart(request, thrown) ?? thrown;
    if (error instanceof ValidationError) {
      return reply.code(422).send(validationErrorBody(error.details, request.url));
    }
    if (error instanceof ExpectedError) {
      const status = statusOf(error);
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(status).send(errorBody(status, request.url, error.publicMessage));
    }
    const unavailable = unavailabilityOf(error);
    if (unavailable) {
      // An outage, not a fault of this request: 503 as /readyz says, so callers try again (the gateway retries reads).
      // One short line per request (the driver's code and message: no stack, no SQL, which under load would be a
      // stack per request), and one line each when the outage starts and ends.
      request.log.error({ db: unavailable }, 'database unavailable');
      outage?.lost(unavailable);
      return reply.code(503).send(errorBody(503, request.url));
    }
    const unreadable = unreadableBody(error, request.url);
    if (unreadable) return reply.code(unreadable.status).send(unreadable);
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    const status = statusCode >= 400 && statusCode < 600 ? statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody(status, request.url));
  });
}

/**
 * Node's refusals of a request it could not read as HTTP (headers too slow, above its size limit, a malformed request
 * line), answered on the socket before any route: in the error object of 002 §3.4 and Korean, not Fastify's English.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A connection reset has nothing left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? rawHttpAnswer(408, 'Request Timeout', errorBody(408, '', errorMessages.TIMEOUT, 'TIMEOUT'))
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? rawHttpAnswer(431, 'Request Header Fields Too Large', errorBody(431, '', hardeningTexts.headersTooLarge))
        : rawHttpAnswer(400, 'Bad Request', errorBody(400, ''));
  if (socket.writable) socket.write(answer);
  socket.destroy(error);
}
