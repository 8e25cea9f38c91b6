import type { ReactNode } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router-dom';
import { NUMBERED_LIST_PAGE_SIZE, USER_REPLIES_PAGE_SIZE } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import type { CommunityMyPageQuery } from '../__generated__/CommunityMyPageQuery.graphql';
import type { CommunityMyPage_posts$key } from '../__generated__/CommunityMyPage_posts.graphql';
import type { CommunityMyPage_replies$key } from '../__generated__/CommunityMyPage_replies.graphql';
import type { CommunityMyPage_likedPosts$key } from '../__generated__/CommunityMyPage_likedPosts.graphql';
import type { CommunityMyPage_bookmarkedPosts$key } from '../__generated__/CommunityMyPage_bookmarkedPosts.graphql';
import { postDetailPath } from '../community/PostCard';
import { MoreButton, PostList } from '../community/PostList';
import { PageHeader } from '../ui/PageHeader';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';
import { formatRelativeTime } from '../ui/formatRelativeTime';
import { RouteScreen } from '../app/RouteScreen';
import { StateScreen } from '../ui/StateScreen';
import { LoginRequiredScreen } from './LoginRequiredScreen';
import { onTabListKeyDown, tabIndexOf } from '../ui/tabKeys';

const m = communityTexts.my;
const b = communityTexts.bookmark;
const TABS = ['posts', 'comments'] as const;
type Tab = (typeof TABS)[number];
/** The lists of the viewer this module shows: the tabs of /community/my, and the liked and bookmarked posts. */
type List = Tab | 'likes' | 'bookmarks';

/** /community/my (000 §2): the member's own posts and comments, in two tabs. */
export default function CommunityMyPage() {
  return <MyScreen title={m.title}>{(queryRef) => <MyContent queryRef={queryRef} />}</MyScreen>;
}

/** /my/posts: the member's own posts, more on demand (the query of /community/my, its posts tab alone). */
export function MyPostsPage() {
  return <MyScreen title={m.myPosts}>{(queryRef) => <MyList queryRef={queryRef} title={m.myPosts} list="posts" />}</MyScreen>;
}

/** /my/comments: the member's own replies, each linking to its post, more on demand. */
export function MyCommentsPage() {
  return <MyScreen title={m.myComments}>{(queryRef) => <MyList queryRef={queryRef} title={m.myComments} list="comments" />}</MyScreen>;
}

/**
 * /my/likes: the posts the member liked, the newest like first. The loader reads the list again on every visit
 * (likes given elsewhere show up), and a post unliked anywhere leaves the list at once: its `isLiked` turns false.
 */
export function MyLikesPage() {
  return <MyScreen title={m.likes}>{(queryRef) => <MyList queryRef={queryRef} title={m.likes} list="likes" />}</MyScreen>;
}

/**
 * /my/bookmarks (README "Bookmarks"): the posts the member bookmarked, the newest bookmark first. Read again on every
 * visit, and a bookmark taken back on the post's screen leaves the list at once: its `isBookmarked` turns false.
 */
export function MyBookmarksPage() {
  return <MyScreen title={b.label}>{(queryRef) => <MyList queryRef={queryRef} title={b.label} list="bookmarks" />}</MyScreen>;
}

function MyScreen({ title, children }: { title: string; children: (queryRef: PreloadedQuery<CommunityMyPageQuery>) => ReactNode }) {
  return (
    <RouteScreen<CommunityMyPageQuery>
      fallback={
        <>
          <PageHeader title={title} back />
          <ScreenSkeleton />
        </>
      }
    >
      {children}
    </RouteScreen>
  );
}

function MyList({ queryRef, title, list }: { queryRef: PreloadedQuery<CommunityMyPageQuery>; title: string; list: List }) {
  const { viewer } = useMyQuery(queryRef);
  return (
    <>
      <PageHeader title={title} back />
      {viewer ? <ListOf viewer={viewer} list={list} /> : <LoginRequiredScreen />}
    </>
  );
}

/** One of the viewer's lists; the query fetched only the ones its route shows. */
function ListOf({ viewer, list }: { viewer: NonNullable<CommunityMyPageQuery['response']['viewer']>; list: List }) {
  if (list === 'likes') return viewer.liked ? <LikedPosts user={viewer.liked} /> : null;
  if (list === 'bookmarks') return viewer.bookmarked ? <BookmarkedPosts user={viewer.bookmarked} /> : null;
  if (list === 'posts') return viewer.ownPosts ? <MyPosts user={viewer.ownPosts} /> : null;
  return viewer.ownReplies ? <MyReplies user={viewer.ownReplies} /> : null;
}

