import { Link, useNavigate } from 'react-router-dom';
import { accountTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';
import { useOpenLoginModal } from './LoginModal';
import { takeReturnPath } from '../app/session';
import { LoginFooter, LoginPanel } from './LoginPanel';
import { GuestOnly } from './GuestOnly';

const p = accountTexts.pages;

/** /login: the login page and Apple's redirect target; the sheet does the logging in, /register signs up. */
export function LoginPage() {
  const openLogin = useOpenLoginModal();
  return (
    <GuestOnly to="/my">
      <PageHeader title={p.loginTitle} back />
      <section className="account-page">
        <p className="account-page__intro">{p.loginIntro}</p>
        <button type="button" className="button button--primary" onClick={() => openLogin({ returnTo: '/community' })}>
          {p.openSheet}
        </button>
        <p className="account-page__intro">
          {accountTexts.pages.noAccount} <Link to="/register">{accountTexts.pages.register}</Link>
        </p>
      </section>
    </GuestOnly>
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
