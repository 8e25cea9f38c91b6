import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useViewStoryMutation } from './useStoryMutations';

const TICK_MS = 100;

export interface PlayedStory {
  readonly id: string;
  readonly isMine: boolean;
  readonly isViewed: boolean;
  /** An expired story (a highlight keeps it) can no longer be viewed: playing it records nothing. */
  readonly isExpired?: boolean;
  /** Seconds on screen. */
  readonly duration: number;
}

/**
 * Plays a member's stories in order, from `startAt` when it is one of them, else from the first one not seen yet:
 * each for its duration unless `paused`, then the next; after the last one `close`, once (the clock stops there,
 * though the screen stays until the next one has loaded). Someone else's live story counts as viewed when it starts
 * and again when it ends, or as far as it played when it is left sooner.
 */
export function useStoryPlayback<S extends PlayedStory>(
  stories: readonly S[],
  paused: boolean,
  close: () => void,
  video: RefObject<HTMLVideoElement | null>,
  startAt?: string | null,
) {
  // It opens on the story asked for (a notification's), else on the first one the member has not seen yet, as the
  // tray's ring promises; on the first when all are seen.
  const [index, setIndex] = useState(() => {
    const asked = startAt ? stories.findIndex((story) => story.id === startAt) : -1;
    return asked >= 0
      ? asked
      : Math.max(
          0,
          stories.findIndex((story) => !story.isMine && !story.isViewed),
        );
  });
  const [elapsed, setElapsed] = useState(0);
  const [ended, setEnded] = useState(false);
  // Ticks already queued still run after the end: the ref stops them before the state has rendered.
  const endedRef = useRef(false);
  const viewStory = useViewStoryMutation();
  // The story on screen deleted: the next one plays in its place, or the one before when it was the last.
  const at = Math.min(index, Math.max(0, stories.length - 1));
  const story: S | undefined = stories[at];

  // How much of the story on screen has played: a story left before its end (skipped, or the viewer closed) is
  // recorded as watched that far, so the author's 평균 시청률 and 평균 시청 시간 are not only 0 or complete.
  const watching = useRef<{ story?: S; ms: number }>({ ms: 0 });
  useEffect(() => {
    watching.current = { story, ms: elapsed };
  }, [story, elapsed]);
  const recordPartialView = useCallback(() => {
    const { story: left, ms } = watching.current;
    const full = left ? left.duration * 1000 : 0;
    if (!left || !recordsViews(left) || ms <= 0 || ms >= full) return;
    viewStory(left.id, ms / 1000, Math.round((ms / full) * 100));
  }, [viewStory]);
  useEffect(() => recordPartialView, [recordPartialView]);

  const go = useCallback(
    (step: number) => {
      if (endedRef.current) return;
      recordPartialView();
      const next = at + step;
      if (next >= stories.length) {
        endedRef.current = true;
        setEnded(true);
        return close();
      }
      setIndex(Math.max(0, next));
      setElapsed(0);
    },
    [at, stories.length, close, recordPartialView],
  );

  useEffect(() => {
    // Each story plays from its start (one that took a deleted one's place too).
    setElapsed(0);
    if (story && recordsViews(story)) viewStory(story.id, 0, 0);
  }, [story?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!story || paused || ended) {
      video.current?.pause();
      return;
    }
    void video.current?.play().catch(() => undefined);
    const timer = setInterval(() => setElapsed((value) => value + TICK_MS), TICK_MS);
    return () => clearInterval(timer);
  }, [story, paused, ended, video]);

  useEffect(() => {
    if (story && !endedRef.current && elapsed >= story.duration * 1000) {
      if (recordsViews(story)) viewStory(story.id, story.duration, 100);
      go(1);
    }
  }, [elapsed, story, go, viewStory]);

  return { story, index: at, elapsed, go };
}

/** One's own opens are not views (the author's list of viewers leaves them out), nor are an expired story's. */
const recordsViews = (story: PlayedStory) => !story.isMine && !story.isExpired;
