import { z } from 'zod';
import type { ApiErrorBody, ErrorDetail } from './api.js';
import { errorMessages, validationTexts } from './messages.js';

/**
 * Every error code, once: the catalogue of 002 §8.1 and the codes of the GraphQL request protocols the gateway
 * speaks (persisted operations, content negotiation, documents that do not parse or validate). The GraphQL `ErrorCode` enum is made from this list (with
 * `errorCodeMeanings.ts`), so `Error.code` and `extensions.code` can only be one of these.
 */
export const ERROR_CODES = [
  'NETWORK_ERROR',
  'TIMEOUT',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE_ENTITY',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_ERROR',
  'BUSINESS_ERROR',
  'RATE_LIMITED',
  'UNKNOWN',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_MISMATCH',
  'PERSISTED_QUERY_ONLY',
  'PERSISTED_QUERY_ID_REQUIRED',
  'NOT_ACCEPTABLE',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Failures of delivery rather than refusals of what was sent: the same request may well succeed when sent again. */
export const TRANSIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR'] as const satisfies readonly ErrorCode[];

/** Codes only a client says of itself (it could not classify a failure); the server never sends them, so the schema's enum leaves them out. */
export const CLIENT_ONLY_ERROR_CODES = ['UNKNOWN'] as const satisfies readonly ErrorCode[];

/** The catalogue of 000 §8: the code each status stands for; its message is the code's own. */
const STATUS_CODES: Readonly<Partial<Record<number, ErrorCode & keyof typeof errorMessages>>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE_ENTITY',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** The catalogue of 000 §8: which code and message a status stands for. */
export function describeStatus(status: number): { code: ErrorCode; message: string } {
  const code = STATUS_CODES[status];
  if (code) return { code, message: errorMessages[code] };
  if (status >= 400 && status < 500) return { code: 'BAD_REQUEST', message: errorMessages.OTHER_CLIENT_ERROR };
  if (status >= 500) return { code: 'INTERNAL_SERVER_ERROR', message: errorMessages.OTHER_SERVER_ERROR };
  return { code: 'UNKNOWN', message: errorMessages.UNKNOWN };
}

/**
 * The message a client shows for an error answer: the server's own message when present,
 * except for status 500 and above, which always show the generic text (000 §8).
 */
export function userMessageFor(status: number, serverMessage?: string | null): string {
  if (status < 500 && serverMessage && serverMessage.trim()) return serverMessage;
  return describeStatus(status).message;
}

export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((segment) => (typeof segment === 'number' ? `[${segment}]` : String(segment)))
    .join('.')
    .replace(/\.\[/g, '[');
}

export function issuesFromZod(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: formatIssuePath(issue.path),
    message: issue.message,
    code: issue.code,
  }));
}

/** The validation error of 000 §5: status 422, code VALIDATION_ERROR, one detail per issue. */
export function validationErrorBody(details: ErrorDetail[], path: string): ApiErrorBody {
  return {
    code: 'VALIDATION_ERROR',
    status: 422,
    message: details.length ? validationTexts.failed(details.length) : validationTexts.unknown,
    path,
    timestamp: new Date().toISOString(),
    details,
  };
}

export function errorBody(status: number, path: string, message?: string, code?: ErrorCode): ApiErrorBody {
  const described = describeStatus(status);
  return {
    code: code ?? described.code,
    status,
    message: message ?? described.message,
    path,
    timestamp: new Date().toISOString(),
    details: [],
  };
}

/**
 * A whole HTTP/1.1 answer with a JSON body, for where no HTTP server writes one: a raw socket (a request Node could
 * not read as HTTP) or a file (a load balancer's error page). The connection is closed after it.
 */
export function rawHttpAnswer(status: number, reason: string, body: object, headers: readonly string[] = []): string {
  const text = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${new TextEncoder().encode(text).length}`,
    ...headers,
    'connection: close',
    '',
    text,
  ].join('\r\n');
}
