import { use, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, getRequest, type IEnvironment } from 'relay-runtime';
import { Link } from 'react-router-dom';
import type { LoginPanelProvidersQuery } from '../__generated__/LoginPanelProvidersQuery.graphql';
import { isLoginIdentifier, isSheetPassword } from '@domain/accountRules.js';
import { LOGIN_SHEET_PASSWORD_MAX, characterCount } from '@domain/limits.js';
import { accountTexts, legalTexts } from '@domain/messages.js';
import { useLoginMutations, type SocialProviderName } from './useLoginMutations';
import { useToast } from '../ui/toast/ToastProvider';
import { failureMessage, MutationFailure } from '../app/relay/mutationFailure';
import { loadSocialSdks, reloadSocialSdk, sdkFailed, sdkWindow, whenGoogleReady, type SdkProvider } from './socialSdks';
import { CutMessage, FormError, useCharacterLimit } from '../ui/FormParts';
import { onTabListKeyDown, tabIndexOf } from '../ui/tabKeys';

const t = accountTexts.sheet;
const social = accountTexts.social;

type Tab = 'social' | 'phone';

/** How many 500 ms checks for the Google SDK before giving up (5 s). */
const GOOGLE_READY_CHECKS = 10;

/**
 * The login sheet's content (001 §2): quick login with Google, Kakao and Apple, and the two-step
 * e-mail-or-phone login. Used by the bottom sheet and by /login/sign-in. It draws once the server has said which
 * providers are on (useLoginProviders): the quick-login tab is there from the first frame, first and selected, when at
 * least one is on, and never at all when none is (a tab of disabled buttons would lead nowhere): the e-mail or phone
 * login then stands alone, without tabs.
 */
