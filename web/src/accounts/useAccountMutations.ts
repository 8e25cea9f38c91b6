import { useCallback } from 'react';
import { commitLocalUpdate, graphql, useMutation, useRelayEnvironment } from 'react-relay';
import type { useAccountMutationsRequestResetMutation } from '../__generated__/useAccountMutationsRequestResetMutation.graphql';
import type { useAccountMutationsConfirmResetMutation } from '../__generated__/useAccountMutationsConfirmResetMutation.graphql';
import type { useAccountMutationsChangePasswordMutation } from '../__generated__/useAccountMutationsChangePasswordMutation.graphql';
import type { useAccountMutationsLogoutMutation } from '../__generated__/useAccountMutationsLogoutMutation.graphql';
import type { useAccountMutationsDeleteAccountMutation } from '../__generated__/useAccountMutationsDeleteAccountMutation.graphql';
import { clearSession } from '../app/session';

export type Outcome = { ok: true } | { ok: false; message: string };

interface TypedAnswer {
  readonly __typename: string;
  readonly message?: string;
  readonly issues?: ReadonlyArray<{ readonly message: string }>;
}

/** A payload is success; a typed error carries its Korean message (the first issue's for validation). */
export function outcomeOf(answer: TypedAnswer | null | undefined, payloadType: string): Outcome {
  if (answer?.__typename === payloadType) return { ok: true };
  return { ok: false, message: answer?.issues?.[0]?.message ?? answer?.message ?? '' };
}

/** Password reset and change, logout and account deletion. */
export function useAccountMutations() {
  const environment = useRelayEnvironment();
  const [commitRequest, requestInFlight] = useMutation<useAccountMutationsRequestResetMutation>(graphql`
    mutation useAccountMutationsRequestResetMutation($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) {
        __typename
        ... on Error { message }
        ... on ValidationError { issues { message } }
      }
    }
  `);
  const [commitConfirm, confirmInFlight] = useMutation<useAccountMutationsConfirmResetMutation>(graphql`
    mutation useAccountMutationsConfirmResetMutation($input: ConfirmPasswordResetInput!) {
      confirmPasswordReset(input: $input) {
        __typename
        ... on Error { message }
        ... on ValidationError { issues { message } }
      }
    }
  `);
  const [commitChange, changeInFlight] = useMutation<useAccountMutationsChangePasswordMutation>(graphql`
    mutation useAccountMutationsChangePasswordMutation($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        __typename
        ... on Error { message }
        ... on ValidationError { issues { message } }
      }
    }
  `);
  const [commitLogout, logoutInFlight] = useMutation<useAccountMutationsLogoutMutation>(graphql`
    mutation useAccountMutationsLogoutMutation {
      logout {
        __typename
      }
    }
  `);
  const [commitDelete, deleteInFlight] = useMutation<useAccountMutationsDeleteAccountMutation>(graphql`
    mutation useAccountMutationsDeleteAccountMutation($input: DeleteAccountInput!) {
      deleteAccount(input: $input) {
        __typename
        ... on Error { message }
        ... on ValidationError { issues { message } }
      }
    }
  `);

  /** The session ends locally whatever the server says; cached member data is dropped. */
  const endSession = useCallback(() => {
    clearSession();
    commitLocalUpdate(environment, (store) => store.invalidateStore());
  }, [environment]);

  const requestPasswordReset = useCallback(
    (email: string) =>
      new Promise<Outcome>((resolve) =>
        commitRequest({
          variables: { input: { email } },
          onCompleted: (data) => resolve(outcomeOf(data.requestPasswordReset, 'RequestPasswordResetPayload')),
          onError: (error) => resolve({ ok: false, message: error.message }),
        }),
      ),
    [commitRequest],
  );

  const confirmPasswordReset = useCallback(
    (input: { token: string; newPassword: string; newPasswordConfirm: string }) =>
      new Promise<Outcome>((resolve) =>
        commitConfirm({
          variables: { input },
          onCompleted: (data) => resolve(outcomeOf(data.confirmPasswordReset, 'ConfirmPasswordResetPayload')),
          onError: (error) => resolve({ ok: false, message: error.message }),
        }),
      ),
    [commitConfirm],
  );

  const changePassword = useCallback(
    (input: { currentPassword: string; newPassword: string; newPasswordConfirm: string }) =>
      new Promise<Outcome>((resolve) =>
        commitChange({
          variables: { input },
          onCompleted: (data) => resolve(outcomeOf(data.changePassword, 'ChangePasswordPayload')),
          onError: (error) => resolve({ ok: false, message: error.message }),
        }),
      ),
    [commitChange],
  );

  const logout = useCallback(
    () =>
      new Promise<void>((resolve) =>
        commitLogout({
          variables: {},
          onCompleted: () => {
            endSession();
            resolve();
          },
          onError: () => {
            endSession();
            resolve();
          },
        }),
      ),
    [commitLogout, endSession],
  );

  const deleteAccount = useCallback(
    (password: string) =>
      new Promise<Outcome>((resolve) =>
        commitDelete({
          variables: { input: { password } },
          onCompleted: (data) => {
            const outcome = outcomeOf(data.deleteAccount, 'DeleteAccountPayload');
            if (outcome.ok) endSession();
            resolve(outcome);
          },
          onError: (error) => resolve({ ok: false, message: error.message }),
        }),
      ),
    [commitDelete, endSession],
  );

  return {
    requestPasswordReset,
    confirmPasswordReset,
    changePassword,
    logout,
    deleteAccount,
    inFlight: requestInFlight || confirmInFlight || changeInFlight || logoutInFlight || deleteInFlight,
  };
}
