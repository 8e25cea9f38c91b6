import { useId, useRef } from 'react';
import { communityTexts, messagingTexts as m } from '@domain/messages.js';
import { ATTACHMENT_UPLOAD_LIMIT } from '@domain/uploads.js';
import { FormError, useRemovalFocus } from './FormParts';
import { CloseIcon, PlusIcon } from './icons';

const keyOf = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/**
 * `picked` added to the files already `chosen` (a screenshot, then a receipt): the same file twice is kept once, and
 * a file the gateway would refuse (over the size limit, or past the `room` left of `max`) is left out before anything
 * is sent, each named in `refused` so that several are told apart. What the list holds is always what may be sent.
 */
export function withPickedAttachments(
  chosen: readonly File[],
  picked: readonly File[],
  { max, room = max }: { max: number; room?: number },
): { files: File[]; refused: string | undefined } {
  const files = [...chosen];
  const refusals: string[] = [];
  for (const file of picked) {
    if (files.some((kept) => keyOf(kept) === keyOf(file))) continue;
    const problem = file.size > ATTACHMENT_UPLOAD_LIMIT.maxBytes ? ATTACHMENT_UPLOAD_LIMIT.tooLarge : files.length >= room ? m.tooManyAttachments(max) : null;
    if (problem) refusals.push(communityTexts.upload.refusedFile(file.name, problem));
    else files.push(file);
  }
  return { files, refused: refusals.length ? refusals.join(' ') : undefined };
}

/**
 * The files going with an inquiry or a notice: a button (the label of a hidden picker, so no browser text shows)
 * that adds files, the rule under it, the files chosen, each with a × that leaves it out (named with the file), and
 * why a picked file was left out. `onChange` gets the new list and the refusals of that pick (none on a removal).
 */
export function AttachmentField({
  files,
  max,
  room = max,
  hint,
  accept,
  error,
  disabled = false,
  onChange,
}: {
  files: readonly File[];
  /** The most files the inquiry or notice holds; `room`: how many of them may be added now (a notice keeps some). */
  max: number;
  room?: number;
  hint: string;
  accept?: string;
  error: string | undefined;
  disabled?: boolean;
  onChange: (files: File[], refused: string | undefined) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { removeButtonRef, removing } = useRemovalFocus(files.map(keyOf), input);
  const remove = (index: number) => {
    removing(index);
    onChange(
      files.filter((_, at) => at !== index),
      undefined,
    );
  };
  return (
    <div className="attachment-field">
      <input
        ref={input}
        id={inputId}
        className="visually-hidden attachment-field__input"
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={Boolean(error)}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          // Emptied, the picker takes the same file again after it was left out.
          event.target.value = '';
          const { files: next, refused } = withPickedAttachments(files, picked, { max, room });
          onChange(next, refused);
        }}
      />
      <label htmlFor={inputId} className="button button--secondary attachment-field__add">
        <PlusIcon />
        {m.attachmentsLabel}
      </label>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <FormError error={error ?? null} id={errorId} className="field__error" />
      {files.length > 0 && (
        <ul className="attachment-field__files">
          {files.map((file, index) => (
            <li key={keyOf(file)}>
              <span className="attachment-field__name" title={file.name}>
                {file.name}
              </span>
              <button
                type="button"
                className="attachment-field__remove"
                aria-label={m.leaveOutAttachment(file.name)}
                disabled={disabled}
                ref={removeButtonRef(keyOf(file))}
                onClick={() => remove(index)}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
