import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { communityTexts } from '@domain/messages.js';
import type { useUploadImageMutation as MutationType } from '../__generated__/useUploadImageMutation.graphql';
import { uploadFailureMessage } from '../ui/uploads';

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
      ... on ValidationError {
        issues {
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export interface UploadedImage {
  id: string;
  url: string;
  width?: number | null;
  height?: number | null;
}

/** Sends one picked image through the GraphQL multipart request; rejects with the gateway's Korean reason. */
export function useUploadImageMutation(): (file: File) => Promise<UploadedImage> {
  const [commit] = useMutation<MutationType>(mutation);
  return useCallback(
    (file: File) =>
      new Promise<UploadedImage>((resolve, reject) => {
        commit({
          variables: { input: { file: null } },
          uploadables: { 'input.file': file },
          onCompleted: ({ uploadImage: result }) => {
            if (result.__typename === 'UploadImagePayload' && result.image) resolve(result.image);
            else if (result.__typename === 'ValidationError') reject(new Error(result.issues?.[0]?.message ?? result.message));
            else reject(new Error('message' in result && result.message ? result.message : communityTexts.upload.failed));
          },
          onError: (error) => reject(new Error(uploadFailureMessage(error, communityTexts.upload.failed))),
        });
      }),
    [commit],
  );
}
