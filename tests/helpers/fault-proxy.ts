import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy does with one request. */
export type Fault =
  | { kind: 'pass' }
  /** Answers with this status (and Retry-After) without asking the upstream. */
  | { kind: 'status'; status: number; retryAfter?: string }
  /** Answers 200 with this JSON body without asking the upstream (an answer of the wrong shape). */
  | { kind: 'json'; body: unknown }
  /** Waits before forwarding: the headers come late. */
  | { kind: 'slowHeaders'; delayMs: number }
  /** Never answers (until the caller gives up). */
  | { kind: 'hang' }
  /** Forwards the headers at once, then the body one byte per interval. */
  | { kind: 'trickle'; intervalMs: number }
  /** Drops the connection without an answer (TCP reset). */
  | { kind: 'reset' };

export interface ProxiedCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  fault: Fault['kind'];
  /** The caller hung up before the proxy answered. */
  abandoned: boolean;
}

/**
 * A fault-injecting HTTP proxy between the gateway and the real upstream. Queued faults apply to the next
 * requests in order, then `fallback` to every further one; `refuse()` stops listening (connection refused)
 * and `accept()` listens again on the same port.
 */
export interface FaultProxy {
  url: string;
  calls: ProxiedCall[];
  /** Faults for the next requests, one each, in order. */
  queue(...faults: Fault[]): void;
  /** What every request gets once the queue is empty (default pass). */
  fallback: Fault;
  /**
   * Holds back every request whose path matches (e.g. only a post's replies) until the returned release is called,
   * then forwards them; `reset()` releases them too.
   */
  hold(path: RegExp): () => void;
  /**
   * The most requests the proxy had under way at once since the last `reset()` (held ones included): from a request's
   * arrival until its answer ends or its caller hangs up.
   */
  peakInFlight(): number;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const calls: ProxiedCall[] = [];
  const queued: Fault[] = [];
  const holds: { path: RegExp; released: Promise<void>; release: () => void }[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let peakInFlight = 0;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse, call: ProxiedCall, trickleMs?: number) => {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        if (call.abandoned) return answer.destroy();
        if (trickleMs === undefined) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const headers = { ...answer.headers };
        delete headers['content-length'];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          let offset = 0;
          const drip = () => {
            if (outgoing.destroyed) return;
            if (offset >= body.length) return void outgoing.end();
            outgoing.write(body.subarray(offset, offset + 1));
            offset += 1;
            later(trickleMs, drip);
          };
          drip();
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  };

  const server = createServer(async (incoming, outgoing) => {
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    outgoing.on('close', () => (inFlight -= 1));
    const held = holds.find((hold) => hold.path.test(incoming.url ?? ''));
    if (held) await held.released;
    const fault = queued.shift() ?? proxy.fallback;
    const call: ProxiedCall = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, fault: fault.kind, abandoned: false };
    calls.push(call);
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) call.abandoned = true;
    });
    switch (fault.kind) {
      case 'pass':
        return forward(incoming, outgoing, call);
      case 'status': {
        incoming.resume();
        const body = JSON.stringify({
          code: fault.status === 429 ? 'BAD_REQUEST' : 'SERVICE_UNAVAILABLE',
          status: fault.status,
          message: 'injected',
          path: incoming.url,
          timestamp: new Date().toISOString(),
          details: [],
        });
        outgoing.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
        return void outgoing.end(body);
      }
      case 'json':
        incoming.resume();
        outgoing.writeHead(200, { 'content-type': 'application/json' });
        return void outgoing.end(JSON.stringify(fault.body));
      case 'slowHeaders':
        return later(fault.delayMs, () => {
          if (!call.abandoned) forward(incoming, outgoing, call);
        });
      case 'hang':
        return void incoming.resume();
      case 'trickle':
        return forward(incoming, outgoing, call, fault.intervalMs);
      case 'reset':
        return void incoming.socket.resetAndDestroy();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    calls,
    fallback: { kind: 'pass' },
    queue: (...faults) => void queued.push(...faults),
    hold(path) {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const hold = { path, released, release };
      holds.push(hold);
      return () => {
        if (holds.includes(hold)) holds.splice(holds.indexOf(hold), 1);
        release();
      };
    },
    peakInFlight: () => peakInFlight,
    refuse: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        dropConnections();
      }),
    accept: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    reset() {
      calls.splice(0, calls.length);
      queued.splice(0, queued.length);
      for (const hold of holds.splice(0)) hold.release();
      proxy.fallback = { kind: 'pass' };
      peakInFlight = inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        dropConnections();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
