import { Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import type { LoginPanelProvidersQuery } from '../__generated__/LoginPanelProvidersQuery.graphql';
import { isLoginIdentifier, isSheetPassword } from '@domain/accountRules.js';
import { LOGIN_SHEET_PASSWORD_MAX, characterCount } from '@domain/limits.js';
import { accountTexts, legalTexts } from '@domain/messages.js';
import { useLoginMutations, type SocialProviderName } from './useLoginMutations';
import { useToast } from '../ui/toast/ToastProvider';
import { failureMessage, MutationFailure } from '../app/relay/mutationFailure';
import { loadSocialSdks, reloadSocialSdk, sdkFailed, sdkWindow, whenGoogleReady, type SdkProvider } from './socialSdks';
import { characterLimit, FormError } from '../ui/FormParts';
import { onTabListKeyDown, tabIndexOf } from '../ui/tabKeys';

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
  /** What is wrong with the identifier, said at its field (001 §5). */
  const [identifierError, setIdentifierError] = useState<string | null>(null);
  const { loginWithPassword, loginWithProvider, inFlight } = useLoginMutations();
  /**
   * From the press of 로그인 until the panel leaves the screen, reset only by a failure: a login that succeeded keeps the
   * form in progress while the app moves on (the next screen's code can take a moment), so it is never offered again.
   */
  const [loggingIn, setLoggingIn] = useState(false);
  const busy = inFlight || loggingIn;
  const toast = useToast();
  const passwordRef = useRef<HTMLInputElement>(null);
  const identifierId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (step === 'password') passwordRef.current?.focus();
  }, [step]);
  const [providersRef, loadProviders] = useQueryLoader<LoginPanelProvidersQuery>(PROVIDERS_QUERY);
  useEffect(() => loadProviders({}, { fetchPolicy: 'store-or-network' }), [loadProviders]);
  const abort = useRef(new AbortController());
  useEffect(() => () => abort.current.abort(), []);

  // Until the member picks a tab: with no quick login on (a server without any provider's keys), that tab would be a
  // dead end of disabled buttons, so the e-mail or phone login is shown instead.
  const tabChosen = useRef(false);
  const noQuickLogin = useCallback(() => {
    if (!tabChosen.current) setTab('phone');
  }, []);

  function switchTab(next: Tab) {
    tabChosen.current = true;
    setTab(next);
    setStep('identifier');
    setIdentifier('');
    setPassword('');
    setShowPassword(false);
    setError(null);
    setIdentifierError(null);
  }

  function succeed() {
    toast.show(t.success, 'success');
    onLoggedIn();
  }

  const identifierBlank = identifier.trim() === '';
  const passwordValid = isSheetPassword(password);

  function next() {
    // Blank and malformed are told apart, before any request (001 §5: neither an e-mail nor a mobile number).
    if (identifierBlank || !isLoginIdentifier(identifier)) {
      setIdentifierError(identifierBlank ? accountTexts.validation.identifierRequired : accountTexts.validation.identifierInvalid);
      return;
    }
    setIdentifierError(null);
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
    if (!passwordValid || busy) return;
    setError(null);
    setLoggingIn(true);
    try {
      await loginWithPassword(identifier.trim(), password);
    } catch (failure) {
      setLoggingIn(false);
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
    setLoggingIn(true);
    await loginWithProvider(provider, accessToken).then(succeed, (error) => {
      setLoggingIn(false);
      // An e-mail that belongs to a password account: the server's message says how to link it (log in first).
      toast.show(error instanceof MutationFailure && error.code === 'CONFLICT' ? error.message : failure, 'error');
    });
  }

  async function google(clientId: string) {
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
          client_id: clientId,
          scope: 'openid email profile',
          callback: (answer) =>
            answer.error ? toast.show(social.googleFailed, 'error') : void finishSocial('google', answer.access_token, social.googleProcessingFailed),
        })
        .requestAccessToken();
    } catch {
      toast.show(social.googleFailed, 'error');
    }
  }

  function kakao(jsKey: string) {
    const sdk = sdkWindow().Kakao;
    if (!sdk) {
      if (sdkFailed('kakao')) toast.show(social.kakaoSdkMissing, 'error');
      else toast.show(social.kakaoPreparing, 'info');
      return;
    }
    try {
      if (!sdk.isInitialized()) sdk.init(jsKey);
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

  async function apple(clientId: string) {
    const sdk = sdkWindow().AppleID;
    if (!sdk) {
      // A script that failed to load is asked for again, so the next tap can work; one still loading is preparing.
      if (sdkFailed('apple')) {
        toast.show(social.appleSdkFailed, 'error');
        reloadSocialSdk('apple');
      } else toast.show(social.applePreparing, 'info');
      return;
    }
    try {
      sdk.auth.init({ clientId, scope: 'name email', redirectURI: `${window.location.origin}/login`, usePopup: true });
      const answer = await sdk.auth.signIn();
      await finishSocial('apple', answer.authorization?.id_token, social.appleProcessingFailed);
    } catch {
      toast.show(social.appleProcessingFailed, 'error');
    }
  }

  const onTap: OnTap = { google: (clientId) => void google(clientId), kakao, apple: (clientId) => void apple(clientId) };

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
      <div className="login-panel__tabs" role="tablist" onKeyDown={onTabListKeyDown}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'social'}
          tabIndex={tabIndexOf(tab === 'social')}
          className="login-panel__tab"
          onClick={() => switchTab('social')}
        >
          {t.quickTab}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'phone'}
          tabIndex={tabIndexOf(tab === 'phone')}
          className="login-panel__tab"
          onClick={() => switchTab('phone')}
        >
          {t.phoneTab}
        </button>
      </div>

      {tab === 'social' ? (
        <div className="login-panel__social" role="tabpanel">
          {providersRef ? (
            <Suspense fallback={<SocialButtons providers={null} disabled onTap={onTap} />}>
              <LoadedSocialButtons queryRef={providersRef} disabled={busy} onTap={onTap} onNoneOn={noQuickLogin} />
            </Suspense>
          ) : (
            <SocialButtons providers={null} disabled onTap={onTap} />
          )}
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
            onChange={(event) => {
              setIdentifier(event.target.value);
              setIdentifierError(null);
            }}
            onKeyDown={onIdentifierKey}
            aria-invalid={identifierError ? true : undefined}
            aria-describedby={identifierError ? `${identifierId}-error` : undefined}
            autoFocus
          />
          {identifierError ? (
            <p id={`${identifierId}-error`} className="field__error" role="alert">
              {identifierError}
            </p>
          ) : null}
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
              value={password}
              {...characterLimit(LOGIN_SHEET_PASSWORD_MAX, setPassword)}
              onKeyDown={onPasswordKey}
            />
            <button type="button" className="password-field__toggle" onClick={() => setShowPassword((shown) => !shown)}>
              {showPassword ? t.hide : t.show}
            </button>
          </div>
          {/* Not a live region: a screen reader would tell the password's length to anyone listening at every key. */}
          <p className="password-field__counter">{t.counter(characterCount(password), LOGIN_SHEET_PASSWORD_MAX)}</p>
          <button type="button" className="button button--primary login-panel__submit" disabled={!passwordValid || busy} onClick={() => void submit()}>
            {busy ? t.loggingIn : t.submit}
          </button>
          <div className="login-panel__links">
            <button type="button" className="link-button" onClick={back}>
              {t.back}
            </button>
            {/* The e-mail typed here goes along (in the history entry, not the address), so the reset form starts with it. */}
            <Link
              to="/login/set-password"
              state={identifier.includes('@') ? { email: identifier.trim() } : undefined}
              className="link-button"
              onClick={onNavigateAway}
            >
              {t.forgotPassword}
            </Link>
          </div>
        </div>
      )}
      {busy ? <p className="login-panel__loading">{t.loggingIn}</p> : null}
      <FormError error={error} className="login-panel__error" />
    </div>
  );
}

