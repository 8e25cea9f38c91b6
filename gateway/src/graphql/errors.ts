import { PothosError, PothosValidationError } from '@pothos/core';
import { GraphQLError } from 'graphql';
import { ERROR_CODES, errorMessages, hardeningTexts, validationTexts, type ErrorCode, type ErrorDetail } from '../../../domain/index.js';

/**
 * One broken rule of a request's input, located by the argument and the input fields leading to it, as the
 * GraphQL request spells them: `["input", "title"]`, `["input", "imageIds", "2"]`, `["first"]`.
 */
export interface ValidationIssue {
  path: string[];
  message: string;
  /** What kind of rule (zod's issue codes: too_small, invalid_format …). */
  code: string;
}

/**
 * Expected failures. Each is a GraphQLError, so Yoga passes its Korean message and `extensions.code`
 * through unmasked; fields that declare the type in `errors.types` return it as a typed result instead.
 * A field that cannot (a connection: Relay pages only connection-typed fields) answers it as a located
 * error whose `extensions` carry the same `code` and, for bad input, the same `issues`.
 */
export class GatewayError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status?: number,
    readonly issues: ValidationIssue[] = [],
  ) {
    super(message, { extensions: { code, ...(status ? { status } : {}), ...(issues.length ? { issues } : {}) } });
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

/**
 * Bad input. Its message is the first broken rule's own Korean message, so a client that shows only `message`
 * (or `errors[0].message`) says what is wrong; `issues` lists every rule with where it is. The REST API's 422 keeps
 * the spec's count summary (데이터 검증 실패: N개의 …) as its message.
 */
export class ValidationError extends GatewayError {
  constructor(issues: ValidationIssue[]) {
    super('VALIDATION_ERROR', issues[0]?.message || validationTexts.unknown, 422, issues);
  }

  /**
   * The same issues under `prefix` (the argument an upstream body came from, e.g. `["input"]`), their first segment
   * renamed where the GraphQL input names a field differently (`{ images: 'imageIds' }`).
   */
  under(prefix: readonly string[], renamed: Readonly<Record<string, string>> = {}): ValidationError {
    return new ValidationError(
      this.issues.map((issue) => {
        const [head, ...rest] = issue.path;
        return { ...issue, path: head === undefined ? [...prefix] : [...prefix, renamed[head] ?? head, ...rest] };
      }),
    );
  }
}

/** One bad argument (`["first"]`, `["after"]`) or input field (`["input", "title"]`) as a ValidationError. */
export function invalidArgument(path: string[], message: string, code = 'invalid'): ValidationError {
  return new ValidationError([{ path, message, code }]);
}

/** An upstream's or a domain schema's issue path (`images[0].url`, snake case) as GraphQL path segments (`images`, `0`, `url`). */
export function issuePathSegments(path: string | ReadonlyArray<PropertyKey> | undefined): string[] {
  const segments = typeof path === 'string' ? path.split(/[.[\]]+/) : (path ?? []).map(String);
  return segments.filter(Boolean).map((segment) => segment.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()));
}

/**
 * The REST API's validation answer: its details are located in the request body (or query) it received, which
 * the caller maps to its arguments with `under`; payloadMutation puts a mutation's under `input`.
 */
export class UpstreamValidationError extends ValidationError {
  constructor(details: ErrorDetail[]) {
    super(issuesFromDetails(details));
  }
}

/** The REST API's error details as issues. */
export function issuesFromDetails(details: ErrorDetail[]): ValidationIssue[] {
  return details.map((detail) => ({ path: issuePathSegments(detail.path), message: detail.message, code: detail.code ?? 'invalid' }));
}

/**
 * Too many requests in a window (rate limits): HTTP 429 with Retry-After, code RATE_LIMITED with
 * `retryAfterSeconds`, and a Korean message saying how long to wait, which the client shows as is.
 */
export class RateLimitedError extends GatewayError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', hardeningTexts.rateLimited(retryAfterSeconds), 429);
    Object.assign(this.extensions, { retryAfterSeconds, http: { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } } });
  }
}

