import { z } from './zod.js';
import { HTTP_TIMEOUT_MS, IDEMPOTENCY_KEY_MAX } from './limits.js';
import { idempotencyTexts } from './messages.js';

/**
 * Idempotent creates: a client names each create it means once (a post, reply, inquiry or story) with a key of its
 * own, and sends the same key again when it repeats the same submit (a retry, a double click). The upstream keeps
 * the first answer per member, key and route, and answers a repeat with it instead of creating again.
 */
export const IDEMPOTENCY = {
  /** The REST header carrying the key (the GraphQL create inputs take it as `idempotencyKey`). */
  header: 'Idempotency-Key',
  /** Set on an answer that is a repeat's stored one. */
  replayedHeader: 'Idempotent-Replayed',
  keyMaxLength: IDEMPOTENCY_KEY_MAX,
  /** How long a key's answer is kept. */
  keepMs: 24 * 60 * 60_000,
  /** How long a repeat waits for the first request with its key to finish. */
  waitMs: HTTP_TIMEOUT_MS,
  /** A claim older than this that never got an answer (its request died) may be taken over. */
  abandonedAfterMs: 60_000,
} as const;

export const idempotencyKeySchema = z
  .string({ error: idempotencyTexts.key })
  .min(1, { error: idempotencyTexts.key })
  .max(IDEMPOTENCY.keyMaxLength, { error: idempotencyTexts.key })
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: idempotencyTexts.key });
