import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLocation } from 'react-router-dom';
import { useLatestLocation } from '../app/routing/navigation';
import { NUMBERED_LIST_PAGE_SIZE, SEARCH_MIN_LENGTH } from '@domain/limits.js';
import { communityTexts, validationTexts } from '@domain/messages.js';
import type { SearchPostPageQuery } from '../__generated__/SearchPostPageQuery.graphql';
import { PostList } from './PostList';
import { PageHeader } from '../ui/PageHeader';
import { SearchBox } from './SearchBox';
import { searchPath, searchRequestFrom, visiblePages, type SearchRequest } from './searchParams';
import { RouteScreen } from '../app/RouteScreen';

const s = communityTexts.search;
const loading = (
  <p className="search-results__state" role="status">
    {s.loading}
  </p>
);

/** /community/search/post (000 §2): results of a post search, 10 per numbered page with 5 page buttons. */
export default function SearchPostPage() {
  const location = useLocation();
  const request = searchRequestFrom(location.search);
  return (
    <RouteScreen<SearchPostPageQuery>
      header={
        <>
          <PageHeader title={s.title} back />
          <SearchBox key={location.search} initialQuery={request.query} initialType={request.type} />
        </>
      }
      fallback={loading}
      withoutQuery={<p className="search-results__state">{validationTexts.searchMin(SEARCH_MIN_LENGTH)}</p>}
    >
      {(queryRef) => <SearchResults queryRef={queryRef} request={request} />}
    </RouteScreen>
  );
}

function SearchResults({ queryRef, request }: { queryRef: PreloadedQuery<SearchPostPageQuery>; request: SearchRequest }) {
  const { searchPosts } = usePreloadedQuery<SearchPostPageQuery>(
    graphql`
      query SearchPostPageQuery($query: String!, $type: PostSearchType, $first: Int!, $after: String) @preloadable {
        searchPosts(query: $query, type: $type, first: $first, after: $after) {
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

  if (searchPosts.__typename === 'ValidationError') return <p className="search-results__state">{searchPosts.message}</p>;
  if (searchPosts.__typename !== 'PostSearchConnection') return null;
  const posts = searchPosts.edges.map((edge) => edge.node);
  if (posts.length === 0) return <p className="search-results__state">{s.noResults}</p>;

  const totalPages = Math.max(1, Math.ceil(searchPosts.totalCount / NUMBERED_LIST_PAGE_SIZE));
  const pages = visiblePages(request.page, totalPages);
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  return (
    <section aria-label={s.title}>
      <p className="search-results__count" data-testid="search-count">
        {s.resultCount(searchPosts.totalCount)}
      </p>
      <PostList posts={posts} testId="search-results" />
      {totalPages > 1 ? (
        <nav className="pager" aria-label={s.title}>
          {first > 1 ? (
            <Link className="pager__button" to={searchPath({ ...request, page: first - 1 })} aria-label={s.previousPages}>
              ‹
            </Link>
          ) : null}
          {pages.map((page) => (
            <Link
              key={page}
              className="pager__button"
              to={searchPath({ ...request, page })}
              aria-label={s.page(page)}
              aria-current={page === request.page ? 'page' : undefined}
            >
              {page}
            </Link>
          ))}
          {last < totalPages ? (
            <Link className="pager__button" to={searchPath({ ...request, page: last + 1 })} aria-label={s.nextPages}>
              ›
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
