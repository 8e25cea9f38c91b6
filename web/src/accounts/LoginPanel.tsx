import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { isSheetPassword } from '@domain/accountRules.js';
import { LOGIN_SHEET_PASSWORD_MAX } from '@domain/limits.js';
import { accountTexts, legalTexts } from '@domain/messages.js';
import { useLoginMutations, type SocialProviderName } from './useLoginMutations';
import { useToast } from '../ui/toast/ToastProvider';
import { failureMessage } from '../app/relay/mutationFailure';
import { loadSocialSdks, sdkFailed, sdkWindow, socialClientIds, whenGoogleReady } from './socialSdks';
import { FormError } from '../ui/FormParts';

const t = accountTexts.sheet;
const social = accountTexts.social;

type Tab = 'social' | 'phone';

/** How many 500 ms checks for the Google SDK before giving up (5 s). */
const GOOGLE_READY_CHECKS = 10;

/**
 * The login sheet's content (001 §2): quick login with Google, Kakao and Apple, and the two-step
 * e-mail-or-phone login. Used by the bottom sheet and by /login/sign-in.
 */
export function LoginPanel({ onLoggedIn, onNavigateAway }: { onLoggedIn: () => void; onNavigateAway?: () => void }) {
  const [tab, setTab] = useState<Tab>('social');
  const [step, setStep] = useState<'identifier' | 'password'>('identifier');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { loginWithPassword, loginWithProvider, inFlight } = useLoginMutations();
  const toast = useToast();
  const passwordRef = useRef<HTMLInputElement>(null);
  const identifierId = useId();
  const passwordId = useId();

  useEffect(() => loadSocialSdks(), []);
  useEffect(() => {
    if (step === 'password') passwordRef.current?.focus();
  }, [step]);
  const abort = useRef(new AbortController());
  useEffect(() => () => abort.current.abort(), []);

  function switchTab(next: Tab) {
    setTab(next);
    setStep('identifier');
    setIdentifier('');
    setPassword('');
    setShowPassword(false);
    setError(null);
  }

  function succeed() {
    toast.show(t.success, 'success');
    onLoggedIn();
  }

  const identifierBlank = identifier.trim() === '';
  const passwordValid = isSheetPassword(password);

  function next() {
    if (identifierBlank) {
      setError(accountTexts.validation.identifierRequired);
      return;
    }
    setError(null);
    setStep('password');
  }

  function back() {
    setPassword('');
    setShowPassword(false);
    setError(null);
    setStep('identifier');
  }

  async function submit() {
    if (!passwordValid || inFlight) return;
    setError(null);
    try {
      await loginWithPassword(identifier.trim(), password);
    } catch (failure) {
      setError(failureMessage(failure, social.identifierLoginFailed));
      return;
    }
    succeed();
  }

  async function finishSocial(provider: SocialProviderName, accessToken: string | undefined, failure: string) {
    if (!accessToken) {
      toast.show(social.missingLoginInfo, 'error');
      return;
    }
    await loginWithProvider(provider, accessToken).then(succeed, () => toast.show(failure, 'error'));
  }

  async function google() {
    let oauth2 = sdkWindow().google?.accounts?.oauth2;
    if (!oauth2) {
      toast.show(social.googleNotReady, 'info');
      oauth2 = (await whenGoogleReady(GOOGLE_READY_CHECKS, abort.current.signal)) ?? undefined;
      if (!oauth2) {
        if (!abort.current.signal.aborted) toast.show(social.googleFailed, 'error');
        return;
      }
    }
    try {
      oauth2
        .initTokenClient({
          client_id: socialClientIds.google,
          scope: 'openid email profile',
          callback: (answer) =>
            answer.error ? toast.show(social.googleFailed, 'error') : void finishSocial('google', answer.access_token, social.googleProcessingFailed),
        })
        .requestAccessToken();
    } catch {
      toast.show(social.googleFailed, 'error');
    }
  }

  function kakao() {
    const sdk = sdkWindow().Kakao;
    if (!sdk) {
      if (sdkFailed('kakao')) toast.show(social.kakaoSdkMissing, 'error');
      else toast.show(social.kakaoPreparing, 'info');
      return;
    }
    try {
      if (!sdk.isInitialized()) sdk.init(socialClientIds.kakao);
    } catch {
      toast.show(social.kakaoInitError, 'error');
      return;
    }
    if (!sdk.Auth?.login) {
      toast.show(social.kakaoCannotRun, 'error');
      return;
    }
    sdk.Auth.login({
      success: (answer) => void finishSocial('kakao', answer.access_token, social.kakaoProcessingFailed),
      fail: () => toast.show(social.kakaoFailed, 'error'),
    });
  }

  async function apple() {
    const sdk = sdkWindow().AppleID;
    if (!sdk) {
      toast.show(social.applePreparing, 'info');
      return;
    }
    try {
      sdk.auth.init({ clientId: socialClientIds.apple, scope: 'name email', redirectURI: `${window.location.origin}/login`, usePopup: true });
      const answer = await sdk.auth.signIn();
      await finishSocial('apple', answer.authorization?.id_token, social.appleProcessingFailed);
    } catch {
      toast.show(social.appleProcessingFailed, 'error');
    }
  }

  function onIdentifierKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      next();
    }
  }

  function onPasswordKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <div className="login-panel">
      <div className="login-panel__tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'social'} className="login-panel__tab" onClick={() => switchTab('social')}>
          {t.quickTab}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'phone'} className="login-panel__tab" onClick={() => switchTab('phone')}>
          {t.phoneTab}
        </button>
      </div>

      {tab === 'social' ? (
        <div className="login-panel__social" role="tabpanel">
          <button type="button" className="social-button social-button--google" onClick={() => void google()} disabled={inFlight}>
            {t.google}
          </button>
          <button type="button" className="social-button social-button--kakao" onClick={kakao} disabled={inFlight}>
            {t.kakao}
          </button>
          <button type="button" className="social-button social-button--apple" onClick={() => void apple()} disabled={inFlight}>
            {t.apple}
          </button>
        </div>
      ) : step === 'identifier' ? (
        <div className="login-panel__form" role="tabpanel">
          <label htmlFor={identifierId} className="field-label">
            {t.identifierLabel}
          </label>
          <input
            id={identifierId}
            className="text-input"
            name="identifier"
            autoComplete="username"
            placeholder={t.identifierPlaceholder}
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            onKeyDown={onIdentifierKey}
            autoFocus
          />
          <button type="button" className="button button--primary login-panel__submit" disabled={identifierBlank} onClick={next}>
            {t.next}
          </button>
          <p className="login-panel__signup">
            {accountTexts.pages.noAccount}{' '}
            <Link to="/register" className="link-button" onClick={onNavigateAway}>
              {accountTexts.pages.register}
            </Link>
          </p>
        </div>
      ) : (
        <div className="login-panel__form" role="tabpanel">
          <p className="login-panel__identifier">{identifier.trim()}</p>
          <label htmlFor={passwordId} className="field-label">
            {t.passwordLabel}
          </label>
          <div className="password-field">
            <input
              ref={passwordRef}
              id={passwordId}
              className="text-input"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={t.passwordPlaceholder}
              maxLength={LOGIN_SHEET_PASSWORD_MAX}
              value={password}
              onChange={(event) => setPassword(event.target.value.slice(0, LOGIN_SHEET_PASSWORD_MAX))}
              onKeyDown={onPasswordKey}
            />
            <button type="button" className="password-field__toggle" onClick={() => setShowPassword((shown) => !shown)}>
              {showPassword ? t.hide : t.show}
            </button>
          </div>
          <p className="password-field__counter" aria-live="polite">
            {t.counter(password.length, LOGIN_SHEET_PASSWORD_MAX)}
          </p>
          <button type="button" className="button button--primary login-panel__submit" disabled={!passwordValid || inFlight} onClick={() => void submit()}>
            {inFlight ? t.loggingIn : t.submit}
          </button>
          <div className="login-panel__links">
            <button type="button" className="link-button" onClick={back}>
              {t.back}
            </button>
            <Link to="/login/set-password" className="link-button" onClick={onNavigateAway}>
              {t.forgotPassword}
            </Link>
          </div>
        </div>
      )}
      {inFlight ? <p className="login-panel__loading">{t.loggingIn}</p> : null}
      <FormError error={error} className="login-panel__error" />
    </div>
  );
}

/** The sheet footer (001 §2): privacy policy in a new tab and the copyright line. */
export function LoginFooter() {
  return (
    <footer className="login-footer">
      <a href="/privacy" target="_blank" rel="noopener noreferrer">
        {legalTexts.privacy}
      </a>
      <p>{t.copyright}</p>
    </footer>
  );
}
