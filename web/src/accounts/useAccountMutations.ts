import { useCallback } from 'react';
import { commitLocalUpdate, graphql, useRelayEnvironment } from 'react-relay';
import type { useAccountMutationsChangePasswordMutation } from '../__generated__/useAccountMutationsChangePasswordMutation.graphql';
import type { useAccountMutationsLogoutMutation } from '../__generated__/useAccountMutationsLogoutMutation.graphql';
import type { useAccountMutationsDeleteAccountMutation } from '../__generated__/useAccountMutationsDeleteAccountMutation.graphql';
import { clearSession, sessionEnding } from '../app/session';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** Password change, logout and account deletion; each rejects with the typed error's Korean message. */
export function useAccountMutations() {
  const environment = useRelayEnvironment();
  const [commitChange, changeInFlight] = useTypedMutation<useAccountMutationsChangePasswordMutation>(
    graphql`
      mutation useAccountMutationsChangePasswordMutation($input: ChangePasswordInput!) {
        changePassword(input: $input) {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'ChangePasswordPayload' },
  );
  const [commitLogout, logoutInFlight] = useTypedMutation<useAccountMutationsLogoutMutation>(
    graphql`
      mutation useAccountMutationsLogoutMutation {
        logout {
          __typename
        }
      }
    `,
    { payload: 'LogoutPayload' },
  );
  const [commitDelete, deleteInFlight] = useTypedMutation<useAccountMutationsDeleteAccountMutation>(
    graphql`
      mutation useAccountMutationsDeleteAccountMutation($input: DeleteAccountInput!) {
        deleteAccount(input: $input) {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'DeleteAccountPayload' },
  );

  /** The session ends locally whatever the server says; cached member data is dropped. */
  const endSession = useCallback(() => {
    clearSession();
    commitLocalUpdate(environment, (store) => store.invalidateStore());
  }, [environment]);

  const changePassword = useCallback(
    (input: { currentPassword: string; newPassword: string; newPasswordConfirm: string }) => commitChange({ variables: { input } }),
    [commitChange],
  );

  // The live inbox's subscriptions are refused as soon as the token is revoked, often before this answer arrives: that
  // is the logout, not a session that expired (which would send the member to the sign-in screen, told to log in).
  const logout = useCallback(() => {
    sessionEnding();
    return commitLogout({ variables: {} }).then(endSession, endSession);
  }, [commitLogout, endSession]);

  const deleteAccount = useCallback(
    async (password: string) => {
      sessionEnding();
      await commitDelete({ variables: { input: { password } } }).catch((failure: unknown) => {
        sessionEnding(false);
        throw failure;
      });
      endSession();
    },
    [commitDelete, endSession],
  );

  return {
    changePassword,
    logout,
    deleteAccount,
    inFlight: changeInFlight || logoutInFlight || deleteInFlight,
  };
}
