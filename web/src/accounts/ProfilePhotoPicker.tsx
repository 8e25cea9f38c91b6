import { useEffect, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { IMAGE_MIME_TYPES } from '@domain/limits.js';
import { accountTexts } from '@domain/messages.js';
import type { ProfilePhotoPicker_user$key } from '../__generated__/ProfilePhotoPicker_user.graphql';
import { useProfileImageMutations } from './useProfileImageMutations';
import { useToast } from '../ui/toast/ToastProvider';
import { pictureProblem } from '../ui/uploads';
import { FormError } from '../ui/FormParts';
import { ConfirmDialog } from '../ui/ConfirmDialog';

const e = accountTexts.edit;

/** The picture on /my/profile/edit: pick a file to preview and upload it at once, or remove the picture. */
export function ProfilePhotoPicker({ user }: { user: ProfilePhotoPicker_user$key }) {
  const data = useFragment(
    graphql`
      fragment ProfilePhotoPicker_user on User {
        id
        profileImage
      }
    `,
    user,
  );
  const { uploadProfileImage, deleteProfileImage, inFlight } = useProfileImageMutations();
  const [error, setError] = useState<string | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const previews = useRef<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();

  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  async function pick(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    setError(problem);
    if (problem) return;
    const preview = URL.createObjectURL(file);
    previews.current.push(preview);
    await uploadProfileImage(data.id, file, preview).then(
      () => toast.show(e.photoChanged, 'success'),
      (failure: Error) => setError(failure.message),
    );
  }

  async function remove() {
    setConfirmingRemoval(false);
    setError(null);
    await deleteProfileImage(data.id).then(
      () => toast.show(e.photoRemoved, 'success'),
      (failure: Error) => setError(failure.message),
    );
  }

  return (
    <div className="photo-picker">
      {data.profileImage ? (
        <img className="photo-picker__image" src={data.profileImage} alt={e.photo} data-testid="profile-photo" />
      ) : (
        <span className="photo-picker__image avatar--placeholder" aria-hidden="true" data-testid="profile-photo-empty" />
      )}
      <div className="photo-picker__actions">
        <button type="button" className="button button--secondary" disabled={inFlight} onClick={() => input.current?.click()}>
          {e.photo}
        </button>
        {data.profileImage ? (
          <button type="button" className="button button--secondary" disabled={inFlight} onClick={() => setConfirmingRemoval(true)}>
            {e.removePhoto}
          </button>
        ) : null}
        <input ref={input} type="file" accept={IMAGE_MIME_TYPES.join(',')} hidden data-testid="profile-photo-input" onChange={(event) => void pick(event)} />
      </div>
      {inFlight ? <p className="photo-picker__status">{e.photoUploading}</p> : null}
      <FormError error={error} className="login-panel__error" />
      {confirmingRemoval ? (
        <ConfirmDialog kind="profilePhoto" open onConfirm={() => void remove()} onCancel={() => setConfirmingRemoval(false)} busy={inFlight} />
      ) : null}
    </div>
  );
}
