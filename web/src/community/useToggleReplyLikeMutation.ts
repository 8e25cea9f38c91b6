import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useToggleReplyLikeMutation as MutationType } from '../__generated__/useToggleReplyLikeMutation.graphql';

const mutation = graphql`
  mutation useToggleReplyLikeMutation($input: ToggleReplyLikeInput!) {
    toggleReplyLike(input: $input) {
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

/** Likes or unlikes a reply, optimistically. */
export function useToggleReplyLikeMutation(): (reply: { id: string; isLiked: boolean; likeCount: number }) => void {
  const [commit] = useMutation<MutationType>(mutation);
  return useCallback(
    (reply) =>
      commit({
        variables: { input: { id: reply.id } },
        optimisticResponse: {
          toggleReplyLike: {
            __typename: 'ToggleReplyLikePayload',
            reply: { id: reply.id, isLiked: !reply.isLiked, likeCount: Math.max(0, reply.likeCount + (reply.isLiked ? -1 : 1)) },
          },
        },
      }),
    [commit],
  );
}
