import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import { LAYOUT } from '@domain/limits.js';
import { environment } from './relay/environment';
import { router } from './router';
import './styles.css';

// The stylesheet reads the shell's measurements and brand colour from these variables.
const rootStyle = document.documentElement.style;
rootStyle.setProperty('--layout-max-width', `${LAYOUT.maxWidthPx}px`);
rootStyle.setProperty('--tab-bar-height', `${LAYOUT.tabBarHeightPx}px`);
rootStyle.setProperty('--brand', LAYOUT.brandColor);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RelayEnvironmentProvider environment={environment}>
      {/* Mid-navigation state (a pending category, the loading bar) reaches the UI through useOptimistic. */}
      <RouterProvider router={router} useTransitions />
    </RelayEnvironmentProvider>
  </StrictMode>,
);
