import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useUpdateReplyMutation as MutationType } from '../__generated__/useUpdateReplyMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

const mutation = graphql`
  mutation useUpdateReplyMutation($input: UpdateReplyInput!) {
    updateReply(input: $input) {
      __typename
      ... on UpdateReplyPayload {
        reply {
          id
          content
          isEdited
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

/** Edits the viewer's reply; the store updates the reply wherever it shows, marked (수정됨). */
export function useUpdateReplyMutation(): [(args: { id: string; content: string }) => Promise<unknown>, boolean] {
  const [commit, inFlight] = useTypedMutation<MutationType>(mutation, { payload: 'UpdateReplyPayload' });
  const update = useCallback(
    ({ id, content }: { id: string; content: string }) =>
      commit({
        variables: { input: { id, content } },
        optimisticResponse: { updateReply: { __typename: 'UpdateReplyPayload', reply: { id, content, isEdited: true } } },
      }),
    [commit],
  );
  return [update, inFlight];
}
