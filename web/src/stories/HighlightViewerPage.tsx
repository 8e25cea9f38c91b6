import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { storyTexts } from '@domain/messages.js';
import type { HighlightViewerPageQuery } from '../__generated__/HighlightViewerPageQuery.graphql';
import { RouteScreen } from '../app/RouteScreen';
import { useGoBack } from '../app/navigation/backNavigation';
import { Avatar } from '../ui/Avatar';
import { StoryPlayer } from './StoryPlayer';
import { CloseButton } from './StoryViewerMenu';

/**
 * /stories/highlights/:userId/:highlightId: a highlight's stories played in order, as the story viewer plays a
 * member's, expired ones included (a highlight keeps them). Closing goes back to the highlights.
 */
export default function HighlightViewerPage() {
  return <RouteScreen<HighlightViewerPageQuery>>{(queryRef) => <HighlightViewer queryRef={queryRef} />}</RouteScreen>;
}

function HighlightViewer({ queryRef }: { queryRef: PreloadedQuery<HighlightViewerPageQuery> }) {
  const data = usePreloadedQuery<HighlightViewerPageQuery>(
    graphql`
      query HighlightViewerPageQuery($userId: ID!, $highlightId: ID!) @preloadable {
        owner: node(id: $userId) {
          ... on User {
            id
            nickname
            profileImage
          }
        }
        highlight: node(id: $highlightId) {
          ... on Highlight {
            id
            title
            stories {
              id
              isMine
              isViewed
              isExpired
              type
              mediaUrl
              duration
              caption
            }
          }
        }
      }
    `,
    queryRef,
  );
  const close = useGoBack();
  const owner = data.owner;
  const highlight = data.highlight;
  const nickname = owner?.nickname;
  const heading = highlight?.title && nickname ? storyTexts.highlights.viewerTitle(nickname, highlight.title) : storyTexts.highlights.title;
  const stories = highlight?.stories ?? [];
  return (
    <StoryPlayer
      label={heading}
      heading={heading}
      stories={stories}
      close={close}
      empty={highlight?.title ? storyTexts.highlights.noStories : storyTexts.highlights.notFound}
      header={() => (
        <header className="story-viewer__header">
          <Avatar src={owner?.profileImage} />
          <span className="story-viewer__who">
            <span className="story-viewer__name">{highlight?.title}</span>
            <span className="story-viewer__time">{nickname}</span>
          </span>
          <CloseButton close={close} />
        </header>
      )}
    />
  );
}
