import { GraphQLError } from 'graphql';
import { errorMessages, hardeningTexts, validationTexts, type ErrorCode, type ErrorDetail } from '../../../domain/index.js';

/**
 * Expected failures. Each is a GraphQLError, so Yoga passes its Korean message and `extensions.code`
 * through unmasked; fields that declare the type in `errors.types` return it as a typed result instead.
 */
export class GatewayError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status?: number,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message, { extensions: { code, ...(status ? { status } : {}), ...(details.length ? { details } : {}) } });
    this.name = new.target.name;
  }
}

/** A failure of the catalogue with its HTTP status; the message is the catalogue's unless the upstream gave its own. */
function catalogued(code: ErrorCode & keyof typeof errorMessages, status: number) {
  return class extends GatewayError {
    constructor(message: string = errorMessages[code]) {
      super(code, message, status);
    }
  };
}

export class NotFoundError extends catalogued('NOT_FOUND', 404) {}

export class NotAuthenticatedError extends catalogued('UNAUTHORIZED', 401) {}

export class ValidationError extends GatewayError {
  constructor(readonly issues: ErrorDetail[]) {
    super('VALIDATION_ERROR', issues.length ? validationTexts.failed(issues.length) : validationTexts.unknown, 422, issues);
  }
}

/**
 * Too many requests in a window (rate limits): HTTP 429 with Retry-After, the catalogue's BAD_REQUEST code
 * and a Korean message the client shows as is.
 */
export class RateLimitedError extends GatewayError {
  constructor(readonly retryAfterSeconds: number) {
    super('BAD_REQUEST', hardeningTexts.rateLimited, 429);
    Object.assign(this.extensions, { retryAfterSeconds, http: { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } } });
  }
}

export class ForbiddenError extends catalogued('FORBIDDEN', 403) {}

export class ConflictError extends catalogued('CONFLICT', 409) {}

/** A refused request the member can correct (wrong login, wrong current password): the upstream's 400 and message. */
export class BadRequestError extends catalogued('BAD_REQUEST', 400) {}

/** Too many failed logins for an identifier or from an address; retry after the given seconds. */
export class TooManyAttemptsError extends GatewayError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('BAD_REQUEST', message, 429);
    Object.assign(this.extensions, { retryAfterSeconds });
  }
}

/** What a member's write answers as typed results: bad input, no session, nothing there, not theirs. */
export const WRITE_ERRORS = [ValidationError, NotAuthenticatedError, NotFoundError, ForbiddenError] as const;

const REFUSALS = { 400: BadRequestError, 403: ForbiddenError, 404: NotFoundError, 409: ConflictError } as const;
type RefusalStatus = keyof typeof REFUSALS;

/** An upstream failure whose status is one of the expected refusals, as the typed error (with the upstream's Korean message); any other as it was. */
function typedRefusal(error: unknown, statuses: readonly RefusalStatus[]): unknown {
  if (!(error instanceof GatewayError) || !statuses.includes(error.status as RefusalStatus)) return error;
  return new REFUSALS[error.status as RefusalStatus](error.message);
}

/** An upstream call whose expected refusals (by default 403, not yours, and 409, already done) reject as typed errors. */
export async function withTypedRefusals<T>(call: Promise<T>, statuses: readonly RefusalStatus[] = [403, 409]): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw typedRefusal(error, statuses);
  }
}
