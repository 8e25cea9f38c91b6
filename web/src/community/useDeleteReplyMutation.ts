import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteReplyMutation as MutationType } from '../__generated__/useDeleteReplyMutation.graphql';

const mutation = graphql`
  mutation useDeleteReplyMutation($input: DeleteReplyInput!, $connections: [ID!]!) {
    deleteReply(input: $input) {
      ... on DeleteReplyPayload {
        deletedReplyId @deleteEdge(connections: $connections)
        post {
          id
          replyCount
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Deletes the viewer's reply: it leaves its list and the post's replyCount drops everywhere. */
export function useDeleteReplyMutation(): [(args: { id: string; postId: string; connectionId: string }) => Promise<void>, boolean] {
  const [commit, inFlight] = useMutation<MutationType>(mutation);
  const remove = useCallback(
    ({ id, postId, connectionId }: { id: string; postId: string; connectionId: string }) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { id, postId }, connections: [connectionId] },
          onCompleted: (response) => {
            const result = response.deleteReply;
            if (result && 'message' in result && result.message) reject(new Error(result.message));
            else resolve();
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [remove, inFlight];
}
