import { lazy, Suspense, useEffect, useRef } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link, useLocation } from 'react-router-dom';
import { storyTrayTexts } from '@domain/messages.js';
import type { StoryTray_query$key } from '../__generated__/StoryTray_query.graphql';
import { Avatar } from '../ui/Avatar';
import { takeClosedStories } from './storyReturn';

/**
 * Story toasts come from the story screens, which load the toaster themselves: the home needs it only after them,
 * and without it (its download failed) the home stays as it is.
 */
const StoryToaster = lazy(() =>
  import('./storyToaster').then(
    (module) => ({ default: module.StoryToaster }),
    () => ({ default: () => null }),
  ),
);

/** The story tray at the top of the community home: the viewer's own "add" first, then groups, unviewed ringed. */
export function StoryTray({ query }: { query: StoryTray_query$key }) {
  // A member who just logged in can become the viewer here before this screen's query is fetched again for
  // them (the next screen's data arrives first): the record then lacks `stories`, and @required leaves out the
  // "add" item until it arrives instead of reading a field that is not there.
  const data = useFragment(
    graphql`
      fragment StoryTray_query on Query {
        viewer {
          id
          profileImage
          stories(first: 1) @required(action: NONE) {
            totalCount
          }
        }
        storyGroups(first: 20) {
          edges {
            node {
              id
              stories {
                isViewed
              }
              user {
                id
                nickname
                profileImage
              }
            }
          }
        }
      }
    `,
    query,
  );
  const tray = useRef<HTMLElement>(null);
  // Back from the viewer (which notes whose stories it showed): focus returns to that member's ring, where the feed
  // was scrolled to (the tray may be above the fold).
  const { key } = useLocation();
  useEffect(() => {
    const storyOf = takeClosedStories();
    if (storyOf) tray.current?.querySelector<HTMLElement>(`[data-story-of="${CSS.escape(storyOf)}"]`)?.focus({ preventScroll: true });
  }, [key]);
  // The ring follows each story's `isViewed`, so watching a story updates the tray through the store.
  const groups = (data.storyGroups?.edges ?? []).map((edge) => ({ ...edge.node, hasNewStory: edge.node.stories.some((story) => !story.isViewed) }));
  const viewer = data.viewer;
  return (
    <section ref={tray} className="story-tray" aria-label={storyTrayTexts.title}>
      {viewer ? (
        <div className="story-tray__item">
          <Link
            to={viewer.stories.totalCount > 0 ? `/stories/${encodeURIComponent(viewer.id)}` : '/stories/new'}
            // One's own live stories ring in colour, as another member's new ones do (one's own watching records no view).
            className={`story-tray__ring${viewer.stories.totalCount > 0 ? ' story-tray__ring--unviewed' : ''}`}
            data-story-of={viewer.id}
            aria-label={storyTrayTexts.add}
            // With no story it leads where the + beside it does: one stop for the keyboard and screen readers, not two.
            {...(viewer.stories.totalCount > 0 ? {} : { tabIndex: -1, 'aria-hidden': true })}
          >
            <Avatar src={viewer.profileImage} size="medium" />
          </Link>
          <Link to="/stories/new" className="story-tray__add" aria-label={storyTrayTexts.addLabel}>
            +
          </Link>
          <span className="story-tray__name">{storyTrayTexts.add}</span>
        </div>
      ) : null}
      {groups.map((group) => (
        <Link
          key={group.id}
          to={`/stories/${encodeURIComponent(group.user.id)}`}
          className="story-tray__item"
          data-testid="story-group"
          data-story-of={group.user.id}
          aria-label={`${group.user.nickname} ${group.hasNewStory ? storyTrayTexts.unviewed : storyTrayTexts.viewed}`}
        >
          <span className={`story-tray__ring${group.hasNewStory ? ' story-tray__ring--unviewed' : ' story-tray__ring--viewed'}`}>
            <Avatar src={group.user.profileImage} size="medium" />
          </span>
          <span className="story-tray__name">{group.user.nickname}</span>
        </Link>
      ))}
      <Suspense fallback={null}>
        <StoryToaster />
      </Suspense>
    </section>
  );
}
