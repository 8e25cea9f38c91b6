import { useRef } from 'react';

export interface IdempotencyKeys {
  /**
   * The key for sending `input`: the same key while the same input is sent again (a double click, a retry after
   * a failed or lost answer), a new one once the input changes or the last send succeeded.
   */
  keyFor(input: unknown): string;
  /** The create went through: the next one is a new intent with a new key. */
  succeeded(): void;
}

/** A random key; `crypto.randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One idempotency key per thing the member means to create (domain/idempotency.ts), kept by the form that creates
 * it, so a repeated submit of the same content never creates twice while an edited one is a new create.
 */
export function useIdempotencyKey(): IdempotencyKeys {
  const last = useRef<{ key: string; input: string } | null>(null);
  const keys = useRef<IdempotencyKeys>(null);
  keys.current ??= {
    keyFor(input) {
      const text = JSON.stringify(input);
      if (last.current?.input !== text) last.current = { key: newKey(), input: text };
      return last.current.key;
    },
    succeeded() {
      last.current = null;
    },
  };
  return keys.current;
}
