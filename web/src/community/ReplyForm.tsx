import { useId, useRef, useState, type Dispatch, type Ref, type RefObject, type SetStateAction } from 'react';
import { REPLY_MAX, characterCount } from '@domain/limits.js';
import { showsText, trimmedCharacterCount } from '@domain/characters.js';
import { communityTexts, validationTexts } from '@domain/messages.js';
import { useCreateReplyMutation } from './useCreateReplyMutation';
import { useToast } from '../ui/toast/ToastProvider';
import { useMemberAction } from '../accounts/useMemberAction';
import { characterLimit } from '../ui/FormParts';

interface ReplyFormProps {
  postId: string;
  connectionId: string;
  /** Whether the new reply shows at once at the end of its list (false while more of it is still to load). */
  append?: boolean;
  parentId?: string;
  placeholder?: string;
  /** The box's name for screen readers (default: the placeholder), e.g. whose reply an answer goes to. */
  label?: string;
  /** Where the focus goes once the reply is sent, when the form closes then (an answer's 답글 button); else the emptied box. */
  sentFocus?: RefObject<HTMLElement | null>;
  /** The box takes the focus as the form appears (an answer's form, opened by its 답글 button: the caret is where to type). */
  autoFocus?: boolean;
  /** The text, kept by the caller while the form is closed (an answer's, closed with Escape); else the form's own. */
  draft?: [string, Dispatch<SetStateAction<string>>];
  onDone?: () => void;
}

/** A reply's text box with its counter out of REPLY_MAX and its error (writing and editing a reply). */
export function ReplyTextBox(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  placeholder?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const counterId = useId();
  const messageId = useId();
  /** The text as it was kept when a paste or typing went past REPLY_MAX and was cut: said until the text changes. */
  const [cutText, setCutText] = useState<string | null>(null);
  /** Whether the box has had the focus: the first time (autoFocus) the caret goes after the text already there. */
  const focusedBefore = useRef(false);
  const message = props.error ?? (cutText !== null && cutText === props.value ? validationTexts.replyMax(REPLY_MAX) : null);
  return (
    <>
      <textarea
        ref={props.inputRef}
        className="field__input reply-form__input"
        value={props.value}
        {...characterLimit(REPLY_MAX, props.onChange, setCutText)}
        placeholder={props.placeholder}
        aria-label={props.label}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={message ? `${counterId} ${messageId}` : counterId}
        autoFocus={props.autoFocus}
        // A reply being edited, or an answer's kept draft, goes on where it ends (a new box puts the caret first).
        onFocus={(event) => {
          if (!props.autoFocus || focusedBefore.current) return;
          focusedBefore.current = true;
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
      />
      <span id={counterId} className="field__counter">
        {communityTexts.write.counter(trimmedCharacterCount(props.value), REPLY_MAX)}
      </span>
      {message ? (
        <p id={messageId} className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}

/** What is wrong with a reply's or an answer's (trimmed) text by the server's rules (000 §5), or null. */
export function replyContentError(trimmed: string, isAnswer: boolean): string | null {
  if (!showsText(trimmed)) return isAnswer ? validationTexts.answerRequired : validationTexts.replyRequired;
  return characterCount(trimmed) > REPLY_MAX ? validationTexts.replyMax(REPLY_MAX) : null;
}

/** Writes a reply (or an answer to one) with the same rules the server applies (000 §5). */
export function ReplyForm({
  postId,
  connectionId,
  append,
  parentId,
  placeholder = communityTexts.reply.placeholder,
  label = placeholder,
  sentFocus,
  autoFocus,
  draft,
  onDone,
}: ReplyFormProps) {
  const ownContent = useState('');
  const [content, setContent] = draft ?? ownContent;
  const [error, setError] = useState<string | null>(null);
  const [create, sending] = useCreateReplyMutation();
  const toast = useToast();
  const asMember = useMemberAction();
  const input = useRef<HTMLTextAreaElement>(null);
  /**
   * The send button is disabled while the reply is on its way, which drops the keyboard's focus to <body>: it goes
   * back to the box (emptied once sent), or to `target`, unless the member has gone on elsewhere meanwhile.
   */
  const refocus = (target: HTMLElement | null = input.current) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || input.current?.form?.contains(focused)) target?.focus();
  };

  const submit = () => {
    const trimmed = content.trim();
    const invalid = replyContentError(trimmed, Boolean(parentId));
    setError(invalid);
    if (invalid) return;
    create({ postId, content: trimmed, parentId, connectionId, append }).then(
      () => {
        // Only what was sent leaves the box: text typed while it was on its way stays, to be sent next.
        setContent((now) => (now.startsWith(content) ? now.slice(content.length).trimStart() : now));
        refocus(sentFocus?.current);
        onDone?.();
        toast.show(parentId ? communityTexts.reply.answerCreated : communityTexts.reply.created, 'success');
      },
      (failure: unknown) => {
        refocus();
        toast.show(failure instanceof Error && failure.message ? failure.message : communityTexts.reply.failed, 'error');
      },
    );
  };

  return (
    <form
      className="reply-form"
      onSubmit={(event) => {
        event.preventDefault();
        asMember(submit);
      }}
      // An answer's form closes with Escape, giving the focus back to its 답글 button.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !onDone) return;
        event.preventDefault();
        sentFocus?.current?.focus();
        onDone();
      }}
    >
      <ReplyTextBox label={label} placeholder={placeholder} value={content} onChange={setContent} error={error} inputRef={input} autoFocus={autoFocus} />
      <button type="submit" className="button button--primary reply-form__submit" disabled={sending}>
        {communityTexts.reply.submit}
      </button>
    </form>
  );
}
