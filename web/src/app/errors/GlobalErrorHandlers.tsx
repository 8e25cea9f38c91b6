import UnauthorizedRedirect from '../../accounts/UnauthorizedRedirect';
import RequestFailureToasts from './RequestFailureToasts';
import type { onRequestOutcome } from './requestFailures';

/**
 * The global error handlers, one chunk the shell loads as it renders (off the first screen's critical path): the
 * toasts of failed requests (002 §8.2) and a refused session's toast and redirect (002 §4.3), which catches up on
 * a refusal made before it arrived.
 */
export default function GlobalErrorHandlers({ subscribe }: { subscribe: typeof onRequestOutcome }) {
  return (
    <>
      <UnauthorizedRedirect />
      <RequestFailureToasts subscribe={subscribe} />
    </>
  );
}
