import { Pool, errors as undiciErrors } from 'undici';
import { HTTP_TIMEOUT_MS, describeStatus, errorMessages, userMessageFor, type ApiErrorBody, type ErrorCode } from '../../../domain/index.js';
import { GatewayError, NotAuthenticatedError, NotFoundError, ValidationError } from '../errors.js';

/** The spec's overall time-out of a call (002 §7.1, §9). */
export const UPSTREAM_TIMEOUT_MS = HTTP_TIMEOUT_MS;

/** Who is calling: forwarded to upstream on every request (002 §7.1). */
export interface Caller {
  token?: string;
  deviceId: string;
}

export type QueryValue = string | number | boolean | undefined | null | readonly string[];

export interface UpstreamClientOptions {
  url: string;
  timeoutMs?: number;
  connections?: number;
}

/** One keep-alive pool per upstream origin; every call goes through `request`. */
export class UpstreamClient {
  readonly pool: Pool;
  readonly timeoutMs: number;
  private readonly basePath: string;

  constructor({ url, timeoutMs = UPSTREAM_TIMEOUT_MS, connections = 32 }: UpstreamClientOptions) {
    const base = new URL(url);
    this.basePath = base.pathname.replace(/\/$/, '');
    this.timeoutMs = timeoutMs;
    this.pool = new Pool(base.origin, {
      connections,
      keepAliveTimeout: 30_000,
      connectTimeout: timeoutMs,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  async get<T>(path: string, caller: Caller, query?: Record<string, QueryValue>): Promise<T> {
    return this.request<T>('GET', path, caller, query);
  }

  async request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, caller: Caller, query?: Record<string, QueryValue>, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-device-id': caller.deviceId };
    if (caller.token) headers.authorization = `token ${caller.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response;
    try {
      response = await this.pool.request({
        method,
        path: this.basePath + path + toQueryString(query),
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw transportError(error);
    }
    let payload: unknown;
    try {
      payload = await response.body.json();
    } catch (error) {
      if (response.statusCode >= 400) throw statusError(response.statusCode, undefined);
      throw transportError(error);
    }
    if (response.statusCode >= 400) throw statusError(response.statusCode, payload as Partial<ApiErrorBody>);
    return payload as T;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
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

const timeoutErrorNames = new Set(['TimeoutError', 'ConnectTimeoutError', 'HeadersTimeoutError', 'BodyTimeoutError']);

/** No answer at all: time-out or network failure (000 §8), never the address or stack of the cause. */
function transportError(error: unknown): GatewayError {
  const name = (error as Error | undefined)?.name ?? '';
  const isTimeout =
    timeoutErrorNames.has(name) ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError;
  return isTimeout
    ? new GatewayError('TIMEOUT', errorMessages.TIMEOUT)
    : new GatewayError('NETWORK_ERROR', errorMessages.NETWORK_ERROR);
}

/** An error answer mapped to the catalogue: the server's message below 500, the generic text above. */
function statusError(status: number, body: Partial<ApiErrorBody> | undefined): GatewayError {
  const message = userMessageFor(status, body?.message);
  if (status === 404) return new NotFoundError(message);
  if (status === 401) return new NotAuthenticatedError(message);
  if (body?.code === 'VALIDATION_ERROR') return new ValidationError(body.details ?? []);
  const code: ErrorCode = status >= 500 ? describeStatus(status).code : (body?.code ?? describeStatus(status).code);
  return new GatewayError(code, message, status, status < 500 ? (body?.details ?? []) : []);
}
