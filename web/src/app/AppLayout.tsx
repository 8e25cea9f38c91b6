import { lazy, Suspense } from 'react';
import { Link, Outlet, useMatch } from 'react-router-dom';
import { legalTexts, uiTexts } from '@domain/messages.js';
import { useTrackPreviousPath } from './navigation/backNavigation';
import { BottomTabBar } from './BottomTabBar';
import { LoginModalProvider } from '../accounts/LoginModal';
import { NavigationProgress } from './NavigationProgress';
import { ToastProvider } from '../ui/toast/ToastProvider';
import { onRequestOutcome } from './errors/requestFailures';
import { importUntilLoaded } from './importUntilLoaded';
import { useClosedModalEntriesSkipped } from '../ui/modalHistory';

const GlobalErrorHandlers = lazy(importUntilLoaded(() => import('./errors/GlobalErrorHandlers')));

/** The layout shell of 000 §2: a centred column (the page's one <main>) with each screen's header and content above the tab bar. */
export function AppLayout() {
  useTrackPreviousPath();
  useClosedModalEntriesSkipped();
  // The story viewer (and a highlight's) covers the whole screen as a dialog: the tab bar and links under it leave the keyboard's and
  // screen readers' reach while it is open (Tab went on to the hidden tabs).
  const storyRoute = useMatch('/stories/:userId');
  const highlightRoute = useMatch('/stories/highlights/:userId/:highlightId');
  const underStoryViewer = (storyRoute !== null && storyRoute.params.userId !== 'new') || highlightRoute !== null;
  return (
    <ToastProvider>
      {/* Shown once focused; focuses the content itself (a #main address would be a navigation of the router's). */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')!.focus();
        }}
      >
        {uiTexts.skipToContent}
      </a>
      <LoginModalProvider>
        <NavigationProgress />
        <Suspense fallback={null}>
          <GlobalErrorHandlers subscribe={onRequestOutcome} />
        </Suspense>
        <main id="main" className="app-column" tabIndex={-1}>
          <Outlet />
        </main>
        <div inert={underStoryViewer}>
          <BottomTabBar />
          <nav className="legal-links" aria-label={legalTexts.links}>
            <Link to="/terms">{legalTexts.terms}</Link>
            <Link to="/privacy">{legalTexts.privacy}</Link>
          </nav>
        </div>
      </LoginModalProvider>
    </ToastProvider>
  );
}
