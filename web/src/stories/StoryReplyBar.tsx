import { useState } from 'react';
import { STORY_COMMENT_MAX } from '@domain/limits.js';
import { storyTexts } from '@domain/messages.js';
import { showStoryToast } from './storyToaster';
import { useReactToStoryMutation } from './useStoryMutations';

const v = storyTexts.viewer;

/**
 * Under someone else's story: a comment (the story waits while it is typed, `onTyping`) and the like.
 */
export function StoryReplyBar({
  story,
  onTyping,
}: {
  story: { readonly id: string; readonly isLiked: boolean; readonly likeCount: number };
  onTyping: (typing: boolean) => void;
}) {
  const [comment, setComment] = useState('');
  const [react, reacting] = useReactToStoryMutation();
  const failed = (error: Error) => showStoryToast(error.message, 'error');

  const sendComment = async () => {
    const text = comment.trim();
    if (!text) return;
    try {
      await react(story.id, 'COMMENT', text);
      setComment('');
      showStoryToast(v.reacted);
    } catch (error) {
      failed(error as Error);
    }
  };

  return (
    <footer className="story-viewer__footer">
      <input
        className="story-viewer__comment"
        value={comment}
        maxLength={STORY_COMMENT_MAX}
        placeholder={v.commentPlaceholder}
        onFocus={() => onTyping(true)}
        onBlur={() => onTyping(false)}
        onChange={(event) => setComment(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void sendComment();
        }}
      />
      <button type="button" className="story-viewer__send" disabled={reacting || !comment.trim()} onClick={() => void sendComment()}>
        {v.send}
      </button>
      <button
        type="button"
        className={`story-viewer__like${story.isLiked ? ' story-viewer__like--on' : ''}`}
        aria-pressed={story.isLiked}
        aria-label={v.like}
        disabled={story.isLiked || reacting}
        onClick={() => react(story.id, 'LIKE').catch(failed)}
      >
        ♥ {story.likeCount}
      </button>
    </footer>
  );
}
