import { useCallback, useEffect, useRef, useState } from 'react';
import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router-dom';
import { STORY_COMMENT_MAX } from '@domain/limits.js';
import { storyTexts } from '@domain/messages.js';
import type { StoryViewerPageQuery } from '../__generated__/StoryViewerPageQuery.graphql';
import type { StoryAuthorPanel_story$key } from '../__generated__/StoryAuthorPanel_story.graphql';
import {
  useCreateHighlightMutation,
  useDeleteStoryMutation,
  useHideUserStoriesMutation,
  useReactToStoryMutation,
  useReportStoryMutation,
  useViewStoryMutation,
} from './useStoryMutations';
import { Avatar } from '../ui/Avatar';
import { ReportModal, type ReportInput } from '../community/ReportModal';
import { HighlightSheet, type HighlightDraft } from './HighlightSheet';
import { showStoryToast, StoryToaster } from './storyToaster';
import { RouteScreen } from '../app/RouteScreen';

/** The full-screen story viewer, /stories/:userId: one member's live stories in order. */
export default function StoryViewerPage() {
  return (
    <>
      <RouteScreen<StoryViewerPageQuery>>{(queryRef) => <StoryViewer queryRef={queryRef} />}</RouteScreen>
      <StoryToaster />
    </>
  );
}

const SWIPE_CLOSE_PX = 80;
const TICK_MS = 100;

