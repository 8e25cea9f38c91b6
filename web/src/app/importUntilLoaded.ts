import { LIVE_RECONNECT } from '@domain/limits.js';

/**
 * A split-off part of the shell (the error handlers, the login sheet, the live socket's code) downloaded again until
 * it arrives, instead of failing: a lazy part whose download failed would take the whole app down with it, for a
 * connection that dropped for a moment while the first screen loaded. Another try starts when the browser is back
 * online or after a wait that doubles, as the live socket's reconnects do (LIVE_RECONNECT); a browser downloads a
 * module again after a failed fetch (it keeps no failure). Written here because React.lazy keeps a failed load for
 * good and offers no retry of its own.
 */
export function importUntilLoaded<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  const attempt = (waitMs: number): Promise<M> =>
    load().catch(async () => {
      await new Promise((resolve) => {
        setTimeout(resolve, waitMs);
        // A listener left behind by the timer answers an `online` later to a promise already settled: harmless.
        addEventListener('online', resolve, { once: true });
      });
      return attempt(Math.min(waitMs * 2, LIVE_RECONNECT.maxWaitMs));
    });
  return () => (loading ??= attempt(LIVE_RECONNECT.firstWaitMs));
}
