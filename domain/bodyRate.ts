import { HTTP_SERVER_TIMEOUTS } from './limits.js';

/** What the floor needs of Node's IncomingMessage (domain/ is also compiled for the browser: no Node types here). */
export interface BodyRequest {
  headers: Record<string, string | string[] | undefined>;
  /** Node sets it once the whole message has been received. */
  complete: boolean;
  socket: { bytesRead: number; destroyed: boolean; end(data: string): unknown; destroy(): unknown };
  once(event: 'close', listener: () => void): unknown;
}

export interface BodyResponse {
  headersSent: boolean;
  once(event: 'close', listener: () => void): unknown;
}

/** The server's request listener as `server.on('request', …)` takes it. */
export type OnRequest = (listener: (request: BodyRequest, response: BodyResponse) => void) => void;

/**
 * A minimum request-body data rate for an HTTP server, as Kestrel's MinRequestBodyDataRate or nginx's
 * client_body_min_rate: once `graceMs` have passed, a request whose body has come in slower than `bytesPerSecond` on
 * average is answered 408 and its connection closed. Written here because Node only bounds a whole request's time
 * (requestTimeout), which must stay long for large uploads, and no maintained library does this for Node's server.
 * Bytes are counted on the socket, so a handler that stops reading (back-pressure) slows the count too; both servers
 * read bodies through to the end, and a body still arriving after its request was answered is held to the floor too.
 */
export function enforceBodyRateFloor(
  onRequest: OnRequest,
  {
    bytesPerSecond = HTTP_SERVER_TIMEOUTS.minBodyBytesPerSecond,
    graceMs = HTTP_SERVER_TIMEOUTS.bodyRateGraceMs,
    checkEveryMs = HTTP_SERVER_TIMEOUTS.checkIntervalMs,
  } = {},
): void {
  const reading = new Map<BodyRequest, { startedAt: number; bytesAtStart: number; response: BodyResponse }>();
  let timer: ReturnType<typeof setInterval> | undefined;

  const check = () => {
    const now = Date.now();
    for (const [request, { startedAt, bytesAtStart, response }] of reading) {
      const elapsedMs = now - startedAt;
      if (request.complete || request.socket.destroyed) {
        reading.delete(request);
      } else if (elapsedMs >= graceMs && ((request.socket.bytesRead - bytesAtStart) * 1000) / elapsedMs < bytesPerSecond) {
        reading.delete(request);
        // What Node itself sends when requestTimeout runs out.
        if (!response.headersSent) request.socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
        request.socket.destroy();
      }
    }
    if (reading.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  onRequest((request, response) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const hasBody = length > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody || request.complete) return;
    reading.set(request, { startedAt: Date.now(), bytesAtStart: request.socket.bytesRead, response });
    // Until the body is in or the connection gone, not until the answer: an answer sent before the body was read (a
    // refused upload) leaves Node reading the rest of it for the next request on the connection.
    request.once('close', () => reading.delete(request));
    if (!timer) {
      timer = setInterval(check, checkEveryMs);
      // Never keeps a process alive on its own.
      (timer as { unref?: () => void }).unref?.();
    }
  });
}
