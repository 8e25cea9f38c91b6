import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
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
 * The likes the post's author received (their profile's 좋아요), moved by one where the store holds them: the answer
 * carries the post only, and asking for the author's profile with every like would cost an upstream call each.
 */
function shiftAuthorLikes(store: RecordSourceSelectorProxy, postId: string, by: 1 | -1): void {
  const stats = store.get(postId)?.getLinkedRecord('author')?.getLinkedRecord('stats');
  const likes = stats?.getValue('likesCount');
  if (stats && typeof likes === 'number') stats.setValue(Math.max(0, likes + by), 'likesCount');
}

/**
 * Likes or unlikes a post. The answer's post (id, isLiked, likeCount) lands in the Relay store, so the feed,
 * the detail, search and my posts all show the new count; the optimistic answer shows it at once. The author's
 * received likes on their profile follow it (shiftAuthorLikes).
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
        optimisticUpdater: (store) => shiftAuthorLikes(store, post.id, post.isLiked ? -1 : 1),
        updater: (store, data) => {
          const answer = data?.togglePostLike;
          const liked = answer?.__typename === 'TogglePostLikePayload' ? answer.post?.isLiked : undefined;
          if (liked !== undefined && liked !== post.isLiked) shiftAuthorLikes(store, post.id, liked ? 1 : -1);
        },
      }).catch((error: Error) => {
        if (error.message) toast.show(error.message, 'error');
      });
    },
    [commit, toast],
  );
  return [toggle, inFlight];
}
