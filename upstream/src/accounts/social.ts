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
 * Where each provider's documented verification lives. Read from the environment on every call so a
 * deployment (or a test's local stand-in) can point them elsewhere:
 * GOOGLE_TOKENINFO_URL, GOOGLE_CLIENT_ID, KAKAO_USER_INFO_URL, APPLE_JWKS_URL, APPLE_ISSUER, APPLE_CLIENT_ID.
 */
export function socialConfig() {
  const env = process.env;
  return {
    googleTokenInfoUrl: env.GOOGLE_TOKENINFO_URL || 'https://oauth2.googleapis.com/tokeninfo',
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    kakaoUserInfoUrl: env.KAKAO_USER_INFO_URL || 'https://kapi.kakao.com/v2/user/me',
    appleJwksUrl: env.APPLE_JWKS_URL || 'https://appleid.apple.com/auth/keys',
    appleIssuer: env.APPLE_ISSUER || 'https://appleid.apple.com',
    appleClientId: env.APPLE_CLIENT_ID || null,
  };
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
  const url = new URL(config.googleTokenInfoUrl);
  url.searchParams.set('access_token', accessToken);
  const info = await fetchJson(url.toString());
  if (config.googleClientId && info.aud !== config.googleClientId && info.azp !== config.googleClientId) {
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

/** Kakao: user info with `Authorization: Bearer <access token>` (401 for a bad token). */
async function verifyKakao(accessToken: string): Promise<SocialIdentity> {
  const info = await fetchJson(socialConfig().kakaoUserInfoUrl, { authorization: `Bearer ${accessToken}` });
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
