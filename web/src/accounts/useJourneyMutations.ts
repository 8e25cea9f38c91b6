import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useJourneyMutationsRegisterMutation, RegisterInput } from '../__generated__/useJourneyMutationsRegisterMutation.graphql';
import type { useJourneyMutationsRequestResetMutation } from '../__generated__/useJourneyMutationsRequestResetMutation.graphql';
import type { useJourneyMutationsConfirmResetMutation } from '../__generated__/useJourneyMutationsConfirmResetMutation.graphql';
import type { useJourneyMutationsRequestVerificationMutation } from '../__generated__/useJourneyMutationsRequestVerificationMutation.graphql';
import type { useJourneyMutationsConfirmVerificationMutation } from '../__generated__/useJourneyMutationsConfirmVerificationMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { useSettleLogin } from './useLoginMutations';

export type { RegisterInput };

/** Sign-up (001 §5): the new member is logged in at once. Rejects with a MutationFailure whose issues name the fields. */
export function useRegisterMutation() {
  const settle = useSettleLogin();
  const [commit, inFlight] = useTypedMutation<useJourneyMutationsRegisterMutation>(
    graphql`
      mutation useJourneyMutationsRegisterMutation($input: RegisterInput!) {
        register(input: $input) {
          __typename
          ... on RegisterPayload { token viewer { id nickname profileImage } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'RegisterPayload' },
  );
  const register = useCallback(
    async (input: RegisterInput) => {
      const payload = await commit({ variables: { input } });
      settle(payload);
      return payload.viewer!.nickname;
    },
    [commit, settle],
  );
  return { register, inFlight };
}

/** Forgotten password: the mail with the link, then the new password from the link, which logs the member in. */
export function usePasswordResetMutations() {
  const settle = useSettleLogin();
  const [commitRequest, requestInFlight] = useTypedMutation<useJourneyMutationsRequestResetMutation>(
    graphql`
      mutation useJourneyMutationsRequestResetMutation($input: RequestPasswordResetInput!) {
        requestPasswordReset(input: $input) {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'RequestPasswordResetPayload' },
  );
  const [commitConfirm, confirmInFlight] = useTypedMutation<useJourneyMutationsConfirmResetMutation>(
    graphql`
      mutation useJourneyMutationsConfirmResetMutation($input: ConfirmPasswordResetInput!) {
        confirmPasswordReset(input: $input) {
          __typename
          ... on ConfirmPasswordResetPayload { token viewer { id nickname profileImage } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'ConfirmPasswordResetPayload' },
  );
  const requestPasswordReset = useCallback((email: string) => commitRequest({ variables: { input: { email } } }), [commitRequest]);
  const confirmPasswordReset = useCallback(
    async (input: { token: string; newPassword: string; newPasswordConfirm: string }) => settle(await commitConfirm({ variables: { input } })),
    [commitConfirm, settle],
  );
  return { requestPasswordReset, confirmPasswordReset, inFlight: requestInFlight || confirmInFlight };
}

/** E-mail verification: the member asks for the mail; the mail's link confirms it (logged in or not). */
export function useEmailVerificationMutations() {
  const [commitRequest, requestInFlight] = useTypedMutation<useJourneyMutationsRequestVerificationMutation>(
    graphql`
      mutation useJourneyMutationsRequestVerificationMutation {
        requestEmailVerification {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'RequestEmailVerificationPayload' },
  );
  const [commitConfirm, confirmInFlight] = useTypedMutation<useJourneyMutationsConfirmVerificationMutation>(
    graphql`
      mutation useJourneyMutationsConfirmVerificationMutation($input: ConfirmEmailVerificationInput!) {
        confirmEmailVerification(input: $input) {
          __typename
          # The logged-in member's verifiedAt follows in every screen that shows it.
          ... on ConfirmEmailVerificationPayload { verifiedAt viewer { id verifiedAt } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'ConfirmEmailVerificationPayload' },
  );
  const requestEmailVerification = useCallback(() => commitRequest({ variables: {} }), [commitRequest]);
  const confirmEmailVerification = useCallback((token: string) => commitConfirm({ variables: { input: { token } } }), [commitConfirm]);
  return { requestEmailVerification, confirmEmailVerification, inFlight: requestInFlight || confirmInFlight };
}
