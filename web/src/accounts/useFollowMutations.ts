import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useFollowMutationsFollowMutation } from '../__generated__/useFollowMutationsFollowMutation.graphql';
import type { useFollowMutationsUnfollowMutation } from '../__generated__/useFollowMutationsUnfollowMutation.graphql';
import type { useFollowMutationsBlockMutation } from '../__generated__/useFollowMutationsBlockMutation.graphql';
import type { useFollowMutationsUnblockMutation } from '../__generated__/useFollowMutationsUnblockMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { discardCachedPostLists } from '../community/postStoreUpdates';

/** Follow, unfollow, block and unblock a member; the payloads carry the member's new relation and counts. */
export function useFollowMutations() {
  const [commitFollow, followInFlight] = useTypedMutation<useFollowMutationsFollowMutation>(
    graphql`
      mutation useFollowMutationsFollowMutation($input: FollowUserInput!) {
        followUser(input: $input) {
          __typename
          ... on FollowUserPayload { user { id isFollowing stats { followersCount followingCount } } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'FollowUserPayload' },
  );
  const [commitUnfollow, unfollowInFlight] = useTypedMutation<useFollowMutationsUnfollowMutation>(
    graphql`
      mutation useFollowMutationsUnfollowMutation($input: UnfollowUserInput!) {
        unfollowUser(input: $input) {
          __typename
          ... on UnfollowUserPayload { user { id isFollowing stats { followersCount followingCount } } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UnfollowUserPayload' },
  );
  const [commitBlock, blockInFlight] = useTypedMutation<useFollowMutationsBlockMutation>(
    graphql`
      mutation useFollowMutationsBlockMutation($input: BlockUserInput!) {
        blockUser(input: $input) {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'BlockUserPayload' },
  );
  const [commitUnblock, unblockInFlight] = useTypedMutation<useFollowMutationsUnblockMutation>(
    graphql`
      mutation useFollowMutationsUnblockMutation($input: UnblockUserInput!) {
        # The profile as it shows again: counts and the first pages of posts and comments, hidden while blocked, and
        # the follow the block ended.
        unblockUser(input: $input) {
          __typename
          ... on UnblockUserPayload { user { id isBlocked isFollowing ...ProfileView_user } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UnblockUserPayload' },
  );

  /** The button shows the answer's relation; a refusal leaves it as it was and says nothing. */
  const follow = useCallback(
    (userId: string, following: boolean) => {
      const variables = { input: { id: userId } };
      return following ? commitUnfollow({ variables }) : commitFollow({ variables });
    },
    [commitFollow, commitUnfollow],
  );

  const block = useCallback(
    (userId: string) =>
      commitBlock({
        variables: { input: { id: userId } },
        // blockUser answers the id only: mark the member blocked in the store, and discard the cached lists that show
        // their posts and replies (the feed, the post just read), as blocking from a post's menu does.
        updater: (store, data) => {
          if (data?.blockUser?.__typename !== 'BlockUserPayload') return;
          store.get(userId)?.setValue(true, 'isBlocked');
          discardCachedPostLists(store);
        },
      }),
    [commitBlock],
  );

  const unblock = useCallback(
    (userId: string) =>
      commitUnblock({
        variables: { input: { id: userId } },
        // Their posts and replies come back to the lists that left them out (the feed, a post read while blocked).
        updater: (store, data) => {
          if (data?.unblockUser?.__typename === 'UnblockUserPayload') discardCachedPostLists(store);
        },
      }),
    [commitUnblock],
  );

  return { follow, block, unblock, inFlight: followInFlight || unfollowInFlight || blockInFlight || unblockInFlight };
}
