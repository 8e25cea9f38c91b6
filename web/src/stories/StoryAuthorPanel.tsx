import { graphql, useFragment } from 'react-relay';
import { storyTexts } from '@domain/messages.js';
import type { StoryAuthorPanel_story$key } from '../__generated__/StoryAuthorPanel_story.graphql';
import { Avatar } from '../ui/Avatar';

/** The author's view of their story: who watched it and its stats. */
export function StoryAuthorPanel({ story, open, onToggle }: { story: StoryAuthorPanel_story$key; open: boolean; onToggle: () => void }) {
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
