import { useId, useState } from 'react';
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
  const headingId = useId();
  const titleId = useId();

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
            id={titleId}
            className="field__input"
            value={title}
            {...characterLimit(HIGHLIGHT_TITLE_MAX, setTitle)}
            placeholder={storyTexts.highlightSheet.titlePlaceholder}
            aria-describedby={`${titleId}-counter`}
          />
          <LengthCounter id={`${titleId}-counter`} text={title} max={HIGHLIGHT_TITLE_MAX} />
          <label className="highlight-sheet__private">
            <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} />
            {storyTexts.highlightSheet.private}
          </label>
          <ModalActions
            cancel={storyTexts.highlightSheet.cancel}
            onCancel={onClose}
            action={storyTexts.highlightSheet.submit}
            disabled={!title.trim() || sending}
          />
        </form>
      ) : null}
    </ModalDialog>
  );
}
