import { Component, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../app/routing/navigation';
import {
  ITEM_SEARCH_DEBOUNCE_MS,
  PROBABILITY_PAGE_SIZE,
  PROBABILITY_SEARCH_MAX_LENGTH,
  PROBABILITY_SKELETON_CARDS,
  type ProbabilityKind,
} from '@domain/limits.js';
import { itemTexts, uiTexts } from '@domain/messages.js';
import type { ProbabilityListPageQuery as ProbabilityListPageQueryType } from '../__generated__/ProbabilityListPageQuery.graphql';
import { useSearchInAddress } from './ItemSearchPage';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';
import { PAGE_PARAM, probabilityKindOf, probabilitySearchProblem, SEARCH_PARAM } from './searchParam';
import { characterLimit } from '../ui/FormParts';

const texts = itemTexts.probability;

const probabilityListQuery = graphql`
  query ProbabilityListPageQuery($kind: ProbabilityKind!, $search: String, $first: Int!, $offset: Int!) @preloadable {
    probabilityTable(kind: $kind, search: $search, first: $first, offset: $offset) @required(action: THROW) {
      totalCount
      edges {
        node {
          id
          databaseId
          name
          description
          image
          rarity
          probability
        }
      }
    }
  }
`;

/** The five probability list screens of 002 §2.2 (/probability/{kind}). */
export default function ProbabilityListPage() {
  const queryRef = useRouteQuery<ProbabilityListPageQueryType>();
  const kind = probabilityKindOf(useParams().kind);
  if (!kind) return <UnknownTable />;
  return <ProbabilityList key={kind} kind={kind} queryRef={queryRef} />;
}

/** The page is the address's (`?page=`), as the search is (`?q=`): a new search starts again at page 1 (002 §4.1). */
function ProbabilityList({ kind, queryRef }: { kind: ProbabilityKind; queryRef: PreloadedQuery<ProbabilityListPageQueryType> | null }) {
  const [text, setText, , composition] = useSearchInAddress(ITEM_SEARCH_DEBOUNCE_MS);
  const [params, setParams] = useSearchParams();
  // The loader sends no search the gateway would refuse (a long term in the address): its rule goes where the results go.
  const problem = probabilitySearchProblem(params.get(SEARCH_PARAM) ?? '');
  const goTo = useCallback(
    (target: number, { replace = false } = {}) => {
      setParams((current) => withPage(current, target), { replace });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  return (
    <>
      <PageHeader title={texts.kinds[kind]} back />
      <section className="probability">
        <input
          type="search"
          className="field__input probability__search"
          placeholder={texts.searchPlaceholder}
          aria-label={texts.searchPlaceholder}
          {...characterLimit(PROBABILITY_SEARCH_MAX_LENGTH, setText)}
          {...composition}
          value={text}
        />
        {problem !== null ? (
          <div className="probability__empty">
            <p className="probability__empty-title">{itemTexts.searchMax(PROBABILITY_SEARCH_MAX_LENGTH)}</p>
          </div>
        ) : queryRef ? (
          <LoggedFailure resetKey={queryRef}>
            <Suspense fallback={<ProbabilitySkeleton />}>
              <ProbabilityResults kind={kind} queryRef={queryRef} onPage={goTo} />
            </Suspense>
          </LoggedFailure>
        ) : null}
      </section>
    </>
  );
}

/** The address's parameters with `page` set (left out for page 1). */
function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  return next;
}

interface ResultsProps {
  kind: string;
  queryRef: PreloadedQuery<ProbabilityListPageQueryType>;
  onPage: (page: number, options?: { replace?: boolean }) => void;
}

function ProbabilityResults({ kind, queryRef, onPage }: ResultsProps) {
  const { probabilityTable } = usePreloadedQuery<ProbabilityListPageQueryType>(probabilityListQuery, queryRef);
  const totalPages = Math.max(1, Math.ceil(probabilityTable.totalCount / PROBABILITY_PAGE_SIZE));
  const page = queryRef.variables.offset / PROBABILITY_PAGE_SIZE + 1;
  const pastTheEnd = probabilityTable.edges.length === 0 && page > totalPages;
  // A page past the end (an old link, rows gone since) opens the last page instead.
  useEffect(() => {
    if (pastTheEnd) onPage(totalPages, { replace: true });
  }, [pastTheEnd, totalPages, onPage]);
  if (pastTheEnd) return <ProbabilitySkeleton />;
  if (probabilityTable.edges.length === 0) {
    return (
      <div className="probability__empty">
        <p className="probability__empty-title">{texts.noResults}</p>
        <p className="probability__empty-hint">{texts.noResultsHint}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="probability__list">
        {probabilityTable.edges.map(({ node }) => (
          <li key={node.id}>
            <Link
              to={`/probability/${kind}/${node.databaseId}`}
              className={`probability-card probability-card--${node.rarity.toLowerCase()}`}
              data-testid="probability-card"
            >
              {node.image ? (
                <img className="probability-card__image" src={node.image} alt="" loading="lazy" />
              ) : (
                <span className="probability-card__image probability-card__image--placeholder" aria-hidden="true" />
              )}
              <span className="probability-card__text">
                <span className="probability-card__name">{node.name}</span>
                {node.description ? <span className="probability-card__description">{node.description}</span> : null}
              </span>
              <span className="probability-card__side">
                <span className="probability-card__rarity">{texts.rarities[node.rarity.toLowerCase() as keyof typeof texts.rarities]}</span>
                <span className="probability-card__badge">{texts.percent(node.probability)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <nav className="probability__pager" aria-label={texts.title}>
          <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {texts.previous}
          </button>
          <span className="probability__page" data-testid="probability-page">
            {texts.pageOf(page, totalPages)}
          </span>
          <button type="button" className="button button--secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            {texts.next}
          </button>
        </nav>
      ) : null}
    </>
  );
}

function ProbabilitySkeleton() {
  return (
    <ul className="probability__list" aria-busy="true" aria-label={uiTexts.loading}>
      {Array.from({ length: PROBABILITY_SKELETON_CARDS }, (_, index) => (
        <li key={index} className="skeleton probability-card--skeleton" data-testid="probability-skeleton" />
      ))}
    </ul>
  );
}

function UnknownTable() {
  return (
    <>
      <PageHeader title={texts.title} back />
      <StateScreen title={uiTexts.notFoundTitle} text={uiTexts.notFoundText} />
    </>
  );
}

/** 002 §4.1: a failed fetch leaves the list empty and is only logged. */
class LoggedFailure extends Component<{ children: ReactNode; resetKey: unknown }, { failed: boolean; resetKey: unknown }> {
  state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { resetKey: unknown }) {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
