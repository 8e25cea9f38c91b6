import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useAddWishMutation as AddWishMutation, WishType } from '../__generated__/useAddWishMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** Puts an item on the viewer's buy (needed) or sell list; resolves, or rejects with the gateway's Korean message. */
export function useAddWishMutation() {
  const [commit, isInFlight] = useTypedMutation<AddWishMutation>(
    graphql`
      mutation useAddWishMutation($input: AddWishInput!, $wishType: WishType!) {
        addWish(input: $input) {
          __typename
          ... on AddWishPayload {
            wish {
              id
              status
              type
              item {
                id
                # The item modal shows whether the item is on the list: its store record learns the entry.
                viewerWish(type: $wishType) {
                  id
                  status
                }
              }
            }
            viewer {
              ...WishStats_user
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'AddWishPayload' },
  );
  const addWish = useCallback((itemId: string, wishType: WishType) => commit({ variables: { input: { itemId, wishType }, wishType } }), [commit]);
  return [addWish, isInFlight] as const;
}
