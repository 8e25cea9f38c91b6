import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { communityTexts } from '@domain/messages.js';
import type { useTogglePostLikeMutation as MutationType } from '../__generated__/useTogglePostLikeMutation.graphql';
import { useToast } from '../ui/toast/ToastProvider';

const mutation = graphql`
  mutation useTogglePostLikeMutation($input: TogglePostLikeInput!) {
    togglePostLike(input: $input) {
      ... on TogglePostLikePayload {
        post {
          id
          isLiked
          likeCount
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Likes or unlikes a post. The answer's post (id, isLiked, likeCount) lands in the Relay store, so the feed,
 * the detail, search and my posts all show the new count; the optimistic answer shows it at once.
 */
export function useTogglePostLikeMutation(): [(post: { id: string; isLiked: boolean; likeCount: number }) => void, boolean] {
  const [commit, inFlight] = useMutation<MutationType>(mutation);
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
        onCompleted: (response) => {
          const result = response.togglePostLike;
          if (result && 'message' in result && result.message) toast.show(result.message, 'error');
        },
        onError: () => toast.show(communityTexts.post.likeFailed, 'error'),
      });
    },
    [commit, toast],
  );
  return [toggle, inFlight];
}
