import { graphql, useFragment } from 'react-relay';
import { communityTexts } from '@domain/messages.js';
import type { BookmarkButton_post$key } from '../__generated__/BookmarkButton_post.graphql';
import { Icon } from '../ui/icons';
import { useMemberAction } from '../accounts/useMemberAction';
import { useToggleBookmarkMutation } from './useToggleBookmarkMutation';

const BookmarkIcon = () => (
  <Icon>
    <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
  </Icon>
);

/** The post's bookmark toggle (README "Bookmarks"): optimistic, pressed while bookmarked; guests get the login sheet. */
export function BookmarkButton({ post }: { post: BookmarkButton_post$key }) {
  const data = useFragment(
    graphql`
      fragment BookmarkButton_post on Post {
        id
        isBookmarked
      }
    `,
    post,
  );
  const [toggle, inFlight] = useToggleBookmarkMutation();
  const asMember = useMemberAction();
  return (
    <button
      type="button"
      className={`like-button bookmark-button${data.isBookmarked ? ' bookmark-button--on' : ''}`}
      aria-pressed={data.isBookmarked}
      aria-busy={inFlight || undefined}
      data-testid="bookmark-button"
      onClick={() => asMember(() => toggle(data))}
    >
      <BookmarkIcon />
      <span>{communityTexts.bookmark.label}</span>
    </button>
  );
}
