import type { Tracer } from '@opentelemetry/api';
import {
  BrokenCircuitError,
  BulkheadRejectedError,
  CircuitState,
  TaskCancelledError,
  ConsecutiveBreaker,
  DelegateBackoff,
  bulkhead,
  circuitBreaker,
  handleWhen,
  retry,
  type BulkheadPolicy,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { Pool, errors as undiciErrors, FormData as UndiciFormData } from 'undici';
import {
  HTTP_TIMEOUT_MS,
  IDEMPOTENCY,
  UPSTREAM_RESILIENCE,
  describeStatus,
  errorMessages,
  outcomeUnknownMessages,
  userMessageFor,
  type ApiErrorBody,
  type ErrorCode,
} from '../../../domain/index.js';
import { GatewayError, NotAuthenticatedError, NotFoundError, UpstreamValidationError, issuesFromDetails } from '../graphql/errors.js';
import { endUpstreamCallSpan, startUpstreamCallSpan } from './tracing.js';

/** The spec's overall time-out of a call (002 §7.1, §9). */
export const UPSTREAM_TIMEOUT_MS = HTTP_TIMEOUT_MS;

/** The answers the upstream replayed for a repeated idempotency key: its first answer, as it was then. */
const replayedAnswers = new WeakSet<object>();

/** Whether `answer` is a replayed first answer (`Idempotent-Replayed`): what it says of counts and state may be old. */
export function wasReplayed(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && replayedAnswers.has(answer);
}

/** Who is calling: forwarded to upstream on every request (002 §7.1). */
export interface Caller {
  token?: string;
  deviceId: string;
  /** The client's address as the gateway's listener saw it; sent as X-Forwarded-For (the upstream's login throttle counts it). */
  clientIp?: string;
  /** Sent as X-Request-ID so the upstream's log lines join the gateway's. */
  requestId?: string;
  /** Aborts when the client goes away: the upstream request is abandoned with it. */
  signal?: AbortSignal;
  /** A create's idempotency key (domain/idempotency.ts), sent as `Idempotency-Key`. */
  idempotencyKey?: string;
  /**
   * Told when the upstream refused `token` (it names no live session: expired, revoked, made up). The caller goes on
   * as a guest for the rest of the request; copies of a caller share it, so every call of the request hears of it.
   */
  refuseToken?: () => void;
  /** True when the token was already found live (a socket's, on its init): a subscription need not check it again. */
  tokenChecked?: boolean;
  /** True once the token was refused: the answer tells the client so (server/refused-token.ts). */
  tokenRefused?: boolean;
  /** True when the request's `Authorization` header was not `token <t>` or `Bearer <t>`: refused before any call. */
  authorizationMalformed?: boolean;
  /**
   * The operation's own share of the client's calls (`UpstreamClient.operationSlots()`, one per GraphQL operation):
   * its calls beyond that share wait their turn in its own queue. Copies of a caller share it.
   */
  operationSlots?: BulkheadPolicy;
}

export type QueryValue = string | number | boolean | undefined | null | readonly string[];
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One upstream call as metrics and logs see it: the route with ids replaced, never the address or query. */
export interface UpstreamCallRecord {
  method: HttpMethod;
  route: string;
  /** The HTTP status, or `timeout`, `network`, `aborted`, `breaker_open`, `overloaded`. */
  outcome: string;
  durationMs: number;
}

export interface UpstreamRetryRecord {
  method: HttpMethod;
  route: string;
  /** The retry about to happen: 1 for the first. */
  attempt: number;
  delayMs: number;
  reason: string;
  /** The id of the request the call serves (sent upstream as X-Request-Id), when it has one. */
  requestId?: string;
}

export interface UpstreamClientOptions {
  url: string;
  /** The overall budget of one call, retries and their waits included. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  connections?: number;
  maxAttempts?: number;
  retryBaseDelayMs?: number;
  breakerFailures?: number;
  breakerHalfOpenAfterMs?: number;
  maxConcurrent?: number;
  maxQueued?: number;
  /** Calls one operation runs at once (`operationSlots`). */
  maxConcurrentPerOperation?: number;
  onCall?: (call: UpstreamCallRecord) => void;
  onRetry?: (retry: UpstreamRetryRecord) => void;
  /** Traces each attempt as a client span and sends its `traceparent`; unset, no span and no header. */
  tracer?: Tracer;
}

interface SharedCall {
  answer: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

/** The answer, or the client-gone error as soon as this waiter's own client goes away. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  const gone = () => new GatewayError('NETWORK_ERROR', errorMessages.NETWORK_ERROR);
  if (signal.aborted) return Promise.reject(gone());
  return new Promise<T>((resolve, reject) => {
    const leave = () => reject(gone());
    signal.addEventListener('abort', leave, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
  });
}

/** `starved`: the overall budget ran out early in this attempt, having been spent before it (queued, backing off). */
type FailureKind = 'timeout' | 'starved' | 'network' | 'status' | 'aborted';

/** Why one attempt failed, kept apart from what the client sees so policies can decide on it. */
class UpstreamFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status?: number,
    readonly body?: Partial<ApiErrorBody>,
    readonly retryAfterMs?: number,
  ) {
    super(kind === 'status' ? `upstream answered ${status}` : `upstream ${kind === 'starved' ? 'timeout' : kind}`);
  }

  /**
   * A `network` failure before the request could reach the upstream (no connection made: refused, not made in time,
   * no such host), so nothing was done; any other (a connection reset or closed mid-call) may have come after the
   * upstream received it.
   */
  notSent = false;

  /** What the breaker counts: the upstream failing, not the caller's request being wrong. */
  get isUpstreamFault(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || (this.kind === 'status' && (this.status ?? 0) >= 500);
  }

  /** What an idempotent call retries (002 §7.1): no status, 5xx, network error, time-out; and 429. */
  get isRetryable(): boolean {
    return this.isUpstreamFault || (this.kind === 'status' && this.status === 429);
  }
}

