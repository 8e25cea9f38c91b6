import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import {
  issueGoogleToken,
  issueKakaoToken,
  OTHER_GOOGLE_CLIENT_ID,
  OTHER_KAKAO_APP_ID,
  useProviderStandIns,
  type ProviderStandIns,
} from '../helpers/social-providers.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { DEMO_EMAIL, DEMO_PASSWORD, send } from './account-support.js';

describe('social login against provider stand-ins', () => {
  const standIns = useProviderStandIns();
  let upstream: RunningUpstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const socialLogin = (provider: string, accessToken: string, extra: { password?: string; token?: string } = {}) =>
    send(
      'POST',
      `${upstream.url}/v1/user/${provider}/login/`,
      { access_token: accessToken, device_id: 'web', ...(extra.password === undefined ? {} : { password: extra.password }) },
      extra.token,
    );
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
    issueGoogleToken(standIns.providers, 'google-other-client', { sub: '77', email: 'x@gmail.com', email_verified: 'true' }, OTHER_GOOGLE_CLIENT_ID);
    const other = await socialLogin('google', 'google-other-client');
    expect(other.status).toBe(401);
    expect(other.body.message).toBe(accountTexts.errors.socialTokenInvalid);
  });

  it('Kakao: token info names our app, then user info by Bearer token; a token issued to another app is rejected', async () => {
    issueKakaoToken(standIns.providers, 'kakao-2', { id: 2718281, kakao_account: { profile: { nickname: '카톡회원' } } });
    const created = await socialLogin('kakao', 'kakao-2');
    expect(created.body).toMatchObject({ is_new_user: true, user: { nickname: '카톡회원' } });
    expect((await socialLogin('kakao', 'kakao-2')).body.is_new_user).toBe(false);
    expect((await socialLogin('kakao', 'expired-kakao')).status).toBe(401);

    // The same Kakao user, but the token was issued to another site's app.
    issueKakaoToken(standIns.providers, 'kakao-other-app', { id: 2718281, kakao_account: { profile: { nickname: '카톡회원' } } }, OTHER_KAKAO_APP_ID);
    const other = await socialLogin('kakao', 'kakao-other-app');
    expect(other.status).toBe(401);
    expect(other.body.message).toBe(accountTexts.errors.socialTokenInvalid);
  });

  it('an e-mail that belongs to a member never links by itself: 409 until the password proves it, then the identity logs in', async () => {
    // 바다슬라임 (member 9) has a password account with this address; someone holds a Kakao account with it.
    issueKakaoToken(standIns.providers, 'kakao-1', {
      id: 3141592,
      kakao_account: { email: 'seaslime@slime.community', is_email_verified: true, is_email_valid: true, profile: { nickname: '카카오슬라임' } },
    });
    const refused = await socialLogin('kakao', 'kakao-1');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(accountTexts.social.linkNeedsPassword);
    expect(refused.body.token).toBeUndefined();
    const wrong = await socialLogin('kakao', 'kakao-1', { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(accountTexts.errors.loginFailed);
    expect((await socialLogin('kakao', 'kakao-1')).status).toBe(409);

    const proved = await socialLogin('kakao', 'kakao-1', { password: DEMO_PASSWORD });
    expect(proved.status).toBe(200);
    expect(proved.body).toMatchObject({ is_new_user: false, user: { id: 9, nickname: '바다슬라임' } });
    // Linked now: the identity alone logs the member in.
    expect((await socialLogin('kakao', 'kakao-1')).body).toMatchObject({ is_new_user: false, user: { id: 9 } });
  });

  it('a logged-in member links a provider identity to themselves, whatever its e-mail', async () => {
    const session = await send('POST', `${upstream.url}/v1/user/login/`, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(session.status).toBe(200);
    issueGoogleToken(standIns.providers, 'google-link', { sub: 'link-2', email: DEMO_EMAIL, email_verified: 'true' });
    // As a guest the matching e-mail is refused ...
    expect((await socialLogin('google', 'google-link')).status).toBe(409);
    // ... with the member's session it is linked to them, and then logs them in.
    const linked = await socialLogin('google', 'google-link', { token: session.body.token });
    expect(linked.body).toMatchObject({ is_new_user: false, user: { id: session.body.user.id } });
    expect((await socialLogin('google', 'google-link')).body).toMatchObject({ is_new_user: false, user: { id: session.body.user.id } });
  });

  it('a provider whose app is not configured is off: its login is refused with the Korean message, and the list says so', async () => {
    const on = await send('GET', `${upstream.url}/v1/user/social/providers/`);
    expect(on.body.providers).toEqual([
      { provider: 'google', enabled: true, client_id: 'slime-google-client' },
      { provider: 'kakao', enabled: true, client_id: 'slime-kakao-js-key' },
      { provider: 'apple', enabled: true, client_id: 'community.slime.web' },
    ]);
    const saved = { google: process.env.GOOGLE_CLIENT_ID, kakao: process.env.KAKAO_APP_ID };
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.KAKAO_APP_ID;
    try {
      issueGoogleToken(standIns.providers, 'google-while-off', { sub: 'off-1', email: 'off@gmail.com', email_verified: 'true' });
      const google = await socialLogin('google', 'google-while-off');
      expect(google.status).toBe(400);
      expect(google.body.message).toBe(accountTexts.social.providerOff.google);
      const kakao = await socialLogin('kakao', 'kakao-2');
      expect(kakao.status).toBe(400);
      expect(kakao.body.message).toBe(accountTexts.social.providerOff.kakao);
      const off = await send('GET', `${upstream.url}/v1/user/social/providers/`);
      expect(off.body.providers.map((state: { enabled: boolean }) => state.enabled)).toEqual([false, false, true]);
      expect(off.body.providers[0].client_id).toBeNull();
    } finally {
      // Assigning undefined would leave the text "undefined" for the files this worker runs next.
      for (const [name, value] of [
        ['GOOGLE_CLIENT_ID', saved.google],
        ['KAKAO_APP_ID', saved.kakao],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
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
