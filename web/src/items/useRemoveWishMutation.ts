import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useRemoveWishMutation as RemoveWishMutation, WishType } from '../__generated__/useRemoveWishMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** Deletes one entry; the lists showing it drop its edge (@deleteEdge) and the viewer's stats come back fresh. */
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
    (wishId: string, wishType: WishType, connections: string[]) => commit({ variables: { input: { id: wishId, wishType }, connections } }),
    [commit],
  );
  return [removeWish, isInFlight] as const;
}
