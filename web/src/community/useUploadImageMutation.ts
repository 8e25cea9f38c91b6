import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { communityTexts } from '@domain/messages.js';
import type { useUploadImageMutation as MutationType } from '../__generated__/useUploadImageMutation.graphql';
import { MutationFailure } from '../app/relay/mutationFailure';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { UPLOAD_FAILURE_TEXTS } from '../ui/uploads';

const mutation = graphql`
  mutation useUploadImageMutation($input: UploadImageInput!) {
    uploadImage(input: $input) {
      __typename
      ... on UploadImagePayload {
        image {
          id
          url
          thumbnailUrl
          width
          height
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

export interface UploadedImage {
  id: string;
  url: string;
  thumbnailUrl?: string | null;
  width?: number | null;
  height?: number | null;
}

/** Sends one picked image through the GraphQL multipart request; rejects with the gateway's Korean reason. */
export function useUploadImageMutation(): (file: File) => Promise<UploadedImage> {
  const [commit] = useTypedMutation<MutationType>(mutation, { payload: 'UploadImagePayload', ...UPLOAD_FAILURE_TEXTS });
  return useCallback(
    async (file: File) => {
      const { image } = await commit({ variables: { input: { file: null } }, uploadables: { 'input.file': file } });
      if (!image) throw new MutationFailure(communityTexts.upload.failed);
      return image;
    },
    [commit],
  );
}
