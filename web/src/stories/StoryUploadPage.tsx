import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { IMAGE_MIME_TYPES, STORY_CAPTION_MAX, STORY_PRIVACY_LEVELS, STORY_VIDEO_MIME_TYPES } from '@domain/limits.js';
import { storyTexts } from '@domain/messages.js';
import type { StoryPrivacy } from '../__generated__/useStoryMutationsCreateMutation.graphql';
import { PageHeader } from '../ui/PageHeader';
import { useCreateStoryMutation } from './useStoryMutations';
import { useSession } from '../app/session';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';
import { storyMediaProblem } from '../ui/uploads';
import { dismissStoryToast, showStoryToast, StoryToaster } from './storyToaster';
import { CutMessage, LengthCounter, useCharacterLimit } from '../ui/FormParts';

const ACCEPT = [...IMAGE_MIME_TYPES, ...STORY_VIDEO_MIME_TYPES].join(',');

/** /stories/new: pick a picture or video, preview it, add a caption and choose who sees it. */
export default function StoryUploadPage() {
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  // A paste past the limit is cut, and the member is told so under the box.
  const captionLimit = useCharacterLimit(STORY_CAPTION_MAX, caption, setCaption);
  const [privacy, setPrivacy] = useState<(typeof STORY_PRIVACY_LEVELS)[number]>('public');
  const [create, uploading] = useCreateStoryMutation();
  const session = useSession();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // The toast refusing the last file picked: it goes as soon as a file that will do is picked.
  const refusal = useRef<number | null>(null);
  const refuse = (problem: string) => {
    if (fileInput.current) fileInput.current.value = '';
    setFile(null);
    refusal.current = showStoryToast(problem, 'error');
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    const problem = picked ? storyMediaProblem(picked) : null;
    if (problem) return refuse(problem);
    if (picked && refusal.current !== null) dismissStoryToast(refusal.current);
    setFile(picked);
  };

  // A file whose name and type say picture or video but whose bytes are not one (a renamed text file) fails to
  // preview: it is refused now, in the words the service would use at 공유하기.
  const refuseUnreadable = () => refuse(storyTexts.media.unsupported);

  const isVideo = file?.type.startsWith('video/') ?? false;
  const pickButton = useRef<HTMLButtonElement>(null);
  const submit = async () => {
    // 공유하기 looks unavailable until a file is picked, but pressed it says what is missing and leads to the picker.
    if (!file) {
      showStoryToast(storyTexts.upload.mediaRequired, 'error');
      pickButton.current?.focus();
      return;
    }
    try {
      await create(file, { type: isVideo ? 'VIDEO' : 'IMAGE', caption: caption || undefined, privacy: privacy.toUpperCase() as StoryPrivacy });
      showStoryToast(storyTexts.uploaded);
      navigate('/community');
    } catch (error) {
      showStoryToast((error as Error).message || storyTexts.uploadFailed, 'error');
    }
  };

  // A guest is offered the login first, instead of a form whose sharing would be refused.
  if (session.isGuest) {
    return (
      <>
        <PageHeader title={storyTexts.upload.title} back />
        <LoginRequiredScreen text={storyTexts.upload.loginRequired} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={storyTexts.upload.title} back />
      <div className="story-upload">
        {/* A labelled button opens the picker: the browser's own file input would show its English "Choose File". */}
        <button ref={pickButton} type="button" className="button button--secondary story-upload__pick" onClick={() => fileInput.current?.click()}>
          {storyTexts.upload.pick}
        </button>
        <input ref={fileInput} type="file" accept={ACCEPT} hidden data-testid="story-media-input" onChange={pick} />
        {preview ? (
          <div className="story-upload__preview">
            {isVideo ? <video src={preview} muted playsInline controls onError={refuseUnreadable} /> : <img src={preview} alt="" onError={refuseUnreadable} />}
          </div>
        ) : null}
        <label className="story-upload__field">
          {storyTexts.upload.caption}
          <textarea value={caption} {...captionLimit.limit} placeholder={storyTexts.upload.captionPlaceholder} aria-describedby={captionLimit.messageId} />
          <LengthCounter className="story-upload__counter" text={caption} max={STORY_CAPTION_MAX} />
        </label>
        <CutMessage message={captionLimit.message} id={captionLimit.messageId} />
        <fieldset className="story-upload__privacy">
          <legend>{storyTexts.upload.privacy}</legend>
          {STORY_PRIVACY_LEVELS.map((level) => (
            <label key={level}>
              <input type="radio" name="privacy" value={level} checked={privacy === level} onChange={() => setPrivacy(level)} />
              {storyTexts.privacyLevels[level]}
            </label>
          ))}
          <Link className="story-upload__close-friends" to="/my/settings/close-friends">
            {storyTexts.closeFriends.manage}
          </Link>
        </fieldset>
        <button type="button" className="button button--primary" disabled={uploading} aria-disabled={!file || undefined} onClick={() => void submit()}>
          {uploading ? storyTexts.upload.uploading : storyTexts.upload.submit}
        </button>
      </div>
      <StoryToaster />
    </>
  );
}
