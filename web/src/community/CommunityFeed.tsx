import { graphql, usePaginationFragment } from 'react-relay';
import { useLocation } from 'react-router-dom';
import { POST_PAGE_SIZE_DEFAULT } from '@domain/limits.js';
import { uiTexts } from '@domain/messages.js';
import type { CommunityFeed_query$key } from '../__generated__/CommunityFeed_query.graphql';
import { PostCard } from './PostCard';
import { useLoadMoreOnScroll } from './useLoadMoreOnScroll';
import { useLatestLocation } from '../app/routing/navigation';

/** About how many cards a phone shows before scrolling. */
const FIRST_SCREEN_CARDS = 6;

/** The feed's posts, paged by Relay; `loadMore` fetches the next page unless one is already on its way. */
export function useFeed(query: CommunityFeed_query$key) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment CommunityFeed_query on Query
      @refetchable(queryName: "CommunityFeedPaginationQuery")
      @argumentDefinitions(
        categoryId: { type: "Int" }
        count: { type: "Int!" }
        cursor: { type: "String" }
      ) {
        posts(categoryId: $categoryId, first: $count, after: $cursor) @connection(key: "CommunityFeed_posts") {
          edges {
            node {
              id
              ...PostCard_post
            }
          }
        }
      }
    `,
    query,
  );
  const posts = (data.posts?.edges ?? []).map((edge) => edge.node);
  const loadMore = () => {
    if (hasNext && !isLoadingNext) loadNext(POST_PAGE_SIZE_DEFAULT);
  };
  return { posts, hasNext, isLoadingNext, loadMore };
}

export function CommunityFeed({ query }: { query: CommunityFeed_query$key }) {
  const { posts, hasNext, isLoadingNext, loadMore } = useFeed(query);
  const sentinelRef = useLoadMoreOnScroll<HTMLDivElement>(loadMore, hasNext && !isLoadingNext);
  const location = useLocation();
  const pending = useLatestLocation();
  // A new category is on its way: keep the old list visible, dimmed, until the new one replaces it.
  const refreshing = pending.pathname === location.pathname && pending.search !== location.search;

  if (posts.length === 0) {
    return <p className="feed__empty">{uiTexts.emptyFeed}</p>;
  }

  return (
    <section className={`feed${refreshing ? ' feed--refreshing' : ''}`} aria-busy={refreshing || isLoadingNext}>
      <ul className="feed__list">
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostCard post={post} eager={index < FIRST_SCREEN_CARDS} />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} className="feed__footer" aria-live="polite">
        {isLoadingNext ? uiTexts.loadingMore : hasNext ? null : uiTexts.endOfFeed}
      </div>
    </section>
  );
}
