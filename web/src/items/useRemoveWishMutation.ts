import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useRemoveWishMutation as RemoveWishMutation, WishType } from '../__generated__/useRemoveWishMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/**
 * Deletes one entry; the lists showing it drop its edge (@deleteEdge) and the viewer's stats come back fresh. Given
 * the entry's item (the item modal), the item's `viewerWish` of that list becomes null: the answer names no item.
 */
export function useRemoveWishMutation() {
  const [commit, isInFlight] = useTypedMutation<RemoveWishMutation>(
    graphql`
      mutation useRemoveWishMutation($input: RemoveWishInput!, $connections: [ID!]!) {
        removeWish(input: $input) {
          __typename
          ... on RemoveWishPayload {
            deletedWishId @deleteEdge(connections: $connections)
            viewer {
              ...WishStats_user
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'RemoveWishPayload' },
  );
  const removeWish = useCallback(
    (wishId: string, wishType: WishType, connections: string[], itemId?: string) =>
      commit({
        variables: { input: { id: wishId, wishType }, connections },
        updater: itemId
          ? (store, data) => {
              if (data?.removeWish?.__typename === 'RemoveWishPayload') store.get(itemId)?.setValue(null, 'viewerWish', { type: wishType });
            }
          : undefined,
      }),
    [commit],
  );
  return [removeWish, isInFlight] as const;
}
