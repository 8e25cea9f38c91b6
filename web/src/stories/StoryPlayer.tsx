import { useEffect, useRef, useState, type ReactNode } from 'react';
import { storyTexts } from '@domain/messages.js';
import { screenTitle } from '../ui/PageHeader';
import { useModalOpen } from '../ui/FormParts';
import { useTabCycle } from '../ui/useModalFocus';
import { CloseButton } from './StoryViewerMenu';
import { useStoryPlayback, type PlayedStory } from './useStoryPlayback';

export interface PlayerStory extends PlayedStory {
  readonly type: string;
  readonly mediaUrl: string;
  readonly caption: string | null | undefined;
}

interface StoryPlayerProps<S extends PlayerStory> {
  /** The dialog's name: whose stories play. */
  label: string;
  /** The screen's heading and document title. */
  heading: string;
  stories: readonly S[];
  /** The story to open at (a notification's), when it is among them. */
  startAt?: string | null;
  close: () => void;
  /** Said instead of a story when there is none to play. */
  empty: string;
  /** Something of the caller's holds the story: its menu, a sheet over the story, a message being typed. */
  held?: boolean;
  /** A sheet of the caller's over the story takes the keys, Escape among them. */
  keysTaken?: boolean;
  /** The left and right arrows move something of the caller's (a caret, a menu), not the story. */
  arrowsTaken?: boolean;
  header: (story: S) => ReactNode;
  /** What goes under the story: the caller's panels and sheets. */
  children?: (story: S) => ReactNode;
}

const SWIPE_CLOSE_PX = 80;

/**
 * The full-screen player both story screens use (a member's live stories, a highlight): the stories in order with
 * their progress bars, a press anywhere holds the story (as the keyboard's focus on one of its controls does), the
 * halves step back and on, as the arrow keys do, Escape
 * and a swipe down close it. Any dialog over it (the caller's sheets, a guest's login sheet) holds the story too, so
 * the member comes back to the same one.
 */
export function StoryPlayer<S extends PlayerStory>({
  label,
  heading,
  stories,
  startAt,
  close,
  empty,
  held: heldByCaller = false,
  keysTaken = false,
  arrowsTaken = false,
  header,
  children,
}: StoryPlayerProps<S>) {
  const [pressed, setPressed] = useState(false);
  /** A control of the viewer has the keyboard's focus: the story waits while the member works it (WCAG 2.2.1). */
  const [keyboardHeld, setKeyboardHeld] = useState(false);
  const touchStartY = useRef<number | null>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const overlaid = useModalOpen();
  const paused = pressed || keyboardHeld || heldByCaller || overlaid;
  const { story, index, elapsed, go } = useStoryPlayback(stories, paused, close, videoRef, startAt);
  const hasStory = Boolean(story);
  const title = screenTitle(heading);

  // Focus moves into the viewer as it opens, so keys and screen readers start there, and Tab stays in it (a dialog over
  // it, or a caller's sheet, keeps its own).
  useEffect(() => {
    if (hasStory) viewerRef.current?.focus();
  }, [hasStory]);
  useTabCycle(viewerRef, hasStory && !overlaid && !keysTaken);

  // Escape leaves the viewer, unless a dialog over the story takes it; a menu stops it itself.
  useEffect(() => {
    if (keysTaken || overlaid) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') close();
      else if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && !arrowsTaken && !isTextBox(event.target)) go(event.key === 'ArrowRight' ? 1 : -1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keysTaken, overlaid, close, go, arrowsTaken]);

  if (!story) {
    return (
      <div className="story-viewer story-viewer--empty">
        <title>{title}</title>
        <h1 className="visually-hidden">{heading}</h1>
        <CloseButton close={close} />
        <p className="story-viewer__none" role="status">
          {empty}
        </p>
      </div>
    );
  }

  return (
    <div
      ref={viewerRef}
      className="story-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      tabIndex={-1}
      onFocus={(event) => setKeyboardHeld(event.target !== event.currentTarget && event.target.matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardHeld(false);
      }}
      onTouchStart={(event) => {
        touchStartY.current = event.touches[0].clientY;
      }}
      onTouchEnd={(event) => {
        if (touchStartY.current !== null && event.changedTouches[0].clientY - touchStartY.current > SWIPE_CLOSE_PX) close();
        touchStartY.current = null;
      }}
    >
      <title>{title}</title>
      {/* The screen's heading, for those who move by headings; the header below shows the member's name. */}
      <h1 className="visually-hidden">{heading}</h1>
      <div className="story-viewer__progress">
        {stories.map((item, position) => (
          <span key={item.id} className="story-viewer__bar">
            <span
              className="story-viewer__fill"
              style={{ width: `${position < index ? 100 : position > index ? 0 : Math.min(100, (elapsed / (item.duration * 1000)) * 100)}%` }}
            />
          </span>
        ))}
      </div>
      {header(story)}
      <div
        className="story-viewer__stage"
        onPointerDown={() => setPressed(true)}
        onPointerUp={() => setPressed(false)}
        onPointerLeave={() => setPressed(false)}
      >
        {story.type === 'VIDEO' ? (
          <video ref={videoRef} className="story-viewer__media" src={story.mediaUrl} muted playsInline />
        ) : (
          <img className="story-viewer__media" src={story.mediaUrl} alt={story.caption ?? ''} />
        )}
        <button type="button" className="story-viewer__tap story-viewer__tap--left" aria-label={storyTexts.viewer.previous} onClick={() => go(-1)} />
        <button type="button" className="story-viewer__tap story-viewer__tap--right" aria-label={storyTexts.viewer.next} onClick={() => go(1)} />
        {pressed || keyboardHeld ? <span className="story-viewer__paused">{storyTexts.viewer.paused}</span> : null}
      </div>
      {story.caption ? <p className="story-viewer__caption">{story.caption}</p> : null}
      {children?.(story)}
    </div>
  );
}

/** Where the arrows move the caret, not the story. */
const isTextBox = (target: EventTarget | null) => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
