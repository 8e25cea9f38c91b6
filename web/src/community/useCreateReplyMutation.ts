import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useCreateReplyMutation as MutationType } from '../__generated__/useCreateReplyMutation.graphql';
import { useIdempotencyKey } from '../app/relay/useIdempotencyKey';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { countNewReply } from './useNewerReplies';

const mutation = graphql`
  mutation useCreateReplyMutation($input: CreateReplyInput!, $connections: [ID!]!) {
    createReply(input: $input) {
      __typename
      ... on CreateReplyPayload {
        replyEdge @appendEdge(connections: $connections) {
          cursor
          node {
            id
            ...ReplyItem_reply
          }
        }
        post {
          id
          replyCount
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

export interface CreateReplyArgs {
  postId: string;
  content: string;
  parentId?: string;
  /** The connection the new reply joins: the post's replies, or the thread's answers. */
  connectionId: string;
  /**
   * Whether the new reply is shown at the end of the loaded ones at once; false while more of the list is still to
   * load (it then comes in its place with the last page, and only the count grows now).
   */
  append?: boolean;
}

/**
 * Posts a reply: the new edge joins its list (whose totalCount grows) and the post's replyCount updates wherever it shows. The same reply
 * sent again (a double click, a retry) carries the same idempotency key, so it is saved once.
 */
export function useCreateReplyMutation(): [(args: CreateReplyArgs) => Promise<unknown>, boolean] {
  const [commit, inFlight] = useTypedMutation<MutationType>(mutation, { payload: 'CreateReplyPayload' });
  const keys = useIdempotencyKey();
  const create = useCallback(
    async ({ postId, content, parentId, connectionId, append = true }: CreateReplyArgs) => {
      const input = { postId, content, parentId };
      const answer = await commit({
        variables: { input: { ...input, idempotencyKey: keys.keyFor(input) }, connections: append ? [connectionId] : [] },
        updater: (store, response) => {
          const created = response?.createReply.__typename === 'CreateReplyPayload' ? response.createReply.replyEdge?.node : null;
          if (created) countNewReply(store, connectionId, created.id);
        },
      });
      keys.succeeded();
      return answer;
    },
    [commit, keys],
  );
  return [create, inFlight];
}
