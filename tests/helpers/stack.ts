import { startGateway, type GatewayOptions, type RunningGateway } from '../../gateway/src/server/server.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { startUpstream } from './upstream.js';

type Upstream = Awaited<ReturnType<typeof startUpstream>>;

export interface GraphQLAnswer<T = any> {
  data?: T;
  errors?: { message: string; path?: string[]; extensions?: Record<string, any> }[];
}

/** The real upstream (in-memory PGlite, demo data) behind a counting proxy, and the gateway in front, each on port 0. */
export interface Stack {
  upstream: Upstream;
  proxy: CountingProxy;
  gateway: RunningGateway;
  graphql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLAnswer<T>>;
  /** The upstream's own answer, fetched directly (not through the gateway or the proxy). */
  rest<T = any>(path: string, token?: string): Promise<T>;
  stop(): Promise<void>;
}

/** `gatewayOptions` overrides the gateway's options (settings, Redis key prefixes) for suites that need them. */
export async function startStack(gatewayOptions: Omit<GatewayOptions, 'upstreamUrl'> = {}): Promise<Stack> {
  const upstream = await startUpstream();
  const proxy = await startCountingProxy(upstream.url);
  const gateway = await startGateway({ port: 0, ...gatewayOptions, upstreamUrl: proxy.url });
  return {
    upstream,
    proxy,
    gateway,
    async graphql(query, variables, token) {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(token ? { authorization: `token ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    async rest(path, token) {
      const response = await fetch(upstream.url + path, { headers: token ? { authorization: `token ${token}` } : {} });
      return response.json();
    },
    async stop() {
      await gateway.close();
      await proxy.close();
      await upstream.stop();
    },
  };
}
