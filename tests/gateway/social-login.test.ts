import { describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { GOOGLE_CLIENT_ID, useProviderStandIns } from '../helpers/social-providers.js';
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

  const login = async (field: 'loginWithGoogle' | 'loginWithKakao' | 'loginWithApple', accessToken: string) => {
    const payload = field[0].toUpperCase() + field.slice(1) + 'Payload';
    const answer = await stack.graphql(`mutation($input: ${field[0].toUpperCase() + field.slice(1)}Input!) { ${field}(input: $input) ${FIELDS(payload)} }`, {
      input: { accessToken },
    });
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
});
