import { useId, useRef, useState } from 'react';
import { HIGHLIGHT_TITLE_MAX } from '@domain/limits.js';
import { storyTexts } from '@domain/messages.js';
import { characterLimit, LengthCounter, ModalActions, ModalDialog } from '../ui/FormParts';

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
  /** Said at the title once 만들기 is pressed with none (the button looks unavailable but stays pressable). */
  const [titleMissing, setTitleMissing] = useState(false);
  const headingId = useId();
  const titleId = useId();
  const titleInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const trimmed = title.trim();
    if (sending) return;
    if (!trimmed) {
      setTitleMissing(true);
      titleInput.current?.focus();
      return;
    }
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
    <ModalDialog open={open} onClose={onClose} className="highlight-sheet" labelledBy={headingId}>
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
            ref={titleInput}
            id={titleId}
            className="field__input"
            value={title}
            {...characterLimit(HIGHLIGHT_TITLE_MAX, (value) => {
              setTitle(value);
              setTitleMissing(false);
            })}
            placeholder={storyTexts.highlightSheet.titlePlaceholder}
            aria-invalid={titleMissing || undefined}
            aria-describedby={titleMissing ? `${titleId}-error ${titleId}-counter` : `${titleId}-counter`}
          />
          <LengthCounter id={`${titleId}-counter`} text={title} max={HIGHLIGHT_TITLE_MAX} />
          {titleMissing ? (
            <p id={`${titleId}-error`} className="field__error" role="alert">
              {storyTexts.invalid.highlightTitle(HIGHLIGHT_TITLE_MAX)}
            </p>
          ) : null}
          <label className="highlight-sheet__private">
            <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} />
            {storyTexts.highlightSheet.private}
          </label>
          <ModalActions
            cancel={storyTexts.highlightSheet.cancel}
            onCancel={onClose}
            action={storyTexts.highlightSheet.submit}
            disabled={sending}
            unready={!title.trim()}
          />
        </form>
      ) : null}
    </ModalDialog>
  );
}
