import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { clipBeforeCaret, trimmedCharacterCount } from '@domain/characters.js';
import { validationTexts } from '@domain/messages.js';
import { useModalHistory } from './modalHistory';
import { useModalSound } from './modalSound';

// The small parts the app's forms and modal dialogs share.

interface ModalDialogProps {
  open: boolean;
  /** Escape and the screens' own close buttons; the dialog closes when `open` turns false. */
  onClose: () => void;
  className: string;
  /** The id of the dialog's title. */
  labelledBy: string;
  /** The id of what the dialog says beyond its title, if anything. */
  describedBy?: string;
  role?: 'alertdialog';
  onClick?: (event: MouseEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}

/** Focus goes back to what opened a dialog, not to the page's start (once: the opener is forgotten). */
function returnFocus(opener: { current: HTMLElement | null }): void {
  const target = opener.current;
  opener.current = null;
  if (target?.isConnected) target.focus();
}

/** How many modal dialogs are open now: what plays on its own (a story) waits while any is. */
let openModals = 0;
const openModalListeners = new Set<() => void>();

function countOpenModal(change: 1 | -1): void {
  openModals += change;
  for (const listener of openModalListeners) listener();
}

/** True while a modal dialog (a sheet, a confirmation, the login sheet) is open over the screen. */
export function useModalOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      openModalListeners.add(listener);
      return () => openModalListeners.delete(listener);
    },
    () => openModals > 0,
  );
}

/**
 * A modal <dialog> that follows `open` (showModal, close), with the modal sounds of 002 §2.3 and focus returned to
 * its opener on close. On opening, focus goes to the part marked `data-autofocus`, if any. Escape fires the dialog's cancel, which calls `onClose` instead of closing it, so the
 * screen's state stays the one source of truth for being open. Back closes it too (useModalHistory: its own history entry).
 */
export function ModalDialog({ open, onClose, className, labelledBy, describedBy, role, onClick, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useModalSound(open);
  useModalHistory(open, onClose);
  useEffect(() => {
    if (!open) return;
    countOpenModal(1);
    return () => countOpenModal(-1);
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // showModal focuses the dialog's first focusable part (often its close button); a field marked to start with
      // (`data-autofocus`) takes focus instead, as React's autoFocus cannot say it to the dialog.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener);
    }
  }, [open]);
  // A dialog removed while open (a sheet that unmounts to close) gives focus back the same way.
  useEffect(() => () => returnFocus(opener), []);

  return (
    <dialog
      ref={dialogRef}
      className={className}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onClick}
    >
      {children}
    </dialog>
  );
}

/**
 * A dialog's two buttons: cancel, and the action (the form's submit unless `onAction` is given). `unready` only marks
 * the action (aria-disabled): it looks unpressable but stays pressable, so its form can say what is missing.
 */
export function ModalActions(props: { cancel: string; onCancel: () => void; action: string; onAction?: () => void; disabled: boolean; unready?: boolean }) {
  return (
    <div className="modal__actions">
      <button type="button" className="button button--secondary" onClick={props.onCancel}>
        {props.cancel}
      </button>
      <button
        type={props.onAction ? 'button' : 'submit'}
        className="button button--primary"
        onClick={props.onAction}
        disabled={props.disabled}
        aria-disabled={props.unready || undefined}
      >
        {props.action}
      </button>
    </div>
  );
}

interface LabeledTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  placeholder?: string;
  /** The id of the message saying what is wrong with this field, when something is: the field is marked invalid. */
  errorId?: string;
  /** The id of the field's LengthCounter, read as the field's description. */
  counterId?: string;
}

/**
 * What holds a text box to `max` characters as the service counts them (code points). The browser's own maxLength
 * counts UTF-16 units, in which an emoji takes two, so a member could not fill the limit with emoji: the box's own
 * cap is the most `max` characters can take, and what is typed or pasted past `max` characters is cut, as the
 * browser cuts it (the text after the caret stays). `onCut` hears of each change that was cut, with the text kept, so
 * the field can say so (the browser's own cut is silent).
 * Without `max`, only the change.
 */
