import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server (the gateway as a browser reaches it, or Redis as a replica does): `refuse()` cuts
 * every connection and stops listening, so new ones are refused, and `accept()` listens again on the same port. An
 * outage between the client and the server, WebSockets included, while the server itself keeps running for others.
 * `freeze()` is the other kind of outage, a network partition or a paused machine: connections (old and new) stay open
 * but nothing is passed on either way, and `thaw()` passes on what waited meanwhile and carries on, as TCP delivers
 * what it held once a partition heals. A side that closes its connection meanwhile closes the other side too.
 * Hand-written on node:net: the fault proxy is HTTP-only (no upgrades), and a byte pipe is all this needs.
 */
export interface TcpProxy {
  url: string;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let frozen = false;
  const track = (socket: Socket, other: Socket) => {
    sockets.add(socket);
    socket.on('error', () => other.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      other.destroy();
    });
  };
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    track(client, upstream);
    track(upstream, client);
    client.pipe(upstream).pipe(client);
    // A paused socket reads nothing (after pipe(), which resumes its source): what is sent to it waits in the kernel's
    // buffers until `thaw()` resumes it.
    if (frozen) for (const socket of [client, upstream]) socket.pause();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const refuse = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    refuse,
    accept: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close: refuse,
  };
}
