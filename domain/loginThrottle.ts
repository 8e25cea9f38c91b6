import {
  LOGIN_ATTEMPTS_PER_IDENTIFIER,
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_ATTEMPTS_PER_PAIR,
  LOGIN_ATTEMPT_WINDOW_SECONDS,
  LOGIN_IDENTIFIER_WINDOW_SECONDS,
  LOGIN_KNOWN_ADDRESS_SECONDS,
} from './limits.js';

/** What the policy needs of a counter store: the shape of rate-limiter-flexible's limiters (memory or Redis). */
export interface AttemptCounter {
  get(key: string): Promise<{ consumedPoints: number; msBeforeNext: number } | null>;
  penalty(key: string, points?: number): Promise<unknown>;
  set(key: string, points: number, secDuration: number): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}

export interface AttemptCounterSpec {
  /** Names the counter family, e.g. `login:pair`. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

/**
 * The failed-login policy of the gateway and the upstream (limits in domain/limits.ts). Failures are counted per
 * identifier and address pair (the pair is refused: a guesser never locks out the owner at another address), per
 * identifier over all addresses (refuses addresses the member never logged in from, so a correct password from a
 * known address still gets in while strangers spread guesses over many addresses) and per address (spraying).
 * Each layer builds the counters in its own store and answers a refusal in its own words.
 */
export class LoginThrottle {
  private readonly pair: AttemptCounter;
  private readonly identifier: AttemptCounter;
  private readonly address: AttemptCounter;
  private readonly known: AttemptCounter;

  constructor(counter: (spec: AttemptCounterSpec) => AttemptCounter) {
    this.pair = counter({ keyPrefix: 'login:pair', points: LOGIN_ATTEMPTS_PER_PAIR, durationSeconds: LOGIN_ATTEMPT_WINDOW_SECONDS });
    this.identifier = counter({ keyPrefix: 'login:identifier', points: LOGIN_ATTEMPTS_PER_IDENTIFIER, durationSeconds: LOGIN_IDENTIFIER_WINDOW_SECONDS });
    this.address = counter({ keyPrefix: 'login:ip', points: LOGIN_ATTEMPTS_PER_IP, durationSeconds: LOGIN_ATTEMPT_WINDOW_SECONDS });
    this.known = counter({ keyPrefix: 'login:known', points: 1, durationSeconds: LOGIN_KNOWN_ADDRESS_SECONDS });
  }

  /** Seconds to wait before this identifier may try from this address again; null when it may try now. */
  async retryAfterSeconds(identifier: string, address: string | undefined): Promise<number | null> {
    const keys = await keysOf(identifier, address);
    const [pair, overall, fromAddress] = await Promise.all([
      this.pair.get(keys.pair),
      this.identifier.get(keys.identifier),
      keys.address ? this.address.get(keys.address) : null,
    ]);
    const refusing = [
      pair && pair.consumedPoints >= LOGIN_ATTEMPTS_PER_PAIR ? pair : null,
      fromAddress && fromAddress.consumedPoints >= LOGIN_ATTEMPTS_PER_IP ? fromAddress : null,
      overall && overall.consumedPoints >= LOGIN_ATTEMPTS_PER_IDENTIFIER && !(await this.known.get(keys.pair)) ? overall : null,
    ].filter((state) => state !== null);
    if (!refusing.length) return null;
    return Math.max(1, Math.ceil(Math.max(...refusing.map((state) => state.msBeforeNext)) / 1000));
  }

  async recordFailure(identifier: string, address: string | undefined): Promise<void> {
    const keys = await keysOf(identifier, address);
    await Promise.all([
      this.pair.penalty(keys.pair, 1),
      this.identifier.penalty(keys.identifier, 1),
      keys.address ? this.address.penalty(keys.address, 1) : undefined,
    ]);
  }

  /** The pair's failures are forgiven and the address becomes known to the identifier (the overall count stays). */
  async recordSuccess(identifier: string, address: string | undefined): Promise<void> {
    const keys = await keysOf(identifier, address);
    await Promise.all([this.pair.delete(keys.pair), this.known.set(keys.pair, 1, LOGIN_KNOWN_ADDRESS_SECONDS)]);
  }
}

/**
 * The counters' keys: digests of the identifier, the address and the pair, so the store (Redis, shared and kept for
 * weeks for known addresses) holds no e-mail address, phone number or IP address in the clear.
 */
async function keysOf(identifier: string, address: string | undefined): Promise<{ pair: string; identifier: string; address: string | null }> {
  const id = loginIdentifierKey(identifier);
  const [pair, identifierKey, addressKey] = await Promise.all([digestOf(`${id}|${address ?? '-'}`), digestOf(id), address ? digestOf(address) : null]);
  return { pair, identifier: identifierKey, address: addressKey };
}

/** SHA-256, its first 128 bits in hex (Web Crypto: the same in every layer). */
async function digestOf(text: string): Promise<string> {
  const bytes = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** E-mail in any case and phone with or without hyphens count as one identifier. */
export function loginIdentifierKey(identifier: string): string {
  const trimmed = identifier.trim().toLowerCase();
  return /^[\d-]+$/.test(trimmed) ? trimmed.replace(/-/g, '') : trimmed;
}
