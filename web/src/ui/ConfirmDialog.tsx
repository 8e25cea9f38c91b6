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
  const detailId = useId();
  const texts = communityTexts.confirm[kind];
  // What the action does beyond its question, for the kinds that say it: the dialog's description.
  const detail = 'detail' in texts ? texts.detail : null;
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      className="modal confirm-dialog"
      role="alertdialog"
      labelledBy={messageId}
      describedBy={detail ? detailId : undefined}
    >
      <div className="modal__body">
        <p id={messageId} className="modal__title">
          {texts.message}
        </p>
        {detail ? (
          <p id={detailId} className="modal__text">
            {detail}
          </p>
        ) : null}
        <ModalActions cancel={uiTexts.cancel} onCancel={onCancel} action={texts.action} onAction={onConfirm} disabled={busy} />
      </div>
    </ModalDialog>
  );
}
