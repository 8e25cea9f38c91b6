import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { UpdateWishInput, useUpdateWishMutation as UpdateWishMutation } from '../__generated__/useUpdateWishMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** Changes an entry's target price, quantity, memo or notification flag (null clears price and memo). */
export function useUpdateWishMutation() {
  const [commit, isInFlight] = useTypedMutation<UpdateWishMutation>(
    graphql`
      mutation useUpdateWishMutation($input: UpdateWishInput!) {
        updateWish(input: $input) {
          __typename
          ... on UpdateWishPayload {
            wish {
              ...WishListItem_wish
            }
            viewer {
              ...WishStats_user
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UpdateWishPayload' },
  );
  const updateWish = useCallback((input: UpdateWishInput) => commit({ variables: { input } }), [commit]);
  return [updateWish, isInFlight] as const;
}