export function characterLimit(max: number | undefined, onChange: (value: string) => void, onCut?: (kept: string) => void) {
  type Change = ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;
  if (max === undefined) return { onChange: (event: Change) => onChange(event.target.value) };
  return {
    maxLength: 2 * max,
    onChange: ({ target }: Change) => {
      const kept = clipBeforeCaret(target.value, target.selectionEnd ?? target.value.length, max);
      if (kept !== target.value) onCut?.(kept);
      onChange(kept);
    },
  };
}

/**
 * `characterLimit` that says so when it cut: `message` until the text changes again (read out, and named by the box's
 * `aria-describedby` through `messageId`).
 */
export function useCharacterLimit(max: number | undefined, value: string, onChange: (value: string) => void) {
  const messageId = useId();
  /** The text as it was kept when a change went past `max`. */
  const [cutText, setCutText] = useState<string | null>(null);
  const message = max !== undefined && cutText !== null && cutText === value ? validationTexts.cutToMax(max) : null;
  return { limit: characterLimit(max, onChange, setCutText), message, messageId: message ? messageId : undefined };
}

/** A limit's message, under its box (see useCharacterLimit). */
export function CutMessage({ message, id }: { message: string | null; id: string | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A text input, or a textarea, inside its label (the inquiry and staff forms). */
export function LabeledText({ label, value, onChange, maxLength, rows, placeholder, errorId, counterId }: LabeledTextProps) {
  const { limit, message, messageId } = useCharacterLimit(maxLength, value, onChange);
  const control = {
    value,
    ...limit,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': [errorId, counterId, messageId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <>
      <label>
        {label}
        {rows ? <textarea rows={rows} {...control} /> : <input placeholder={placeholder} {...control} />}
      </label>
      <CutMessage message={message} id={messageId} />
    </>
  );
}

/** A select inside its label, with its options as value and label. */
export function LabeledSelect<T extends string>(props: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} disabled={props.disabled} onChange={(event) => props.onChange(event.target.value as T)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A form sent with something wrong: once its fields have drawn their messages, the first one marked invalid takes
 * focus, so a keyboard or screen reader user lands on the problem (submit buttons stay enabled to get there).
 */
export function focusFirstInvalid(form: Element | null | undefined): void {
  window.requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * A list whose entries each have a remove button (`removeButtonRef(key)`): a removed entry takes its focused button
 * with it, so `removing(index)`, called before the removal, sends focus to the remove button of the entry that takes
 * its place, else of the one before it, else to `fallback` (the list's add button), and the keyboard stays in the list.
 */
export function useRemovalFocus(keys: readonly string[], fallback: RefObject<HTMLElement | null>) {
  const buttons = useRef(new Map<string, HTMLElement>());
  const target = useRef<string | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (target.current === undefined) return;
    (target.current === null ? fallback.current : buttons.current.get(target.current))?.focus();
    target.current = undefined;
  });
  return {
    removeButtonRef: (key: string) => (button: HTMLElement | null) => {
      if (button) buttons.current.set(key, button);
      else buttons.current.delete(key);
    },
    removing: (index: number) => {
      target.current = keys[index + 1] ?? keys[index - 1] ?? null;
    },
  };
}

/** A form's message, read out when it appears. */
export function FormError({ error, className = 'form-error', id }: { error: string | null; className?: string; id?: string }) {
  return error ? (
    <p id={id} className={className} role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * How much of a text's limit is used: characters as the service counts them, of the trimmed text (every box with this
 * counter has a rule that trims before it counts). Not a live region (that would speak at every key): its field names
 * it in aria-describedby, through `id`.
 */
export function LengthCounter({ text, max, className = 'field__counter', id }: { text: string; max: number; className?: string; id?: string }) {
  const length = trimmedCharacterCount(text);
  return (
    <span id={id} className={length > max ? `${className} ${className}--over` : className}>
      {length}/{max}
    </span>
  );
}
