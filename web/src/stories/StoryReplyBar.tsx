import { useEffect, useRef, useState } from 'react';
import { STORY_COMMENT_MAX, STORY_REACTION_EMOJIS } from '@domain/limits.js';
import { storyTexts } from '@domain/messages.js';
import { showStoryToast } from './storyToaster';
import { useMemberAction } from '../accounts/useMemberAction';
import { useReactToStoryMutation, useUnlikeStoryMutation } from './useStoryMutations';
import { characterLimit, LengthCounter } from '../ui/FormParts';

const v = storyTexts.viewer;

/**
 * Under someone else's story: the emoji of the fixed set, a comment (the story waits while it is typed,
 * `onTyping`) and the like, which a second press takes back.
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
  const [unlike, unliking] = useUnlikeStoryMutation();
  const failed = (error: Error) => showStoryToast(error.message, 'error');
  // A guest's reaction opens the login sheet, as a like on a post does, instead of a refusal to log in "again".
  const asMember = useMemberAction();
  // Escape in a message being typed leaves the box and keeps the text (the story goes on as when the box loses
  // focus); the viewer's Escape listener skips a handled key. With an empty box Escape closes the viewer as
  // elsewhere. Captured, so it runs before the viewer's listener on the same document.
  const commentRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!comment) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.activeElement !== commentRef.current) return;
      event.preventDefault();
      commentRef.current?.blur();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [comment]);

  const sendComment = async () => {
    const text = comment.trim();
    if (!text) return;
    try {
      await react(story.id, 'COMMENT', { comment: text });
      setComment('');
      showStoryToast(v.messageSent);
    } catch (error) {
      failed(error as Error);
    }
  };

  const toggleLike = () => (story.isLiked ? unlike(story.id).then(() => showStoryToast(v.unliked)) : react(story.id, 'LIKE')).catch(failed);

  return (
    <footer className="story-viewer__footer story-viewer__footer--reply">
      <div className="story-viewer__emojis" role="group" aria-label={v.emojiReactions}>
        {STORY_REACTION_EMOJIS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            className="story-viewer__emoji"
            aria-label={v.sendEmoji(v.emojiLabels[emoji])}
            disabled={reacting}
            onClick={() => asMember(() => void react(story.id, 'EMOJI', { emoji }).then(() => showStoryToast(v.emojiSent(emoji)), failed))}
          >
            {emoji}
          </button>
        ))}
      </div>
      <div className="story-viewer__reply">
        <input
          ref={commentRef}
          className="story-viewer__comment"
          value={comment}
          {...characterLimit(STORY_COMMENT_MAX, setComment)}
          aria-label={v.commentPlaceholder}
          aria-describedby={comment ? 'story-comment-counter' : undefined}
          placeholder={v.commentPlaceholder}
          onFocus={() => onTyping(true)}
          onBlur={() => onTyping(false)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') asMember(() => void sendComment());
          }}
        />
        <button type="button" className="story-viewer__send" disabled={reacting || !comment.trim()} onClick={() => asMember(() => void sendComment())}>
          {v.send}
        </button>
        <button
          type="button"
          className={`story-viewer__like${story.isLiked ? ' story-viewer__like--on' : ''}`}
          aria-pressed={story.isLiked}
          aria-label={v.likeWithCount(story.likeCount)}
          title={story.isLiked ? v.liked : v.like}
          disabled={reacting || unliking}
          onClick={() => asMember(() => void toggleLike())}
        >
          <span aria-hidden="true">♥</span> <span data-testid="story-like-count">{story.likeCount}</span>
        </button>
      </div>
      {/* How much of the comment's limit is used, once there is a comment (a long paste is cut at the limit). */}
      {comment ? <LengthCounter id="story-comment-counter" text={comment} max={STORY_COMMENT_MAX} className="story-viewer__counter" /> : null}
    </footer>
  );
}