/**
 * One keep-alive pool per upstream origin. Every call runs inside a concurrency limit and the upstream's
 * circuit breaker; GET and HEAD are retried with exponential backoff (1000 ms, doubling; Retry-After when
 * longer) while the overall budget lasts; other methods are sent exactly once, except a JSON write carrying an idempotency key (`keyedWrite`).
 */
export class UpstreamClient {
  readonly pool: Pool;
  readonly timeoutMs: number;
  readonly breaker: CircuitBreakerPolicy;
  private readonly concurrency: BulkheadPolicy;
  private readonly maxQueued: number;
  private readonly maxConcurrentPerOperation: number;
  private readonly basePath: string;
  private readonly maxAttempts: number;
  private readonly retryBaseDelayMs: number;
  private readonly onCall?: (call: UpstreamCallRecord) => void;
  private readonly onRetry?: (retry: UpstreamRetryRecord) => void;
  private readonly tracer?: Tracer;
  /** Shared reads in flight (`getShared`), by caller and URL. */
  private readonly inFlight = new Map<string, SharedCall>();
  private readonly halfOpenAfterMs: number;
  private probeTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.url);
    this.basePath = base.pathname.replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
    this.maxAttempts = options.maxAttempts ?? UPSTREAM_RESILIENCE.maxAttempts;
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? UPSTREAM_RESILIENCE.retryBaseDelayMs;
    this.onCall = options.onCall;
    this.onRetry = options.onRetry;
    this.tracer = options.tracer;
    const maxConcurrent = options.maxConcurrent ?? UPSTREAM_RESILIENCE.maxConcurrent;
    this.pool = new Pool(base.origin, {
      // As many connections as calls may run: the bulkhead is the only queue, so time spent waiting there (a storm)
      // is never taken for the upstream being slow.
      connections: options.connections ?? maxConcurrent,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(options.connectTimeoutMs ?? UPSTREAM_RESILIENCE.connectTimeoutMs, this.timeoutMs),
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    this.halfOpenAfterMs = options.breakerHalfOpenAfterMs ?? UPSTREAM_RESILIENCE.breakerHalfOpenAfterMs;
    this.breaker = circuitBreaker(
      handleWhen((error) => error instanceof UpstreamFailure && error.isUpstreamFault),
      { halfOpenAfter: this.halfOpenAfterMs, breaker: new ConsecutiveBreaker(options.breakerFailures ?? UPSTREAM_RESILIENCE.breakerFailures) },
    );
    // cockatiel half-opens only when a call arrives; a load balancer that stopped sending traffic to an open breaker
    // (its /readyz said 503) would wait forever. So the client probes on its own once the open period is over.
    this.breaker.onBreak(() => this.scheduleProbe(this.halfOpenAfterMs));
    this.maxQueued = options.maxQueued ?? UPSTREAM_RESILIENCE.maxQueued;
    this.concurrency = bulkhead(maxConcurrent, this.maxQueued);
    this.maxConcurrentPerOperation = options.maxConcurrentPerOperation ?? UPSTREAM_RESILIENCE.maxConcurrentPerOperation;
  }

  /**
   * A share of this client for one operation (its callers' `operationSlots`): at most `maxConcurrentPerOperation` of
   * its calls run at once, the rest wait in its own queue before they join the client's. So one operation fanning
   * out (a `nodes(ids:)` batch of 100 reads) holds a few of the pool's connections while other operations' calls keep
   * getting theirs, and its queued calls do not fill the client's queue. Its queue holds what the client's may.
   */
  operationSlots(): BulkheadPolicy {
    return bulkhead(this.maxConcurrentPerOperation, this.maxQueued);
  }

  /** True while the breaker is closed (not open, half-open or isolated). */
  get breakerClosed(): boolean {
    return this.breaker.state === CircuitState.Closed;
  }

  /** The breaker as /readyz reports it: `open` turns readiness off; `half-open` is a probe under way. */
  get breakerState(): 'closed' | 'half-open' | 'open' {
    const state = this.breaker.state;
    return state === CircuitState.Closed ? 'closed' : state === CircuitState.HalfOpen ? 'half-open' : 'open';
  }

  async get<T>(path: string, caller: Caller, query?: Record<string, QueryValue>): Promise<T> {
    return this.request<T>('GET', path, caller, query);
  }

  /**
   * A read with no side effect upstream (never one that counts a view): identical reads in flight at the
   * same time for the same caller (token and device) share one upstream call, as Apollo Router's subgraph
   * request deduplication does. Every waiter gets the same parsed answer, so callers treat it as read-only.
   * A waiter whose client goes away leaves at once; the shared call is aborted when its last waiter has
   * left. Written here because the deduplicating caches we use (async-cache-dedupe) cannot abort a call
   * nobody waits for any more, nor let one waiter leave without failing the others.
   */
  async getShared<T>(path: string, caller: Caller, query?: Record<string, QueryValue>): Promise<T> {
    const key = `${caller.token ?? ''}\n${caller.deviceId}\n${path}${toQueryString(query)}`;
    let call = this.inFlight.get(key);
    // A call being abandoned by its last waiter is not joined: it is about to fail.
    if (!call || call.controller.signal.aborted) {
      const controller = new AbortController();
      const started: SharedCall = {
        controller,
        waiters: 0,
        answer: this.request<unknown>('GET', path, { ...caller, signal: controller.signal }, query).finally(() => {
          if (this.inFlight.get(key) === started) this.inFlight.delete(key);
        }),
      };
      // Marked handled: when every waiter has left, nobody else awaits a failure.
      started.answer.catch(() => {});
      call = started;
      this.inFlight.set(key, call);
    }
    const shared = call;
    shared.waiters += 1;
    try {
      return (await untilAborted(shared.answer, caller.signal)) as T;
    } finally {
      shared.waiters -= 1;
      if (shared.waiters === 0 && caller.signal?.aborted) shared.controller.abort(caller.signal.reason);
    }
  }

  /** A multipart upload (`form` fields and files); sent once, like every non-GET call. */
  async multipart<T>(method: 'POST' | 'PUT' | 'PATCH', path: string, caller: Caller, form: FormData): Promise<T> {
    return this.request<T>(method, path, caller, undefined, form);
  }

  /**
   * A JSON body, or FormData for multipart uploads. A token the upstream refuses (401) makes the caller a guest:
   * a read is asked again without it, so public data still comes back; a write fails as not authenticated.
   */
  async request<T>(method: HttpMethod, path: string, caller: Caller, query?: Record<string, QueryValue>, body?: unknown): Promise<T> {
    try {
      return await this.call<T>(method, path, caller, query, body);
    } catch (error) {
      if (!(error instanceof NotAuthenticatedError) || !caller.token || !caller.refuseToken) throw error;
      caller.refuseToken();
      if (method !== 'GET' && method !== 'HEAD') throw error;
      return this.call<T>(method, path, { ...caller, token: undefined }, query, body);
    }
  }

  private async call<T>(method: HttpMethod, path: string, caller: Caller, query?: Record<string, QueryValue>, body?: unknown): Promise<T> {
    // One controller ends the call when its budget runs out or its client leaves: AbortSignal.any and a second
    // controller per call were a visible share of the gateway's CPU and garbage (Node 20). Not AbortSignal.timeout
    // either: its timer cannot be cleared, so every finished call would still fire (and build an error) at its end.
    const controller = new AbortController();
    let timedOut = false;
    const budgetTimer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The upstream call ran out of time', 'TimeoutError'));
    }, this.timeoutMs);
    const signal = controller.signal;
    const clientGone = () => controller.abort(caller.signal?.reason);
    if (caller.signal?.aborted) clientGone();
    else caller.signal?.addEventListener('abort', clientGone, { once: true });
    const deadline = Date.now() + this.timeoutMs;
    const route = routeOf(path);
    // A call whose budget ran out (or whose client left) while queued is dropped before the breaker sees it: a long
    // queue is not the upstream failing. Checked here, not with the bulkheads' own signal, which leaves a queue
    // stalled when it drops a cancelled call (cockatiel 3.2.1).
    const unlessCancelled = <R>(attemptSignal: AbortSignal, run: () => Promise<R>) =>
      attemptSignal.aborted ? Promise.reject(new TaskCancelledError()) : run();
    const attempt = (attemptSignal = signal) => {
      const shared = () =>
        this.concurrency.execute(() =>
          unlessCancelled(attemptSignal, () => this.breaker.execute(() => this.send<T>(method, path, route, caller, query, body, attemptSignal))),
        );
      // The operation's own slot first, then the client's: calls waiting for their operation's turn are not queued
      // ahead of other operations' calls.
      const slots = caller.operationSlots;
      return slots ? slots.execute(() => unlessCancelled(attemptSignal, shared)) : shared();
    };
    try {
      if (method !== 'GET' && method !== 'HEAD') {
        return await (caller.idempotencyKey && !(body instanceof UndiciFormData)
          ? this.keyedWrite(attempt, signal, method, route, caller.requestId)
          : attempt());
      }
      // Fail fast (002 §8.2): once the breaker is open a read makes no further attempt (it could otherwise take the
      // half-open probe later); a read that would retry, or was waiting out a backoff, answers as the open breaker does, at once.
      let abandoned = false;
      let abandon = () => {};
      const opened = new Promise<never>((_resolve, reject) => {
        abandon = () => {
          abandoned = true;
          reject(new BrokenCircuitError());
        };
      });
      let waiting = false;
      const breakListener = this.breaker.onBreak(() => waiting && abandon());
      // Decided per failure: retry only when the wait (1000 ms doubling, or a longer Retry-After) still
      // leaves time inside the overall budget; otherwise the last failure is the answer, at once.
      let failures = 0;
      let nextDelayMs = 0;
      const worthRetrying = (error: Error) => {
        if (!(error instanceof UpstreamFailure) || !error.isRetryable || signal.aborted) return false;
        failures += 1;
        nextDelayMs = Math.max(this.retryBaseDelayMs * 2 ** (failures - 1), error.retryAfterMs ?? 0);
        if (Date.now() + nextDelayMs >= deadline) return false;
        // The retry would meet the open breaker: its answer comes now, without the wait.
        if (!this.breakerClosed) abandon();
        return this.breakerClosed;
      };
      const retries = retry(handleWhen(worthRetrying), { maxAttempts: this.maxAttempts - 1, backoff: new DelegateBackoff(() => nextDelayMs) });
      retries.onRetry((event) => {
        waiting = true;
        const reason =
          'error' in event && event.error instanceof UpstreamFailure ? (event.error.status ? String(event.error.status) : event.error.kind) : 'error';
        this.onRetry?.({ method, route, attempt: event.attempt, delayMs: event.delay, reason, requestId: caller.requestId });
      });
      const task = retries.execute(() => {
        waiting = false;
        return abandoned ? Promise.reject(new BrokenCircuitError()) : attempt();
      }, signal);
      // Whichever loses the race still settles, with nobody awaiting it.
      task.catch(() => {});
      opened.catch(() => {});
      try {
        return await Promise.race([task, opened]);
      } finally {
        breakListener.dispose();
      }
    } catch (error) {
      throw this.toClientError(error, caller, timedOut, method, route);
    } finally {
      clearTimeout(budgetTimer);
      caller.signal?.removeEventListener('abort', clientGone);
    }
  }

  /**
   * A write carrying an idempotency key is safe to send twice: the upstream answers a repeat with the first
   * answer, and a repeat arriving while the first still runs waits for it. So the first attempt gets half the
   * budget, and when it times out or loses its connection (the create may well have been saved, as when the
   * upstream commits just after the time-out) it is sent once more with the same key in the other half: the member
   * gets the saved answer instead of a TIMEOUT for something that was done. Multipart writes are sent once (their
   * file may not be readable twice).
   */
  private async keyedWrite<T>(
    attempt: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    method: HttpMethod,
    route: string,
    requestId: string | undefined,
  ): Promise<T> {
    const firstBudget = new AbortController();
    const timer = setTimeout(() => firstBudget.abort(new DOMException('The first attempt ran out of time', 'TimeoutError')), this.timeoutMs / 2);
    try {
      return await attempt(AbortSignal.any([signal, firstBudget.signal]));
    } catch (error) {
      const retryable = error instanceof UpstreamFailure && (error.kind === 'timeout' || error.kind === 'network');
      if (!retryable || signal.aborted) throw error;
      this.onRetry?.({ method, route, attempt: 1, delayMs: 0, reason: error.kind, requestId });
      return attempt(signal);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    return this.pool.close();
  }

  /**
   * The breaker's own half-open probe: a GET of the upstream's /healthz through the breaker, so success closes it
   * and failure opens it for another period (which schedules the next probe). A client call that half-opened it
   * first makes this one unnecessary.
   */
  private scheduleProbe(delayMs: number) {
    clearTimeout(this.probeTimer);
    if (this.closed) return;
    this.probeTimer = setTimeout(() => {
      if (this.breaker.state !== CircuitState.Open) return;
      this.breaker
        .execute(() => this.probe())
        .catch((error: unknown) => {
          // Due by the timer but a millisecond early by the breaker's clock: ask again shortly.
          if (error instanceof BrokenCircuitError && this.breaker.state === CircuitState.Open) this.scheduleProbe(50);
        });
    }, delayMs);
    this.probeTimer.unref();
  }

  private async probe(): Promise<void> {
    let status: number;
    try {
      const response = await this.pool.request({
        method: 'GET',
        path: `${this.basePath}/healthz`,
        signal: AbortSignal.timeout(Math.min(UPSTREAM_RESILIENCE.connectTimeoutMs, this.timeoutMs)),
      });
      await response.body.dump();
      status = response.statusCode;
    } catch (error) {
      // Every failure must be an upstream fault here: the breaker treats any other error as a success.
      throw new UpstreamFailure((error as Error | undefined)?.name === 'TimeoutError' ? 'timeout' : 'network');
    }
    if (status >= 500) throw new UpstreamFailure('status', status);
  }

  private async send<T>(
    method: HttpMethod,
    path: string,
    route: string,
    caller: Caller,
    query: Record<string, QueryValue> | undefined,
    body: unknown,
    signal: AbortSignal,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-device-id': caller.deviceId };
    if (caller.token) headers.authorization = `token ${caller.token}`;
    if (caller.requestId) headers['x-request-id'] = caller.requestId;
    if (caller.idempotencyKey) headers[IDEMPOTENCY.header.toLowerCase()] = caller.idempotencyKey;
    if (caller.clientIp) headers['x-forwarded-for'] = caller.clientIp;
    // undici's own FormData: Node's global one comes from its bundled undici copy, which this pool cannot read.
    const isForm = body instanceof UndiciFormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const span = this.tracer && startUpstreamCallSpan(this.tracer, method, route, headers);
    const started = performance.now();
    const record = (outcome: string) => {
      this.onCall?.({ method, route, outcome, durationMs: performance.now() - started });
      if (span) endUpstreamCallSpan(span, outcome);
    };
    let response;
    try {
      response = await this.pool.request({
        method,
        path: this.basePath + path + toQueryString(query),
        headers,
        body: body === undefined ? undefined : isForm ? (body as unknown as UndiciFormData) : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      const failure = attemptFailure(error, caller, signal, performance.now() - started, this.timeoutMs);
      record(failure.kind === 'starved' ? 'timeout' : failure.kind);
      throw failure;
    }
    let payload: unknown;
    try {
      payload = method === 'HEAD' ? null : await response.body.json();
    } catch (error) {
      if (response.statusCode < 400) {
        const failure = attemptFailure(error, caller, signal, performance.now() - started, this.timeoutMs);
        record(failure.kind === 'starved' ? 'timeout' : failure.kind);
        throw failure;
      }
    }
    record(String(response.statusCode));
    if (response.statusCode >= 400) {
      throw new UpstreamFailure(
        'status',
        response.statusCode,
        (payload ?? undefined) as Partial<ApiErrorBody> | undefined,
        retryAfterMs(response.headers['retry-after']),
      );
    }
    if (response.headers[IDEMPOTENCY.replayedHeader.toLowerCase()] === 'true' && typeof payload === 'object' && payload !== null) replayedAnswers.add(payload);
    return payload as T;
  }

  /** The catalogue error a client sees (000 §8): never the address, stack or cause. */
  private toClientError(error: unknown, caller: Caller, timedOut: boolean, method: HttpMethod, route: string): Error {
    if (error instanceof GatewayError) return error;
    if (error instanceof BrokenCircuitError || error instanceof BulkheadRejectedError) {
      this.onCall?.({ method, route, outcome: error instanceof BrokenCircuitError ? 'breaker_open' : 'overloaded', durationMs: 0 });
      return new GatewayError('SERVICE_UNAVAILABLE', errorMessages.SERVICE_UNAVAILABLE, 503);
    }
    if (error instanceof UpstreamFailure && error.kind === 'status') return statusError(error.status ?? 500, error.body, error.retryAfterMs);
    if (caller.signal?.aborted) return new GatewayError('NETWORK_ERROR', errorMessages.NETWORK_ERROR);
    // A write that was sent and then timed out or lost its connection may have been stored: its message says to check
    // before trying again (reads, and writes that never left, keep the catalogue's texts).
    const sentWrite = method !== 'GET' && method !== 'HEAD' && error instanceof UpstreamFailure && !error.notSent;
    if (timedOut || (error instanceof UpstreamFailure && error.kind === 'timeout'))
      return new GatewayError('TIMEOUT', sentWrite ? outcomeUnknownMessages.TIMEOUT : errorMessages.TIMEOUT, 504);
    // The upstream could not be reached (refused, reset, no connection within its time): the service is away, not the
    // member's network (NETWORK_ERROR is the web client's own code for a gateway it cannot reach). The same answer as
    // the open breaker gives, from the first failed call on.
    return new GatewayError('SERVICE_UNAVAILABLE', sentWrite ? outcomeUnknownMessages.CONNECTION_LOST : errorMessages.SERVICE_UNAVAILABLE, 503);
  }
}

/** The path with numeric ids and uuids replaced, so metrics have one series per route. */
export function routeOf(path: string): string {
  return path
    .split('?')[0]
    .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, '/:uuid')
    .replace(/\/\d+(?=\/|$)/g, '/:id');
}

function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const timeoutErrorNames = new Set(['TimeoutError', 'HeadersTimeoutError', 'BodyTimeoutError']);

/** Node's codes for a connection that was never made: a request failing with one of them was not sent. */
const NOT_CONNECTED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

function attemptFailure(error: unknown, caller: Caller, signal: AbortSignal, attemptMs: number, budgetMs: number): UpstreamFailure {
  // The request's own signal can lag behind the combined one: a call cut short because its client went away
  // is not the upstream failing, and must never count towards opening the breaker.
  const clientGone = signal.aborted && (signal.reason as Error | undefined)?.name !== 'TimeoutError';
  if (caller.signal?.aborted || clientGone) return new UpstreamFailure('aborted');
  const name = (error as Error | undefined)?.name ?? '';
  // A connection not made in time is the upstream out of reach (`network`), like a refused one; the budget or an answer
  // that stalls is a time-out.
  if (error instanceof undiciErrors.ConnectTimeoutError || NOT_CONNECTED_CODES.has((error as { code?: unknown } | undefined)?.code as string)) {
    return Object.assign(new UpstreamFailure('network'), { notSent: true });
  }
  const isTimeout = timeoutErrorNames.has(name) || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
  // The overall budget ended an attempt that had less than a quarter of it (a storm's queue or backoffs ate the rest):
  // the upstream was not given a fair time, so this does not count towards opening the breaker.
  if (isTimeout && signal.aborted && attemptMs < budgetMs / 4) return new UpstreamFailure('starved');
  return new UpstreamFailure(isTimeout ? 'timeout' : 'network');
}

/** An error answer mapped to the catalogue: the server's message below 500, the generic text above. */
function statusError(status: number, body: Partial<ApiErrorBody> | undefined, retryAfterMs?: number): GatewayError {
  const message = userMessageFor(status, body?.message);
  if (status === 404) return new NotFoundError(message);
  if (status === 401) return new NotAuthenticatedError(message);
  if (body?.code === 'VALIDATION_ERROR') return new UpstreamValidationError(body.details ?? []);
  // The REST catalogue has no code of its own for 429: the GraphQL API tells it apart as RATE_LIMITED.
  const code: ErrorCode = status >= 500 ? describeStatus(status).code : status === 429 ? 'RATE_LIMITED' : (body?.code ?? describeStatus(status).code);
  const error = new GatewayError(code, message, status, status < 500 ? issuesFromDetails(body?.details ?? []) : []);
  // A 429's Retry-After travels on, so a field can tell its client when to try again.
  if (status === 429 && retryAfterMs !== undefined) Object.assign(error.extensions, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
  return error;
}
