import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { communityTexts } from '@domain/messages.js';
import type { useTogglePostLikeMutation as MutationType } from '../__generated__/useTogglePostLikeMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { useToast } from '../ui/toast/ToastProvider';

const mutation = graphql`
  mutation useTogglePostLikeMutation($input: TogglePostLikeInput!) {
    togglePostLike(input: $input) {
      __typename
      ... on TogglePostLikePayload {
        post {
          id
          isLiked
          likeCount
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

/**
 * Likes or unlikes a post. The answer's post (id, isLiked, likeCount) lands in the Relay store, so the feed,
 * the detail, search and my posts all show the new count; the optimistic answer shows it at once.
 */
export function useTogglePostLikeMutation(): [(post: { id: string; isLiked: boolean; likeCount: number }) => void, boolean] {
  const [commit, inFlight] = useTypedMutation<MutationType>(mutation, {
    payload: 'TogglePostLikePayload',
    requestFailureText: communityTexts.post.likeFailed,
  });
  const toast = useToast();
  const toggle = useCallback(
    (post: { id: string; isLiked: boolean; likeCount: number }) => {
      commit({
        variables: { input: { id: post.id } },
        optimisticResponse: {
          togglePostLike: {
            __typename: 'TogglePostLikePayload',
            post: { id: post.id, isLiked: !post.isLiked, likeCount: Math.max(0, post.likeCount + (post.isLiked ? -1 : 1)) },
          },
        },
      }).catch((error: Error) => {
        if (error.message) toast.show(error.message, 'error');
      });
    },
    [commit, toast],
  );
  return [toggle, inFlight];
}
