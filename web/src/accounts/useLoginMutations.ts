import { useCallback } from 'react';
import { commitLocalUpdate, graphql, useMutation, useRelayEnvironment } from 'react-relay';
import type { useLoginMutationsPasswordMutation } from '../__generated__/useLoginMutationsPasswordMutation.graphql';
import type { useLoginMutationsGoogleMutation } from '../__generated__/useLoginMutationsGoogleMutation.graphql';
import type { useLoginMutationsKakaoMutation } from '../__generated__/useLoginMutationsKakaoMutation.graphql';
import type { useLoginMutationsAppleMutation } from '../__generated__/useLoginMutationsAppleMutation.graphql';
import { accountTexts } from '@domain/messages.js';
import { saveSession } from '../app/session';

/** What every login answer is reduced to: a session, or the message to show. */
export type LoginOutcome = { ok: true } | { ok: false; message: string | null };

interface LoginAnswer {
  readonly __typename: string;
  readonly token?: string;
  readonly viewer?: { readonly id: string; readonly nickname: string; readonly profileImage: string | null | undefined };
  readonly message?: string;
}

export type SocialProviderName = 'google' | 'kakao' | 'apple';

/** Password and social logins; a successful one stores the session and refreshes every screen's data. */
export function useLoginMutations() {
  const environment = useRelayEnvironment();
  const [commitPassword, passwordInFlight] = useMutation<useLoginMutationsPasswordMutation>(graphql`
    mutation useLoginMutationsPasswordMutation($input: LoginWithPasswordInput!) {
      loginWithPassword(input: $input) {
        __typename
        ... on LoginWithPasswordPayload { token viewer { id nickname profileImage } }
        ... on Error { message }
      }
    }
  `);
  const [commitGoogle, googleInFlight] = useMutation<useLoginMutationsGoogleMutation>(graphql`
    mutation useLoginMutationsGoogleMutation($input: LoginWithGoogleInput!) {
      loginWithGoogle(input: $input) {
        __typename
        ... on LoginWithGooglePayload { token viewer { id nickname profileImage } }
        ... on Error { message }
      }
    }
  `);
  const [commitKakao, kakaoInFlight] = useMutation<useLoginMutationsKakaoMutation>(graphql`
    mutation useLoginMutationsKakaoMutation($input: LoginWithKakaoInput!) {
      loginWithKakao(input: $input) {
        __typename
        ... on LoginWithKakaoPayload { token viewer { id nickname profileImage } }
        ... on Error { message }
      }
    }
  `);
  const [commitApple, appleInFlight] = useMutation<useLoginMutationsAppleMutation>(graphql`
    mutation useLoginMutationsAppleMutation($input: LoginWithAppleInput!) {
      loginWithApple(input: $input) {
        __typename
        ... on LoginWithApplePayload { token viewer { id nickname profileImage } }
        ... on Error { message }
      }
    }
  `);

  const settle = useCallback(
    (answer: LoginAnswer | null | undefined): LoginOutcome => {
      if (answer?.token && answer.viewer) {
        saveSession(answer.token, { id: answer.viewer.id, nickname: answer.viewer.nickname, profileImage: answer.viewer.profileImage ?? null });
        // Everything fetched as a guest (isLiked, viewer …) is stale now.
        commitLocalUpdate(environment, (store) => store.invalidateStore());
        return { ok: true };
      }
      // A success answer without its token or member is the product's "login response invalid" case (001 §8).
      if (answer?.__typename.endsWith('Payload')) return { ok: false, message: accountTexts.social.loginResponseInvalid };
      return { ok: false, message: answer?.message ?? null };
    },
    [environment],
  );

  const loginWithPassword = useCallback(
    (identifier: string, password: string) =>
      new Promise<LoginOutcome>((resolve) => {
        commitPassword({
          variables: { input: { identifier, password, rememberMe: true } },
          onCompleted: (data) => resolve(settle(data.loginWithPassword as LoginAnswer)),
          onError: (error) => resolve({ ok: false, message: error.message }),
        });
      }),
    [commitPassword, settle],
  );

  const loginWithProvider = useCallback(
    (provider: SocialProviderName, accessToken: string) =>
      new Promise<LoginOutcome>((resolve) => {
        const variables = { input: { accessToken } };
        const onError = () => resolve({ ok: false, message: null });
        if (provider === 'google') commitGoogle({ variables, onCompleted: (data) => resolve(settle(data.loginWithGoogle as LoginAnswer)), onError });
        else if (provider === 'kakao') commitKakao({ variables, onCompleted: (data) => resolve(settle(data.loginWithKakao as LoginAnswer)), onError });
        else commitApple({ variables, onCompleted: (data) => resolve(settle(data.loginWithApple as LoginAnswer)), onError });
      }),
    [commitGoogle, commitKakao, commitApple, settle],
  );

  return {
    loginWithPassword,
    loginWithProvider,
    inFlight: passwordInFlight || googleInFlight || kakaoInFlight || appleInFlight,
  };
}
