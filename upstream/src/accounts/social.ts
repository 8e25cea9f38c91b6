import { createRemoteJWKSet, jwtVerify } from 'jose';
import { request } from 'undici';
import { HTTP_TIMEOUT_MS } from '../../../domain/limits.js';
import type { SocialProvider } from '../../../domain/limits.js';

/** Who the provider says the token belongs to. */
export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  nickname: string | null;
  profileImage: string | null;
}

/**
 * Where each provider's documented verification lives and which app tokens must be issued for. Read from the
 * environment on every call so a deployment (or a test's local stand-in) can point them elsewhere:
 * GOOGLE_CLIENT_ID, GOOGLE_TOKENINFO_URL; KAKAO_APP_ID, KAKAO_JS_KEY, KAKAO_TOKEN_INFO_URL, KAKAO_USER_INFO_URL;
 * APPLE_CLIENT_ID, APPLE_JWKS_URL, APPLE_ISSUER. A provider whose app id is not configured is off.
 */
export function socialConfig() {
  const env = process.env;
  return {
    googleTokenInfoUrl: env.GOOGLE_TOKENINFO_URL || 'https://oauth2.googleapis.com/tokeninfo',
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    kakaoTokenInfoUrl: env.KAKAO_TOKEN_INFO_URL || 'https://kapi.kakao.com/v1/user/access_token_info',
    kakaoUserInfoUrl: env.KAKAO_USER_INFO_URL || 'https://kapi.kakao.com/v2/user/me',
    kakaoAppId: env.KAKAO_APP_ID || null,
    /** The JavaScript key the web's Kakao SDK is initialised with (public: it is sent to every browser). */
    kakaoJsKey: env.KAKAO_JS_KEY || null,
    appleJwksUrl: env.APPLE_JWKS_URL || 'https://appleid.apple.com/auth/keys',
    appleIssuer: env.APPLE_ISSUER || 'https://appleid.apple.com',
    appleClientId: env.APPLE_CLIENT_ID || null,
  };
}

/** Whether a provider's login is on, and the public id its browser SDK is started with (null while off). */
export interface SocialProviderState {
  provider: SocialProvider;
  enabled: boolean;
  clientId: string | null;
}

/** Each provider is on exactly when the app its tokens must be issued for is configured. */
export function socialProviderStates(): SocialProviderState[] {
  const config = socialConfig();
  return [
    { provider: 'google', enabled: Boolean(config.googleClientId), clientId: config.googleClientId },
    { provider: 'kakao', enabled: Boolean(config.kakaoAppId), clientId: config.kakaoAppId ? config.kakaoJsKey : null },
    { provider: 'apple', enabled: Boolean(config.appleClientId), clientId: config.appleClientId },
  ];
}

export function socialProviderEnabled(provider: SocialProvider): boolean {
  return socialProviderStates().some((state) => state.provider === provider && state.enabled);
}

/** The provider rejected the token, or it could not be checked. */
export class SocialTokenError extends Error {}

async function fetchJson(url: string, headers: Record<string, string> = {}): Promise<Record<string, any>> {
  let response;
  try {
    response = await request(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (error) {
    throw new SocialTokenError(`provider unreachable: ${(error as Error).message}`);
  }
  const body = (await response.body.json().catch(() => null)) as Record<string, any> | null;
  if (response.statusCode !== 200 || !body) throw new SocialTokenError(`provider answered ${response.statusCode}`);
  return body;
}

/** Google: the tokeninfo endpoint answers the token's `sub`, `aud`, `email` (and 400 for a bad token). */
async function verifyGoogle(accessToken: string): Promise<SocialIdentity> {
  const config = socialConfig();
  if (!config.googleClientId) throw new SocialTokenError('GOOGLE_CLIENT_ID is not configured');
  const url = new URL(config.googleTokenInfoUrl);
  url.searchParams.set('access_token', accessToken);
  const info = await fetchJson(url.toString());
  // A token minted for any other app (another site's Google login) must not log in here.
  if (info.aud !== config.googleClientId && info.azp !== config.googleClientId) {
    throw new SocialTokenError('token issued to another client');
  }
  if (info.exp !== undefined && Number(info.exp) * 1000 <= Date.now()) throw new SocialTokenError('token expired');
  if (!info.sub) throw new SocialTokenError('no subject');
  return {
    provider: 'google',
    subject: String(info.sub),
    email: typeof info.email === 'string' ? info.email : null,
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    nickname: typeof info.name === 'string' ? info.name : null,
    profileImage: typeof info.picture === 'string' ? info.picture : null,
  };
}

/**
 * Kakao: the token-info endpoint names the app the token was issued to (`app_id`), which must be ours; then
 * user info. Both with `Authorization: Bearer <access token>` (401 for a bad token).
 */
async function verifyKakao(accessToken: string): Promise<SocialIdentity> {
  const config = socialConfig();
  if (!config.kakaoAppId) throw new SocialTokenError('KAKAO_APP_ID is not configured');
  const authorization = { authorization: `Bearer ${accessToken}` };
  const tokenInfo = await fetchJson(config.kakaoTokenInfoUrl, authorization);
  if (String(tokenInfo.app_id) !== config.kakaoAppId) throw new SocialTokenError('token issued to another app');
  if (tokenInfo.expires_in !== undefined && Number(tokenInfo.expires_in) <= 0) throw new SocialTokenError('token expired');
  const info = await fetchJson(config.kakaoUserInfoUrl, authorization);
  if (tokenInfo.id !== undefined && String(tokenInfo.id) !== String(info.id)) throw new SocialTokenError('token and user info disagree');
  if (info.id === undefined || info.id === null) throw new SocialTokenError('no id');
  const account = info.kakao_account ?? {};
  const profile = account.profile ?? info.properties ?? {};
  return {
    provider: 'kakao',
    subject: String(info.id),
    email: typeof account.email === 'string' ? account.email : null,
    emailVerified: account.is_email_verified === true && account.is_email_valid !== false,
    nickname: profile.nickname ?? null,
    profileImage: profile.profile_image_url ?? profile.profile_image ?? null,
  };
}

const appleKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Apple: the identity token is a JWT signed with one of Apple's published keys; issuer, audience and expiry must hold. */
async function verifyApple(identityToken: string): Promise<SocialIdentity> {
  const config = socialConfig();
  if (!config.appleClientId) throw new SocialTokenError('APPLE_CLIENT_ID is not configured');
  let keys = appleKeySets.get(config.appleJwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(config.appleJwksUrl), { timeoutDuration: HTTP_TIMEOUT_MS });
    appleKeySets.set(config.appleJwksUrl, keys);
  }
  try {
    const { payload } = await jwtVerify(identityToken, keys, {
      issuer: config.appleIssuer,
      audience: config.appleClientId,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp'],
    });
    return {
      provider: 'apple',
      subject: String(payload.sub),
      email: typeof payload.email === 'string' ? payload.email : null,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      nickname: null,
      profileImage: null,
    };
  } catch (error) {
    throw new SocialTokenError(`identity token rejected: ${(error as Error).message}`);
  }
}

const VERIFIERS: Record<SocialProvider, (token: string) => Promise<SocialIdentity>> = { google: verifyGoogle, kakao: verifyKakao, apple: verifyApple };

export function verifySocialToken(provider: SocialProvider, token: string): Promise<SocialIdentity> {
  return VERIFIERS[provider](token);
}
