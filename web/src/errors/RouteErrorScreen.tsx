import { useRouteError } from 'react-router-dom';
import { FallbackScreen } from './FallbackScreen';

/**
 * The router's last line of defence, for failures outside a screen's own boundary (such as a code chunk
 * that failed to download). Reloading is the retry that recovers from all of them.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  return <FallbackScreen error={error} onRetry={() => window.location.reload()} />;
}
