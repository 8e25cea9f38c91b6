import { useEffect, useRef, useState } from 'react';
import { POST_IMAGES_MAX } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import { pictureProblem } from '../ui/uploads';
import { useUploadImageMutation } from './useUploadImageMutation';

/** A picked image: its preview at once, its id once the gateway has it. */
export interface PickedImage {
  key: string;
  previewUrl: string;
  id: string | null;
  failed?: boolean;
}

/**
 * The write form's pictures: the post's own, and picked files, each uploaded at once with its local preview shown
 * meanwhile. `onProblem` tells why a file was refused (too many, not a picture, too big, the upload failed).
 */
export function usePickedImages(initial: ReadonlyArray<{ id: string; url: string }>, onProblem: (message: string) => void) {
  const [picked, setPicked] = useState<PickedImage[]>(() => initial.map((image) => ({ key: image.id, previewUrl: image.url, id: image.id })));
  const uploadImage = useUploadImageMutation();

  // Object URLs of local previews are released when the form goes away.
  const localPreviews = useRef(new Set<string>());
  useEffect(() => () => localPreviews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const pick = (files: File[]) => {
    if (picked.length + files.length > POST_IMAGES_MAX) {
      onProblem(communityTexts.upload.tooMany(POST_IMAGES_MAX));
      return;
    }
    for (const file of files) {
      const problem = pictureProblem(file);
      if (problem) {
        onProblem(problem);
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      localPreviews.current.add(previewUrl);
      const key = previewUrl;
      setPicked((current) => [...current, { key, previewUrl, id: null }]);
      uploadImage(file).then(
        (image) => setPicked((current) => current.map((entry) => (entry.key === key ? { ...entry, id: image.id } : entry))),
        (error: Error) => {
          setPicked((current) => current.filter((entry) => entry.key !== key));
          onProblem(error.message || communityTexts.upload.failed);
        },
      );
    }
  };

  const remove = (key: string) => setPicked((current) => current.filter((entry) => entry.key !== key));
  const uploading = picked.some((image) => image.id === null && !image.failed);
  /** The pictures the gateway has, in their order. */
  const uploaded = () => picked.flatMap((image) => (image.id ? [{ id: image.id, url: image.previewUrl }] : []));
  return { picked, pick, remove, uploading, uploaded };
}
