import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { storyTexts } from '@domain/messages.js';
import type { HighlightsPageQuery } from '../__generated__/HighlightsPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { useDeleteHighlightMutation } from './useStoryMutations';
import { showStoryToast, StoryToaster } from './storyToaster';
import { RouteScreen } from '../app/RouteScreen';

/** /stories/highlights/:userId: a member's highlights (private ones only for their owner), kept past expiry. */
export default function HighlightsPage() {
  return (
    <>
      <RouteScreen<HighlightsPageQuery> header={<PageHeader title={storyTexts.highlights.title} />}>
        {(queryRef) => <Highlights queryRef={queryRef} />}
      </RouteScreen>
      <StoryToaster />
    </>
  );
}

function Highlights({ queryRef }: { queryRef: PreloadedQuery<HighlightsPageQuery> }) {
  const data = usePreloadedQuery<HighlightsPageQuery>(
    graphql`
      query HighlightsPageQuery($userId: ID!) @preloadable {
        viewer {
          id
        }
        node(id: $userId) {
          ... on User {
            id
            nickname
            highlights(first: 50) @connection(key: "HighlightsPage_highlights") {
              __id
              edges {
                node {
                  id
                  title
                  coverImage
                  isPrivate
                  stories {
                    id
                    type
                    mediaUrl
                  }
                }
              }
            }
          }
        }
      }
    `,
    queryRef,
  );
  const deleteHighlight = useDeleteHighlightMutation();
  const user = data.node;
  const connection = user?.highlights;
  if (!user || !connection || !connection.edges.length) return <p className="highlights__empty">{storyTexts.highlights.empty}</p>;
  const isOwner = data.viewer?.id === user.id;
  return (
    <ul className="highlights" aria-label={`${user.nickname} ${storyTexts.highlights.title}`}>
      {connection.edges.map(({ node: highlight }) => (
        <li key={highlight.id} className="highlights__item" data-testid="highlight">
          {highlight.coverImage ? <img className="highlights__cover" src={highlight.coverImage} alt="" /> : <span className="highlights__cover" />}
          <span className="highlights__title">{highlight.title}</span>
          {highlight.isPrivate ? <span className="highlights__private">{storyTexts.highlights.private}</span> : null}
          <span className="highlights__count">{highlight.stories.length}</span>
          {isOwner ? (
            <button
              type="button"
              className="highlights__delete"
              onClick={() =>
                deleteHighlight(highlight.id, connection.__id).then(
                  () => showStoryToast(storyTexts.highlights.deleted),
                  (error: Error) => showStoryToast(error.message, 'error'),
                )
              }
            >
              {storyTexts.highlights.delete}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
