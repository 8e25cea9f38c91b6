import { Suspense, useEffect, useRef } from 'react';
import { graphql, useFragment, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { storyTexts, uiTexts } from '@domain/messages.js';
import type { StoryAuthorPanel_story$key } from '../__generated__/StoryAuthorPanel_story.graphql';
import type { StoryAuthorPanelReactionsQuery } from '../__generated__/StoryAuthorPanelReactionsQuery.graphql';
import { Avatar } from '../ui/Avatar';

/** The author's view of their story: who watched it and its stats. */
export function StoryAuthorPanel({ story, open, onToggle }: { story: StoryAuthorPanel_story$key; open: boolean; onToggle: () => void }) {
  const data = useFragment(
    graphql`
      fragment StoryAuthorPanel_story on Story {
        id
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
        viewers(first: 30) @required(action: THROW) {
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
  const [reactionsRef, loadReactions] = useQueryLoader<StoryAuthorPanelReactionsQuery>(reactionsQuery);
  useEffect(() => {
    if (open) loadReactions({ id: data.id }, { fetchPolicy: 'store-and-network' });
  }, [open, data.id, loadReactions]);
  // Escape closes the open panel, not the viewer (whose Escape listener skips a handled key), and focus returns to
  // the button that opened it. Captured, so it runs before the viewer's listener on the same document.
  const toggleButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onToggle();
      toggleButton.current?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open, onToggle]);
  const labels = storyTexts.viewer.statLabels;
  const stats = data.stats.__typename === 'StoryStats' ? data.stats : null;
  const viewers = data.viewers.__typename === 'StoryViewerConnection' ? data.viewers.edges.map((edge) => edge.node.viewer) : [];
  return (
    <footer className="story-viewer__footer story-viewer__footer--author">
      <button ref={toggleButton} type="button" className="story-viewer__viewers-toggle" onClick={onToggle} aria-expanded={open}>
        {storyTexts.viewer.viewers(data.viewCount)}
      </button>
      {open ? (
        // It scrolls: the keyboard reaches it to scroll it (axe: scrollable-region-focusable).
        <section className="story-panel" aria-label={storyTexts.viewer.stats} tabIndex={0}>
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
          <h2 className="story-panel__title">{storyTexts.viewer.reactionsTitle}</h2>
          <Suspense fallback={<p>{uiTexts.loading}</p>}>{reactionsRef ? <StoryReactionList queryRef={reactionsRef} /> : null}</Suspense>
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

const reactionsQuery = graphql`
  query StoryAuthorPanelReactionsQuery($id: ID!) {
    node(id: $id) {
      ... on Story {
        reactions(first: 50) @required(action: THROW) {
          __typename
          ... on StoryReactionConnection {
            edges {
              node {
                id
                type
                emoji
                comment
                user {
                  id
                  nickname
                  profileImage
                }
              }
            }
          }
        }
      }
    }
  }
`;

/**
 * Who sent which emoji, like or message, most recent first. Read when the panel opens (not with every story
 * the viewer loads) and again each time it opens, so new ones show.
 */
function StoryReactionList({ queryRef }: { queryRef: PreloadedQuery<StoryAuthorPanelReactionsQuery> }) {
  const data = usePreloadedQuery<StoryAuthorPanelReactionsQuery>(reactionsQuery, queryRef);
  const connection = data.node?.reactions;
  const reactions = connection?.__typename === 'StoryReactionConnection' ? connection.edges.map((edge) => edge.node) : [];
  if (!reactions.length) return <p>{storyTexts.viewer.noReactions}</p>;
  return (
    <ul className="story-panel__reactions" data-testid="story-reactions">
      {reactions.map((reaction) => (
        <li key={reaction.id}>
          <Avatar src={reaction.user?.profileImage ?? null} />
          <span className="story-panel__who">{reaction.user?.nickname}</span>
          <span className="story-panel__what">
            {reaction.type === 'EMOJI' ? reaction.emoji : reaction.type === 'COMMENT' ? reaction.comment : storyTexts.viewer.reactionLike}
          </span>
        </li>
      ))}
    </ul>
  );
}
