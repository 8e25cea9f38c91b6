import type { FastifyError, FastifyInstance } from 'fastify';
import { errorBody, validationErrorBody, type ErrorDetail } from '../../../domain/errors.js';

/** An expected failure with a catalogue status; the message defaults to the catalogue's text. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly publicMessage?: string,
  ) {
    super(publicMessage ?? `HTTP ${status}`);
  }
}

/** Input that broke the domain's rules: answered 422 with one detail per issue. */
export class RequestValidationError extends Error {
  constructor(readonly details: ErrorDetail[]) {
    super('validation failed');
  }
}

/** Every failure, ours or Fastify's, answers the error object of 002 §3.4; a 5xx never shows its cause. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, request.url));
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(422).send(validationErrorBody(error.details, request.url));
    }
    if (error instanceof HttpError) {
      return reply.code(error.status).send(errorBody(error.status, request.url, error.publicMessage));
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    const status = statusCode >= 400 && statusCode < 600 ? statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody(status, request.url));
  });
}
