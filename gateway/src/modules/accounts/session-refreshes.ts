import { createHash } from 'node:crypto';
import { createCache } from 'async-cache-dedupe';
import type { LoginResultJson } from '../../../../domain/account.js';
import { SESSION_REFRESH_REUSE_SECONDS } from '../../../../domain/limits.js';

interface RefreshArgs {
  refreshToken: string;
  trade: () => Promise<LoginResultJson>;
}

/**
 * Refreshes in single flight. The upstream rotates a refresh token on its first use, so two requests that met the same
 * expired session and refresh at once would see one win and the other refused, which a client takes for a logout.
 * Here every refresh of one refresh token in flight shares one upstream call, and one arriving within
 * SESSION_REFRESH_REUSE_SECONDS of it gets the same new session (async-cache-dedupe, in this process's memory only:
 * the sessions it holds are credentials, so they never go to Redis). A refused refresh is not kept.
 */
export class SessionRefreshes {
  private readonly refresh: (args: RefreshArgs) => Promise<LoginResultJson>;

  constructor() {
    const cache = createCache({ storage: { type: 'memory', options: { size: 10_000 } } });
    cache.define(
      'refresh',
      // Keyed by the token's hash: the key is never the credential itself.
      { ttl: SESSION_REFRESH_REUSE_SECONDS, serialize: ({ refreshToken }: RefreshArgs) => createHash('sha256').update(refreshToken).digest('base64url') },
      ({ trade }: RefreshArgs) => trade(),
    );
    this.refresh = (cache as unknown as { refresh: (args: RefreshArgs) => Promise<LoginResultJson> }).refresh;
  }

  /** The new session for `refreshToken`: `trade` (the upstream call) runs once per token in flight and reuse window. */
  session(refreshToken: string, trade: () => Promise<LoginResultJson>): Promise<LoginResultJson> {
    return this.refresh({ refreshToken, trade });
  }
}