export function LoginPanel({ onLoggedIn, onNavigateAway }: { onLoggedIn: () => void; onNavigateAway?: () => void }) {
  const providers = useLoginProviders();
  const quickLogins = providers.filter((state) => state.enabled && state.clientId).map((state) => state.provider.toLowerCase() as SdkProvider);
  const withTabs = quickLogins.length > 0;
  const [tab, setTab] = useState<Tab>(withTabs ? 'social' : 'phone');
  const [step, setStep] = useState<'identifier' | 'password'>('identifier');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** What is wrong with the identifier, said at its field (001 §5). */
  const [identifierError, setIdentifierError] = useState<string | null>(null);
  /** What is wrong with the password typed, said at its field once 로그인 is pressed (nothing is sent). */
  const [passwordError, setPasswordError] = useState<string | null>(null);
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
  const errorId = useId();
  /** Refused for its e-mail or phone and password: the password field is marked wrong and names the message. */
  const credentialsRefused = error === accountTexts.errors.loginFailed;
  const identifierRef = useRef<HTMLInputElement>(null);

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
    setIdentifierError(null);
    setPasswordError(null);
  }

  function succeed() {
    toast.show(t.success, 'success');
    onLoggedIn();
  }

  const identifierBlank = identifier.trim() === '';
  const passwordValid = isSheetPassword(password);
  /** The sheet's box takes 20 characters (001 §5): a longer paste is cut, and the cut is said, not left to the count. */
  const passwordLimit = useCharacterLimit(LOGIN_SHEET_PASSWORD_MAX, password, (value) => {
    setPassword(value);
    setPasswordError(null);
  });

  function next() {
    // Blank and malformed are told apart, before any request (001 §5: neither an e-mail nor a mobile number).
    if (identifierBlank || !isLoginIdentifier(identifier)) {
      setIdentifierError(identifierBlank ? accountTexts.validation.identifierRequired : accountTexts.validation.identifierInvalid);
      identifierRef.current?.focus();
      return;
    }
    setIdentifierError(null);
    setError(null);
    setStep('password');
  }

  function back() {
    setPassword('');
    setPasswordError(null);
    setShowPassword(false);
    setError(null);
    setStep('identifier');
  }

  async function submit() {
    if (busy) return;
    if (!passwordValid) {
      setPasswordError(password ? accountTexts.validation.sheetPassword : accountTexts.validation.passwordRequired);
      passwordRef.current?.focus();
      return;
    }
    setError(null);
    setLoggingIn(true);
    try {
      await loginWithPassword(identifier.trim(), password);
    } catch (failure) {
      setLoggingIn(false);
      const message = failureMessage(failure, social.identifierLoginFailed);
      setError(message);
      // Back to the password to type it again, as the journeys' forms put focus on a refused field.
      if (message === accountTexts.errors.loginFailed) passwordRef.current?.focus();
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
      {withTabs ? (
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
      ) : null}

      {tab === 'social' ? (
        <div className="login-panel__social" role="tabpanel">
          <QuickLogins providers={providers} on={quickLogins} disabled={busy} onTap={onTap} />
        </div>
      ) : step === 'identifier' ? (
        <div className="login-panel__form" role={withTabs ? 'tabpanel' : undefined}>
          <label htmlFor={identifierId} className="field-label">
            {t.identifierLabel}
          </label>
          <input
            ref={identifierRef}
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
            data-autofocus
          />
          {identifierError ? (
            <p id={`${identifierId}-error`} className="field__error" role="alert">
              {identifierError}
            </p>
          ) : null}
          <button type="button" className="button button--primary login-panel__submit" aria-disabled={identifierBlank || undefined} onClick={next}>
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
        <div className="login-panel__form" role={withTabs ? 'tabpanel' : undefined}>
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
              {...passwordLimit.limit}
              onKeyDown={onPasswordKey}
              aria-invalid={credentialsRefused || passwordError ? true : undefined}
              aria-describedby={
                [credentialsRefused ? errorId : passwordError ? `${passwordId}-error` : undefined, passwordLimit.messageId].filter(Boolean).join(' ') ||
                undefined
              }
            />
            <button type="button" className="password-field__toggle" onClick={() => setShowPassword((shown) => !shown)}>
              {showPassword ? t.hide : t.show}
            </button>
          </div>
          {/* Not a live region: a screen reader would tell the password's length to anyone listening at every key. */}
          <p className="password-field__counter">{t.counter(characterCount(password), LOGIN_SHEET_PASSWORD_MAX)}</p>
          <CutMessage message={passwordLimit.message} id={passwordLimit.messageId} />
          {passwordError ? (
            <p id={`${passwordId}-error`} className="field__error" role="alert">
              {passwordError}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary login-panel__submit"
            disabled={busy}
            aria-disabled={!passwordValid || undefined}
            onClick={() => void submit()}
          >
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
      <FormError error={error} className="login-panel__error" id={errorId} />
    </div>
  );
}

type ProviderStates = NonNullable<LoginPanelProvidersQuery['response']['loginProviders']>;
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

/** How long a login panel opening waits for the provider list before it draws the e-mail or phone login alone. */
const PROVIDERS_WAIT_MS = 1000;

/** The server's provider list once it has answered: kept for the page's life, so later openings draw at once. */
let answeredProviders: ProviderStates | null = null;
/** What the panel being opened waits for: the list, or none when it did not come in time or failed. */
let providersWait: Promise<ProviderStates> | null = null;

function askProviders(environment: IEnvironment): Promise<ProviderStates> {
  const operation = createOperationDescriptor(getRequest(PROVIDERS_QUERY), {});
  const answer = environment
    .execute({ operation })
    .toPromise()
    .then(() => {
      const { loginProviders } = environment.lookup(operation.fragment).data as LoginPanelProvidersQuery['response'];
      if (!loginProviders) throw new Error('no provider list');
      answeredProviders = loginProviders;
      return loginProviders;
    });
  const tooLate = new Promise<ProviderStates>((resolve) => setTimeout(resolve, PROVIDERS_WAIT_MS, []));
  // Without the list, the e-mail or phone login still works; the next opening asks again.
  return Promise.race([answer, tooLate]).catch(() => []);
}

/**
 * Which providers the server has on, before the login panel draws (it suspends until then; within the sheet the whole
 * sheet waits, so it appears once, complete, its tabs never changing afterwards). The first opening of a page asks when
 * the panel first renders, right as its code has arrived; the answer is kept, so later openings draw at once. The list an
 * opening drew with stays for as long as that panel is open.
 */
function useLoginProviders(): ProviderStates {
  const environment = useRelayEnvironment();
  useEffect(
    () => () => {
      providersWait = null;
    },
    [],
  );
  if (!providersWait && answeredProviders) return answeredProviders;
  providersWait ??= askProviders(environment);
  return use(providersWait);
}

/** The quick-login buttons of the providers the server has on; their SDKs start loading when the tab shows. */
function QuickLogins({ providers, on, disabled, onTap }: { providers: ProviderStates; on: readonly SdkProvider[]; disabled: boolean; onTap: OnTap }) {
  const key = on.join(',');
  useEffect(() => loadSocialSdks(key ? (key.split(',') as SdkProvider[]) : []), [key]);
  return <SocialButtons providers={providers} disabled={disabled} onTap={onTap} />;
}

const PROVIDERS: readonly SdkProvider[] = ['google', 'kakao', 'apple'];

/**
 * Google, Kakao and Apple in that order. A provider the server has not turned on (while another is) is disabled and
 * says 준비 중 under its button.
 */
function SocialButtons({ providers, disabled, onTap }: { providers: ProviderStates; disabled: boolean; onTap: OnTap }) {
  const noteId = useId();
  const clientIdOf = (provider: SdkProvider) => {
    const state = providers.find((candidate) => candidate.provider.toLowerCase() === provider);
    return state?.enabled ? state.clientId : null;
  };
  // The sheet opens with focus on the first provider that is on (not on 닫기, the dialog's first control).
  const first = PROVIDERS.find(clientIdOf);
  return (
    <>
      {PROVIDERS.map((provider) => {
        const clientId = clientIdOf(provider);
        const off = !clientId;
        return (
          <div key={provider} className="social-login">
            <button
              type="button"
              className={`social-button social-button--${provider}`}
              onClick={() => clientId && onTap[provider](clientId)}
              disabled={disabled || !clientId}
              aria-describedby={off ? `${noteId}-${provider}` : undefined}
              data-autofocus={provider === first || undefined}
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
