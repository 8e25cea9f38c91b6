import type { ErrorCode } from './errors.js';
import { errorMessages, globalErrorTexts } from './messages.js';

/** What the global error handler of 002 §8.2 shows for a failed request: one toast per message. */
export interface GlobalNotice {
  messages: string[];
  kind: 'error' | 'warning';
}

/**
 * 002 §8.2 by error: NETWORK_ERROR, TIMEOUT, NOT_FOUND and 500/503 their fixed texts; BAD_REQUEST and
 * VALIDATION_ERROR each detail as a warning (else the server's own reason, else 'check your input'); any other
 * the error's own message. UNAUTHORIZED is not a toast of this handler: the login flow of 002 §4.3 tells it.
 */
export function globalNotice(error: { code: ErrorCode; message: string; status?: number; details?: readonly { message: string }[] }): GlobalNotice {
  const { code, message, status } = error;
  if (code === 'NETWORK_ERROR') return { messages: [globalErrorTexts.network], kind: 'error' };
  if (code === 'TIMEOUT') return { messages: [globalErrorTexts.timeout], kind: 'error' };
  if (code === 'NOT_FOUND') return { messages: [globalErrorTexts.notFound], kind: 'error' };
  if (code === 'INTERNAL_SERVER_ERROR' || code === 'SERVICE_UNAVAILABLE' || status === 500 || status === 503) {
    return { messages: [globalErrorTexts.server], kind: 'error' };
  }
  // A refusal for too many requests is not the member's input: its own message says when to come back.
  if ((code === 'BAD_REQUEST' || code === 'VALIDATION_ERROR') && status !== 429) {
    const details = (error.details ?? []).map((detail) => detail.message).filter(Boolean);
    if (details.length) return { messages: details, kind: 'warning' };
    // The catalogue's own texts say nothing the code does not: the handler's wording replaces them.
    const ownReason = message && !(Object.values(errorMessages) as string[]).includes(message);
    return { messages: [ownReason ? message : globalErrorTexts.checkInput], kind: 'warning' };
  }
  return { messages: [message || errorMessages.UNKNOWN], kind: 'error' };
}
