import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useRemoveWishesMutation as RemoveWishesMutation, WishType } from '../__generated__/useRemoveWishesMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** Deletes the selected entries of one list; every list showing them drops them through @deleteEdge. */
export function useRemoveWishesMutation() {
  const [commit, isInFlight] = useTypedMutation<RemoveWishesMutation>(
    graphql`
      mutation useRemoveWishesMutation($input: RemoveWishesInput!, $connections: [ID!]!) {
        removeWishes(input: $input) {
          __typename
          ... on RemoveWishesPayload {
            deletedWishIds @deleteEdge(connections: $connections)
            message
            viewer {
              ...WishStats_user
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'RemoveWishesPayload' },
  );
  const removeWishes = useCallback(
    (wishIds: string[], wishType: WishType, connections: string[]) => commit({ variables: { input: { ids: wishIds, wishType }, connections } }),
    [commit],
  );
  return [removeWishes, isInFlight] as const;
}
