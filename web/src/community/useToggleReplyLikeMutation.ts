import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useToggleReplyLikeMutation as MutationType } from '../__generated__/useToggleReplyLikeMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

const mutation = graphql`
  mutation useToggleReplyLikeMutation($input: ToggleReplyLikeInput!) {
    toggleReplyLike(input: $input) {
      __typename
      ... on ToggleReplyLikePayload {
        reply {
          id
          isLiked
          likeCount
        }
      }
    }
  }
`;

/** Likes or unlikes a reply, optimistically; a refusal only rolls the optimistic answer back. */
export function useToggleReplyLikeMutation(): (reply: { id: string; isLiked: boolean; likeCount: number }) => void {
  const [commit] = useTypedMutation<MutationType>(mutation, { payload: 'ToggleReplyLikePayload' });
  return useCallback(
    (reply) =>
      void commit({
        variables: { input: { id: reply.id } },
        optimisticResponse: {
          toggleReplyLike: {
            __typename: 'ToggleReplyLikePayload',
            reply: { id: reply.id, isLiked: !reply.isLiked, likeCount: Math.max(0, reply.likeCount + (reply.isLiked ? -1 : 1)) },
          },
        },
      }).catch(() => undefined),
    [commit],
  );
}
