import type { FastifyError, FastifyInstance } from 'fastify';
import { errorBody, validationErrorBody } from '../../../domain/errors.js';
import { ConflictError, ExpectedError, ForbiddenError, NotFoundError, RejectedError, UnauthenticatedError, ValidationError } from '../errors.js';

/** The catalogue status of each expected failure (000 §8). */
const STATUS = new Map<abstract new (...args: never[]) => ExpectedError, number>([
  [RejectedError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
]);

function statusOf(error: ExpectedError): number {
  for (const [type, status] of STATUS) if (error instanceof type) return status;
  return 500;
}

/** Every failure, ours or Fastify's, answers the error object of 002 §3.4; a 5xx never shows its cause. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, request.url));
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.code(422).send(validationErrorBody(error.details, request.url));
    }
    if (error instanceof ExpectedError) {
      const status = statusOf(error);
      return reply.code(status).send(errorBody(status, request.url, error.publicMessage));
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    const status = statusCode >= 400 && statusCode < 600 ? statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody(status, request.url));
  });
}
