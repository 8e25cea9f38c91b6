import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

/**
 * Local stand-ins for the three providers, answering as each documents: Google's tokeninfo, Kakao's
 * user info (Bearer token) and Apple's JWKS. They are the only stand-ins: the upstream is real.
 */
interface Providers {
  url: string;
  googleTokens: Map<string, Record<string, unknown>>;
  kakaoTokens: Map<string, Record<string, unknown>>;
  jwks: { keys: JWK[] };
  close(): Promise<void>;
}

async function startProviders(): Promise<Providers> {
  const googleTokens = new Map<string, Record<string, unknown>>();
  const kakaoTokens = new Map<string, Record<string, unknown>>();
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
    if (url.pathname === '/kakao/v2/user/me') {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const info = kakaoTokens.get(token);
      return info ? answer(200, info) : answer(401, { msg: 'this access token does not exist', code: -401 });
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
    jwks,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const APPLE_CLIENT_ID = 'community.slime.web';
const APPLE_ISSUER = 'https://appleid.apple.com';

describe('social login against provider stand-ins', () => {
  let upstream: RunningUpstream;
  let providers: Providers;
  let appleKey: CryptoKey;
  let strangerKey: CryptoKey;
  const saved = { ...process.env };

  beforeAll(async () => {
    providers = await startProviders();
    const pair = await generateKeyPair('RS256');
    appleKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    providers.jwks.keys.push({ ...(await exportJWK(pair.publicKey)), kid: 'apple-test-key', alg: 'RS256', use: 'sig' });
    Object.assign(process.env, {
      GOOGLE_TOKENINFO_URL: `${providers.url}/google/tokeninfo`,
      GOOGLE_CLIENT_ID: 'slime-google-client',
      KAKAO_USER_INFO_URL: `${providers.url}/kakao/v2/user/me`,
      APPLE_JWKS_URL: `${providers.url}/apple/auth/keys`,
      APPLE_CLIENT_ID,
      APPLE_ISSUER,
    });
    upstream = await startUpstream();
  }, 60_000);
  afterAll(async () => {
    process.env = saved;
    await upstream?.stop();
    await providers?.close();
  });

  const socialLogin = (provider: string, accessToken: string) =>
    send('POST', `${upstream.url}/v1/user/${provider}/login/`, { access_token: accessToken, device_id: 'web' });

  async function appleToken(claims: Record<string, unknown>, options: { key?: CryptoKey; audience?: string; issuer?: string; expiresIn?: string | number } = {}) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'apple-test-key' })
      .setIssuer(options.issuer ?? APPLE_ISSUER)
      .setAudience(options.audience ?? APPLE_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(options.key ?? appleKey);
  }

  it('Google: a new identity creates a member, a known one logs the same member in', async () => {
    providers.googleTokens.set('google-token-1', { sub: '1094', aud: 'slime-google-client', azp: 'slime-google-client', email: 'gamer@gmail.com', email_verified: 'true', exp: String(Math.floor(Date.now() / 1000) + 3600) });
    const first = await socialLogin('google', 'google-token-1');
    expect(first.status).toBe(200);
    expect(first.body.is_new_user).toBe(true);
    expect(first.body.user.email).toBe('gamer@gmail.com');
    expect((await send('GET', `${upstream.url}/users/me`, undefined, first.body.token)).body.id).toBe(first.body.user.id);
    const again = await socialLogin('google', 'google-token-1');
    expect(again.body).toMatchObject({ is_new_user: false, user: { id: first.body.user.id } });
  });

  it('Google: an unknown token or one issued to another client is rejected', async () => {
    expect((await socialLogin('google', 'forged')).status).toBe(401);
    providers.googleTokens.set('google-other-client', { sub: '77', aud: 'someone-else', azp: 'someone-else', email: 'x@gmail.com', email_verified: 'true' });
    const other = await socialLogin('google', 'google-other-client');
    expect(other.status).toBe(401);
    expect(other.body.message).toBe(accountTexts.errors.socialTokenInvalid);
  });

  it('Kakao: user info by Bearer token; a verified e-mail joins the existing member', async () => {
    providers.kakaoTokens.set('kakao-1', { id: 3141592, kakao_account: { email: 'seaslime@slime.community', is_email_verified: true, is_email_valid: true, profile: { nickname: '카카오슬라임' } } });
    providers.kakaoTokens.set('kakao-2', { id: 2718281, kakao_account: { profile: { nickname: '카톡회원' } } });
    const joined = await socialLogin('kakao', 'kakao-1');
    expect(joined.body).toMatchObject({ is_new_user: false, user: { id: 9, nickname: '바다슬라임' } });
    const created = await socialLogin('kakao', 'kakao-2');
    expect(created.body).toMatchObject({ is_new_user: true, user: { nickname: '카톡회원' } });
    expect((await socialLogin('kakao', 'kakao-2')).body.is_new_user).toBe(false);
    expect((await socialLogin('kakao', 'expired-kakao')).status).toBe(401);
  });

  it('Apple: a signed identity token with the right issuer, audience and expiry logs in', async () => {
    const token = await appleToken({ sub: '001234.apple', email: 'hidden@privaterelay.appleid.com', email_verified: 'true' });
    const first = await socialLogin('apple', token);
    expect(first.status).toBe(200);
    expect(first.body.is_new_user).toBe(true);
    const again = await socialLogin('apple', await appleToken({ sub: '001234.apple' }));
    expect(again.body).toMatchObject({ is_new_user: false, user: { id: first.body.user.id } });
  });

  it('Apple: forged tokens are rejected (bad signature, wrong audience, wrong issuer, expired)', async () => {
    const forged = [
      await appleToken({ sub: 'forger' }, { key: strangerKey }),
      await appleToken({ sub: 'forger' }, { audience: 'another.app' }),
      await appleToken({ sub: 'forger' }, { issuer: 'https://evil.example.com' }),
      await appleToken({ sub: 'forger' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      'not-a-jwt',
    ];
    for (const token of forged) {
      const answer = await socialLogin('apple', token);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(accountTexts.errors.socialTokenInvalid);
    }
  });

  it('requires an access token', async () => {
    const answer = await socialLogin('google', '');
    expect(answer.status).toBe(422);
    expect(answer.body.details[0].message).toBe(accountTexts.validation.accessTokenRequired);
  });
});
