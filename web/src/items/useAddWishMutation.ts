import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useAddWishMutation as AddWishMutation, WishType } from '../__generated__/useAddWishMutation.graphql';

/** Puts an item on the viewer's buy (needed) or sell list; resolves, or rejects with the gateway's Korean message. */
export function useAddWishMutation() {
  const [commit, isInFlight] = useMutation<AddWishMutation>(graphql`
    mutation useAddWishMutation($input: AddWishInput!) {
      addWish(input: $input) {
        __typename
        ... on AddWishPayload {
          wish {
            id
            status
            wishType
            item {
              id
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const addWish = useCallback(
    (itemId: string, wishType: WishType) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { itemId, wishType } },
          onCompleted: ({ addWish: result }) => {
            if (result.__typename === 'AddWishPayload') resolve();
            else reject(new Error('message' in result ? result.message : ''));
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [addWish, isInFlight] as const;
}
