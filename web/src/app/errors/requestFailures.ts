import type { ErrorCode } from '@domain/errors.js';

/** A failed request as fetchGraphQL reports it (its RequestError). */
export interface FailedRequest {
  code: ErrorCode;
  message: string;
  status?: number;
  details?: readonly { message: string }[];
  /** What the global error handler's toast said for it (002 §8.2), when it said something. */
  toldAs?: string;
}

/** One request's outcome: `error` is null when it succeeded. */
export interface RequestOutcome {
  error: FailedRequest | null;
  isQuery: boolean;
}

type Listener = (outcome: RequestOutcome) => void;

const listeners = new Set<Listener>();
let handlerListening: () => void = () => {};
const handlerReady = new Promise<void>((resolve) => (handlerListening = resolve));
/** How long a failure waits for the handler's chunk before it is reported to whoever listens by then. */
const HANDLER_WAIT_MS = 5_000;

/**
 * fetchGraphQL reports every request's outcome here, and the global error handler (RequestFailureToasts, 002 §8.2)
 * listens; the handler is not on the first screen's critical path, so this is all the entry carries of it.
 */
export function onRequestOutcome(listener: Listener): () => void {
  listeners.add(listener);
  handlerListening();
  return () => void listeners.delete(listener);
}

/**
 * Tells the listeners; resolves once they were told. A failure that comes before the handler's chunk has loaded (a
 * tap right after the first paint on a slow network) waits for it, so it is told like any other, with its `toldAs`
 * set before the screen awaiting the request reads it. Successes never wait: there is no streak to reset yet.
 */
export function reportRequestOutcome(outcome: RequestOutcome): Promise<void> {
  const tell = () => listeners.forEach((listener) => listener(outcome));
  if (listeners.size > 0 || !outcome.error) {
    tell();
    return Promise.resolve();
  }
  return Promise.race([handlerReady, new Promise<void>((resolve) => setTimeout(resolve, HANDLER_WAIT_MS))]).then(tell);
}
