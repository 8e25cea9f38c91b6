import { useCallback, useEffect, useRef, useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import { storyTexts } from '@domain/messages.js';
import type { StoryViewerPageQuery } from '../__generated__/StoryViewerPageQuery.graphql';
import { RouteScreen } from '../app/RouteScreen';
import { screenTitle } from '../ui/PageHeader';
import { useModalOpen } from '../ui/FormParts';
import { ReportModal, type ReportInput } from '../community/ReportModal';
import { HighlightSheet, type HighlightDraft } from './HighlightSheet';
import { StoryAuthorPanel } from './StoryAuthorPanel';
import { StoryReplyBar } from './StoryReplyBar';
import { CloseButton, StoryViewerHeader } from './StoryViewerMenu';
import { showStoryToast, StoryToaster } from './storyToaster';
import { useCreateHighlightMutation, useReportStoryMutation } from './useStoryMutations';
import { useStoryPlayback } from './useStoryPlayback';

/** The full-screen story viewer, /stories/:userId: one member's live stories in order. */
export default function StoryViewerPage() {
  return (
    <>
      <RouteScreen<StoryViewerPageQuery>>{(queryRef) => <StoryViewer queryRef={queryRef} />}</RouteScreen>
      <StoryToaster placement="top" />
    </>
  );
}

const SWIPE_CLOSE_PX = 80;

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
                  isViewed
                  type
                  mediaUrl
                  duration
                  caption
                  createdAt
                  privacy
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
  const [held, setHeld] = useState(false);
  const [typing, setTyping] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // The report modal or the highlight sheet, open over the story (which waits meanwhile).
  const [sheet, setSheet] = useState<'report' | 'highlight' | null>(null);
  const touchStartY = useRef<number | null>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const report = useReportStoryMutation();
  const createHighlight = useCreateHighlightMutation();
  const userId = user?.id;
  // The viewer's entry is replaced, so Back does not open it again; the tray puts focus back on the member it opened.
  const close = useCallback(() => navigate('/community', { replace: true, state: { storyOf: userId } }), [navigate, userId]);
  // Any dialog over the story (a guest's login sheet among them) holds it, so the member comes back to the same story.
  const overlaid = useModalOpen();
  const paused = held || typing || panelOpen || menuOpen || sheet !== null || overlaid;
  const { story, index, elapsed, go } = useStoryPlayback(stories, paused, close, videoRef);
  const hasStory = Boolean(story);
  const heading = user?.nickname ? storyTexts.viewer.title(user.nickname) : storyTexts.viewer.untitled;
  const title = screenTitle(heading);

  // Focus moves into the viewer as it opens, so keys and screen readers start there.
  useEffect(() => {
    if (hasStory) viewerRef.current?.focus();
  }, [hasStory]);

  // Escape leaves the viewer, unless a dialog over the story (its own sheets, the login sheet) takes it; the menu stops it itself.
  // The left and right arrows step back and on, as the two halves of the story do, except in the reply box or the menu.
  useEffect(() => {
    if (sheet !== null || overlaid) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') close();
      else if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && !typing && !menuOpen && !isTextBox(event.target))
        go(event.key === 'ArrowRight' ? 1 : -1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sheet, overlaid, close, go, typing, menuOpen]);

  if (!user || !userId || !story) {
    return (
      <div className="story-viewer story-viewer--empty">
        <title>{title}</title>
        <h1 className="visually-hidden">{heading}</h1>
        <CloseButton close={close} />
        <p className="story-viewer__none" role="status">
          {user?.nickname ? storyTexts.viewer.none(user.nickname) : storyTexts.errors.memberNotFound}
        </p>
      </div>
    );
  }

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
      ref={viewerRef}
      className="story-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={user.nickname}
      tabIndex={-1}
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
      <StoryViewerHeader
        user={{ id: userId, nickname: user.nickname, profileImage: user.profileImage }}
        story={story}
        onReport={() => setSheet('report')}
        onHighlight={() => setSheet('highlight')}
        onMenu={setMenuOpen}
        close={close}
      />
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
        <StoryReplyBar story={story} onTyping={setTyping} />
      )}
      <ReportModal
        open={sheet === 'report'}
        onClose={() => setSheet(null)}
        onSubmit={reportStory}
        notify={(message, kind) => showStoryToast(message, kind === 'error' || kind === 'warning' ? 'error' : 'success')}
      />
      <HighlightSheet open={sheet === 'highlight'} onClose={() => setSheet(null)} onSubmit={keepInHighlight} />
    </div>
  );
}

/** Where the arrows move the caret, not the story. */
const isTextBox = (target: EventTarget | null) => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
