import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { useProviderStandIns, type ProviderStandIns } from '../helpers/social-providers.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

describe('social login against provider stand-ins', () => {
  const standIns = useProviderStandIns();
  let upstream: RunningUpstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const socialLogin = (provider: string, accessToken: string) =>
    send('POST', `${upstream.url}/v1/user/${provider}/login/`, { access_token: accessToken, device_id: 'web' });
  const appleToken: ProviderStandIns['apple']['sign'] = (claims, options) => standIns.apple.sign(claims, options);

  it('Google: a new identity creates a member, a known one logs the same member in', async () => {
    standIns.providers.googleTokens.set('google-token-1', {
      sub: '1094',
      aud: 'slime-google-client',
      azp: 'slime-google-client',
      email: 'gamer@gmail.com',
      email_verified: 'true',
      exp: String(Math.floor(Date.now() / 1000) + 3600),
    });
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
    standIns.providers.googleTokens.set('google-other-client', {
      sub: '77',
      aud: 'someone-else',
      azp: 'someone-else',
      email: 'x@gmail.com',
      email_verified: 'true',
    });
    const other = await socialLogin('google', 'google-other-client');
    expect(other.status).toBe(401);
    expect(other.body.message).toBe(accountTexts.errors.socialTokenInvalid);
  });

  it('Kakao: user info by Bearer token; a verified e-mail joins the existing member', async () => {
    standIns.providers.kakaoTokens.set('kakao-1', {
      id: 3141592,
      kakao_account: { email: 'seaslime@slime.community', is_email_verified: true, is_email_valid: true, profile: { nickname: '카카오슬라임' } },
    });
    standIns.providers.kakaoTokens.set('kakao-2', { id: 2718281, kakao_account: { profile: { nickname: '카톡회원' } } });
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
      await appleToken({ sub: 'forger' }, { key: standIns.apple.strangerKey }),
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
