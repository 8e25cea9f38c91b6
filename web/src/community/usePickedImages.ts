import { useEffect, useRef, useState } from 'react';
import { TRANSIENT_ERROR_CODES } from '@domain/errors.js';
import { POST_IMAGES_MAX } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import { MutationFailure } from '../app/relay/mutationFailure';
import { pictureProblem } from '../ui/uploads';
import { useUploadImageMutation } from './useUploadImageMutation';

/** A picked image: its preview at once, its id once the gateway has it; `failed` when its upload did not go through. */
export interface PickedImage {
  key: string;
  previewUrl: string;
  id: string | null;
  /**
   * Where the gateway serves it (its small copy: the form shows 80 px tiles, never the original), once uploaded: a
   * draft kept for later shows it by this, not by the local preview.
   */
  url?: string;
  failed?: boolean;
}

/**
 * The write form's pictures: the post's own, and picked files, each uploaded at once with its local preview shown
 * meanwhile. `onProblem` tells why files were refused, each by its name (not a picture, too big, the upload failed),
 * or that there are too many. A file whose upload did not get through stays, marked failed, until it is sent again
 * (`retry`) or removed: a post is never sent without a picture its author picked.
 */
export function usePickedImages(initial: ReadonlyArray<{ id: string; url: string }>, onProblem: (message: string) => void) {
  const [picked, setPicked] = useState<PickedImage[]>(() => initial.map((image) => ({ key: image.id, previewUrl: image.url, id: image.id, url: image.url })));
  const uploadImage = useUploadImageMutation();

  // Object URLs of local previews are released when the form goes away.
  const localPreviews = useRef(new Set<string>());
  useEffect(() => () => localPreviews.current.forEach((url) => URL.revokeObjectURL(url)), []);
  /** The files picked here, by key, for sending one again. */
  const pickedFiles = useRef(new Map<string, File>());
  /**
   * The refusals since the last pick, each naming its file: those found here at once and those the gateway answers
   * later, so several refused files are all told apart, whichever order they come in.
   */
  const refusals = useRef<string[]>([]);
  const refuse = (fileName: string, reason: string) => {
    refusals.current = [...refusals.current, communityTexts.upload.refusedFile(fileName, reason)];
    onProblem(refusals.current.join(' '));
  };

  const upload = (key: string, file: File) => {
    setPicked((current) => current.map((entry) => (entry.key === key ? { ...entry, failed: false } : entry)));
    uploadImage(file).then(
      (image) => setPicked((current) => current.map((entry) => (entry.key === key ? { ...entry, id: image.id, url: image.thumbnailUrl ?? image.url } : entry))),
      (error: Error) => {
        // Refused by the service (too many pixels, not a picture after all): the file goes, with the reason. Not
        // delivered (the network, a time-out, the service away; a failed request carries no code): it stays to be sent again.
        const refused = error instanceof MutationFailure && error.code !== undefined && !(TRANSIENT_ERROR_CODES as readonly string[]).includes(error.code);
        setPicked((current) =>
          refused ? current.filter((entry) => entry.key !== key) : current.map((entry) => (entry.key === key ? { ...entry, failed: true } : entry)),
        );
        if (refused) pickedFiles.current.delete(key);
        refuse(file.name, error.message || communityTexts.upload.failed);
      },
    );
  };

  const pick = (files: File[]) => {
    refusals.current = [];
    // The pictures that fit are kept in the order picked; only those past the maximum are refused, each by name.
    let room = POST_IMAGES_MAX - picked.length;
    for (const file of files) {
      const problem = pictureProblem(file) ?? (room > 0 ? null : communityTexts.upload.tooMany(POST_IMAGES_MAX));
      room -= problem ? 0 : 1;
      if (problem) {
        refuse(file.name, problem);
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      localPreviews.current.add(previewUrl);
      const key = previewUrl;
      pickedFiles.current.set(key, file);
      setPicked((current) => [...current, { key, previewUrl, id: null }]);
      upload(key, file);
    }
  };

  const retry = (key: string) => {
    const file = pickedFiles.current.get(key);
    refusals.current = [];
    if (file) upload(key, file);
  };
  const remove = (key: string) => {
    pickedFiles.current.delete(key);
    setPicked((current) => current.filter((entry) => entry.key !== key));
  };
  const uploading = picked.some((image) => image.id === null && !image.failed);
  /** Some picture did not reach the gateway: the form waits until it is sent again or removed. */
  const failed = picked.some((image) => image.failed);
  /** The pictures the gateway has, in their order. */
  const uploaded = () => picked.flatMap((image) => (image.id ? [{ id: image.id, url: image.url ?? image.previewUrl }] : []));
  return { picked, pick, retry, remove, uploading, failed, uploaded };
}
