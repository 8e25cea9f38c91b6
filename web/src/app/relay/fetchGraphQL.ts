import { Observable, type FetchFunction, type GraphQLResponse, type UploadableMap } from 'relay-runtime';
import { ERROR_CODES, userMessageFor, type ErrorCode } from '@domain/errors.js';
import { errorMessages, globalErrorTexts } from '@domain/messages.js';
import { deviceId, signalUnauthorized, storedToken } from '../session';

interface GraphQLErrorEntry {
  message?: string;
  extensions?: { code?: unknown };
}

/** A failed request, carrying the Korean message the fallback screen shows (002 §8.4). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode,
    readonly status?: number,
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
    return new RequestError(first.message, code);
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

/**
 * The GraphQL multipart request (files beside the operation). Relay's uploadables are keyed by the variable
 * path they fill, e.g. `{ 'input.file': file }`; the variable itself is sent as null and mapped to the part.
 */
function multipartBody(body: { variables: Record<string, unknown> }, uploadables: UploadableMap): FormData {
  const form = new FormData();
  const map: Record<string, string[]> = {};
  const files = Object.entries(uploadables);
  files.forEach(([path], index) => {
    map[String(index)] = [`variables.${path}`];
  });
  form.append('operations', JSON.stringify(body));
  form.append('map', JSON.stringify(map));
  files.forEach(([, file], index) => form.append(String(index), file));
  return form;
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
    response = uploadables
      ? await fetch('/graphql', { method: 'POST', headers: headers(false), body: multipartBody(body, uploadables), signal })
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
  if (error) {
    console.error('GraphQL errors', payload?.errors);
    throw error;
  }
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
    postGraphQL(body, { signal: controller.signal, uploadables, isQuery: operation.operationKind === 'query' }).then(
      (response) => {
        sink.next(response);
        sink.complete();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) sink.error(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => controller.abort();
  });
