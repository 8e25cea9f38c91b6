import { useEffect, useId, useRef } from 'react';
import { communityTexts, uiTexts } from '@domain/messages.js';

export type ConfirmKind = keyof typeof communityTexts.confirm;

interface ConfirmDialogProps {
  kind: ConfirmKind;
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * The confirmation dialog of 000 §4 (delete, report, block), at most 351px wide (000 §9). Guests never
 * see it: the screens that open it send them to the login modal instead (see `useMemberAction`).
 */
export function ConfirmDialog({ kind, open, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  const texts = communityTexts.confirm[kind];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal confirm-dialog"
      role="alertdialog"
      aria-labelledby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <div className="modal__body">
        <p id={messageId} className="modal__title">
          {texts.message}
        </p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {uiTexts.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
            {texts.action}
          </button>
        </div>
      </div>
    </dialog>
  );
}
