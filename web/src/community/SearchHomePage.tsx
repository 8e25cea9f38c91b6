import { useEffect, useRef } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import { POST_SEARCH_TYPES, TRENDING_PAGE_SIZE } from '@domain/limits.js';
import { communityTexts, itemTexts, recentSearchTexts, uiTexts } from '@domain/messages.js';
import type { SearchHomePageQuery } from '../__generated__/SearchHomePageQuery.graphql';
import type { SearchHomePage_trending$key } from '../__generated__/SearchHomePage_trending.graphql';
import { MoreButton, PostList } from './PostList';
import { PageHeader } from '../ui/PageHeader';
import { LiveStatus, useAnnouncement } from '../ui/LiveStatus';
import { SearchBox } from './SearchBox';
import { forgetAllSearches, forgetSearch, rememberSearch, useRecentSearches } from './recentSearches';
import { searchPath } from './numberedPages';
import { CloseIcon } from '../ui/icons';
import { POST_LIST_PATH } from './searchParams';
import { RouteScreen } from '../app/RouteScreen';

const s = communityTexts.search;

/**
 * /community/search (000 §2): the search box, links to the item search, the probability tables (the spec names no way
 * there; this is the app's) and every post, then the trending posts with a more button.
 */
export default function SearchHomePage() {
  return (
    <RouteScreen<SearchHomePageQuery>
      header={
        <>
          <PageHeader title={s.title} />
          <SearchBox />
          <RecentSearches />
          <p className="search-home__links">
            <Link to="/community/search/item">{itemTexts.searchTitle}</Link>
            <Link to="/probability">{itemTexts.probability.title}</Link>
            <Link to={POST_LIST_PATH}>{communityTexts.postList.title}</Link>
          </p>
        </>
      }
      fallback={<p className="search-results__state">{uiTexts.loading}</p>}
    >
      {(queryRef) => <TrendingSection queryRef={queryRef} />}
    </RouteScreen>
  );
}

/**
 * The keywords searched here lately, each a link that searches it again, with a way to forget one or all. A removal is
 * read out, and the keyboard's focus moves to the next chip's remove button (the previous one's after the last; the
 * search box once none is left) instead of falling to the page.
 */
function RecentSearches() {
  const keywords = useRecentSearches();
  const [announcement, announce] = useAnnouncement();
  const listRef = useRef<HTMLUListElement>(null);
  /** The position whose remove button takes the focus once the list has changed. */
  const focusAfterRemoval = useRef<number | null>(null);
  useEffect(() => {
    const position = focusAfterRemoval.current;
    if (position === null) return;
    focusAfterRemoval.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.recent-searches__remove') ?? [];
    const next = buttons[Math.min(position, buttons.length - 1)];
    (next ?? document.querySelector<HTMLInputElement>('.search-box__input'))?.focus();
  }, [keywords]);
  const forget = (keyword: string, position: number) => {
    focusAfterRemoval.current = position;
    forgetSearch(keyword);
    announce(recentSearchTexts.removed(keyword));
  };
  const forgetAll = () => {
    focusAfterRemoval.current = 0;
    forgetAllSearches();
    announce(recentSearchTexts.cleared);
  };
  return (
    <>
      <LiveStatus said={announcement} />
      {keywords.length > 0 && (
        <section className="recent-searches" aria-labelledby="recent-searches-title">
          <div className="recent-searches__head">
            <h2 id="recent-searches-title" className="recent-searches__title">
              {recentSearchTexts.title}
            </h2>
            <button type="button" className="recent-searches__clear" onClick={forgetAll}>
              {recentSearchTexts.clear}
            </button>
          </div>
          <ul ref={listRef} className="recent-searches__list">
            {keywords.map((keyword, position) => (
              <li key={keyword} className="recent-searches__item">
                <Link to={searchPath({ query: keyword, type: POST_SEARCH_TYPES[0], page: 1 })} onClick={() => rememberSearch(keyword)}>
                  {keyword}
                </Link>
                <button
                  type="button"
                  className="recent-searches__remove"
                  aria-label={recentSearchTexts.remove(keyword)}
                  onClick={() => forget(keyword, position)}
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function TrendingSection({ queryRef }: { queryRef: PreloadedQuery<SearchHomePageQuery> }) {
  const query = usePreloadedQuery<SearchHomePageQuery>(
    graphql`
      query SearchHomePageQuery($count: Int!) @preloadable {
        ...SearchHomePage_trending @arguments(count: $count)
      }
    `,
    queryRef,
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment SearchHomePage_trending on Query
      @refetchable(queryName: "SearchHomeTrendingPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        trendingPosts(first: $count, after: $cursor) @connection(key: "SearchHomePage_trendingPosts") {
          edges {
            node {
              id
              ...PostCard_post
            }
          }
        }
      }
    `,
    query as SearchHomePage_trending$key,
  );
  const posts = (data.trendingPosts?.edges ?? []).map((edge) => edge.node);
  return (
    <section aria-labelledby="trending-title">
      <h2 id="trending-title" className="search-section__title">
        {s.trending}
      </h2>
      {posts.length === 0 ? <p className="search-results__state">{uiTexts.emptyFeed}</p> : <PostList posts={posts} testId="trending-list" />}
      <MoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={posts.length} count={TRENDING_PAGE_SIZE} />
    </section>
  );
}