function StoryViewer({ queryRef }: { queryRef: PreloadedQuery<StoryViewerPageQuery> }) {
  const data = usePreloadedQuery<StoryViewerPageQuery>(
    graphql`
      query StoryViewerPageQuery($userId: ID!) @preloadable {
        node(id: $userId) {
          ... on User {
            id
            nickname
            profileImage
            stories(first: 30) {
              edges {
                node {
                  id
                  isMine
                  type
                  mediaUrl
                  duration
                  caption
                  isLiked
                  likeCount
                  ...StoryAuthorPanel_story
                }
              }
            }
          }
        }
      }
    `,
    queryRef,
  );
  const navigate = useNavigate();
  const user = data.node;
  // A deleted story leaves a null behind in the store until the list is fetched again.
  const stories = user?.stories?.edges.map((edge) => edge.node).filter((node) => node != null) ?? [];
  const [index, setIndex] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [held, setHeld] = useState(false);
  const [typing, setTyping] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  // The report modal or the highlight sheet, open over the story (which waits meanwhile).
  const [sheet, setSheet] = useState<'report' | 'highlight' | null>(null);
  const [comment, setComment] = useState('');
  const touchStartY = useRef<number | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const viewStory = useViewStoryMutation();
  const [react, reacting] = useReactToStoryMutation();
  const hide = useHideUserStoriesMutation();
  const report = useReportStoryMutation();
  const createHighlight = useCreateHighlightMutation();
  const deleteStory = useDeleteStoryMutation();
  const story = stories[index];
  const close = useCallback(() => navigate('/community'), [navigate]);
  const paused = held || typing || panelOpen || sheet !== null;

  const go = useCallback(
    (step: number) => {
      const next = index + step;
      if (next >= stories.length) return close();
      setIndex(Math.max(0, next));
      setElapsed(0);
    },
    [index, stories.length, close],
  );

  useEffect(() => {
    if (story && !story.isMine) viewStory(story.id, 0, 0);
  }, [story?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!story || paused) {
      videoRef.current?.pause();
      return;
    }
    void videoRef.current?.play().catch(() => undefined);
    const timer = setInterval(() => setElapsed((value) => value + TICK_MS), TICK_MS);
    return () => clearInterval(timer);
  }, [story, paused]);

  useEffect(() => {
    if (story && elapsed >= story.duration * 1000) {
      if (!story.isMine) viewStory(story.id, story.duration, 100);
      go(1);
    }
  }, [elapsed, story, go, viewStory]);

  const userId = user?.id;
  if (!user || !userId || !story) {
    return (
      <div className="story-viewer story-viewer--empty">
        <button type="button" className="story-viewer__close" aria-label={storyTexts.viewer.close} onClick={close}>
          ×
        </button>
      </div>
    );
  }

  const sendComment = async () => {
    const text = comment.trim();
    if (!text) return;
    try {
      await react(story.id, 'COMMENT', text);
      setComment('');
      showStoryToast(storyTexts.viewer.reacted);
    } catch (error) {
      showStoryToast((error as Error).message, 'error');
    }
  };

  const reportStory = async ({ reason }: ReportInput) => {
    // The story report takes the reason text only (002 §5.1); the reason type stays with the modal.
    await report(story.id, reason);
  };

  const keepInHighlight = async ({ title, isPrivate }: HighlightDraft) => {
    try {
      await createHighlight(title, [story.id], isPrivate);
      showStoryToast(storyTexts.viewer.highlightCreated);
    } catch (error) {
      showStoryToast((error as Error).message, 'error');
      throw error;
    }
  };

  return (
    <div
      className="story-viewer"
      role="dialog"
      aria-label={user.nickname}
      onTouchStart={(event) => {
        touchStartY.current = event.touches[0].clientY;
      }}
      onTouchEnd={(event) => {
        if (touchStartY.current !== null && event.changedTouches[0].clientY - touchStartY.current > SWIPE_CLOSE_PX) close();
        touchStartY.current = null;
      }}
    >
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
      <header className="story-viewer__header">
        <Avatar src={user.profileImage} />
        <span className="story-viewer__name">{user.nickname}</span>
        {!story.isMine ? (
          <>
            <button
              type="button"
              className="story-viewer__menu"
              onClick={() =>
                hide(userId).then(
                  () => showStoryToast(storyTexts.viewer.hidden),
                  (error: Error) => showStoryToast(error.message, 'error'),
                )
              }
            >
              {storyTexts.viewer.hide}
            </button>
            <button type="button" className="story-viewer__menu" onClick={() => setSheet('report')}>
              {storyTexts.viewer.report}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="story-viewer__menu" onClick={() => setSheet('highlight')}>
              {storyTexts.viewer.addToHighlight}
            </button>
            <button
              type="button"
              className="story-viewer__menu"
              onClick={() =>
                deleteStory(story.id).then(
                  () => {
                    showStoryToast(storyTexts.viewer.deleted);
                    close();
                  },
                  (error: Error) => showStoryToast(error.message, 'error'),
                )
              }
            >
              {storyTexts.viewer.delete}
            </button>
          </>
        )}
        <Link className="story-viewer__menu" to={`/stories/highlights/${encodeURIComponent(userId)}`}>
          {storyTexts.highlights.title}
        </Link>
        <button type="button" className="story-viewer__close" aria-label={storyTexts.viewer.close} onClick={close}>
          ×
        </button>
      </header>
      <div className="story-viewer__stage" onPointerDown={() => setHeld(true)} onPointerUp={() => setHeld(false)} onPointerLeave={() => setHeld(false)}>
        {story.type === 'VIDEO' ? (
          <video ref={videoRef} className="story-viewer__media" src={story.mediaUrl} muted playsInline />
        ) : (
          <img className="story-viewer__media" src={story.mediaUrl} alt={story.caption ?? ''} />
        )}
        <button type="button" className="story-viewer__tap story-viewer__tap--left" aria-label={storyTexts.viewer.previous} onClick={() => go(-1)} />
        <button type="button" className="story-viewer__tap story-viewer__tap--right" aria-label={storyTexts.viewer.next} onClick={() => go(1)} />
        {paused && held ? <span className="story-viewer__paused">{storyTexts.viewer.paused}</span> : null}
      </div>
      {story.caption ? <p className="story-viewer__caption">{story.caption}</p> : null}
      {story.isMine ? (
        <StoryAuthorPanel story={story} open={panelOpen} onToggle={() => setPanelOpen((open) => !open)} />
      ) : (
        <footer className="story-viewer__footer">
          <input
            className="story-viewer__comment"
            value={comment}
            maxLength={STORY_COMMENT_MAX}
            placeholder={storyTexts.viewer.commentPlaceholder}
            onFocus={() => setTyping(true)}
            onBlur={() => setTyping(false)}
            onChange={(event) => setComment(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void sendComment();
            }}
          />
          <button type="button" className="story-viewer__send" disabled={reacting || !comment.trim()} onClick={() => void sendComment()}>
            {storyTexts.viewer.send}
          </button>
          <button
            type="button"
            className={`story-viewer__like${story.isLiked ? ' story-viewer__like--on' : ''}`}
            aria-pressed={story.isLiked}
            aria-label={storyTexts.viewer.like}
            disabled={story.isLiked || reacting}
            onClick={() => react(story.id, 'LIKE').catch((error: Error) => showStoryToast(error.message, 'error'))}
          >
            ♥ {story.likeCount}
          </button>
        </footer>
      )}
      <ReportModal
        open={sheet === 'report'}
        onClose={() => setSheet(null)}
        onSubmit={reportStory}
        notify={(message, kind) => showStoryToast(message, kind === 'success' ? 'success' : 'error')}
      />
      <HighlightSheet open={sheet === 'highlight'} onClose={() => setSheet(null)} onSubmit={keepInHighlight} />
    </div>
  );
}

