import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { UpdateProfileInput, useUpdateProfileMutation as MutationType } from '../__generated__/useUpdateProfileMutation.graphql';
import { updateStoredUser } from '../app/session';
import { outcomeOf, type Outcome } from './useAccountMutations';

/**
 * Profile update, optimistic (001 §4): the cached member changes at once, Relay rolls it back on an error,
 * and the answer (the refetched profile) replaces it.
 */
export function useUpdateProfileMutation() {
  const [commit, inFlight] = useMutation<MutationType>(graphql`
    mutation useUpdateProfileMutation($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        __typename
        ... on UpdateProfilePayload {
          viewer { id nickname bio location website birthDate gender profileImage }
        }
        ... on Error { message }
        ... on ValidationError { issues { message } }
      }
    }
  `);

  const updateProfile = useCallback(
    (viewerId: string, input: UpdateProfileInput, current: { profileImage: string | null }, optimistic = true) =>
      new Promise<Outcome>((resolve) =>
        commit({
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
          onCompleted: (data) => {
            const outcome = outcomeOf(data.updateProfile, 'UpdateProfilePayload');
            if (outcome.ok && data.updateProfile.__typename === 'UpdateProfilePayload') {
              if (data.updateProfile.viewer) updateStoredUser({ nickname: data.updateProfile.viewer.nickname });
            }
            resolve(outcome);
          },
          onError: (error) => resolve({ ok: false, message: error.message }),
        }),
      ),
    [commit],
  );

  return { updateProfile, inFlight };
}
