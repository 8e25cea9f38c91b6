import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useCreateReplyMutation as MutationType } from '../__generated__/useCreateReplyMutation.graphql';

const mutation = graphql`
  mutation useCreateReplyMutation($input: CreateReplyInput!, $connections: [ID!]!) {
    createReply(input: $input) {
      ... on CreateReplyPayload {
        replyEdge @appendEdge(connections: $connections) {
          cursor
          node {
            ...ReplyItem_reply
          }
        }
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

export interface CreateReplyArgs {
  postId: string;
  content: string;
  parentId?: string;
  /** The connection the new reply joins: the post's replies, or the thread's answers. */
  connectionId: string;
}

/** Posts a reply: the new edge joins its list and the post's replyCount updates wherever it shows. */
export function useCreateReplyMutation(): [(args: CreateReplyArgs) => Promise<void>, boolean] {
  const [commit, inFlight] = useMutation<MutationType>(mutation);
  const create = useCallback(
    ({ postId, content, parentId, connectionId }: CreateReplyArgs) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { postId, content, parentId }, connections: [connectionId] },
          onCompleted: (response) => {
            const result = response.createReply;
            if (result && 'message' in result && result.message) reject(new Error(result.message));
            else resolve();
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [create, inFlight];
}
