import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { legalTexts } from '@domain/messages.js';
import { UnauthorizedRedirect } from '../accounts/UnauthorizedRedirect';
import { useTrackPreviousPath } from './navigation/backNavigation';
import { BottomTabBar } from './BottomTabBar';
import { LoginModalProvider } from '../accounts/LoginModal';
import { NavigationProgress } from './NavigationProgress';
import { ToastProvider } from '../ui/toast/ToastProvider';
import { onRequestOutcome } from './errors/requestFailures';

/** The global error handler's toasts (002 §8.2): off the first screen's critical path, loaded as the shell renders. */
const RequestFailureToasts = lazy(() => import('./errors/RequestFailureToasts'));

/** The layout shell of 000 §2: a centred column (the page's one <main>) with each screen's header and content above the tab bar. */
export function AppLayout() {
  useTrackPreviousPath();
  return (
    <ToastProvider>
      <LoginModalProvider>
        <NavigationProgress />
        <UnauthorizedRedirect />
        <Suspense fallback={null}>
          <RequestFailureToasts subscribe={onRequestOutcome} />
        </Suspense>
        <main className="app-column">
          <Outlet />
        </main>
        <BottomTabBar />
        <nav className="legal-links" aria-label={legalTexts.links}>
          <Link to="/terms">{legalTexts.terms}</Link>
          <Link to="/privacy">{legalTexts.privacy}</Link>
        </nav>
      </LoginModalProvider>
    </ToastProvider>
  );
}
