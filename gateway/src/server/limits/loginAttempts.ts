import type { Redis } from 'ioredis';
import { LoginThrottle } from '../../../../domain/loginThrottle.js';
import { accountTexts } from '../../../../domain/messages.js';
import { TooManyAttemptsError } from '../../graphql/errors.js';
import { createRateLimiter } from './rateLimiter.js';

/**
 * Failed logins under the shared policy of domain/loginThrottle.ts (per identifier and address, per identifier
 * from unknown addresses, per address), counted in the gateway's Redis with REDIS_URL (shared by replicas; in memory
 * while it is away or does not answer), else in memory.
 */
export class LoginAttempts {
  private readonly throttle;

  constructor(redis: Redis | null = null) {
    this.throttle = new LoginThrottle(({ keyPrefix, points, durationSeconds }) => createRateLimiter({ keyPrefix, points, durationSeconds, redis }));
  }

  /** Refuses with TooManyAttemptsError (retry after seconds) while the policy refuses this identifier from this address. */
  async assertAllowed(identifier: string, ip: string | undefined): Promise<void> {
    const retryAfter = await this.throttle.retryAfterSeconds(identifier, ip);
    if (retryAfter !== null) throw new TooManyAttemptsError(accountTexts.errors.tooManyAttempts(retryAfter), retryAfter);
  }

  recordFailure(identifier: string, ip: string | undefined): Promise<void> {
    return this.throttle.recordFailure(identifier, ip);
  }

  recordSuccess(identifier: string, ip: string | undefined): Promise<void> {
    return this.throttle.recordSuccess(identifier, ip);
  }
}
