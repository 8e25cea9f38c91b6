import { GOOGLE_SDK_RETRY_MS } from '@domain/limits.js';
import { SOCIAL_SDKS } from '@domain/social-sdks.js';

/**
 * The providers' browser SDKs (002 §1): loaded when the login sheet opens, only for the providers the server has
 * turned on (Query.loginProviders, which also answers the public id each SDK starts with), used when a button is tapped.
 */
const SDK_URLS = { google: SOCIAL_SDKS.google.script, kakao: SOCIAL_SDKS.kakao.script, apple: SOCIAL_SDKS.apple.script } as const;

interface GoogleTokenClient {
  requestAccessToken(): void;
}
interface SdkWindow {
  google?: {
    accounts?: {
      oauth2?: {
        initTokenClient(config: { client_id: string; scope: string; callback: (answer: { access_token?: string; error?: string }) => void }): GoogleTokenClient;
      };
    };
  };
  Kakao?: {
    isInitialized(): boolean;
    init(key: string): void;
    Auth?: { login?(options: { success: (answer: { access_token: string }) => void; fail: (error: unknown) => void }): void };
  };
  AppleID?: { auth: { init(config: Record<string, unknown>): void; signIn(): Promise<{ authorization?: { id_token?: string } }> } };
}
export const sdkWindow = () => window as unknown as SdkWindow;

export type SdkProvider = keyof typeof SDK_URLS;

const sdkScript = (provider: SdkProvider) => document.querySelector<HTMLScriptElement>(`script[data-sdk="${provider}"]`);

/** Whether the provider's script could not be loaded at all (as opposed to still loading): it is marked `data-failed`. */
export const sdkFailed = (provider: SdkProvider) => sdkScript(provider)?.dataset.failed !== undefined;

/** Asks for a provider's script again after it failed to load (a tap on its button retries). */
export function reloadSocialSdk(provider: SdkProvider): void {
  sdkScript(provider)?.remove();
  loadSocialSdks([provider]);
}

/** Adds the SDK script of each provider named, once; one still loading leaves its provider "preparing", one that failed is remembered. */
export function loadSocialSdks(providers: readonly SdkProvider[]): void {
  for (const provider of providers) {
    const src = SDK_URLS[provider];
    if (sdkScript(provider)) continue;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.sdk = provider;
    script.addEventListener('error', () => (script.dataset.failed = ''));
    document.head.appendChild(script);
  }
}

/** Waits for Google's SDK, checking every 500 ms (001 §4, §9); null when it never arrives. */
export function whenGoogleReady(attempts: number, signal: AbortSignal): Promise<NonNullable<NonNullable<SdkWindow['google']>['accounts']>['oauth2'] | null> {
  return new Promise((resolve) => {
    let left = attempts;
    const check = () => {
      const oauth2 = sdkWindow().google?.accounts?.oauth2;
      if (oauth2) return resolve(oauth2);
      if (signal.aborted || left-- <= 0) return resolve(null);
      window.setTimeout(check, GOOGLE_SDK_RETRY_MS);
    };
    check();
  });
}
