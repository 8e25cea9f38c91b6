import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { uiTexts } from '@domain/messages.js';
import { CloseIcon } from './icons';

const LoginModalContext = createContext<() => void>(() => {});

/** Opens the global login modal of 002 §2.3. */
export function useOpenLoginModal(): () => void {
  return useContext(LoginModalContext);
}

export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openModal = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <LoginModalContext.Provider value={openModal}>
      {children}
      {open ? <LoginModal onClose={close} /> : null}
    </LoginModalContext.Provider>
  );
}

/** Asks a guest to log in. Logging in itself arrives later; for now the modal only explains and closes. */
function LoginModal({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const titleId = useId();
  return (
    <dialog
      ref={dialogRef}
      className="modal"
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
      <div className="modal__body">
        <button type="button" className="icon-button modal__close" aria-label={uiTexts.close} onClick={onClose}>
          <CloseIcon />
        </button>
        <div className="modal__slime" aria-hidden="true" />
        <h2 id={titleId} className="modal__title">
          {uiTexts.loginRequired}
        </h2>
        <p className="modal__text">{uiTexts.loginModalText}</p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose} autoFocus>
            {uiTexts.cancel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
