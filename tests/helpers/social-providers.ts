import { afterAll, beforeAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

/**
 * Local stand-ins for the three providers, answering as each documents: Google's tokeninfo, Kakao's
 * token info and user info (Bearer token) and Apple's JWKS. They are the only stand-ins: the upstream is real.
 */
export interface Providers {
  url: string;
  /** Google tokeninfo answers by access token (`aud`/`azp` name the app it was issued to). */
  googleTokens: Map<string, Record<string, unknown>>;
  /** Kakao user info by access token; the token was issued to KAKAO_APP_ID unless `kakaoApps` names another app. */
  kakaoTokens: Map<string, Record<string, unknown>>;
  kakaoApps: Map<string, number>;
  jwks: { keys: JWK[] };
  close(): Promise<void>;
}

export async function startProviders(): Promise<Providers> {
  const googleTokens = new Map<string, Record<string, unknown>>();
  const kakaoTokens = new Map<string, Record<string, unknown>>();
  const kakaoApps = new Map<string, number>();
  const jwks = { keys: [] as JWK[] };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/google/tokeninfo') {
      const info = googleTokens.get(url.searchParams.get('access_token') ?? '');
      return info ? answer(200, info) : answer(400, { error: 'invalid_token', error_description: 'Invalid Value' });
    }
    if (url.pathname === '/kakao/v2/user/me' || url.pathname === '/kakao/v1/user/access_token_info') {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const info = kakaoTokens.get(token);
      if (!info) return answer(401, { msg: 'this access token does not exist', code: -401 });
      if (url.pathname === '/kakao/v2/user/me') return answer(200, info);
      return answer(200, { id: info.id, app_id: kakaoApps.get(token) ?? Number(KAKAO_APP_ID), expires_in: 21599 });
    }
    if (url.pathname === '/apple/auth/keys') return answer(200, jwks);
    answer(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    googleTokens,
    kakaoTokens,
    kakaoApps,
    jwks,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const APPLE_CLIENT_ID = 'community.slime.web';
export const APPLE_ISSUER = 'https://appleid.apple.com';
export const GOOGLE_CLIENT_ID = 'slime-google-client';
export const KAKAO_APP_ID = '1048576';
export const KAKAO_JS_KEY = 'slime-kakao-js-key';
/** Another site's app at each provider: tokens issued to it must not log in here. */
export const OTHER_GOOGLE_CLIENT_ID = 'another-site-google-client';
export const OTHER_KAKAO_APP_ID = 2097152;

/** A Google access token the stand-in answers for, issued to our client unless `audience` names another. */
export function issueGoogleToken(providers: Providers, token: string, claims: Record<string, unknown>, audience = GOOGLE_CLIENT_ID): string {
  providers.googleTokens.set(token, { aud: audience, azp: audience, exp: String(Math.floor(Date.now() / 1000) + 3600), ...claims });
  return token;
}

/** A Kakao access token the stand-in answers for, issued to our app unless `appId` names another. */
export function issueKakaoToken(providers: Providers, token: string, userInfo: Record<string, unknown>, appId = Number(KAKAO_APP_ID)): string {
  providers.kakaoTokens.set(token, userInfo);
  providers.kakaoApps.set(token, appId);
  return token;
}

/** Points the upstream's provider checks at the stand-ins (read on every call); answers a function that undoes it. */
export function useProviders(providers: Providers): () => void {
  const saved = { ...process.env };
  Object.assign(process.env, {
    GOOGLE_TOKENINFO_URL: `${providers.url}/google/tokeninfo`,
    GOOGLE_CLIENT_ID,
    KAKAO_TOKEN_INFO_URL: `${providers.url}/kakao/v1/user/access_token_info`,
    KAKAO_USER_INFO_URL: `${providers.url}/kakao/v2/user/me`,
    KAKAO_APP_ID,
    KAKAO_JS_KEY,
    APPLE_JWKS_URL: `${providers.url}/apple/auth/keys`,
    APPLE_CLIENT_ID,
    APPLE_ISSUER,
  });
  return () => {
    process.env = saved;
  };
}

/** An Apple signing key published in the stand-in's JWKS, and a signer for identity tokens. */
export async function appleSigner(providers: Providers) {
  const pair = await generateKeyPair('RS256');
  const strangerKey = (await generateKeyPair('RS256')).privateKey;
  providers.jwks.keys.push({ ...(await exportJWK(pair.publicKey)), kid: 'apple-test-key', alg: 'RS256', use: 'sig' });
  const sign = (claims: Record<string, unknown>, options: { key?: CryptoKey; audience?: string; issuer?: string; expiresIn?: string | number } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'apple-test-key' })
      .setIssuer(options.issuer ?? APPLE_ISSUER)
      .setAudience(options.audience ?? APPLE_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(options.key ?? pair.privateKey);
  return { sign, strangerKey };
}

export interface ProviderStandIns {
  providers: Providers;
  apple: Awaited<ReturnType<typeof appleSigner>>;
}

/**
 * The stand-ins for the enclosing suite: started with an Apple signing key before it, the environment pointed at
 * them (call this before starting what reads it), and all undone after it.
 */
export function useProviderStandIns(): ProviderStandIns {
  const standIns = {} as ProviderStandIns;
  let restoreEnvironment: (() => void) | undefined;
  beforeAll(async () => {
    standIns.providers = await startProviders();
    standIns.apple = await appleSigner(standIns.providers);
    restoreEnvironment = useProviders(standIns.providers);
  });
  afterAll(async () => {
    restoreEnvironment?.();
    await standIns.providers?.close();
  });
  return standIns;
}
