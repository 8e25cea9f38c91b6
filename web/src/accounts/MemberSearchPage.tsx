import { useEffect, useState } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router-dom';
import { SEARCH_MAX_LENGTH } from '@domain/limits.js';
import { accountTexts, validationTexts } from '@domain/messages.js';
import type { MemberSearchPageQuery } from '../__generated__/MemberSearchPageQuery.graphql';
import type { MemberSearchPage_results$key } from '../__generated__/MemberSearchPage_results.graphql';
import { PageHeader } from '../ui/PageHeader';
import { Avatar } from '../ui/Avatar';
import { RouteScreen } from '../app/RouteScreen';
import { BadgeChip, ProfileMoreButton } from './ProfileParts';
import { memberSearchProblem } from './memberSearch';
import { characterLimit } from '../ui/FormParts';

const t = accountTexts.search;

/** /users/search?q=: members by nickname, each linking to their profile (follow, block); a page at a time. */
export default function MemberSearchPage() {
  const [params, setParams] = useSearchParams();
  const searched = params.get('q') ?? '';
  const [draft, setDraft] = useState(searched);
  // Back and forward between searches show the search the results belong to.
  useEffect(() => setDraft(searched), [searched]);
  return (
    <RouteScreen<MemberSearchPageQuery>
      header={
        <>
          <PageHeader title={t.title} back />
          <form
            className="member-search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              if (draft.trim()) setParams({ q: draft.trim() });
            }}
          >
            <input
              className="text-input"
              type="search"
              aria-label={t.label}
              placeholder={t.placeholder}
              {...characterLimit(SEARCH_MAX_LENGTH, setDraft)}
              value={draft}
            />
            <button type="submit" className="button button--primary" disabled={!draft.trim()}>
              {t.submit}
            </button>
          </form>
        </>
      }
      withoutQuery={
        memberSearchProblem(searched) === 'tooLong' ? (
          <p className="profile__empty" role="alert">
            {validationTexts.searchMax(SEARCH_MAX_LENGTH)}
          </p>
        ) : null
      }
    >
      {(queryRef) => <SearchResults queryRef={queryRef} />}
    </RouteScreen>
  );
}

function SearchResults({ queryRef }: { queryRef: PreloadedQuery<MemberSearchPageQuery> }) {
  const query = usePreloadedQuery<MemberSearchPageQuery>(
    graphql`
      query MemberSearchPageQuery($q: String!) @preloadable {
        ...MemberSearchPage_results @arguments(q: $q)
      }
    `,
    queryRef,
  );
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment MemberSearchPage_results on Query
      @argumentDefinitions(q: { type: "String!" }, count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "MemberSearchPagePaginationQuery") {
        searchUsers(query: $q, first: $count, after: $cursor) @connection(key: "MemberSearchPage_searchUsers") {
          totalCount
          edges { node { id nickname profileImage representBadge { title hexCode } } }
        }
      }
    `,
    query as MemberSearchPage_results$key,
  );
  const { edges, totalCount } = data.searchUsers ?? { edges: [], totalCount: 0 };
  if (!edges.length) return <p className="profile__empty">{t.empty}</p>;
  return (
    <>
      <p className="member-search__count">{t.count(totalCount)}</p>
      <ul className="member-list">
        {edges.map(({ node }) => (
          <li key={node.id} data-testid="member-result">
            <Link className="member-list__item" to={`/users/${encodeURIComponent(node.id)}`}>
              <Avatar src={node.profileImage} size="medium" />
              <span className="member-list__nickname">{node.nickname}</span>
              {node.representBadge ? <BadgeChip badge={node.representBadge} /> : null}
            </Link>
          </li>
        ))}
      </ul>
      <ProfileMoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={edges.length} />
    </>
  );
}
