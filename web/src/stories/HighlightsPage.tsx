import { useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import { storyTexts } from '@domain/messages.js';
import type { HighlightsPageQuery } from '../__generated__/HighlightsPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { useDeleteHighlightMutation } from './useStoryMutations';
import { showStoryToast, StoryToaster } from './storyToaster';
import { RouteScreen } from '../app/RouteScreen';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/** /stories/highlights/:userId: a member's highlights (private ones only for their owner), kept past expiry; each opens its viewer. */
export default function HighlightsPage() {
  return (
    <>
      <RouteScreen<HighlightsPageQuery> header={<PageHeader title={storyTexts.highlights.title} back />}>
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
  const [deleteHighlight, deleting] = useDeleteHighlightMutation();
  /** The highlight whose 삭제 is being confirmed. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const user = data.node;
  const connection = user?.highlights;
  if (!user?.id || !connection || !connection.edges.length) return <p className="highlights__empty">{storyTexts.highlights.empty}</p>;
  const ownerId = user.id;
  const isOwner = data.viewer?.id === ownerId;
  const deleteConfirmed = (highlightId: string) =>
    deleteHighlight(highlightId, connection.__id)
      .then(
        () => showStoryToast(storyTexts.highlights.deleted),
        (error: Error) => showStoryToast(error.message, 'error'),
      )
      .finally(() => setConfirming(null));
  return (
    <>
      <ul className="highlights" aria-label={`${user.nickname} ${storyTexts.highlights.title}`}>
        {connection.edges.map(({ node: highlight }) => {
          // No cover chosen: its first picture stands for it.
          const cover = highlight.coverImage ?? highlight.stories.find((story) => story.type === 'IMAGE')?.mediaUrl;
          return (
            <li key={highlight.id} className="highlights__item" data-testid="highlight">
              <Link className="highlights__open" to={`/stories/highlights/${encodeURIComponent(ownerId)}/${encodeURIComponent(highlight.id)}`}>
                {cover ? <img className="highlights__cover" src={cover} alt="" /> : <span className="highlights__cover" />}
                <span className="highlights__title">{highlight.title}</span>
                <span className="highlights__count" aria-hidden="true">
                  {highlight.stories.length}
                </span>
                <span className="visually-hidden">{storyTexts.highlights.storyCount(highlight.stories.length)}</span>
                {highlight.isPrivate ? <span className="highlights__private">{storyTexts.highlights.private}</span> : null}
              </Link>
              {isOwner ? (
                <button type="button" className="highlights__delete" onClick={() => setConfirming(highlight.id)}>
                  {/* Each 삭제 says which highlight it deletes, for those who reach it by Tab or a list of buttons. */}
                  <span className="visually-hidden">{highlight.title} </span>
                  {storyTexts.highlights.delete}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {confirming ? (
        <ConfirmDialog kind="delete" open busy={deleting} onCancel={() => setConfirming(null)} onConfirm={() => deleteConfirmed(confirming)} />
      ) : null}
    </>
  );
}
