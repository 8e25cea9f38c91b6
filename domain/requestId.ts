/**
 * The request id both servers log each request under and answer in `X-Request-Id`: the caller's own when it looks
 * like one (the gateway sends its id with each upstream call, so one id names a request in both logs), a fresh UUID
 * otherwise.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{1,128}$/.test(value) ? value : globalThis.crypto.randomUUID();
}
