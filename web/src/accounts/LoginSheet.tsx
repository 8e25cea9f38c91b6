import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountTexts, uiTexts } from '@domain/messages.js';
import { LoginFooter, LoginPanel } from './LoginPanel';
import { takeReturnPath, useSession } from '../app/session';
import { CloseIcon } from '../ui/icons';
import type { OpenLoginOptions } from './LoginModal';
import { ModalDialog } from '../ui/FormParts';

/**
 * The login bottom sheet (001 §2): title, welcome line, close button; Escape closes it; the page behind
 * does not scroll while it is open; at most 80% of the viewport high.
 */
export default function LoginSheet({ options, onClose }: { options: OpenLoginOptions; onClose: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const { token } = useSession();
  const [tokenAtOpening] = useState(token);
  // A session saved while the sheet is open (its own login, or one in another browser tab) ends the sheet in the very
  // render that saves it: the filled form is not left on screen while the app then re-renders, refetches and moves on
  // as the member's.
  const loggedInMeanwhile = token !== null && token !== tokenAtOpening;
  useEffect(() => {
    if (loggedInMeanwhile) onClose();
  }, [loggedInMeanwhile, onClose]);

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  function loggedIn() {
    // The sheet has already left the screen with the session's render; this also goes where the member was headed.
    onClose();
    const target = options.returnTo ?? takeReturnPath();
    // Back to the address the sheet was opened on: its entry is replaced, so the screen loads again as the member's
    // and Back does not lead to its guest version.
    if (target) navigate(target, { replace: target === location.pathname + location.search });
  }

  if (loggedInMeanwhile) return null;
  return (
    <ModalDialog
      open
      onClose={onClose}
      className="login-sheet"
      labelledBy={titleId}
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
    </ModalDialog>
  );
}
