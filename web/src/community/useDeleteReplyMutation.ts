import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useDeleteReplyMutation as MutationType } from '../__generated__/useDeleteReplyMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { countConnectionChange } from './postStoreUpdates';

const mutation = graphql`
  mutation useDeleteReplyMutation($input: DeleteReplyInput!, $connections: [ID!]!) {
    deleteReply(input: $input) {
      __typename
      ... on DeleteReplyPayload {
        deletedReplyId @deleteEdge(connections: $connections)
        post {
          id
          replyCount
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

/** Deletes the viewer's reply: it leaves its list (whose totalCount drops) and the post's replyCount drops everywhere. */
export function useDeleteReplyMutation(): [(args: { id: string; connectionId: string }) => Promise<unknown>, boolean] {
  const [commit, inFlight] = useTypedMutation<MutationType>(mutation, { payload: 'DeleteReplyPayload' });
  const remove = useCallback(
    ({ id, connectionId }: { id: string; connectionId: string }) =>
      commit({
        variables: { input: { id }, connections: [connectionId] },
        updater: (store, response) => {
          if (response?.deleteReply.__typename === 'DeleteReplyPayload') countConnectionChange(store, connectionId, -1);
        },
      }),
    [commit],
  );
  return [remove, inFlight];
}
