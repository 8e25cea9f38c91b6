import { GOOGLE_SDK_RETRY_MS } from '@domain/limits.js';
import { SOCIAL_SDKS } from '@domain/social-sdks.js';

/**
 * The providers' browser SDKs (002 §1): loaded when the login sheet opens, used when a button is tapped.
 * Client ids come from the build's environment (VITE_GOOGLE_CLIENT_ID, VITE_KAKAO_JS_KEY, VITE_APPLE_CLIENT_ID).
 */
const SDK_URLS = { google: SOCIAL_SDKS.google.script, kakao: SOCIAL_SDKS.kakao.script, apple: SOCIAL_SDKS.apple.script } as const;

const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env ?? {};
export const socialClientIds = {
  google: env.VITE_GOOGLE_CLIENT_ID ?? '',
  kakao: env.VITE_KAKAO_JS_KEY ?? '',
  apple: env.VITE_APPLE_CLIENT_ID ?? '',
};

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

type SdkProvider = keyof typeof SDK_URLS;
const failedSdks = new Set<SdkProvider>();

/** Whether the provider's script could not be loaded at all (as opposed to still loading). */
export const sdkFailed = (provider: SdkProvider) => failedSdks.has(provider);

/** Adds each SDK's script once; one still loading leaves its provider "preparing", one that failed is remembered. */
export function loadSocialSdks(): void {
  for (const [provider, src] of Object.entries(SDK_URLS) as [SdkProvider, string][]) {
    if (document.querySelector(`script[data-sdk="${provider}"]`)) continue;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.sdk = provider;
    script.addEventListener('error', () => failedSdks.add(provider));
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
