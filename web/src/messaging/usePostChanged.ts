import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { usePostChangedSubscription } from '../__generated__/usePostChangedSubscription.graphql';

/**
 * Keeps a post's like and reply counts live while it is on screen: the gateway publishes `postChanged`
 * when any member likes or replies, and Relay's store updates every view of the post by its id.
 */
export function usePostChanged(postId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<usePostChangedSubscription>>(
    () => ({
      subscription: graphql`
        subscription usePostChangedSubscription($id: ID!) {
          postChanged(id: $id) {
            id
            likeCount
            replyCount
          }
        }
      `,
      variables: { id: postId },
    }),
    [postId],
  );
  useSubscription(config);
}
