import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router-dom';
import { NUMBERED_LIST_PAGE_SIZE, USER_REPLIES_PAGE_SIZE } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import type { CommunityMyPageQuery } from '../__generated__/CommunityMyPageQuery.graphql';
import type { CommunityMyPage_posts$key } from '../__generated__/CommunityMyPage_posts.graphql';
import type { CommunityMyPage_replies$key } from '../__generated__/CommunityMyPage_replies.graphql';
import { postDetailPath } from '../community/PostCard';
import { MoreButton, PostList } from '../community/PostList';
import { PageHeader } from '../ui/PageHeader';
import { LoadingScreen } from '../ui/LoadingScreen';
import { formatRelativeTime } from '../ui/formatRelativeTime';
import { RouteScreen } from '../app/RouteScreen';
import { LoginRequired } from '../ui/StateScreen';
import { useOpenLoginModal } from './LoginModal';

const m = communityTexts.my;
const TABS = ['posts', 'comments'] as const;
type Tab = (typeof TABS)[number];

/** /community/my (000 §2): the member's own posts and comments, in two tabs. */
export default function CommunityMyPage() {
  return (
    <RouteScreen<CommunityMyPageQuery>
      fallback={
        <>
          <PageHeader title={m.title} back />
          <LoadingScreen />
        </>
      }
    >
      {(queryRef) => <MyContent queryRef={queryRef} />}
    </RouteScreen>
  );
}

function MyContent({ queryRef }: { queryRef: PreloadedQuery<CommunityMyPageQuery> }) {
  const { viewer } = usePreloadedQuery<CommunityMyPageQuery>(
    graphql`
      query CommunityMyPageQuery($postCount: Int!, $replyCount: Int!) @preloadable {
        viewer {
          nickname
          ...CommunityMyPage_posts @arguments(count: $postCount)
          ...CommunityMyPage_replies @arguments(count: $replyCount)
        }
      }
    `,
    queryRef,
  );
  const openLogin = useOpenLoginModal();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'comments' ? 'comments' : 'posts';

  if (!viewer) {
    return (
      <>
        <PageHeader title={m.title} back />
        <LoginRequired onLogin={openLogin} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={m.profileTitle(viewer.nickname)} back />
      <div className="my-tabs" role="tablist" aria-label={m.title}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="my-tabs__tab"
            aria-selected={tab === name}
            onClick={() => setParams(name === 'posts' ? {} : { tab: name }, { replace: true })}
          >
            {name === 'posts' ? m.posts : m.comments}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab === 'posts' ? <MyPosts user={viewer} /> : <MyReplies user={viewer} />}</div>
    </>
  );
}

function MyPosts({ user }: { user: CommunityMyPage_posts$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment CommunityMyPage_posts on User
      @refetchable(queryName: "CommunityMyPostsPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        posts(first: $count, after: $cursor) @connection(key: "CommunityMyPage_posts") {
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
      <MoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} onMore={() => loadNext(NUMBERED_LIST_PAGE_SIZE)} />
    </>
  );
}

function MyReplies({ user }: { user: CommunityMyPage_replies$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment CommunityMyPage_replies on User
      @refetchable(queryName: "CommunityMyRepliesPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        replies(first: $count, after: $cursor) @connection(key: "CommunityMyPage_replies") {
          edges {
            node {
              id
              content
              createdAt
              postId
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
            <Link className="button button--secondary" to={postDetailPath(reply.postId)}>
              {m.goToPost}
            </Link>
          </li>
        ))}
      </ul>
      <MoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} onMore={() => loadNext(USER_REPLIES_PAGE_SIZE)} />
    </>
  );
}
