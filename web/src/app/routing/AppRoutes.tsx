import { Suspense } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { RouteDataContext, useLoadedEntry } from './navigation';
import { useScrollRestoration } from './scrollRestoration';

/** Renders the routes for the current entry, with that entry's loader result for its screen. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const loaded = useLoadedEntry(location);
  useScrollRestoration();
  const element = useRoutes(routes, location);
  return <RouteDataContext.Provider value={loaded}>{element}</RouteDataContext.Provider>;
}

/**
 * Around every screen, inside the layout: the wait for a screen's code on the first visit, and the last line of
 * defence for failures outside a screen's own boundary (such as a code chunk that failed to download). Reloading
 * is the retry that recovers from all of them; going to another screen leaves the error.
 */
export function ScreenFrame() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} onRetry={() => window.location.reload()}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
