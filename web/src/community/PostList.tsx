import { uiTexts, communityTexts } from '@domain/messages.js';
import type { PostCard_post$key } from '../__generated__/PostCard_post.graphql';
import { PostCard } from './PostCard';

/** Posts as the feed's cards (search results, trending, the member's own). */
export function PostList({ posts, testId }: { posts: ReadonlyArray<PostCard_post$key & { readonly id: string }>; testId: string }) {
  return (
    <ul className="feed__list" data-testid={testId}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

/** Under a list that pages: "loading more" while the next page comes, else the more button when there is one. */
export function MoreButton({ hasNext, isLoadingNext, onMore }: { hasNext: boolean; isLoadingNext: boolean; onMore: () => void }) {
  if (isLoadingNext) return <p className="search-results__state">{uiTexts.loadingMore}</p>;
  if (!hasNext) return null;
  return (
    <button type="button" className="button button--secondary search-results__more" onClick={onMore}>
      {communityTexts.search.more}
    </button>
  );
}
