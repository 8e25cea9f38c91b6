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

/**
 * fetchGraphQL reports every request's outcome here, and the global error handler (RequestFailureToasts, 002 §8.2)
 * listens; the handler is not on the first screen's critical path, so this is all the entry carries of it.
 */
export function onRequestOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function reportRequestOutcome(outcome: RequestOutcome): void {
  listeners.forEach((listener) => listener(outcome));
}
