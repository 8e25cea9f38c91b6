import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Navigate, useLocation } from 'react-router-dom';
import { useLatestLocation } from '../app/routing/navigation';
import { communityTexts } from '@domain/messages.js';
import type { SearchPostPageQuery } from '../__generated__/SearchPostPageQuery.graphql';
import { PostList } from './PostList';
import { PageHeader } from '../ui/PageHeader';
import { postSearchProblem, SearchBox } from './SearchBox';
import { POST_LIST_PATH, searchRequestFrom, type SearchRequest } from './searchParams';
import { searchPath, SEARCH_POST_PATH } from './numberedPages';
import { NumberedPager, totalPagesOf } from './NumberedPager';
import { RouteScreen } from '../app/RouteScreen';

const s = communityTexts.search;
const p = communityTexts.postList;
const loading = (
  <p className="search-results__state" role="status">
    {s.loading}
  </p>
);

/** /community/search/post (000 §2): results of a post search, 10 per numbered page with 5 page buttons. */
export default function SearchPostPage() {
  return <NumberedPostsScreen title={s.title} />;
}

/**
 * /community/posts (000 §2 "Community list screens"): every post, 10 a page on numbered pages with at most 5 page
 * buttons, the page in `?page=` (default 1); the search box (title+content, title, content, nickname) searches in
 * place. A page past the end opens the last page.
 */
export function PostListPage() {
  return <NumberedPostsScreen title={p.title} listPath={POST_LIST_PATH} />;
}

/** A screen of numbered post pages: the search results, or the list on `listPath` that searches in place. */
function NumberedPostsScreen({ title, listPath }: { title: string; listPath?: string }) {
  const location = useLocation();
  const request = searchRequestFrom(location.search);
  return (
    <RouteScreen<SearchPostPageQuery>
      header={
        <>
          <PageHeader title={title} back />
          <SearchBox key={location.search} initialQuery={request.query} initialType={request.type} basePath={listPath} />
        </>
      }
      fallback={loading}
      withoutQuery={<p className="search-results__state">{postSearchProblem(request.query)}</p>}
    >
      {(queryRef) => <NumberedPosts queryRef={queryRef} request={request} title={title} basePath={listPath ?? SEARCH_POST_PATH} />}
    </RouteScreen>
  );
}

function NumberedPosts({
  queryRef,
  request,
  title,
  basePath,
}: {
  queryRef: PreloadedQuery<SearchPostPageQuery>;
  request: SearchRequest;
  title: string;
  basePath: string;
}) {
  const data = usePreloadedQuery<SearchPostPageQuery>(
    graphql`
      query SearchPostPageQuery($searching: Boolean!, $query: String!, $type: PostSearchType, $first: Int!, $offset: Int) @preloadable {
        posts(first: $first, offset: $offset) @skip(if: $searching) {
          totalCount
          edges {
            node {
              id
              ...PostCard_post
            }
          }
        }
        searchPosts(query: $query, type: $type, first: $first, offset: $offset) @include(if: $searching) {
          __typename
          ... on PostSearchConnection {
            totalCount
            edges {
              node {
                id
                ...PostCard_post
              }
            }
          }
          ... on ValidationError {
            message
          }
        }
      }
    `,
    queryRef,
  );
  const location = useLocation();
  const pending = useLatestLocation();
  // Another page or term is on its way: say so instead of showing the old results as the new ones.
  if (pending.pathname === location.pathname && pending.search !== location.search) return loading;

  const { searchPosts } = data;
  if (searchPosts?.__typename === 'ValidationError') return <p className="search-results__state">{searchPosts.message}</p>;
  const list = searchPosts ? (searchPosts.__typename === 'PostSearchConnection' ? searchPosts : null) : data.posts;
  if (!list) return null;
  const pathOf = (page: number) => searchPath({ ...request, page }, basePath);
  const lastPage = totalPagesOf(list.totalCount);
  if (list.edges.length === 0 && request.page > lastPage && list.totalCount > 0) return <Navigate to={pathOf(lastPage)} replace />;
  if (list.edges.length === 0) return <p className="search-results__state">{searchPosts ? s.noResults : p.empty}</p>;

  return (
    <section aria-label={title}>
      {searchPosts ? (
        <p className="search-results__count" data-testid="search-count">
          {s.resultCount(list.totalCount)}
        </p>
      ) : null}
      <PostList posts={list.edges.map((edge) => edge.node)} testId="search-results" />
      <NumberedPager page={request.page} totalCount={list.totalCount} pathOf={pathOf} label={title} />
    </section>
  );
}
