import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';
import { useOpenLoginModal } from './LoginModal';
import { useAccountMutations } from './useAccountMutations';
import { useToast } from '../ui/toast/ToastProvider';
import { failureMessage } from '../app/relay/mutationFailure';
import { takeReturnPath } from '../app/session';
import { LoginFooter, LoginPanel } from './LoginPanel';
import { FormError } from '../ui/FormParts';

const p = accountTexts.pages;

/** /login: the login page and Apple's redirect target; the sheet does the logging in. */
export function LoginPage() {
  const openLogin = useOpenLoginModal();
  return (
    <>
      <PageHeader title={p.loginTitle} back />
      <section className="account-page">
        <p className="account-page__intro">{p.loginIntro}</p>
        <button type="button" className="button button--primary" onClick={() => openLogin({ returnTo: '/community' })}>
          {p.openSheet}
        </button>
      </section>
    </>
  );
}

/** /login/sign-in: where an expired session lands (002 §4.3); after logging in, back to where it was. */
export function SignInPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={accountTexts.sheet.title} back />
      <section className="account-page">
        <p className="login-sheet__welcome">{accountTexts.sheet.welcome}</p>
        <LoginPanel onLoggedIn={() => navigate(takeReturnPath() ?? '/community', { replace: true })} />
        <LoginFooter />
      </section>
    </>
  );
}

/** /login/set-password: ask for a reset mail, then set a new password with the mailed code. */
export function SetPasswordPage() {
  const { requestPasswordReset, confirmPasswordReset, inFlight } = useAccountMutations();
  const toast = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [token, setToken] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [newPasswordConfirm, setNewPasswordConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function request() {
    try {
      await requestPasswordReset(email.trim());
    } catch (failure) {
      return setError(failureMessage(failure));
    }
    setError(null);
    setSent(true);
    toast.show(p.resetLinkSent, 'success');
  }

  async function confirm() {
    try {
      await confirmPasswordReset({ token: token.trim(), newPassword, newPasswordConfirm });
    } catch (failure) {
      return setError(failureMessage(failure));
    }
    toast.show(p.resetDone, 'success');
    navigate('/login/sign-in', { replace: true });
  }

  return (
    <>
      <PageHeader title={p.setPasswordTitle} back />
      <section className="account-page">
        <p className="account-page__intro">{p.setPasswordIntro}</p>
        <label className="field-label">
          {p.emailLabel}
          <input className="text-input" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="button" className="button button--primary" disabled={!email.trim() || inFlight} onClick={() => void request()}>
          {p.sendResetLink}
        </button>
        {sent ? (
          <div className="account-page__form">
            <label className="field-label">
              {p.resetTokenLabel}
              <input className="text-input" value={token} onChange={(event) => setToken(event.target.value)} />
            </label>
            <label className="field-label">
              {p.newPasswordLabel}
              <input className="text-input" type="password" value={newPassword} onChange={(event) => setNewPassword(event.target.value)} />
            </label>
            <label className="field-label">
              {p.newPasswordConfirmLabel}
              <input className="text-input" type="password" value={newPasswordConfirm} onChange={(event) => setNewPasswordConfirm(event.target.value)} />
            </label>
            <button type="button" className="button button--primary" disabled={!token.trim() || !newPassword || inFlight} onClick={() => void confirm()}>
              {p.resetSubmit}
            </button>
          </div>
        ) : null}
        <FormError error={error} className="login-panel__error" />
      </section>
    </>
  );
}