function useMyQuery(queryRef: PreloadedQuery<CommunityMyPageQuery>) {
  return usePreloadedQuery<CommunityMyPageQuery>(
    graphql`
      query CommunityMyPageQuery($postCount: Int!, $replyCount: Int!, $own: Boolean!, $likes: Boolean!, $bookmarks: Boolean!) @preloadable {
        viewer {
          nickname
          ...CommunityMyPage_posts @arguments(count: $postCount) @include(if: $own) @alias(as: "ownPosts")
          ...CommunityMyPage_replies @arguments(count: $replyCount) @include(if: $own) @alias(as: "ownReplies")
          ...CommunityMyPage_likedPosts @arguments(count: $postCount) @include(if: $likes) @alias(as: "liked")
          ...CommunityMyPage_bookmarkedPosts @arguments(count: $postCount) @include(if: $bookmarks) @alias(as: "bookmarked")
        }
      }
    `,
    queryRef,
  );
}

function MyContent({ queryRef }: { queryRef: PreloadedQuery<CommunityMyPageQuery> }) {
  const { viewer } = useMyQuery(queryRef);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'comments' ? 'comments' : 'posts';

  if (!viewer) {
    return (
      <>
        <PageHeader title={m.title} back />
        <LoginRequiredScreen />
      </>
    );
  }
  return (
    <>
      <PageHeader title={m.profileTitle(viewer.nickname)} back />
      <div className="my-tabs" role="tablist" aria-label={m.title} onKeyDown={onTabListKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="my-tabs__tab"
            aria-selected={tab === name}
            tabIndex={tabIndexOf(tab === name)}
            onClick={() => setParams(name === 'posts' ? {} : { tab: name }, { replace: true })}
          >
            {name === 'posts' ? m.posts : m.comments}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <ListOf viewer={viewer} list={tab} />
      </div>
    </>
  );
}

function MyPosts({ user }: { user: CommunityMyPage_posts$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment CommunityMyPage_posts on User
      @refetchable(queryName: "CommunityMyPostsPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        posts(first: $count, after: $cursor) @connection(key: "CommunityMyPage_posts") @required(action: THROW) {
          edges {
            node {
              id
              ...PostCard_post
            }
          }
        }
      }
    `,
    user,
  );
  const posts = data.posts.edges.map((edge) => edge.node);
  if (posts.length === 0) return <p className="search-results__state">{m.noPosts}</p>;
  return (
    <>
      <PostList posts={posts} testId="my-posts" />
      <MoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={posts.length} count={NUMBERED_LIST_PAGE_SIZE} />
    </>
  );
}

function MyReplies({ user }: { user: CommunityMyPage_replies$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment CommunityMyPage_replies on User
      @refetchable(queryName: "CommunityMyRepliesPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        replies(first: $count, after: $cursor) @connection(key: "CommunityMyPage_replies") @required(action: THROW) {
          edges {
            node {
              id
              content
              createdAt
              post {
                id
              }
              postTitle
            }
          }
        }
      }
    `,
    user,
  );
  const replies = data.replies.edges.map((edge) => edge.node);
  if (replies.length === 0) return <p className="search-results__state">{m.noComments}</p>;
  return (
    <>
      <ul className="my-replies" data-testid="my-replies">
        {replies.map((reply) => (
          <li key={reply.id} className="my-replies__item">
            <span className="my-replies__post">{reply.postTitle}</span>
            <p className="my-replies__content">{reply.content}</p>
            <time dateTime={reply.createdAt} className="my-replies__post">
              {formatRelativeTime(reply.createdAt)}
            </time>
            {reply.post ? (
              <Link className="button button--secondary" to={postDetailPath(reply.post.id)}>
                {m.goToPost}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <MoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={replies.length} count={USER_REPLIES_PAGE_SIZE} />
    </>
  );
}

function LikedPosts({ user }: { user: CommunityMyPage_likedPosts$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment CommunityMyPage_likedPosts on User
      @refetchable(queryName: "CommunityMyLikesPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        likedPosts(first: $count, after: $cursor) @connection(key: "CommunityMyPage_likedPosts") {
          edges {
            node {
              id
              isLiked
              ...PostCard_post
            }
          }
        }
      }
    `,
    user,
  );
  const posts = (data.likedPosts?.edges ?? []).map((edge) => edge.node).filter((post) => post.isLiked);
  return (
    <>
      {posts.length === 0 ? <p className="search-results__state">{m.noLikes}</p> : <PostList posts={posts} testId="my-likes" />}
      <MoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={posts.length} count={NUMBERED_LIST_PAGE_SIZE} />
    </>
  );
}

function BookmarkedPosts({ user }: { user: CommunityMyPage_bookmarkedPosts$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment CommunityMyPage_bookmarkedPosts on User
      @refetchable(queryName: "CommunityMyBookmarksPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        bookmarkedPosts(first: $count, after: $cursor) @connection(key: "CommunityMyPage_bookmarkedPosts") {
          edges {
            node {
              id
              isBookmarked
              ...PostCard_post
            }
          }
        }
      }
    `,
    user,
  );
  const posts = (data.bookmarkedPosts?.edges ?? []).map((edge) => edge.node).filter((post) => post.isBookmarked);
  return (
    <>
      {posts.length === 0 ? <StateScreen title={b.empty} text={b.emptyHint} /> : <PostList posts={posts} testId="my-bookmarks" />}
      <MoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={posts.length} count={NUMBERED_LIST_PAGE_SIZE} />
    </>
  );
}
