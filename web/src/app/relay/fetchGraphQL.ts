import { Observable, type FetchFunction, type GraphQLResponse, type UploadableMap } from 'relay-runtime';
import { ERROR_CODES, userMessageFor, type ErrorCode } from '@domain/errors.js';
import { errorMessages, globalErrorTexts } from '@domain/messages.js';
import { reportRequestOutcome } from '../errors/requestFailures';
import { deviceId, signalUnauthorized, storedToken } from '../session';

interface GraphQLErrorEntry {
  message?: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: unknown; status?: number; issues?: { message: string }[] };
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
    return new RequestError(first.message, code, first.extensions?.status, first.extensions?.issues);
  }
  return new RequestError(globalErrorTexts.fallbackText, 'UNKNOWN');
}

function headers(json = true): Record<string, string> {
  const result: Record<string, string> = {
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    // An operation with @defer is answered in parts (multipart/mixed); every other one stays a single JSON result.
    Accept: 'multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json',
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

/** An answer: its first result, then (for an operation with @defer) each deferred fragment as a payload of its own. */
interface Answer {
  first: GraphQLResponse;
  later: AsyncIterable<GraphQLResponse> | readonly [];
}

type Payload = { data?: unknown; errors?: GraphQLErrorEntry[] } | null;

/**
 * The reader of answers in parts: it downloads with the screens whose queries defer (their loaders ask for it
 * beside the query), so the first visit of the others carries none of it.
 */
export const loadIncrementalReader = () => import('./incremental');

/**
 * A missing node is an answer, not a failure: the field is null. Missing is an id that names nothing
 * (/users/<unknown>), or one that cannot name anything (/users/abc): root `node`'s only argument is its id, so a
 * ValidationError there is the address's.
 */
const isMissing = (entry: GraphQLErrorEntry) =>
  entry.extensions?.code === 'NOT_FOUND' || (entry.extensions?.code === 'VALIDATION_ERROR' && entry.path?.length === 1 && entry.path[0] === 'node');
const onlyMissing = (payload: Payload) => payload?.data != null && payload.errors!.every(isMissing);

/** A deferred part is checked as the first result is: a failure ends the request, a missing node is a null. */
function laterPayload(payload: GraphQLResponse): GraphQLResponse {
  const { errors } = payload as Payload & object;
  if (!errors?.length || onlyMissing(payload as Payload)) return { ...payload, errors: undefined } as GraphQLResponse;
  throw requestErrorFrom(errors);
}

/** The gateway could not be reached (a request, or a screen's code), so the fallback says so and retries once it is back. */
export function networkFailure(): never {
  throw new RequestError(errorMessages.NETWORK_ERROR, 'NETWORK_ERROR');
}

/** The gateway could not be reached, or its answer not read to the end; an aborted request stays the abort. */
function unreachable(error: unknown, signal: AbortSignal): never {
  if (signal.aborted) throw error;
  networkFailure();
}

async function postGraphQL(body: { variables: Record<string, unknown> }, attempt: Attempt): Promise<Answer> {
  const { signal, uploadables } = attempt;
  let response: Response;
  let later: Answer['later'] = [];
  let payload: Payload;
  const sentWith = storedToken();
  try {
    // The multipart encoder downloads with the first upload: the first screen needs none.
    response = uploadables
      ? await fetch('/graphql', { method: 'POST', headers: headers(false), body: (await import('./multipart')).multipartBody(body, uploadables), signal })
      : await fetch('/graphql', { method: 'POST', headers: headers(), body: JSON.stringify(body), signal });
    if (response.headers.get('content-type')?.startsWith('multipart/')) ({ first: payload, later } = await (await loadIncrementalReader()).readParts(response));
    else payload = await response.json().catch(() => null);
  } catch (error) {
    unreachable(error, signal);
  }

  const error = payload?.errors?.length ? requestErrorFrom(payload.errors) : null;
  // An UNAUTHORIZED error, or a typed NotAuthenticatedError in a root field, refuses the stored session.
  const refused = error ? error.code === 'UNAUTHORIZED' : Object.values((payload?.data ?? {}) as Record<string, unknown>).some(isNotAuthenticatedResult);
  // 002 §4.3: the session is dropped and the layout told (it sends the visitor to /login/sign-in from a
  // member-only screen); a query is then read again as a guest, so a public page keeps working.
  if (refused && signalUnauthorized(sentWith) && attempt.isQuery) return postGraphQL(body, { ...attempt, isQuery: false });
  const missing = error !== null && onlyMissing(payload);
  if (error && !missing) {
    console.error('GraphQL errors', payload?.errors);
    throw error;
  }
  if (missing) return { first: { data: payload!.data } as GraphQLResponse, later };
  if (!response.ok || !payload || payload.data == null) {
    throw new RequestError(userMessageFor(response.status), 'UNKNOWN', response.status);
  }
  return { first: payload as GraphQLResponse, later };
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
    const deliver = async () => {
      const { first, later } = await postGraphQL(body, { signal: controller.signal, uploadables, isQuery });
      sink.next(first);
      try {
        for await (const payload of later) sink.next(laterPayload(payload));
      } catch (error) {
        if (error instanceof RequestError) throw error;
        unreachable(error, controller.signal);
      }
    };
    deliver().then(
      () => {
        void reportRequestOutcome({ error: null, isQuery });
        sink.complete();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        if (!(error instanceof RequestError)) return sink.error(failure);
        void reportRequestOutcome({ error, isQuery }).then(() => {
          if (!controller.signal.aborted) sink.error(failure);
        });
      },
    );
    return () => controller.abort();
  });