export class ForbiddenError extends catalogued('FORBIDDEN', 403) {}

export class ConflictError extends catalogued('CONFLICT', 409) {}

/** A refused request the member can correct (wrong login, wrong current password): the upstream's 400 and message. */
export class BadRequestError extends catalogued('BAD_REQUEST', 400) {}

/** Too many failed logins for an identifier or from an address (RATE_LIMITED); retry after the given seconds. */
export class TooManyAttemptsError extends GatewayError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message, 429);
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

const isErrorCode = (code: unknown): boolean => typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);

/** The error a GraphQLError was made from (graphql-js locates a resolver's error by wrapping it), or the error itself. */
export function originOf(error: GraphQLError): unknown {
  let origin: unknown = error;
  while (origin instanceof GraphQLError && origin.originalError) origin = origin.originalError;
  return origin;
}

/**
 * Libraries' refusals of a request that carry no code telling them apart (Yoga's batching refusal): known only by
 * their English words, each with its Korean message and code. (The CSRF check is told where it runs, by method:
 * server/csrf.ts.)
 */
const LIBRARY_REFUSALS: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  'Batching is not supported.': { code: 'BAD_REQUEST', message: hardeningTexts.batchingUnsupported },
};

/**
 * Yoga's own refusals of a request it cannot read (body, parameters, method, operation name), known only by their
 * English words; most already carry BAD_REQUEST, so the code alone does not tell them from ours.
 */
const PROTOCOL_REFUSALS: readonly [RegExp, (match: RegExpMatchArray) => string][] = [
  [/^POST body sent invalid JSON\.$/, () => hardeningTexts.bodyNotRequest],
  [/^(Invalid "params" in the request body|Expected params to be an object)/, () => hardeningTexts.bodyNotRequest],
  [/^Must provide query string\.$/, () => hardeningTexts.queryMissing],
  [/^Expected "(\w+)" param to be/, ([, parameter]) => hardeningTexts.parameterInvalid(parameter)],
  [/^Unexpected parameter "(.*)" in the request body\.$/, ([, parameter]) => hardeningTexts.parameterUnknown(parameter)],
  [/^Could not determine what operation to execute\.$/, () => hardeningTexts.operationNotFound],
  [/^Can only perform a mutation operation from a POST request\.$/, () => hardeningTexts.mutationNeedsPost],
];

/** Yoga's HTTP extension of a protocol refusal, as a status every client gets (400 unless Yoga chose another). */
function protocolRefusalHttp(http: unknown): { status: number; headers?: Record<string, string> } {
  const { status = 400, headers } = (http ?? {}) as { status?: number; headers?: Record<string, string> };
  return headers ? { status, headers } : { status };
}

/** The Korean message of a Yoga protocol refusal, or undefined for any other error. */
function protocolRefusalMessage(message: string): string | undefined {
  for (const [words, korean] of PROTOCOL_REFUSALS) {
    const match = message.match(words);
    if (match) return korean(match);
  }
  return undefined;
}

/**
 * graphql-js's words when it stops validating a document whose fields it would compare too many times with each other
 * (thousands of repeated selections): nothing is wrong with the fields, the document is too large to check.
 */
const GRAPHQL_VALIDATION_ABORTED = 'Validation aborted.';

/**
 * A document that does not parse or validate, in Korean with graphql-js's code; its English words are kept in
 * `extensions.reason` for the developer. Our own refusals (document limits, already in Korean) pass as they are.
 */
export function documentErrorInKorean(error: GraphQLError, code: 'GRAPHQL_PARSE_FAILED' | 'GRAPHQL_VALIDATION_FAILED'): GraphQLError {
  // Validation answers are cached and come back through here already told.
  if (originOf(error) instanceof GatewayError || error.extensions.reason !== undefined) return error;
  const message =
    code === 'GRAPHQL_PARSE_FAILED'
      ? hardeningTexts.documentUnreadable
      : error.message === GRAPHQL_VALIDATION_ABORTED
        ? hardeningTexts.documentTooComplex
        : hardeningTexts.documentInvalid;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code, reason: error.message },
  });
}

