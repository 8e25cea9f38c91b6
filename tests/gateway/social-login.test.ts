import { describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import {
  GOOGLE_CLIENT_ID,
  issueGoogleToken,
  issueKakaoToken,
  OTHER_GOOGLE_CLIENT_ID,
  OTHER_KAKAO_APP_ID,
  useProviderStandIns,
} from '../helpers/social-providers.js';
import { useStack } from '../helpers/stack.js';

const FIELDS = (payload: string) => `{
  __typename
  ... on ${payload} { token isNewUser viewer { databaseId nickname email } }
  ... on Error { code message }
  ... on ValidationError { issues { path message } }
}`;

describe('social login through the gateway, against provider stand-ins', () => {
  const standIns = useProviderStandIns();
  const stack = useStack();

  const login = async (field: 'loginWithGoogle' | 'loginWithKakao' | 'loginWithApple', accessToken: string, password?: string, token?: string) => {
    const payload = field[0].toUpperCase() + field.slice(1) + 'Payload';
    const answer = await stack.graphql(
      `mutation($input: ${field[0].toUpperCase() + field.slice(1)}Input!) { ${field}(input: $input) ${FIELDS(payload)} }`,
      { input: { accessToken, ...(password === undefined ? {} : { password }) } },
      token,
    );
    expect(answer.errors).toBeUndefined();
    return answer.data[field];
  };

  it.each([
    [
      'loginWithGoogle' as const,
      'google',
      async (): Promise<string> => {
        standIns.providers.googleTokens.set('g-1', {
          sub: 'g-sub-1',
          aud: GOOGLE_CLIENT_ID,
          email: 'gw-google@gmail.com',
          email_verified: 'true',
          name: '구글게이트',
          exp: String(Math.floor(Date.now() / 1000) + 3600),
        });
        return 'g-1';
      },
    ],
    [
      'loginWithKakao' as const,
      'kakao',
      async (): Promise<string> => {
        standIns.providers.kakaoTokens.set('k-1', {
          id: 880011,
          kakao_account: { email: 'gw-kakao@kakao.com', is_email_verified: true, profile: { nickname: '카카오게이트' } },
        });
        return 'k-1';
      },
    ],
    [
      'loginWithApple' as const,
      'apple',
      async (): Promise<string> => standIns.apple.sign({ sub: 'gw-apple-1', email: 'gw-apple@privaterelay.appleid.com', email_verified: 'true' }),
    ],
  ])('%s: a new identity creates a member who can use the token; the same identity logs the same member in', async (field, _provider, tokenFor) => {
    const accessToken = await tokenFor();
    const first = await login(field, accessToken);
    expect(first.isNewUser).toBe(true);
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    const me = await stack.graphql('{ viewer { databaseId } }', {}, first.token);
    expect(me.data.viewer.databaseId).toBe(first.viewer.databaseId);
    const again = await login(field, field === 'loginWithApple' ? await tokenFor() : accessToken);
    expect(again).toMatchObject({ isNewUser: false, viewer: { databaseId: first.viewer.databaseId } });
  });

  it('refuses unknown provider tokens and forged Apple tokens with the Korean message; a blank token before any call', async () => {
    const forged = [
      await standIns.apple.sign({ sub: 'forger' }, { key: standIns.apple.strangerKey }),
      await standIns.apple.sign({ sub: 'forger' }, { audience: 'another.app' }),
      await standIns.apple.sign({ sub: 'forger' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
    ];
    const refusals = [
      await login('loginWithGoogle', 'unknown-google'),
      await login('loginWithKakao', 'unknown-kakao'),
      ...(await Promise.all(forged.map((token) => login('loginWithApple', token)))),
    ];
    for (const refusal of refusals)
      expect(refusal).toEqual({ __typename: 'NotAuthenticatedError', code: 'UNAUTHORIZED', message: accountTexts.errors.socialTokenInvalid });

    stack.proxy.reset();
    const blank = await login('loginWithKakao', ' ');
    expect(blank.__typename).toBe('ValidationError');
    expect(blank.issues[0].message).toBe(accountTexts.validation.accessTokenRequired);
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('refuses tokens issued to another app, Google and Kakao alike', async () => {
    issueGoogleToken(standIns.providers, 'g-other', { sub: 'g-other', email: 'other@gmail.com', email_verified: 'true' }, OTHER_GOOGLE_CLIENT_ID);
    issueKakaoToken(standIns.providers, 'k-other', { id: 990011, kakao_account: { profile: { nickname: '다른앱' } } }, OTHER_KAKAO_APP_ID);
    for (const refusal of [await login('loginWithGoogle', 'g-other'), await login('loginWithKakao', 'k-other')])
      expect(refusal).toEqual({ __typename: 'NotAuthenticatedError', code: 'UNAUTHORIZED', message: accountTexts.errors.socialTokenInvalid });
  });

  it('an identity whose e-mail is a member’s links only with that member’s password (ConflictError without it)', async () => {
    // 말랑콩떡's address, held at Google by whoever made the token.
    issueGoogleToken(standIns.providers, 'g-mallang', { sub: 'g-mallang', email: 'mallang@slime.community', email_verified: true });
    const refused = await login('loginWithGoogle', 'g-mallang');
    expect(refused).toEqual({ __typename: 'ConflictError', code: 'CONFLICT', message: accountTexts.social.linkNeedsPassword });
    expect((await login('loginWithGoogle', 'g-mallang', 'wrong-password')).__typename).toBe('BadRequestError');
    const proved = await login('loginWithGoogle', 'g-mallang', 'slime1234');
    expect(proved).toMatchObject({ __typename: 'LoginWithGooglePayload', isNewUser: false, viewer: { databaseId: 2 } });
  });

  it('loginProviders tells the sheet which providers are on, with the ids their SDKs start with', async () => {
    const query = '{ loginProviders { provider enabled clientId } }';
    expect((await stack.graphql(query)).data.loginProviders).toEqual([
      { provider: 'GOOGLE', enabled: true, clientId: GOOGLE_CLIENT_ID },
      { provider: 'KAKAO', enabled: true, clientId: 'slime-kakao-js-key' },
      { provider: 'APPLE', enabled: true, clientId: 'community.slime.web' },
    ]);
    const saved = process.env.APPLE_CLIENT_ID;
    delete process.env.APPLE_CLIENT_ID;
    try {
      expect((await stack.graphql(query)).data.loginProviders[2]).toEqual({ provider: 'APPLE', enabled: false, clientId: null });
      const off = await login('loginWithApple', await standIns.apple.sign({ sub: 'while-off' }));
      expect(off).toEqual({ __typename: 'BadRequestError', code: 'BAD_REQUEST', message: accountTexts.social.providerOff.apple });
    } finally {
      // Assigning undefined would leave the text "undefined" for the files this worker runs next.
      if (saved === undefined) delete process.env.APPLE_CLIENT_ID;
      else process.env.APPLE_CLIENT_ID = saved;
    }
  });
});
