import { startGateway, type GatewayOptions, type RunningGateway } from '../../gateway/src/server/server.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import type { RunningUpstream } from './upstream.js';

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A gateway with chosen settings over a real upstream, behind a proxy that counts (and can break) upstream calls. */
export interface GatewayRig {
  proxy: FaultProxy;
  gateway: RunningGateway;
  /** POSTs `{ query, variables }` as JSON and returns the status and parsed answer. */
  post(body: unknown, options?: RequestOptions): Promise<{ status: number; headers: Headers; body: any }>;
  graphql(query: string, variables?: Record<string, unknown>, options?: RequestOptions): Promise<any>;
  /** Upstream calls since the last `proxy.reset()`. */
  upstreamCalls(): number;
  stop(): Promise<void>;
}

export async function startGatewayRig(upstream: RunningUpstream, options: Partial<GatewayOptions> = {}): Promise<GatewayRig> {
  const proxy = await startFaultProxy(upstream.url);
  const gateway = await startGateway({ upstreamUrl: proxy.url, port: 0, ...options });
  const post: GatewayRig['post'] = async (body, { token, headers, signal } = {}) => {
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
    proxy,
    gateway,
    post,
    graphql: async (query, variables, requestOptions) => (await post({ query, variables }, requestOptions)).body,
    upstreamCalls: () => proxy.calls.length,
    async stop() {
      await gateway.close();
      await proxy.close();
    },
  };
}
