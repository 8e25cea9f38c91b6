import { useId, useRef, useState } from 'react';
import { REPORT_DEFAULT_REASON_TYPE, REPORT_REASON_MAX } from '@domain/limits.js';
import { reportTexts, uiTexts } from '@domain/messages.js';
import { useToast, type ToastKind } from '../ui/toast/ToastProvider';
import { CloseIcon } from '../ui/icons';
import { characterLimit, LengthCounter, ModalActions, ModalDialog } from '../ui/FormParts';

export interface ReportInput {
  reason: string;
  reasonType: number;
}

/** One report per member and post or item (002 §5.1): the report mutations say so in the modal's words. */
export const REPORT_CODE_TEXTS = { CONFLICT: reportTexts.alreadyReported } as const;

/** What was reported while the page is open (received, or refused as reported before), as `target` names it. */
const reported = new Set<string>();

/**
 * Whether `target` is known to be reported: its screen then says so alone (reportTexts.alreadyReported) instead of
 * asking to report it and opening the form, whose answer could only be that.
 */
export const wasReported = (target: string): boolean => reported.has(target);

interface ReportModalProps {
  open: boolean;
  onClose: () => void;
  /** Sends the report; a rejected promise keeps the modal open with what was typed. */
  onSubmit: (input: ReportInput) => Promise<unknown>;
  /** Where the outcome is told; the app's global toast unless a screen has its own toaster (stories). */
  notify?: (message: string, kind: ToastKind) => void;
  /** What is reported and by whom (e.g. `member:post`), remembered for `wasReported` once the report stands. */
  target?: string;
}

/**
 * The report modal of 002 §5.1, for any reported thing (posts here, items elsewhere): a reason type 0-8,
 * a detail text of at most 500 characters with a counter, the notes to the reporter and the toasts. 신고 looks
 * disabled while the detail is blank but stays pressable: pressed, it says the detail is needed and goes to its box.
 */
export function ReportModal({ open, onClose, onSubmit, notify, target }: ReportModalProps) {
  const [reason, setReason] = useState('');
  const [reasonType, setReasonType] = useState<number>(REPORT_DEFAULT_REASON_TYPE);
  const [sending, setSending] = useState(false);
  // Sent blank: the box is marked invalid (the spec's toast says why) until its text changes.
  const [reasonMissing, setReasonMissing] = useState(false);
  const toast = useToast();
  const tell = notify ?? toast.show;
  const titleId = useId();
  const typeId = useId();
  const reasonId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const reset = () => {
    setReason('');
    setReasonType(REPORT_DEFAULT_REASON_TYPE);
    setReasonMissing(false);
  };

  const submit = async () => {
    if (sending) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setReasonMissing(true);
      tell(reportTexts.reasonRequired, 'warning');
      reasonRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      await onSubmit({ reason: trimmed, reasonType });
      if (target) reported.add(target);
      tell(reportTexts.success, 'success');
      reset();
      onClose();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : reportTexts.failure;
      // Reported before (ConflictError): the member's report stands, so say that alone, not 002 §8.3's failure that
      // sends them to support, and close the modal as a received report does.
      if ((error as { code?: unknown }).code === 'CONFLICT' && message !== reportTexts.failure) {
        if (target) reported.add(target);
        tell(message, 'info');
        reset();
        onClose();
        return;
      }
      tell(message === reportTexts.failure ? message : `${reportTexts.failure} (${message})`, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalDialog open={open} onClose={onClose} className="modal report-modal" labelledBy={titleId}>
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
            ref={reasonRef}
            id={reasonId}
            aria-required="true"
            className="field__input field__textarea"
            value={reason}
            {...characterLimit(REPORT_REASON_MAX, (value) => {
              setReason(value);
              setReasonMissing(false);
            })}
            placeholder={reportTexts.reasonPlaceholder}
            aria-invalid={reasonMissing || undefined}
            aria-describedby={`${reasonId}-counter`}
          />
          <LengthCounter id={`${reasonId}-counter`} text={reason} max={REPORT_REASON_MAX} />
          <ul className="report-modal__notes">
            {reportTexts.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <ModalActions cancel={uiTexts.cancel} onCancel={onClose} action={reportTexts.submit} disabled={sending} unready={!reason.trim()} />
        </form>
      ) : null}
    </ModalDialog>
  );
}
