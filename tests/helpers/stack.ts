import { afterAll, beforeAll } from 'vitest';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../gateway/src/server/server.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { startUpstream, type RunningUpstream } from './upstream.js';

export interface GraphQLAnswer<T = any> {
  data?: T;
  errors?: { message: string; path?: string[]; extensions?: Record<string, any> }[];
}

/** A file of a GraphQL multipart request. */
export interface UploadFile {
  bytes: Buffer;
  type: string;
  name: string;
}

/**
 * A GraphQL multipart request as the specification writes it: operations, map, then the files. `files` are keyed by
 * their variable path (`file`, `input.media`), which `variables` holds as null.
 */
export function multipartBody(query: string, variables: Record<string, unknown>, files: Record<string, UploadFile>): FormData {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables }));
  form.append('map', JSON.stringify(Object.fromEntries(Object.keys(files).map((path, index) => [String(index), [`variables.${path}`]]))));
  Object.values(files).forEach((file, index) => form.append(String(index), new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name));
  return form;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The test rig: a gateway with chosen settings over the real upstream (in-memory PGlite, demo data), reached through
 * a proxy that records every upstream call and can break them on demand; each on port 0.
 */
export interface Stack {
  upstream: RunningUpstream;
  proxy: FaultProxy;
  gateway: RunningGateway;
  /** POSTs `{ query, variables }` (or any body) as JSON and returns the status and the parsed answer. */
  post(body: unknown, options?: RequestOptions): Promise<{ status: number; headers: Headers; body: any }>;
  /** The answer to a query; the third argument is a session token or the request's options. */
  graphql<T = any>(query: string, variables?: Record<string, unknown>, options?: string | RequestOptions): Promise<GraphQLAnswer<T>>;
  /** The answer to a multipart request (`multipartBody`) sent as a browser's upload link sends it; the fourth argument is a session token. */
  upload<T = any>(query: string, variables: Record<string, unknown>, files: Record<string, UploadFile>, token?: string): Promise<GraphQLAnswer<T>>;
  /** The upstream's own answer, fetched directly (not through the gateway or the proxy). */
  rest<T = any>(path: string, token?: string): Promise<T>;
  /** Upstream calls since the last `proxy.reset()`, as request lines (`GET /v1/community/?page=1`). */
  upstreamRequests(): string[];
  /** How many upstream calls since the last `proxy.reset()`. */
  upstreamCalls(): number;
  /** Stops the gateway and the proxy, and the upstream when the rig started it. */
  stop(): Promise<void>;
}

/** A rig over its own upstream; `gatewayOptions` overrides the gateway's options (settings, Redis key prefixes). */
export async function startStack(gatewayOptions: Partial<GatewayOptions> = {}): Promise<Stack> {
  const upstream = await startUpstream();
  const rig = await startGatewayRig(upstream, gatewayOptions);
  return {
    ...rig,
    async stop() {
      await rig.stop();
      await upstream.stop();
    },
  };
}

/** `startStack` for the enclosing suite (file or describe block): started before its first test, stopped after its last. */
export function useStack(gatewayOptions: Partial<GatewayOptions> = {}): Stack {
  const stack = {} as Stack;
  beforeAll(async () => void Object.assign(stack, await startStack(gatewayOptions)), 60_000);
  afterAll(async () => stack.stop?.());
  return stack;
}

/** A rig over an upstream the suite shares between rigs (replicas, rigs with different settings); it stays running. */
export async function startGatewayRig(upstream: RunningUpstream, options: Partial<GatewayOptions> = {}): Promise<Stack> {
  const proxy = await startFaultProxy(upstream.url);
  const gateway = await startGateway({ port: 0, ...options, upstreamUrl: proxy.url });
  const post: Stack['post'] = async (body, { token, headers, signal } = {}) => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        ...(token ? { authorization: `token ${token}` } : {}),
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the assertion to show
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
  return {
    upstream,
    proxy,
    gateway,
    post,
    graphql: async (query, variables, options) => (await post({ query, variables }, typeof options === 'string' ? { token: options } : options)).body,
    async upload(query, variables, files, token) {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { ...(token ? { authorization: `token ${token}` } : {}), 'graphql-preflight': '1', 'x-graphql-yoga-csrf': '1' },
        body: multipartBody(query, variables, files),
      });
      return response.json();
    },
    async rest(path, token) {
      const response = await fetch(upstream.url + path, { headers: token ? { authorization: `token ${token}` } : {} });
      return response.json();
    },
    upstreamRequests: () => proxy.calls.map((call) => `${call.method} ${call.url}`),
    upstreamCalls: () => proxy.calls.length,
    async stop() {
      await gateway.close();
      await proxy.close();
    },
  };
}
