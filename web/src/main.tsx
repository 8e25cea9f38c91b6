import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { environment } from './app/relay/environment';
import { liveSession } from './app/relay/subscribe';
import { routeLoaders, routes } from './app/router';
import { AppRoutes } from './app/routing/AppRoutes';
import { currentRouteData, history, startRoutes } from './app/routing/navigation';
import { useSession } from './app/session';
import './styles.css';

// The first screen's query starts before React renders anything.
startRoutes(routes, routeLoaders);
// After a gap in live updates, the screen shown reads its query again: nothing missed stays stale.
liveSession.routeQuery = currentRouteData;

// The stylesheet's variables (the shell's measurements, the brand colour) are set in index.html from domain/.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RelayEnvironmentProvider environment={environment}>
      {/* Each navigation renders in a transition: the current screen stays until the next one's code and data are ready. */}
      <HistoryRouter history={history}>
        <AppRoutes routes={routes} />
      </HistoryRouter>
    </RelayEnvironmentProvider>
  </StrictMode>,
);

// Once the page has loaded: the member's live inbox (graphql-ws: the tab's unread count, new notifications), and focus
// kept on the screen when what had it goes away.
addEventListener('load', () => {
  void import('./messaging/LiveInbox').then((live) => live.startLiveInbox(environment, useSession));
  void import('./app/focusKeeper').then((focus) => focus.keepFocusOnScreen());
});
