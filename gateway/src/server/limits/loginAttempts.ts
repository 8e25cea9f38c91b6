import type { Redis } from 'ioredis';
import { LOGIN_ATTEMPTS_PER_IDENTIFIER, LOGIN_ATTEMPTS_PER_IP, LOGIN_ATTEMPT_WINDOW_SECONDS } from '../../../../domain/limits.js';
import { accountTexts } from '../../../../domain/messages.js';
import { TooManyAttemptsError } from '../../graphql/errors.js';
import { createRateLimiter } from './rateLimiter.js';

/**
 * Failed logins counted per identifier and per IP address (in Redis with REDIS_URL, shared by replicas).
 * A login is refused while either counter is used up, even with the right password; success clears the
 * identifier's counter.
 */
export class LoginAttempts {
  private readonly byIdentifier;
  private readonly byIp;

  constructor(redis?: Redis | null) {
    const window = LOGIN_ATTEMPT_WINDOW_SECONDS;
    this.byIdentifier = createRateLimiter({ keyPrefix: 'login:identifier', points: LOGIN_ATTEMPTS_PER_IDENTIFIER, durationSeconds: window, redis });
    this.byIp = createRateLimiter({ keyPrefix: 'login:ip', points: LOGIN_ATTEMPTS_PER_IP, durationSeconds: window, redis });
  }

  async assertAllowed(identifier: string, ip: string | undefined): Promise<void> {
    const [identifierState, ipState] = await Promise.all([this.byIdentifier.get(keyOf(identifier)), ip ? this.byIp.get(ip) : null]);
    const blocked = [
      identifierState && identifierState.consumedPoints >= LOGIN_ATTEMPTS_PER_IDENTIFIER ? identifierState : null,
      ipState && ipState.consumedPoints >= LOGIN_ATTEMPTS_PER_IP ? ipState : null,
    ].filter((state) => state !== null);
    if (blocked.length) {
      const waitMs = Math.max(...blocked.map((state) => state.msBeforeNext));
      throw new TooManyAttemptsError(accountTexts.errors.tooManyAttempts, Math.max(1, Math.ceil(waitMs / 1000)));
    }
  }

  async recordFailure(identifier: string, ip: string | undefined): Promise<void> {
    await Promise.all([this.byIdentifier.penalty(keyOf(identifier), 1), ip ? this.byIp.penalty(ip, 1) : undefined]);
  }

  async recordSuccess(identifier: string): Promise<void> {
    await this.byIdentifier.delete(keyOf(identifier));
  }
}

/** E-mail in any case and phone with or without hyphens count as one identifier. */
function keyOf(identifier: string): string {
  const trimmed = identifier.trim().toLowerCase();
  return /^[\d-]+$/.test(trimmed) ? trimmed.replace(/-/g, '') : trimmed;
}

let shared: LoginAttempts | undefined;

/** The process's login counters (created on first use, so REDIS_URL is read at that moment). */
export function loginAttempts(): LoginAttempts {
  shared ??= new LoginAttempts();
  return shared;
}
