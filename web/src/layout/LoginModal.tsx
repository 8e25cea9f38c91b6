import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountTexts, uiTexts } from '@domain/messages.js';
import { LoginFooter, LoginPanel } from '../account/LoginPanel';
import { takeReturnPath } from '../session';
import { CloseIcon } from './icons';

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
      {open ? <LoginSheet options={open} onClose={close} /> : null}
    </LoginModalContext.Provider>
  );
}

/**
 * The login bottom sheet (001 §2): title, welcome line, close button; Escape closes it; the page behind
 * does not scroll while it is open; at most 80% of the viewport high.
 */
function LoginSheet({ options, onClose }: { options: OpenLoginOptions; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  function loggedIn() {
    onClose();
    const target = options.returnTo ?? takeReturnPath();
    if (target) navigate(target);
  }

  return (
    <dialog
      ref={dialogRef}
      className="login-sheet"
      aria-labelledby={titleId}
      // Escape fires `cancel`; keep React state as the one source of truth for being open.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="login-sheet__body">
        <header className="login-sheet__header">
          <h2 id={titleId} className="login-sheet__title">
            {accountTexts.sheet.title}
          </h2>
          <button type="button" className="icon-button login-sheet__close" aria-label={uiTexts.close} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <p className="login-sheet__welcome">{accountTexts.sheet.welcome}</p>
        <LoginPanel onLoggedIn={loggedIn} onNavigateAway={onClose} />
        <LoginFooter />
      </div>
    </dialog>
  );
}
