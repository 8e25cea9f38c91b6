import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { importUntilLoaded } from '../app/importUntilLoaded';

// The sheet (the login forms, their mutations and texts) downloads when a guest first opens it, not with every page.
const LoginSheet = lazy(importUntilLoaded(() => import('./LoginSheet')));

export interface OpenLoginOptions {
  /** Where to go after logging in (the tab a guest tapped); default: stay, or the remembered path. */
  returnTo?: string;
}

/** Opens the sheet; usable directly as an event handler (the event is then not options). */
type OpenLogin = (options?: OpenLoginOptions | object) => void;

const LoginModalContext = createContext<OpenLogin>(() => {});

/** Opens the global login sheet of 001 §2 (002 §2.3). */
export function useOpenLoginModal(): OpenLogin {
  return useContext(LoginModalContext);
}

export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenLoginOptions | null>(null);
  const openModal = useCallback<OpenLogin>(
    (options) => setOpen(options && 'returnTo' in options ? { returnTo: (options as OpenLoginOptions).returnTo } : {}),
    [],
  );
  const close = useCallback(() => setOpen(null), []);
  return (
    <LoginModalContext.Provider value={openModal}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <LoginSheet options={open} onClose={close} />
        </Suspense>
      ) : null}
    </LoginModalContext.Provider>
  );
}
