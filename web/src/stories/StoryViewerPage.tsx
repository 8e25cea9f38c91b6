import { useCallback, useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import { storyTexts } from '@domain/messages.js';
import type { StoryViewerPageQuery } from '../__generated__/StoryViewerPageQuery.graphql';
import { RouteScreen } from '../app/RouteScreen';
import { useGoBack } from '../app/navigation/backNavigation';
import { ReportModal, type ReportInput } from '../community/ReportModal';
import { HighlightSheet, type HighlightDraft } from './HighlightSheet';
import { StoryAuthorPanel } from './StoryAuthorPanel';
import { StoryReplyBar } from './StoryReplyBar';
import { StoryPlayer } from './StoryPlayer';
import { noteClosedStories } from './storyReturn';
import { StoryViewerHeader } from './StoryViewerMenu';
import { showStoryToast, StoryToaster } from './storyToaster';
import { useCreateHighlightMutation, useReportStoryMutation } from './useStoryMutations';

/** The full-screen story viewer, /stories/:userId: one member's live stories in order (`?story=<id>` opens at that one). */
export default function StoryViewerPage() {
  return (
    <>
      <RouteScreen<StoryViewerPageQuery>>{(queryRef) => <StoryViewer queryRef={queryRef} />}</RouteScreen>
      <StoryToaster placement="top" />
    </>
  );
}

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
  const [params] = useSearchParams();
  const user = data.node;
  // A deleted story leaves a null behind in the store until the list is fetched again.
  const stories = user?.stories?.edges.map((edge) => edge.node).filter((node) => node != null) ?? [];
  const [typing, setTyping] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // The report modal or the highlight sheet, open over the story (which waits meanwhile).
  const [sheet, setSheet] = useState<'report' | 'highlight' | null>(null);
  const report = useReportStoryMutation();
  const createHighlight = useCreateHighlightMutation();
  const userId = user?.id;
  const goBack = useGoBack();
  // Back to where the viewer was opened from (the feed as it was scrolled, the inbox); opened directly, to the feed.
  // The tray puts focus back on the member it opened.
  const close = useCallback(() => {
    if (userId) noteClosedStories(userId);
    goBack();
  }, [goBack, userId]);
  const heading = user?.nickname ? storyTexts.viewer.title(user.nickname) : storyTexts.viewer.untitled;

  if (!user || !userId)
    return <StoryPlayer label={heading} heading={heading} stories={[]} close={close} empty={storyTexts.errors.memberNotFound} header={() => null} />;
  return (
    <StoryPlayer
      label={user.nickname ?? heading}
      heading={heading}
      stories={stories}
      startAt={params.get('story')}
      close={close}
      empty={user.nickname ? storyTexts.viewer.none(user.nickname) : storyTexts.errors.memberNotFound}
      held={typing || panelOpen || menuOpen || sheet !== null}
      keysTaken={sheet !== null}
      arrowsTaken={typing || menuOpen}
      header={(story) => (
        <StoryViewerHeader
          user={{ id: userId, nickname: user.nickname, profileImage: user.profileImage }}
          story={story}
          onReport={() => setSheet('report')}
          onHighlight={() => setSheet('highlight')}
          onMenu={setMenuOpen}
          // The member's other stories play on; with none left the viewer closes.
          onDeleted={() => {
            if (stories.length <= 1) close();
          }}
          close={close}
        />
      )}
    >
      {(story) => (
        <>
          {story.isMine ? (
            <StoryAuthorPanel story={story} open={panelOpen} onToggle={() => setPanelOpen((open) => !open)} />
          ) : (
            <StoryReplyBar story={story} onTyping={setTyping} />
          )}
          <ReportModal
            open={sheet === 'report'}
            onClose={() => setSheet(null)}
            // The story report takes the reason text only (002 §5.1); the reason type stays with the modal.
            onSubmit={({ reason }: ReportInput) => report(story.id, reason)}
            notify={(message, kind) => showStoryToast(message, kind === 'error' || kind === 'warning' ? 'error' : 'success')}
          />
          <HighlightSheet
            open={sheet === 'highlight'}
            onClose={() => setSheet(null)}
            onSubmit={async ({ title, isPrivate }: HighlightDraft) => {
              try {
                await createHighlight(title, [story.id], isPrivate);
                showStoryToast(storyTexts.viewer.highlightCreated);
              } catch (error) {
                showStoryToast((error as Error).message, 'error');
                throw error;
              }
            }}
          />
        </>
      )}
    </StoryPlayer>
  );
}
