import { useCallback } from 'react';
import { commitLocalUpdate, graphql, useRelayEnvironment } from 'react-relay';
import type { useLoginMutationsPasswordMutation } from '../__generated__/useLoginMutationsPasswordMutation.graphql';
import type { useLoginMutationsGoogleMutation } from '../__generated__/useLoginMutationsGoogleMutation.graphql';
import type { useLoginMutationsKakaoMutation } from '../__generated__/useLoginMutationsKakaoMutation.graphql';
import type { useLoginMutationsAppleMutation } from '../__generated__/useLoginMutationsAppleMutation.graphql';
import { accountTexts } from '@domain/messages.js';
import { saveSession } from '../app/session';
import { MutationFailure } from '../app/relay/mutationFailure';
import { useTypedMutation } from '../app/relay/useTypedMutation';

export interface LoginPayload {
  readonly token?: string;
  readonly viewer?: { readonly id: string; readonly nickname: string; readonly profileImage: string | null | undefined } | null;
}

/**
 * What every answer that logs in (a login, a registration, a password reset) ends with: the session is stored and
 * every screen's data refetched; an answer without its token or member is the product's "login response invalid".
 */
export function useSettleLogin() {
  const environment = useRelayEnvironment();
  return useCallback(
    ({ token, viewer }: LoginPayload) => {
      if (!token || !viewer) throw new MutationFailure(accountTexts.social.loginResponseInvalid);
      saveSession(token, { id: viewer.id, nickname: viewer.nickname, profileImage: viewer.profileImage ?? null });
      // Everything fetched as a guest (isLiked, viewer …) is stale now.
      commitLocalUpdate(environment, (store) => store.invalidateStore());
    },
    [environment],
  );
}

export type SocialProviderName = 'google' | 'kakao' | 'apple';

/**
 * Password and social logins; a successful one stores the session and refreshes every screen's data. Each rejects
 * with a MutationFailure: the gateway's message, or the product's "login response invalid" for a success answer
 * without its token or member (001 §8).
 */
export function useLoginMutations() {
  const [commitPassword, passwordInFlight] = useTypedMutation<useLoginMutationsPasswordMutation>(
    graphql`
      mutation useLoginMutationsPasswordMutation($input: LoginWithPasswordInput!) {
        loginWithPassword(input: $input) {
          __typename
          ... on LoginWithPasswordPayload { token viewer { id nickname profileImage } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'LoginWithPasswordPayload' },
  );
  const [commitGoogle, googleInFlight] = useTypedMutation<useLoginMutationsGoogleMutation>(
    graphql`
      mutation useLoginMutationsGoogleMutation($input: LoginWithGoogleInput!) {
        loginWithGoogle(input: $input) {
          __typename
          ... on LoginWithGooglePayload { token viewer { id nickname profileImage } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'LoginWithGooglePayload' },
  );
  const [commitKakao, kakaoInFlight] = useTypedMutation<useLoginMutationsKakaoMutation>(
    graphql`
      mutation useLoginMutationsKakaoMutation($input: LoginWithKakaoInput!) {
        loginWithKakao(input: $input) {
          __typename
          ... on LoginWithKakaoPayload { token viewer { id nickname profileImage } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'LoginWithKakaoPayload' },
  );
  const [commitApple, appleInFlight] = useTypedMutation<useLoginMutationsAppleMutation>(
    graphql`
      mutation useLoginMutationsAppleMutation($input: LoginWithAppleInput!) {
        loginWithApple(input: $input) {
          __typename
          ... on LoginWithApplePayload { token viewer { id nickname profileImage } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'LoginWithApplePayload' },
  );

  const settle = useSettleLogin();

  const loginWithPassword = useCallback(
    (identifier: string, password: string) => commitPassword({ variables: { input: { identifier, password, rememberMe: true } } }).then(settle),
    [commitPassword, settle],
  );

  const loginWithProvider = useCallback(
    (provider: SocialProviderName, accessToken: string) => {
      const variables = { input: { accessToken } };
      const commit = provider === 'google' ? commitGoogle : provider === 'kakao' ? commitKakao : commitApple;
      return commit({ variables }).then(settle);
    },
    [commitGoogle, commitKakao, commitApple, settle],
  );

  return {
    loginWithPassword,
    loginWithProvider,
    inFlight: passwordInFlight || googleInFlight || kakaoInFlight || appleInFlight,
  };
}
