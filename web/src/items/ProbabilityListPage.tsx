import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
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
import type { GraphQLProbabilityKind } from './probabilityLoaders';

const texts = itemTexts.probability;

const probabilityListQuery = graphql`
  query ProbabilityListPageQuery($kind: ProbabilityKind!, $search: String, $first: Int, $after: String, $last: Int, $before: String) @preloadable {
    probabilityTable(kind: $kind, search: $search, first: $first, after: $after, last: $last, before: $before) @required(action: THROW) {
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
      pageInfo {
        startCursor
        endCursor
      }
    }
  }
`;

/** The five probability list screens of 002 §2.2 (/probability/{kind}). */
export default function ProbabilityListPage() {
  const queryRef = useRouteQuery<ProbabilityListPageQueryType>();
  if (!queryRef) return <UnknownTable />;
  const kind = queryRef.variables.kind.toLowerCase() as ProbabilityKind;
  return <ProbabilityList key={kind} kind={kind} queryRef={queryRef} />;
}

function ProbabilityList({ kind, queryRef: initialRef }: { kind: ProbabilityKind; queryRef: PreloadedQuery<ProbabilityListPageQueryType> }) {
  const [queryRef, loadQuery] = useQueryLoader<ProbabilityListPageQueryType>(probabilityListQuery, initialRef);
  const [text, setText, search] = useSearchInAddress(ITEM_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const variables = { kind: kind.toUpperCase() as GraphQLProbabilityKind, search };
  const firstSearch = useRef(true);

  // 002 §4.1: a new search text starts again at page 1.
  useEffect(() => {
    if (firstSearch.current) {
      firstSearch.current = false;
      return;
    }
    setPage(1);
    loadQuery({ kind: kind.toUpperCase() as GraphQLProbabilityKind, search, first: PROBABILITY_PAGE_SIZE }, { fetchPolicy: 'store-or-network' });
  }, [kind, search, loadQuery]);

  const goTo = (target: number, cursors: { after?: string | null; before?: string | null }) => {
    setPage(target);
    loadQuery(
      cursors.before
        ? { ...variables, last: PROBABILITY_PAGE_SIZE, before: cursors.before }
        : { ...variables, first: PROBABILITY_PAGE_SIZE, after: cursors.after },
      { fetchPolicy: 'store-or-network' },
    );
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader title={texts.kinds[kind]} back />
      <section className="probability">
        <input
          type="search"
          className="field__input probability__search"
          placeholder={texts.searchPlaceholder}
          aria-label={texts.searchPlaceholder}
          maxLength={PROBABILITY_SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <LoggedFailure resetKey={queryRef}>
          <Suspense fallback={<ProbabilitySkeleton />}>
            {queryRef ? <ProbabilityResults kind={kind} queryRef={queryRef} page={page} onPage={goTo} /> : null}
          </Suspense>
        </LoggedFailure>
      </section>
    </>
  );
}

interface ResultsProps {
  kind: string;
  queryRef: PreloadedQuery<ProbabilityListPageQueryType>;
  page: number;
  onPage: (page: number, cursors: { after?: string | null; before?: string | null }) => void;
}

function ProbabilityResults({ kind, queryRef, page, onPage }: ResultsProps) {
  const { probabilityTable } = usePreloadedQuery<ProbabilityListPageQueryType>(probabilityListQuery, queryRef);
  const totalPages = Math.max(1, Math.ceil(probabilityTable.totalCount / PROBABILITY_PAGE_SIZE));
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
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => onPage(page - 1, { before: probabilityTable.pageInfo.startCursor })}
          >
            {texts.previous}
          </button>
          <span className="probability__page" data-testid="probability-page">
            {texts.pageOf(page, totalPages)}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1, { after: probabilityTable.pageInfo.endCursor })}
          >
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
