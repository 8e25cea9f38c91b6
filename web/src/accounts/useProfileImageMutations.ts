import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useProfileImageMutationsUploadMutation } from '../__generated__/useProfileImageMutationsUploadMutation.graphql';
import type { useProfileImageMutationsDeleteMutation } from '../__generated__/useProfileImageMutationsDeleteMutation.graphql';
import { updateStoredUser } from '../app/session';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { UPLOAD_FAILURE_TEXTS } from '../ui/uploads';

/**
 * The member's picture. Both changes are optimistic: the picked file's preview (or no picture) shows at once
 * wherever the member appears, including their posts; Relay rolls it back when the gateway refuses.
 */
export function useProfileImageMutations() {
  const [commitUpload, uploading] = useTypedMutation<useProfileImageMutationsUploadMutation>(
    graphql`
      mutation useProfileImageMutationsUploadMutation($input: UploadProfileImageInput!) {
        uploadProfileImage(input: $input) {
          __typename
          ... on UploadProfileImagePayload { viewer { id profileImage } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UploadProfileImagePayload', ...UPLOAD_FAILURE_TEXTS },
  );
  const [commitDelete, deleting] = useTypedMutation<useProfileImageMutationsDeleteMutation>(
    graphql`
      mutation useProfileImageMutationsDeleteMutation {
        deleteProfileImage {
          __typename
          ... on DeleteProfileImagePayload { viewer { id profileImage } }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'DeleteProfileImagePayload' },
  );

  /** `preview` is an object URL of the picked file, shown until the stored picture's address arrives. */
  const uploadProfileImage = useCallback(
    async (viewerId: string, file: File, preview: string) => {
      const { viewer } = await commitUpload({
        variables: { input: { file: null } },
        uploadables: { 'input.file': file },
        optimisticUpdater: (store) => store.get(viewerId)?.setValue(preview, 'profileImage'),
      });
      if (viewer) updateStoredUser({ profileImage: viewer.profileImage ?? null });
    },
    [commitUpload],
  );

  const deleteProfileImage = useCallback(
    async (viewerId: string) => {
      await commitDelete({
        variables: {},
        optimisticResponse: { deleteProfileImage: { __typename: 'DeleteProfileImagePayload', viewer: { id: viewerId, profileImage: null } } },
      });
      updateStoredUser({ profileImage: null });
    },
    [commitDelete],
  );

  return { uploadProfileImage, deleteProfileImage, inFlight: uploading || deleting };
}
