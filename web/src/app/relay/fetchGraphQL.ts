import { Observable, type FetchFunction, type GraphQLResponse, type UploadableMap } from 'relay-runtime';
import { ERROR_CODES, userMessageFor, type ErrorCode } from '@domain/errors.js';
import { errorMessages, globalErrorTexts } from '@domain/messages.js';
import { reportRequestOutcome } from '../errors/requestFailures';
import { deviceId, signalUnauthorized, storedToken } from '../session';

interface GraphQLErrorEntry {
  message?: string;
  extensions?: { code?: unknown; status?: number; details?: { message: string }[] };
}

/** A failed request, carrying the Korean message the fallback screen shows (002 §8.4). */
export class RequestError extends Error {
  /** What the global error handler's toast said for it (002 §8.2), when it said something. */
  toldAs?: string;

  constructor(
    message: string,
    readonly code: ErrorCode,
    readonly status?: number,
    readonly details: readonly { message: string }[] = [],
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The gateway answers known failures with a catalogue code and its Korean message; anything else
 * (masked internal errors, schema mismatches) gets the generic text rather than an English message.
 */
function requestErrorFrom(errors: GraphQLErrorEntry[]): RequestError {
  const [first] = errors;
  const code = first?.extensions?.code;
  if (isErrorCode(code) && code !== 'INTERNAL_SERVER_ERROR' && first?.message) {
    return new RequestError(first.message, code, first.extensions?.status, first.extensions?.details);
  }
  return new RequestError(globalErrorTexts.fallbackText, 'UNKNOWN');
}

function headers(json = true): Record<string, string> {
  const result: Record<string, string> = {
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    Accept: 'application/graphql-response+json, application/json',
    'X-Device-ID': deviceId(),
    // The gateway's CSRF prevention lets a request through only with a header a plain form or link cannot set.
    'X-GraphQL-Yoga-CSRF': '1',
  };
  const token = storedToken();
  if (token) result.Authorization = `token ${token}`;
  return result;
}

function isNotAuthenticatedResult(field: unknown): boolean {
  return typeof field === 'object' && field !== null && (field as { __typename?: unknown }).__typename === 'NotAuthenticatedError';
}

interface Attempt {
  signal: AbortSignal;
  uploadables?: UploadableMap | null;
  /** A query may be read again as a guest once its stored session was refused; a mutation never repeats. */
  isQuery: boolean;
}

async function postGraphQL(body: { variables: Record<string, unknown> }, attempt: Attempt): Promise<GraphQLResponse> {
  const { signal, uploadables } = attempt;
  let response: Response;
  try {
    // The multipart encoder downloads with the first upload: the first screen needs none.
    response = uploadables
      ? await fetch('/graphql', { method: 'POST', headers: headers(false), body: (await import('./multipart')).multipartBody(body, uploadables), signal })
      : await fetch('/graphql', { method: 'POST', headers: headers(), body: JSON.stringify(body), signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new RequestError(errorMessages.NETWORK_ERROR, 'NETWORK_ERROR');
  }

  const payload = (await response.json().catch(() => null)) as { data?: unknown; errors?: GraphQLErrorEntry[] } | null;
  const error = payload?.errors?.length ? requestErrorFrom(payload.errors) : null;
  // An UNAUTHORIZED error, or a typed NotAuthenticatedError in a root field, refuses the stored session.
  const refused = error ? error.code === 'UNAUTHORIZED' : Object.values((payload?.data ?? {}) as Record<string, unknown>).some(isNotAuthenticatedResult);
  // 002 §4.3: the session is dropped and the layout told (it sends the visitor to /login/sign-in from a
  // member-only screen); a query is then read again as a guest, so a public page keeps working.
  if (refused && signalUnauthorized() && attempt.isQuery) return postGraphQL(body, { ...attempt, isQuery: false });
  // A missing node (an id that names nothing, e.g. /users/<unknown>) is an answer, not a failure: the field is
  // null and the screen shows its own not-found state.
  const onlyMissing = error !== null && payload?.data != null && payload.errors!.every((entry) => entry.extensions?.code === 'NOT_FOUND');
  if (error && !onlyMissing) {
    console.error('GraphQL errors', payload?.errors);
    throw error;
  }
  if (onlyMissing) return { data: payload!.data } as GraphQLResponse;
  if (!response.ok || !payload || payload.data == null) {
    throw new RequestError(userMessageFor(response.status), 'UNKNOWN', response.status);
  }
  return payload as GraphQLResponse;
}

/**
 * POSTs the operation's persisted id (relay-compiler's persisted queries: no operation text ships) and its
 * variables to the gateway; disposing the Relay request aborts the fetch.
 */
export const fetchGraphQL: FetchFunction = (operation, variables, _cacheConfig, uploadables) =>
  Observable.create<GraphQLResponse>((sink) => {
    const controller = new AbortController();
    const body = {
      operationName: operation.name,
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash: operation.id } },
    };
    const isQuery = operation.operationKind === 'query';
    postGraphQL(body, { signal: controller.signal, uploadables, isQuery }).then(
      (response) => {
        reportRequestOutcome({ error: null, isQuery });
        sink.next(response);
        sink.complete();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof RequestError) reportRequestOutcome({ error, isQuery });
        sink.error(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => controller.abort();
  });
