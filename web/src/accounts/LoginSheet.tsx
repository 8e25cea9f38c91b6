import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountTexts, uiTexts } from '@domain/messages.js';
import { LoginFooter, LoginPanel } from './LoginPanel';
import { takeReturnPath } from '../app/session';
import { CloseIcon } from '../ui/icons';
import type { OpenLoginOptions } from './LoginModal';

/**
 * The login bottom sheet (001 §2): title, welcome line, close button; Escape closes it; the page behind
 * does not scroll while it is open; at most 80% of the viewport high.
 */
export default function LoginSheet({ options, onClose }: { options: OpenLoginOptions; onClose: () => void }) {
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
