import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useRemoveWishesMutation as RemoveWishesMutation, WishType } from '../__generated__/useRemoveWishesMutation.graphql';

/** Deletes the selected entries of one list; every list showing them drops them through @deleteEdge. */
export function useRemoveWishesMutation() {
  const [commit, isInFlight] = useMutation<RemoveWishesMutation>(graphql`
    mutation useRemoveWishesMutation($input: RemoveWishesInput!, $connections: [ID!]!) {
      removeWishes(input: $input) {
        __typename
        ... on RemoveWishesPayload {
          deletedWishIds @deleteEdge(connections: $connections)
          message
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const removeWishes = useCallback(
    (wishIds: string[], wishType: WishType, connections: string[]) =>
      new Promise<string>((resolve, reject) => {
        commit({
          variables: { input: { wishIds, wishType }, connections },
          onCompleted: ({ removeWishes: result }) => {
            if (result.__typename === 'RemoveWishesPayload') resolve(result.message ?? '');
            else reject(new Error('message' in result ? result.message : ''));
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [removeWishes, isInFlight] as const;
}
