import { communityTexts } from '@domain/messages.js';
import { LoadMoreButton, type ListPage } from '../ui/LoadMoreButton';
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

/** Under a list of posts that pages: the more button while there is a next page. */
export function MoreButton({ count, ...page }: ListPage & { count: number }) {
  return <LoadMoreButton page={page} count={count} label={communityTexts.search.more} className="button button--secondary search-results__more" />;
}
