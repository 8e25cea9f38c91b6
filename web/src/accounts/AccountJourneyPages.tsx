import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { registerSchema } from '@domain/account.js';
import { NICKNAME_MAX, NICKNAME_MIN } from '@domain/limits.js';
import { accountTexts, journeyTexts, legalTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';
import { characterLimit, focusFirstInvalid, FormError } from '../ui/FormParts';
import { useToast } from '../ui/toast/ToastProvider';
import { MutationFailure, failureMessage } from '../app/relay/mutationFailure';
import { rememberReturnPath, useSession } from '../app/session';
import { GuestOnly } from './GuestOnly';
import { NewPasswordFields, newPasswordReady } from './NewPasswordFields';
import { useEmailVerificationMutations, usePasswordResetMutations, useRegisterMutation } from './useJourneyMutations';
import type { AccountJourneyPagesResetLinkQuery } from '../__generated__/AccountJourneyPagesResetLinkQuery.graphql';

const v = accountTexts.validation;

// The account screens share one chunk (each chunk name costs the first visit's route table); the settings take their
// password fields and the verification mail from here too.
import { LoginPage, SignInPage } from './LoginPages';
import { LegalPage } from './PrivacyPolicyPage';
export { NewPasswordFields, newPasswordReady } from './NewPasswordFields';
export { useEmailVerificationMutations } from './useJourneyMutations';

/** A labelled one-line input with its field message. */
function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'email' | 'text';
  autoComplete?: string;
  hint?: string;
  maxLength?: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** Checks the field when it is left, so a mistake shows before the form is sent. */
  onBlur?: () => void;
}) {
  const id = useId();
  const messageId = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      <input
        id={id}
        className="field__input"
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        value={props.value}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error || props.hint ? messageId : undefined}
        {...characterLimit(props.maxLength, props.onChange)}
        onBlur={props.onBlur}
        autoFocus={props.autoFocus}
      />
      {props.error ? (
        <p id={messageId} className="field__error" role="alert">
          {props.error}
        </p>
      ) : props.hint ? (
        <p id={messageId} className="field__hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

// ---- /register (and /signup) ----

const r = journeyTexts.register;

type RegisterField = 'email' | 'password' | 'passwordConfirm' | 'nickname' | 'agreeTerms' | 'agreePrivacy';
type RegisterErrors = Partial<Record<RegisterField | 'form', string>>;

/** Issues by field, the first one for each (the schema's paths, or the gateway's `["input", field]`). */
function errorsByField(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const issue of issues) {
    const path = String((issue.path[0] === 'input' ? issue.path[1] : issue.path[0]) ?? '');
    const field = (['email', 'password', 'passwordConfirm', 'nickname', 'agreeTerms', 'agreePrivacy'] as const).find((name) => name === path);
    const key = field ?? 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** /register: sign-up with the fields and messages of 001 §5, then logged in and on to the community. */
export function RegisterPage() {
  const { register, inFlight } = useRegisterMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    email: '',
    password: '',
    passwordConfirm: '',
    nickname: '',
    agreeTerms: false,
    agreePrivacy: false,
    agreeMarketing: false,
  });
  const [errors, setErrors] = useState<RegisterErrors>({});
  /** Sent with something wrong: the password fields mark an empty or unmatched one too. */
  const [passwordsChecked, setPasswordsChecked] = useState(false);
  const set =
    <K extends keyof typeof form>(field: K) =>
    (value: (typeof form)[K]) => {
      setForm((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
    };

  /** A left field that breaks its rule shows why at once (only that field: the others are not done yet). */
  const checkOnLeave = (field: 'email' | 'nickname') => () => {
    if (!form[field].trim()) return;
    const checked = registerSchema.safeParse(form);
    const message = checked.success ? undefined : errorsByField(checked.error.issues)[field];
    setErrors((current) => ({ ...current, [field]: message }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight) return;
    const checked = registerSchema.safeParse(form);
    if (!checked.success) {
      setErrors(errorsByField(checked.error.issues));
      setPasswordsChecked(true);
      return focusFirstInvalid(event.target as HTMLFormElement);
    }
    let nickname: string;
    try {
      nickname = await register({ ...form, email: checked.data.email, nickname: checked.data.nickname });
    } catch (failure) {
      // A conflict names the taken e-mail or the taken nickname: told at that field.
      if (failure instanceof MutationFailure && failure.code === 'CONFLICT') {
        return setErrors(failure.message === accountTexts.errors.nicknameTaken ? { nickname: failure.message } : { email: failure.message });
      }
      if (failure instanceof MutationFailure && failure.issues.length) return setErrors(errorsByField(failure.issues));
      return setErrors({ form: failureMessage(failure, r.failed) });
    }
    toast.show(r.welcome(nickname), 'success');
    navigate('/community', { replace: true });
  }

  const ready = newPasswordReady(form.password, form.passwordConfirm) && form.email.trim() !== '' && form.nickname.trim() !== '';

  return (
    <GuestOnly to="/community">
      <PageHeader title={r.title} back />
      <form className="account-page account-page__form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="account-page__intro">{r.intro}</p>
        <TextField
          label={r.email}
          type="email"
          autoComplete="email"
          placeholder={r.emailPlaceholder}
          value={form.email}
          onChange={set('email')}
          onBlur={checkOnLeave('email')}
          error={errors.email}
          autoFocus
        />
        <NewPasswordFields
          labels={{ password: r.password, confirmation: r.passwordConfirm }}
          password={form.password}
          confirmation={form.passwordConfirm}
          onPassword={set('password')}
          onConfirmation={set('passwordConfirm')}
          mismatch={v.passwordMismatch}
          error={errors.password}
          checked={passwordsChecked}
        />
        <TextField
          label={r.nickname}
          autoComplete="nickname"
          hint={r.nicknameHint(NICKNAME_MIN, NICKNAME_MAX)}
          value={form.nickname}
          onChange={set('nickname')}
          onBlur={checkOnLeave('nickname')}
          error={errors.nickname}
        />
        <fieldset className="register-consents">
          <legend className="register-consents__legend">{r.consents}</legend>
          <Consent label={r.agreeTerms} checked={form.agreeTerms} onChange={set('agreeTerms')} error={errors.agreeTerms} link={['/terms', r.viewTerms]} />
          <Consent
            label={r.agreePrivacy}
            checked={form.agreePrivacy}
            onChange={set('agreePrivacy')}
            error={errors.agreePrivacy}
            link={['/privacy', r.viewPrivacy]}
          />
          <Consent label={r.agreeMarketing} checked={form.agreeMarketing} onChange={set('agreeMarketing')} />
        </fieldset>
        <FormError error={errors.form ?? null} />
        <button type="submit" className="button button--primary" disabled={inFlight} aria-disabled={!ready || undefined}>
          {inFlight ? r.submitting : r.submit}
        </button>
        <p className="account-page__intro">
          {r.haveAccount} <Link to="/login/sign-in">{r.login}</Link>
        </p>
      </form>
    </GuestOnly>
  );
}

function Consent(props: { label: string; checked: boolean; onChange: (value: boolean) => void; error?: string; link?: [string, string] }) {
  const errorId = useId();
  return (
    <div className="register-consent">
      <label className="settings-toggle">
        <input
          type="checkbox"
          checked={props.checked}
          aria-invalid={Boolean(props.error)}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        {props.label}
      </label>
      {props.link ? (
        <a href={props.link[0]} target="_blank" rel="noopener noreferrer">
          {props.link[1]}
        </a>
      ) : null}
      {props.error ? (
        <p id={errorId} className="field__error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

// ---- /forgot-password (and /login/set-password) ----

const f = journeyTexts.forgot;

/** /forgot-password: asks for the reset mail; the mail's link opens /reset-password. */
export function ForgotPasswordPage() {
  const { requestPasswordReset, inFlight } = usePasswordResetMutations();
  const typedAtLogin = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof typedAtLogin === 'string' ? typedAtLogin : '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (inFlight) return;
    if (!address) {
      setError(v.email);
      return focusFirstInvalid(event.target as HTMLFormElement);
    }
    try {
      await requestPasswordReset(address);
    } catch (failure) {
      return setError(failureMessage(failure));
    }
    setError(null);
    setSentTo(address);
  }

  return (
    <GuestOnly to="/my">
      <PageHeader title={f.title} back />
      <form className="account-page account-page__form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="account-page__intro">{f.intro}</p>
        <TextField
          label={f.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(null);
          }}
          error={error ?? undefined}
          autoFocus
        />
        <button type="submit" className="button button--primary" disabled={inFlight} aria-disabled={!email.trim() || undefined}>
          {sentTo ? f.sendAgain : f.submit}
        </button>
        {sentTo ? (
          <p className="account-page__notice" role="status">
            {f.sent(sentTo)}
          </p>
        ) : null}
        <Link to="/login/sign-in">{f.backToLogin}</Link>
      </form>
    </GuestOnly>
  );
}

// ---- /reset-password?token= ----

const resetLinkQuery = graphql`
  query AccountJourneyPagesResetLinkQuery($token: String!) {
    passwordResetLink(token: $token) {
      usable
    }
  }
`;

const rs = journeyTexts.reset;

/** /reset-password?token=…: the mailed link; a new password and its confirmation, then logged in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { confirmPasswordReset, inFlight } = usePasswordResetMutations();
  const toast = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(!token);
  const [checked, setChecked] = useState(false);
  const [checking, setChecking] = useState(Boolean(token));
  const environment = useRelayEnvironment();

  // A used or expired link says so at once, before the member types a new password for nothing. When the check
  // itself fails the form shows, and sending it tells.
  useEffect(() => {
    if (!token) return;
    // The screen's one read, run on the environment directly (react-relay's fetchQuery is not in the app's bundle).
    const operation = createOperationDescriptor(getRequest(resetLinkQuery), { token });
    const subscription = environment.execute({ operation }).subscribe({
      complete: () => {
        const data = environment.lookup(operation.fragment).data as AccountJourneyPagesResetLinkQuery['response'] | null;
        if (data && !data.passwordResetLink?.usable) setLinkDead(true);
        setChecking(false);
      },
      error: () => setChecking(false),
    });
    return () => subscription.unsubscribe();
  }, [environment, token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight) return;
    if (!newPasswordReady(password, confirmation)) {
      setChecked(true);
      return focusFirstInvalid(event.target as HTMLFormElement);
    }
    try {
      await confirmPasswordReset({ token, newPassword: password, newPasswordConfirm: confirmation });
    } catch (failure) {
      if (failure instanceof MutationFailure && failure.code === 'BAD_REQUEST') return setLinkDead(true);
      return setError(failureMessage(failure));
    }
    toast.show(accountTexts.pages.resetDone, 'success');
    navigate('/community', { replace: true });
  }

  return (
    <>
      <PageHeader title={rs.title} back />
      {checking ? (
        <p className="account-page account-page__intro" role="status">
          {rs.checking}
        </p>
      ) : linkDead ? (
        <section className="account-page">
          <p className="account-page__notice" role="alert">
            {token ? rs.invalidLink : rs.missingToken}
          </p>
          <Link to="/forgot-password" className="button button--primary">
            {rs.requestAgain}
          </Link>
        </section>
      ) : (
        <form className="account-page account-page__form" noValidate onSubmit={(event) => void submit(event)}>
          <p className="account-page__intro">{rs.intro}</p>
          <NewPasswordFields
            labels={{ password: rs.newPassword, confirmation: rs.newPasswordConfirm }}
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            mismatch={v.passwordMismatch}
            error={error ?? undefined}
            autoFocus
            checked={checked}
          />
          <button type="submit" className="button button--primary" disabled={inFlight} aria-disabled={!newPasswordReady(password, confirmation) || undefined}>
            {rs.submit}
          </button>
        </form>
      )}
    </>
  );
}

// ---- /verify-email?token= ----

const ve = journeyTexts.verify;

/** /verify-email?token=…: confirms the mailed link at once and says how it went. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isGuest } = useSession();
  const { confirmEmailVerification } = useEmailVerificationMutations();
  const [state, setState] = useState<'verifying' | 'done' | 'invalid' | 'failed'>(token ? 'verifying' : 'invalid');
  const [message, setMessage] = useState('');
  // The token is single-use: confirm it once, also under StrictMode's double effects.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmEmailVerification(token).then(
      () => setState('done'),
      (failure: unknown) => {
        if (failure instanceof MutationFailure && failure.code === 'BAD_REQUEST') return setState('invalid');
        setMessage(failureMessage(failure));
        setState('failed');
      },
    );
  }, [token, confirmEmailVerification]);

  return (
    <>
      <PageHeader title={ve.title} />
      <section className="account-page" aria-live="polite">
        {state === 'verifying' ? <p className="account-page__intro">{ve.verifying}</p> : null}
        {state === 'done' ? (
          <>
            <p className="account-page__notice" role="status">
              {ve.done}
            </p>
            <Link to="/community" className="button button--primary">
              {ve.goToCommunity}
            </Link>
          </>
        ) : null}
        {state === 'invalid' || state === 'failed' ? (
          <>
            <p className="account-page__notice" role="alert">
              {state === 'failed' ? message : token ? ve.invalidLink : ve.missingToken}
            </p>
            {/* A new mail is sent from the settings, which need the member logged in (a guest logs in first). */}
            <Link
              to={isGuest ? '/login/sign-in' : '/my/settings'}
              className="button button--primary"
              onClick={() => (isGuest ? rememberReturnPath('/my/settings') : undefined)}
            >
              {isGuest ? ve.requestAgain : ve.goToSettings}
            </Link>
          </>
        ) : null}
      </section>
    </>
  );
}

// ---- /terms ----

/** /terms: the terms of use the sign-up consent links to. */
export function TermsPage() {
  return <LegalPage title={legalTexts.terms} sections={journeyTexts.terms.sections} />;
}

/** The screens by their route path, as the router asks for them (`/signup` and `/login/set-password` are aliases). */
export const screensByPath: Record<string, ComponentType> = {
  login: LoginPage,
  'login/sign-in': SignInPage,
  'login/set-password': ForgotPasswordPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  'verify-email': VerifyEmailPage,
  register: RegisterPage,
  signup: RegisterPage,
  terms: TermsPage,
};
