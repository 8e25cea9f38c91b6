import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { WishStatus, WishType, useSetWishStatusMutation as SetWishStatusMutation } from '../__generated__/useSetWishStatusMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** Changes an entry's status at once (optimistic), rolled back when the gateway refuses. */
export function useSetWishStatusMutation() {
  const [commit, isInFlight] = useTypedMutation<SetWishStatusMutation>(
    graphql`
      mutation useSetWishStatusMutation($input: SetWishStatusInput!) {
        setWishStatus(input: $input) {
          __typename
          ... on SetWishStatusPayload {
            wish {
              id
              status
              completedAt
            }
            viewer {
              ...WishStats_user
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'SetWishStatusPayload' },
  );
  const setStatus = useCallback(
    (wishId: string, wishType: WishType, status: WishStatus) =>
      commit({
        variables: { input: { id: wishId, wishType, status } },
        optimisticResponse: { setWishStatus: { __typename: 'SetWishStatusPayload', wish: { id: wishId, status, completedAt: null } } },
      }),
    [commit],
  );
  return [setStatus, isInFlight] as const;
}
