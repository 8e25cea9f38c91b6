import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { SPECIAL_IDS } from '@domain/limits.js';
import { uiTexts } from '@domain/messages.js';
import type { PostCard_post$key } from '../__generated__/PostCard_post.graphql';
import { Avatar } from '../ui/Avatar';
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
        isPinned
        isNotice
        likeCount
        replyCount
        viewCount
        category {
          databaseId
          name
        }
        author {
          nickname
          profileImage
        }
      }
    `,
    post,
  );

  // A notice on the 공지 board: its board's chip says 공지 already, so the chip takes the notice colour instead of a
  // second 공지 label beside it.
  const chipIsNotice = data.isNotice && data.category?.databaseId === SPECIAL_IDS.notice;
  const chip = data.category ? (
    <span className={chipIsNotice ? 'label label--notice' : 'label'} data-testid="post-card-category">
      {data.category.name}
    </span>
  ) : null;
  return (
    <Link to={postDetailPath(data.id)} className="post-card" data-testid="post-card">
      <div className="post-card__body">
        <div className="post-card__labels">
          {chipIsNotice ? chip : data.isNotice ? <span className="label label--notice">{uiTexts.notice}</span> : null}
          {data.isPinned ? <span className="label label--pinned">{uiTexts.pinned}</span> : null}
          {chipIsNotice ? null : chip}
        </div>
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
