import { useEffect, useId, useRef, useState } from 'react';
import { REPORT_DEFAULT_REASON_TYPE, REPORT_REASON_MAX } from '@domain/limits.js';
import { reportTexts, uiTexts } from '@domain/messages.js';
import { useToast, type ToastKind } from '../ui/toast/ToastProvider';
import { CloseIcon } from '../ui/icons';

export interface ReportInput {
  reason: string;
  reasonType: number;
}

/** One report per member and post or item (002 §5.1): the report mutations say so in the modal's words. */
export const REPORT_CODE_TEXTS = { CONFLICT: reportTexts.alreadyReported } as const;

interface ReportModalProps {
  open: boolean;
  onClose: () => void;
  /** Sends the report; a rejected promise keeps the modal open with what was typed. */
  onSubmit: (input: ReportInput) => Promise<unknown>;
  /** Where the outcome is told; the app's global toast unless a screen has its own toaster (stories). */
  notify?: (message: string, kind: ToastKind) => void;
}

/**
 * The report modal of 002 §5.1, for any reported thing (posts here, items elsewhere): a reason type 0-8,
 * a detail text of at most 500 characters with a counter, the notes to the reporter and the toasts.
 */
export function ReportModal({ open, onClose, onSubmit, notify }: ReportModalProps) {
  const [reason, setReason] = useState('');
  const [reasonType, setReasonType] = useState<number>(REPORT_DEFAULT_REASON_TYPE);
  const [sending, setSending] = useState(false);
  const toast = useToast();
  const tell = notify ?? toast.show;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const typeId = useId();
  const reasonId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const reset = () => {
    setReason('');
    setReasonType(REPORT_DEFAULT_REASON_TYPE);
  };

  const submit = async () => {
    if (sending) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      tell(reportTexts.reasonRequired, 'warning');
      return;
    }
    setSending(true);
    try {
      await onSubmit({ reason: trimmed, reasonType });
      tell(reportTexts.success, 'success');
      reset();
      onClose();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : reportTexts.failure;
      tell(message === reportTexts.failure ? message : `${reportTexts.failure} (${message})`, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal report-modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <form
          className="report-modal__body"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <button type="button" className="icon-button modal__close" aria-label={uiTexts.close} onClick={onClose}>
            <CloseIcon />
          </button>
          <h2 id={titleId} className="modal__title">
            {reportTexts.title}
          </h2>
          <label htmlFor={typeId} className="field__label">
            {reportTexts.reasonTypeLabel}
          </label>
          <select id={typeId} className="field__input" value={reasonType} onChange={(event) => setReasonType(Number(event.target.value))}>
            {reportTexts.reasonTypes.map((label, index) => (
              <option key={label} value={index}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor={reasonId} className="field__label">
            {reportTexts.reasonLabel}
          </label>
          <textarea
            id={reasonId}
            className="field__input field__textarea"
            value={reason}
            maxLength={REPORT_REASON_MAX}
            placeholder={reportTexts.reasonPlaceholder}
            onChange={(event) => setReason(event.target.value)}
          />
          <span className="field__counter" aria-live="polite">
            {reason.length}/{REPORT_REASON_MAX}
          </span>
          <ul className="report-modal__notes">
            {reportTexts.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {uiTexts.cancel}
            </button>
            <button type="submit" className="button button--primary" disabled={!reason.trim() || sending}>
              {reportTexts.submit}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
