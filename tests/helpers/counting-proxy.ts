import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through HTTP proxy in front of the real upstream that records each request line,
 * so tests can count the gateway's upstream calls and cut the upstream off on demand.
 */
export interface CountingProxy {
  url: string;
  calls: string[];
  /** The Authorization header of each call, in the order of `calls` (undefined when absent). */
  authorizations: (string | undefined)[];
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(targetUrl: string): Promise<CountingProxy> {
  const target = new URL(targetUrl);
  const calls: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    calls.push(`${incoming.method} ${incoming.url}`);
    authorizations.push(incoming.headers.authorization);
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    authorizations,
    reset: () => {
      calls.splice(0, calls.length);
      authorizations.splice(0, authorizations.length);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