/** The author's view of their story: who watched it and its stats. */
function StoryAuthorPanel({ story, open, onToggle }: { story: StoryAuthorPanel_story$key; open: boolean; onToggle: () => void }) {
  const data = useFragment(
    graphql`
      fragment StoryAuthorPanel_story on Story {
        viewCount
        stats {
          __typename
          ... on StoryStats {
            viewCount
            uniqueViewers
            completionRate
            averageViewDuration
            likeCount
            reactionCount
          }
        }
        viewers(first: 30) {
          __typename
          ... on StoryViewerConnection {
            edges {
              node {
                viewer {
                  id
                  nickname
                  profileImage
                }
              }
            }
          }
        }
      }
    `,
    story,
  );
  const labels = storyTexts.viewer.statLabels;
  const stats = data.stats.__typename === 'StoryStats' ? data.stats : null;
  const viewers = data.viewers.__typename === 'StoryViewerConnection' ? data.viewers.edges.map((edge) => edge.node.viewer) : [];
  return (
    <footer className="story-viewer__footer story-viewer__footer--author">
      <button type="button" className="story-viewer__viewers-toggle" onClick={onToggle} aria-expanded={open}>
        {storyTexts.viewer.viewers(data.viewCount)}
      </button>
      {open ? (
        <section className="story-panel" aria-label={storyTexts.viewer.stats}>
          {stats ? (
            <dl className="story-panel__stats">
              <dt>{labels.viewCount}</dt>
              <dd data-testid="stat-viewCount">{stats.viewCount}</dd>
              <dt>{labels.uniqueViewers}</dt>
              <dd>{stats.uniqueViewers}</dd>
              <dt>{labels.completionRate}</dt>
              <dd>{storyTexts.viewer.percent(stats.completionRate)}</dd>
              <dt>{labels.averageViewDuration}</dt>
              <dd>{storyTexts.viewer.seconds(stats.averageViewDuration)}</dd>
              <dt>{labels.likeCount}</dt>
              <dd data-testid="stat-likeCount">{stats.likeCount}</dd>
              <dt>{labels.reactionCount}</dt>
              <dd data-testid="stat-reactionCount">{stats.reactionCount}</dd>
            </dl>
          ) : null}
          <h2 className="story-panel__title">{storyTexts.viewer.viewersTitle}</h2>
          {viewers.length ? (
            <ul className="story-panel__viewers">
              {viewers.map((viewer) =>
                viewer ? (
                  <li key={viewer.id}>
                    <Avatar src={viewer.profileImage} />
                    <span>{viewer.nickname}</span>
                  </li>
                ) : null,
              )}
            </ul>
          ) : (
            <p>{storyTexts.viewer.noViewers}</p>
          )}
        </section>
      ) : null}
    </footer>
  );
}
