import { useEffect, useRef } from 'react';
import { recoveryTexts } from '@domain/messages.js';

/** How often a fallback for a passing failure asks whether the service is back. */
const READINESS_PROBE_MS = 5_000;

/**
 * While the fallback for a passing failure shows, the screen loads again by itself once the service is back: the
 * gateway's readiness (503 while its upstream's breaker is open, nothing while the gateway is away) is asked every few
 * seconds while the page is visible, and ready after away retries, as does the browser coming back online. The
 * failure itself says the service was away when it was refused as unavailable or not reached (`awayAlready`); after a
 * time-out or a server error only a probe that found it away counts, so a failure the service keeps answering while
 * ready (a bug) is not asked again and again: 다시 시도 stays for that.
 */
function useRetryWhenBack(awayAlready: boolean, onRetry: () => void) {
  // The latest retry, so a new one from the parent does not start the probing over (and forget it saw the service away).
  const latestRetry = useRef(onRetry);
  useEffect(() => {
    latestRetry.current = onRetry;
  });
  useEffect(() => {
    let sawAway = awayAlready;
    let done = false;
    const retry = () => {
      if (done) return;
      done = true;
      latestRetry.current();
    };
    const probe = async () => {
      // The gateway's readiness probe (gateway/src/server/server.ts), on the origin that serves the app and /graphql.
      const ready = await fetch('/readyz', { cache: 'no-store' }).then(
        (answer) => answer.ok,
        () => false,
      );
      if (!ready) sawAway = true;
      else if (sawAway) retry();
    };
    // The first probe waits its turn too: a retry that fails again comes back here, at most once per interval.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void probe();
    }, READINESS_PROBE_MS);
    window.addEventListener('online', retry);
    return () => {
      done = true;
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [awayAlready]);
}

/** Under the fallback for a passing failure: says the screen comes back by itself, and brings it back (`onRetry`). */
export default function RetryWhenBack({ awayAlready, onRetry }: { awayAlready: boolean; onRetry: () => void }) {
  useRetryWhenBack(awayAlready, onRetry);
  return <p className="state-screen__text">{recoveryTexts.reloadsWhenBack}</p>;
}
