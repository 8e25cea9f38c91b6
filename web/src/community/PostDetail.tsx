import { Suspense } from 'react';
import { graphql, useFragment } from 'react-relay';
import { SKELETON_BLOCKS } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import type { PostDetail_post$key, TradeType } from '../__generated__/PostDetail_post.graphql';
import type { ReplySection_post$key } from '../__generated__/ReplySection_post.graphql';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';
import { PostLabels } from './PostLabels';
import { PostStats } from './PostStats';
import { formatRelativeTime } from '../ui/formatRelativeTime';
import { AuthorProfile } from './AuthorProfile';
import { LikeButton } from './LikeButton';
import { BookmarkButton } from './BookmarkButton';
import { PostActions } from './PostActions';
import { ReplySection } from './ReplySection';
import { usePostChanged } from '../messaging/usePostChanged';
import { useParentScreen } from '../app/navigation/backNavigation';
import { communityPath } from './categoryParam';

const TRADE_TYPE_LABELS: Record<Exclude<TradeType, '%future added value'>, string> = {
  SELL: communityTexts.postFields.tradeTypes.sell,
  BUY: communityTexts.postFields.tradeTypes.buy,
  TRADE: communityTexts.postFields.tradeTypes.trade,
};

function tradeTypeLabel(tradeType: TradeType): string | null {
  return tradeType in TRADE_TYPE_LABELS ? TRADE_TYPE_LABELS[tradeType as keyof typeof TRADE_TYPE_LABELS] : null;
}

function tradeStateLabel(tradeType: TradeType | null | undefined, isSold: boolean): string {
  const { tradeStates } = communityTexts.postFields;
  const states = tradeType === 'BUY' ? tradeStates.buy : tradeType === 'TRADE' ? tradeStates.trade : tradeStates.sell;
  return isSold ? states.done : states.open;
}

interface PostDetailProps {
  post: PostDetail_post$key;
  /** The replies, deferred by the screen's query: they show their skeleton until their part of the answer arrives. */
  replies: ReplySection_post$key | null;
  viewerId: string | null;
}

/** Everything a post shows on its own screen. */
export function PostDetail({ post, replies, viewerId }: PostDetailProps) {
  const data = useFragment(
    graphql`
      fragment PostDetail_post on Post {
        id
        title
        content
        createdAt
        likeCount
        replyCount
        viewCount
        type
        tradeType
        price
        isSold
        location
        tags
        category {
          databaseId
        }
        ...PostLabels_post @arguments(withSubCategory: true)
        images {
          id
          displayUrl
          width
          height
        }
        author {
          id
          ...AuthorProfile_user
        }
        ...LikeButton_post
        ...BookmarkButton_post
      }
    `,
    post,
  );
  usePostChanged(data.id);
  // Opened directly (a shared link), the header's back button goes to the post's board.
  useParentScreen(communityPath(data.category?.databaseId ?? null));
  const isTrade = data.type === 'TRADE' || data.tradeType != null;

  return (
    <article className="post-detail">
      <PostLabels post={data} className="post-detail__labels" categoryTestId="post-category" />
      <h1 className="post-detail__title">{data.title}</h1>

      <AuthorProfile user={data.author ?? null}>
        <time className="author-profile__time" dateTime={data.createdAt}>
          {formatRelativeTime(data.createdAt)}
        </time>
      </AuthorProfile>

      {isTrade ? (
        <dl className="trade-info" aria-label={communityTexts.postFields.tradeInfo}>
          {data.tradeType ? (
            <div className="trade-info__row">
              <dt>{communityTexts.postFields.tradeType}</dt>
              <dd>{tradeTypeLabel(data.tradeType)}</dd>
            </div>
          ) : null}
          {data.price != null ? (
            <div className="trade-info__row">
              <dt>{communityTexts.postFields.priceLabel}</dt>
              <dd className="trade-info__price">{communityTexts.postFields.price(data.price)}</dd>
            </div>
          ) : null}
          <div className="trade-info__row">
            <dt>{communityTexts.postFields.tradeStatus}</dt>
            <dd>
              <span className={`label ${data.isSold ? 'label--sold' : 'label--on-sale'}`}>{tradeStateLabel(data.tradeType, data.isSold)}</span>
            </dd>
          </div>
          {data.location ? (
            <div className="trade-info__row">
              <dt>{communityTexts.postFields.location}</dt>
              <dd>{data.location}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      <div className="post-detail__content" data-testid="post-content">
        {data.content}
      </div>

      {data.images.length > 0 ? (
        <div className="post-detail__images">
          {data.images.map((image, index) => (
            <img
              key={image.id}
              src={image.displayUrl}
              alt={communityTexts.postFields.image(index + 1)}
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              // The first picture is usually the page's largest paint: fetch it at once, first.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding="async"
            />
          ))}
        </div>
      ) : null}

      {data.tags.length > 0 ? (
        <ul className="tags" aria-label={communityTexts.postFields.tags}>
          {data.tags.map((tag, index) => (
            <li key={`${index}-${tag}`} className="tag">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}

      <PostStats likeCount={data.likeCount} replyCount={data.replyCount} viewCount={data.viewCount} />
      <div className="post-detail__reactions">
        <LikeButton post={data} />
        <BookmarkButton post={data} />
      </div>
      <PostActions postId={data.id} authorId={data.author?.id ?? null} viewerId={viewerId} />
      {replies ? (
        <Suspense fallback={<ScreenSkeleton blocks={SKELETON_BLOCKS.deferredPart} />}>
          <ReplySection post={replies} viewerId={viewerId} />
        </Suspense>
      ) : null}
    </article>
  );
}