/**
 * Any other request error (no response path: the variables, the HTTP request) in Korean with a code: a library
 * refusal by its words, bad variables (graphql-js' coercion, in English, kept as `reason`) as BAD_REQUEST. Those
 * with a code of the list already are ours (or came through documentErrorInKorean) and pass.
 */
function requestErrorInKorean(error: GraphQLError): GraphQLError {
  const refusal = LIBRARY_REFUSALS[error.message];
  const protocolRefusal = refusal ? undefined : protocolRefusalMessage(error.message);
  const origin = originOf(error);
  // A scalar of ours refused a variable in Korean with a code; graphql-js put its English words before ours
  // (`Variable "$f" got invalid value …; `): the client gets ours alone, graphql-js's in `reason`.
  // A refused variable is a bad request whichever scalar refused it (the File scalar's code already said so; a
  // DateTime's or a URL's said VALIDATION_ERROR, the code of a refused field input).
  if (origin instanceof GraphQLError && origin !== error && isErrorCode(origin.extensions.code) && error.message !== origin.message) {
    const variable = error.message.startsWith('Variable "$');
    return new GraphQLError(origin.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      extensions: { ...error.extensions, ...(variable ? { code: 'BAD_REQUEST' } : {}), reason: error.message },
    });
  }
  if (!refusal && !protocolRefusal && isErrorCode(error.extensions.code)) return error;
  // Only the HTTP status and headers are kept of Yoga's extensions (its `originalError` told the parser's own error).
  // A protocol refusal answers a request that is not a GraphQL request: 400 (GraphQL over HTTP) for every client.
  // Yoga marks some (`{}`, `[]`) as the specification's status only, which it drops for a client accepting only
  // application/json, so those answered 200 there while a body that is not JSON answered 400.
  const http = protocolRefusal ? protocolRefusalHttp(error.extensions.http) : error.extensions.http;
  return new GraphQLError(refusal?.message ?? protocolRefusal ?? hardeningTexts.variablesInvalid, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { code: refusal?.code ?? 'BAD_REQUEST', ...(refusal ? {} : { reason: error.message }), ...(http ? { http } : {}) },
  });
}

/**
 * Yoga's `maskError`: what a client may see of an error. Expected failures (a GatewayError, or any error carrying a
 * code of the domain's list) pass as they are; request errors the GraphQL specification says to report (syntax,
 * validation, variable coercion, HTTP: they have no response path) are told in Korean with a code. A library's own error about a client's
 * input (Pothos' "Invalid global ID …", in English) becomes the catalogue's BAD_REQUEST in Korean; anything else
 * becomes INTERNAL_SERVER_ERROR with the generic Korean message, keeping only where it happened (no message,
 * no stack). Yoga logs each masked error in full.
 */
export function maskUnexpected(error: unknown): Error {
  if (error instanceof GraphQLError) {
    const origin = originOf(error);
    if (origin instanceof GatewayError) return error;
    if (error.path === undefined && origin instanceof GraphQLError && !(origin instanceof PothosError)) return requestErrorInKorean(error);
    if (origin instanceof GraphQLError && isErrorCode(origin.extensions.code)) return error;
    const clientInput = origin instanceof PothosValidationError;
    return new GraphQLError(clientInput ? errorMessages.BAD_REQUEST : errorMessages.INTERNAL_SERVER_ERROR, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: {
        code: clientInput ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR',
        // Yoga answers 500 for a request that failed before any data, and strips this flag from the answer.
        ...(clientInput ? {} : { unexpected: true }),
        ...(error.extensions.http ? { http: error.extensions.http } : {}),
      },
    });
  }
  return new GraphQLError(errorMessages.INTERNAL_SERVER_ERROR, { extensions: { code: 'INTERNAL_SERVER_ERROR', unexpected: true } });
}
