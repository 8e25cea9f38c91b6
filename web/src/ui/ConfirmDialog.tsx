import { useId } from 'react';
import { communityTexts, uiTexts } from '@domain/messages.js';
import { ModalActions, ModalDialog } from './FormParts';

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
  const messageId = useId();
  const texts = communityTexts.confirm[kind];
  return (
    <ModalDialog open={open} onClose={onCancel} className="modal confirm-dialog" role="alertdialog" labelledBy={messageId}>
      <div className="modal__body">
        <p id={messageId} className="modal__title">
          {texts.message}
        </p>
        <ModalActions cancel={uiTexts.cancel} onCancel={onCancel} action={texts.action} onAction={onConfirm} disabled={busy} />
      </div>
    </ModalDialog>
  );
}
