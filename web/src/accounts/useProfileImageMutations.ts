import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { communityTexts } from '@domain/messages.js';
import type { useProfileImageMutationsUploadMutation } from '../__generated__/useProfileImageMutationsUploadMutation.graphql';
import type { useProfileImageMutationsDeleteMutation } from '../__generated__/useProfileImageMutationsDeleteMutation.graphql';
import { updateStoredUser } from '../app/session';
import { uploadFailureMessage } from '../ui/uploads';
import { outcomeOf, type Outcome } from './useAccountMutations';

/**
 * The member's picture. Both changes are optimistic: the picked file's preview (or no picture) shows at once
 * wherever the member appears, including their posts; Relay rolls it back when the gateway refuses.
 */
export function useProfileImageMutations() {
  const [commitUpload, uploading] = useMutation<useProfileImageMutationsUploadMutation>(graphql`
    mutation useProfileImageMutationsUploadMutation($input: UploadProfileImageInput!) {
      uploadProfileImage(input: $input) {
        __typename
        ... on UploadProfileImagePayload { viewer { id profileImage } }
        ... on ValidationError { issues { message } }
        ... on Error { message }
      }
    }
  `);
  const [commitDelete, deleting] = useMutation<useProfileImageMutationsDeleteMutation>(graphql`
    mutation useProfileImageMutationsDeleteMutation {
      deleteProfileImage {
        __typename
        ... on DeleteProfileImagePayload { viewer { id profileImage } }
        ... on Error { message }
      }
    }
  `);

  /** `preview` is an object URL of the picked file, shown until the stored picture's address arrives. */
  const uploadProfileImage = useCallback(
    (viewerId: string, file: File, preview: string) =>
      new Promise<Outcome>((resolve) =>
        commitUpload({
          variables: { input: { file: null } },
          uploadables: { 'input.file': file },
          optimisticUpdater: (store) => store.get(viewerId)?.setValue(preview, 'profileImage'),
          onCompleted: ({ uploadProfileImage: answer }) => {
            if (answer.__typename === 'UploadProfileImagePayload' && answer.viewer) updateStoredUser({ profileImage: answer.viewer.profileImage ?? null });
            const outcome = outcomeOf(answer, 'UploadProfileImagePayload');
            resolve(outcome.ok || outcome.message ? outcome : { ok: false, message: communityTexts.upload.failed });
          },
          onError: (error) => resolve({ ok: false, message: uploadFailureMessage(error, communityTexts.upload.failed) }),
        }),
      ),
    [commitUpload],
  );

  const deleteProfileImage = useCallback(
    (viewerId: string) =>
      new Promise<Outcome>((resolve) =>
        commitDelete({
          variables: {},
          optimisticResponse: { deleteProfileImage: { __typename: 'DeleteProfileImagePayload', viewer: { id: viewerId, profileImage: null } } },
          onCompleted: ({ deleteProfileImage: answer }) => {
            if (answer.__typename === 'DeleteProfileImagePayload') updateStoredUser({ profileImage: null });
            resolve(outcomeOf(answer, 'DeleteProfileImagePayload'));
          },
          onError: (error) => resolve({ ok: false, message: error.message }),
        }),
      ),
    [commitDelete],
  );

  return { uploadProfileImage, deleteProfileImage, inFlight: uploading || deleting };
}
