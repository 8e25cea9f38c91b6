import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import { environment } from './relay/environment';
import { router } from './router';
import './styles.css';

// The stylesheet's variables (the shell's measurements, the brand colour) are set in index.html from domain/.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RelayEnvironmentProvider environment={environment}>
      {/* Mid-navigation state (a pending category, the loading bar) reaches the UI through useOptimistic. */}
      <RouterProvider router={router} useTransitions />
    </RelayEnvironmentProvider>
  </StrictMode>,
);
