import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server (the gateway, as a browser reaches it): `refuse()` cuts every connection and
 * stops listening, so new ones are refused, and `accept()` listens again on the same port. An outage between the
 * browser and the gateway, WebSockets included, while the gateway itself keeps running for other clients.
 * Hand-written on node:net: the fault proxy is HTTP-only (no upgrades), and a byte pipe is all this needs.
 */
export interface TcpProxy {
  url: string;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
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
    close: refuse,
  };
}
