import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { uiTexts } from '@domain/messages.js';
import type { PostCard_post$key } from '../__generated__/PostCard_post.graphql';
import { Avatar } from '../ui/Avatar';
import { PostLabels } from './PostLabels';
import { PostStats } from './PostStats';
import { formatRelativeTime } from '../ui/formatRelativeTime';

export function postDetailPath(postId: string): string {
  return `/community/detail?id=${encodeURIComponent(postId)}`;
}

/**
 * One post in a list: category, title, author, time, counts and a thumbnail when there is one.
 * `eager`: the card is among the first on screen, so its picture loads at once rather than after layout (a lazy
 * picture there delays the page's largest paint).
 */
export function PostCard({ post, eager = false }: { post: PostCard_post$key; eager?: boolean }) {
  const data = useFragment(
    graphql`
      fragment PostCard_post on Post {
        id
        title
        createdAt
        thumbnail
        likeCount
        replyCount
        viewCount
        ...PostLabels_post
        author {
          nickname
          profileImage
        }
      }
    `,
    post,
  );

  return (
    <Link to={postDetailPath(data.id)} className="post-card" data-testid="post-card">
      <div className="post-card__body">
        <PostLabels post={data} className="post-card__labels" categoryTestId="post-card-category" />
        <h2 className="post-card__title">{data.title}</h2>
        <div className="post-card__meta">
          <Avatar src={data.author?.profileImage} />
          <span className="post-card__author">{data.author?.nickname ?? uiTexts.unknownAuthor}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={data.createdAt}>{formatRelativeTime(data.createdAt)}</time>
        </div>
        <PostStats likeCount={data.likeCount} replyCount={data.replyCount} viewCount={data.viewCount} />
      </div>
      {data.thumbnail ? <img className="post-card__thumbnail" src={data.thumbnail} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" /> : null}
    </Link>
  );
}
