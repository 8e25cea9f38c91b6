import { useEffect, useId, useRef, useState } from 'react';
import { HIGHLIGHT_TITLE_MAX } from '@domain/limits.js';
import { storyTexts } from '@domain/messages.js';

export interface HighlightDraft {
  title: string;
  isPrivate: boolean;
}

interface HighlightSheetProps {
  open: boolean;
  onClose: () => void;
  /** Creates the highlight; a rejected promise keeps the sheet open with what was typed. */
  onSubmit: (draft: HighlightDraft) => Promise<void>;
}

/** The small sheet that keeps the open story in a new highlight: a title of at most 50 characters and privacy. */
export function HighlightSheet({ open, onClose, onSubmit }: HighlightSheetProps) {
  const [title, setTitle] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [sending, setSending] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = async () => {
    const trimmed = title.trim();
    if (!trimmed || sending) return;
    setSending(true);
    try {
      await onSubmit({ title: trimmed, isPrivate });
      setTitle('');
      setPrivate(false);
      onClose();
    } catch {
      // The caller has told the member why; the sheet keeps the draft.
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="highlight-sheet"
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <form
          className="highlight-sheet__body"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id={headingId} className="highlight-sheet__title">
            {storyTexts.highlightSheet.title}
          </h2>
          <label htmlFor={titleId} className="field__label">
            {storyTexts.viewer.highlightTitle}
          </label>
          <input
            id={titleId}
            className="field__input"
            value={title}
            maxLength={HIGHLIGHT_TITLE_MAX}
            placeholder={storyTexts.highlightSheet.titlePlaceholder}
            onChange={(event) => setTitle(event.target.value)}
          />
          <span className="field__counter" aria-live="polite">
            {title.length}/{HIGHLIGHT_TITLE_MAX}
          </span>
          <label className="highlight-sheet__private">
            <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} />
            {storyTexts.highlightSheet.private}
          </label>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {storyTexts.highlightSheet.cancel}
            </button>
            <button type="submit" className="button button--primary" disabled={!title.trim() || sending}>
              {storyTexts.highlightSheet.submit}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
