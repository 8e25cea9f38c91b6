import { Suspense, type ReactNode } from 'react';
import type { PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { useRevalidate, useRouteQuery } from './routing/navigation';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';

interface RouteScreenProps<TQuery extends OperationType> {
  /** Shown at once, above the content: the page header and what needs no data (a search box, tabs). */
  header?: ReactNode;
  /** Shown while the query is on its way; a screen whose content draws its own header puts one here. */
  fallback?: ReactNode;
  /** Shown instead of the content when the route's loader started no query. */
  withoutQuery?: ReactNode;
  /** The content holds the screen's h1 (the header's title is no heading): so does the error screen in its place. */
  contentHeading?: boolean;
  /** The content, reading the route's query (usePreloadedQuery). */
  children: (queryRef: PreloadedQuery<TQuery>) => ReactNode;
}

/**
 * The shell of a screen whose data the route's loader preloads: the header, then the content inside an error
 * boundary and a Suspense boundary with the screen skeleton. "다시 시도" runs the loader again, and the new query
 * reference (a reset key) clears the error.
 */
export function RouteScreen<TQuery extends OperationType>({
  header,
  fallback = <ScreenSkeleton />,
  withoutQuery = null,
  contentHeading = false,
  children,
}: RouteScreenProps<TQuery>) {
  const queryRef = useRouteQuery<TQuery>();
  const revalidate = useRevalidate();
  return (
    <>
      {header}
      {queryRef ? (
        <ErrorBoundary resetKeys={[queryRef]} onRetry={revalidate} wholeScreen={header === undefined || contentHeading}>
          <Suspense fallback={fallback}>{children(queryRef)}</Suspense>
        </ErrorBoundary>
      ) : (
        withoutQuery
      )}
    </>
  );
}

/**
 * Around every screen, inside the layout: the wait for a screen's code on the first visit, and the last line of
 * defence for failures outside a screen's own boundary (such as a code chunk that failed to download). Reloading
 * is the retry that recovers from all of them; going to another screen leaves the error.
 */
export function ScreenFrame() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} onRetry={() => window.location.reload()} wholeScreen>
      <Suspense fallback={<ScreenSkeleton />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
