import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { UpdateProfileInput, useUpdateProfileMutation as MutationType } from '../__generated__/useUpdateProfileMutation.graphql';
import { updateStoredUser } from '../app/session';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/**
 * Profile update, optimistic (001 §4): the cached member changes at once, Relay rolls it back on an error,
 * and the answer (the refetched profile) replaces it.
 */
export function useUpdateProfileMutation() {
  const [commit, inFlight] = useTypedMutation<MutationType>(
    graphql`
      mutation useUpdateProfileMutation($input: UpdateProfileInput!) {
        updateProfile(input: $input) {
          __typename
          ... on UpdateProfilePayload {
            viewer { id nickname bio location website birthDate gender profileImage }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UpdateProfilePayload' },
  );

  const updateProfile = useCallback(
    async (viewerId: string, input: UpdateProfileInput, current: { profileImage: string | null }, optimistic = true) => {
      const { viewer } = await commit({
        variables: { input },
        optimisticResponse: optimistic
          ? {
              updateProfile: {
                __typename: 'UpdateProfilePayload',
                viewer: {
                  id: viewerId,
                  nickname: input.nickname ?? '',
                  bio: input.bio || null,
                  location: input.location || null,
                  website: input.website || null,
                  birthDate: input.birthDate || null,
                  gender: (input.gender as never) || null,
                  profileImage: current.profileImage,
                },
              },
            }
          : undefined,
      });
      if (viewer) updateStoredUser({ nickname: viewer.nickname });
    },
    [commit],
  );

  return { updateProfile, inFlight };
}
