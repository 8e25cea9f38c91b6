import { useId, useState } from 'react';
import { newPasswordSchema } from '@domain/account.js';
import { LOGIN_SHEET_PASSWORD_MAX, LOGIN_SHEET_PASSWORD_MIN } from '@domain/limits.js';
import { accountTexts, journeyTexts } from '@domain/messages.js';
import { characterLimit } from '../ui/FormParts';

const RULE = accountTexts.validation.passwordRule(LOGIN_SHEET_PASSWORD_MIN, LOGIN_SHEET_PASSWORD_MAX);

/** Whether a password a member sets keeps the one rule (the domain's schema, as the gateway and upstream check it). */
export function keepsPasswordRule(password: string): boolean {
  return newPasswordSchema.safeParse(password).success;
}

/** A new password is ready to send when it keeps the rule and the confirmation matches. */
export function newPasswordReady(password: string, confirmation: string): boolean {
  return keepsPasswordRule(password) && password === confirmation;
}

interface NewPasswordFieldsProps {
  labels: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  /** The mismatch message of the form's schema (register and reset, or the settings' change). */
  mismatch: string;
  /** A server message about the password field (shown under the hint). */
  error?: string;
  autoFocus?: boolean;
  /** The form was sent: a field still empty is marked as wrong too (an unmatched confirmation says so). */
  checked?: boolean;
}

/**
 * The new password and its confirmation, as register, reset and the settings' change ask for them: the rule shows
 * under the field while typing (read out as it changes, and says when it holds), the mismatch as soon as the
 * confirmation differs.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const passwordId = useId();
  const confirmationId = useId();
  const hintId = useId();
  const mismatchId = useId();
  const errorId = useId();
  const ok = keepsPasswordRule(props.password);
  // A hint while the member types; an error (in words and colour, the field marked invalid) once they leave the
  // field, or send the form, with the rule broken.
  const [left, setLeft] = useState(false);
  const broken = !ok && (props.checked || (left && props.password !== ''));
  // A refusal of a password that keeps the rule (the same as the current one) is shown alone, not beside "usable".
  const hint = props.error && ok ? null : ok ? journeyTexts.password.ok : broken ? journeyTexts.password.broken(RULE) : RULE;
  const mismatched = (props.checked || props.confirmation !== '') && props.confirmation !== props.password;
  return (
    <>
      <div className="field">
        <label htmlFor={passwordId} className="field__label">
          {props.labels.password}
        </label>
        <input
          id={passwordId}
          className="field__input"
          type="password"
          autoComplete="new-password"
          {...characterLimit(LOGIN_SHEET_PASSWORD_MAX, props.onPassword)}
          value={props.password}
          aria-describedby={[hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={Boolean(props.error) || broken}
          autoFocus={props.autoFocus}
          onBlur={() => setLeft(true)}
        />
        <p
          id={hintId}
          className={ok ? 'password-rule password-rule--ok' : broken ? 'password-rule password-rule--broken' : 'password-rule'}
          aria-live="polite"
          data-testid="password-rule"
        >
          {hint}
        </p>
        {props.error ? (
          <p id={errorId} className="field__error">
            {props.error}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={confirmationId} className="field__label">
          {props.labels.confirmation}
        </label>
        <input
          id={confirmationId}
          className="field__input"
          type="password"
          autoComplete="new-password"
          {...characterLimit(LOGIN_SHEET_PASSWORD_MAX, props.onConfirmation)}
          value={props.confirmation}
          aria-describedby={mismatched ? mismatchId : undefined}
          aria-invalid={mismatched}
        />
        {mismatched ? (
          <p id={mismatchId} className="field__error" role="alert">
            {props.mismatch}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The member's present password, as a change or the withdrawal asks for it to confirm who is there. */
export function CurrentPasswordField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
