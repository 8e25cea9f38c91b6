import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { WishStatus, WishType, useSetWishStatusMutation as SetWishStatusMutation } from '../__generated__/useSetWishStatusMutation.graphql';

/** Changes an entry's status at once (optimistic), rolled back when the gateway refuses. */
export function useSetWishStatusMutation() {
  const [commit, isInFlight] = useMutation<SetWishStatusMutation>(graphql`
    mutation useSetWishStatusMutation($input: SetWishStatusInput!) {
      setWishStatus(input: $input) {
        __typename
        ... on SetWishStatusPayload {
          wish {
            id
            status
            completedAt
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const setStatus = useCallback(
    (wishId: string, wishType: WishType, status: WishStatus) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { wishId, wishType, status } },
          optimisticResponse: { setWishStatus: { __typename: 'SetWishStatusPayload', wish: { id: wishId, status, completedAt: null } } },
          onCompleted: ({ setWishStatus: result }) => {
            if (result.__typename === 'SetWishStatusPayload') resolve();
            else reject(new Error('message' in result ? result.message : ''));
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [setStatus, isInFlight] as const;
}