type ProviderStates = LoginPanelProvidersQuery['response']['loginProviders'];
type OnTap = Record<SdkProvider, (clientId: string) => void>;

const PROVIDERS_QUERY = graphql`
  query LoginPanelProvidersQuery {
    loginProviders {
      provider
      enabled
      clientId
    }
  }
`;

/** The quick-login buttons once the server has said which providers are on; their SDKs start loading then. */
function LoadedSocialButtons({
  queryRef,
  disabled,
  onTap,
  onNoneOn,
}: {
  queryRef: PreloadedQuery<LoginPanelProvidersQuery>;
  disabled: boolean;
  onTap: OnTap;
  onNoneOn: () => void;
}) {
  const loginProviders = usePreloadedQuery<LoginPanelProvidersQuery>(PROVIDERS_QUERY, queryRef).loginProviders ?? [];
  const on = loginProviders.filter((state) => state.enabled && state.clientId).map((state) => state.provider.toLowerCase() as SdkProvider);
  const key = on.join(',');
  useEffect(() => loadSocialSdks(key ? (key.split(',') as SdkProvider[]) : []), [key]);
  useEffect(() => {
    if (!key) onNoneOn();
  }, [key, onNoneOn]);
  return <SocialButtons providers={loginProviders} disabled={disabled} onTap={onTap} />;
}

const PROVIDERS: readonly SdkProvider[] = ['google', 'kakao', 'apple'];

/**
 * Google, Kakao and Apple in that order. A provider the server has not turned on (or while the list loads) is
 * disabled; an off one says 준비 중 under its button.
 */
function SocialButtons({ providers, disabled, onTap }: { providers: ProviderStates | null; disabled: boolean; onTap: OnTap }) {
  const noteId = useId();
  return (
    <>
      {PROVIDERS.map((provider) => {
        const state = providers?.find((candidate) => candidate.provider.toLowerCase() === provider);
        const clientId = state?.enabled ? state.clientId : null;
        const off = providers !== null && !clientId;
        return (
          <div key={provider} className="social-login">
            <button
              type="button"
              className={`social-button social-button--${provider}`}
              onClick={() => clientId && onTap[provider](clientId)}
              disabled={disabled || !clientId}
              aria-describedby={off ? `${noteId}-${provider}` : undefined}
            >
              {t[provider]}
            </button>
            {off ? (
              <p id={`${noteId}-${provider}`} className="social-login__off">
                {social.providerOff[provider]}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
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
