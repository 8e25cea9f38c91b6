import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useFollowMutationsFollowMutation } from '../__generated__/useFollowMutationsFollowMutation.graphql';
import type { useFollowMutationsUnfollowMutation } from '../__generated__/useFollowMutationsUnfollowMutation.graphql';
import type { useFollowMutationsBlockMutation } from '../__generated__/useFollowMutationsBlockMutation.graphql';
import type { useFollowMutationsUnblockMutation } from '../__generated__/useFollowMutationsUnblockMutation.graphql';

/** Follow, unfollow, block and unblock a member; the payloads carry the member's new relation and counts. */
export function useFollowMutations() {
  const [commitFollow, followInFlight] = useMutation<useFollowMutationsFollowMutation>(graphql`
    mutation useFollowMutationsFollowMutation($input: FollowUserInput!) {
      followUser(input: $input) {
        __typename
        ... on FollowUserPayload { user { id isFollowing stats { followersCount followingCount } } }
        ... on Error { message }
      }
    }
  `);
  const [commitUnfollow, unfollowInFlight] = useMutation<useFollowMutationsUnfollowMutation>(graphql`
    mutation useFollowMutationsUnfollowMutation($input: UnfollowUserInput!) {
      unfollowUser(input: $input) {
        __typename
        ... on UnfollowUserPayload { user { id isFollowing stats { followersCount followingCount } } }
        ... on Error { message }
      }
    }
  `);
  const [commitBlock, blockInFlight] = useMutation<useFollowMutationsBlockMutation>(graphql`
    mutation useFollowMutationsBlockMutation($input: BlockUserInput!) {
      blockUser(input: $input) {
        __typename
        ... on Error { message }
      }
    }
  `);
  const [commitUnblock, unblockInFlight] = useMutation<useFollowMutationsUnblockMutation>(graphql`
    mutation useFollowMutationsUnblockMutation($input: UnblockUserInput!) {
      unblockUser(input: $input) {
        __typename
        ... on UnblockUserPayload { user { id isBlocked } }
        ... on Error { message }
      }
    }
  `);

  const follow = useCallback(
    (userId: string, following: boolean) => {
      const variables = { input: { userId } };
      if (following) commitUnfollow({ variables });
      else commitFollow({ variables });
    },
    [commitFollow, commitUnfollow],
  );

  const block = useCallback(
    (userId: string) =>
      new Promise<boolean>((resolve) =>
        commitBlock({
          variables: { input: { userId } },
          // blockUser answers the id only: mark the member blocked in the store.
          updater: (store, data) => {
            if (data?.blockUser?.__typename === 'BlockUserPayload') store.get(userId)?.setValue(true, 'isBlocked');
          },
          onCompleted: (data) => resolve(data.blockUser.__typename === 'BlockUserPayload'),
          onError: () => resolve(false),
        }),
      ),
    [commitBlock],
  );

  const unblock = useCallback(
    (userId: string) =>
      new Promise<boolean>((resolve) =>
        commitUnblock({
          variables: { input: { userId } },
          onCompleted: (data) => resolve(data.unblockUser.__typename === 'UnblockUserPayload'),
          onError: () => resolve(false),
        }),
      ),
    [commitUnblock],
  );

  return { follow, block, unblock, inFlight: followInFlight || unfollowInFlight || blockInFlight || unblockInFlight };
}
