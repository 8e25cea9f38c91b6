import { Link } from 'react-router-dom';
import { storyTexts } from '@domain/messages.js';
import { Avatar } from '../ui/Avatar';
import { showStoryToast } from './storyToaster';
import { useDeleteStoryMutation, useHideUserStoriesMutation } from './useStoryMutations';

const v = storyTexts.viewer;

interface StoryViewerHeaderProps {
  user: { readonly id: string; readonly nickname: string | undefined; readonly profileImage: string | null | undefined };
  story: { readonly id: string; readonly isMine: boolean };
  onReport: () => void;
  onHighlight: () => void;
  close: () => void;
}

/**
 * The viewer's header: the member, then what the viewer can do. Someone else's stories are hidden or reported;
 * one's own are kept in a highlight or deleted. Both lead to the member's highlights, and the viewer closes.
 */
export function StoryViewerHeader({ user, story, onReport, onHighlight, close }: StoryViewerHeaderProps) {
  const hide = useHideUserStoriesMutation();
  const deleteStory = useDeleteStoryMutation();
  const failed = (error: Error) => showStoryToast(error.message, 'error');
  return (
    <header className="story-viewer__header">
      <Avatar src={user.profileImage} />
      <span className="story-viewer__name">{user.nickname}</span>
      {!story.isMine ? (
        <>
          <button type="button" className="story-viewer__menu" onClick={() => hide(user.id).then(() => showStoryToast(v.hidden), failed)}>
            {v.hide}
          </button>
          <button type="button" className="story-viewer__menu" onClick={onReport}>
            {v.report}
          </button>
        </>
      ) : (
        <>
          <button type="button" className="story-viewer__menu" onClick={onHighlight}>
            {v.addToHighlight}
          </button>
          <button
            type="button"
            className="story-viewer__menu"
            onClick={() =>
              deleteStory(story.id).then(() => {
                showStoryToast(v.deleted);
                close();
              }, failed)
            }
          >
            {v.delete}
          </button>
        </>
      )}
      <Link className="story-viewer__menu" to={`/stories/highlights/${encodeURIComponent(user.id)}`}>
        {storyTexts.highlights.title}
      </Link>
      <CloseButton close={close} />
    </header>
  );
}

/** The × that leaves the viewer for the feed. */
export function CloseButton({ close }: { close: () => void }) {
  return (
    <button type="button" className="story-viewer__close" aria-label={v.close} onClick={close}>
      ×
    </button>
  );
}
