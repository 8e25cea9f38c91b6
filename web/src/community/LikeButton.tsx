import { graphql, useFragment } from 'react-relay';
import { communityTexts } from '@domain/messages.js';
import type { LikeButton_post$key } from '../__generated__/LikeButton_post.graphql';
import { HeartIcon } from '../ui/icons';
import { useTogglePostLikeMutation } from './useTogglePostLikeMutation';
import { formatCount } from '../ui/formatCount';
import { useMemberAction } from '../accounts/useMemberAction';

/** The post's like toggle: optimistic, guests get the login modal. */
export function LikeButton({ post }: { post: LikeButton_post$key }) {
  const data = useFragment(
    graphql`
      fragment LikeButton_post on Post {
        id
        isLiked
        likeCount
      }
    `,
    post,
  );
  const [toggle] = useTogglePostLikeMutation();
  const asMember = useMemberAction();
  return (
    <button
      type="button"
      className={`like-button${data.isLiked ? ' like-button--liked' : ''}`}
      aria-pressed={data.isLiked}
      // The name stays 좋아요 and its count: aria-pressed already says whether it is on (a name saying 좋아요 취소 said it twice).
      aria-label={`${communityTexts.post.like} ${data.likeCount}`}
      data-testid="like-button"
      onClick={() => asMember(() => toggle(data))}
    >
      <HeartIcon />
      <span data-testid="like-count">{formatCount(data.likeCount)}</span>
    </button>
  );
}
