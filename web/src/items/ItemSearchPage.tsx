import { Suspense, useEffect, useState, type CompositionEvent } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import { ITEM_SEARCH_DEBOUNCE_MS, ITEM_SEARCH_MAX_LENGTH, ITEM_SEARCH_MIN_LENGTH, ITEM_SEARCH_PAGE_SIZE_DEFAULT, searchTermProblem } from '@domain/limits.js';
import { communityTexts, itemTexts } from '@domain/messages.js';
import type { ItemSearchPageQuery as ItemSearchPageQueryType } from '../__generated__/ItemSearchPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { LiveStatus, useAnnouncement } from '../ui/LiveStatus';
import { PAGE_PARAM, SEARCH_PARAM } from './searchParam';
import { ItemInfoModal } from './ItemInfoModal';
import { characterLimit } from '../ui/FormParts';

const itemSearchQuery = graphql`
  query ItemSearchPageQuery($name: String!, $first: Int!) {
    searchItems(name: $name, first: $first) @required(action: THROW) {
      totalCount
      edges {
        node {
          id
          name
          image
          rating
          type
        }
      }
    }
  }
`;

/** The term once typing has paused for the debounce time; one request per pause, not per keystroke. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Search-as-you-type text kept in the address (`?q=`, replaced as the typing pauses), so Back to the screen or a
 * reload finds the search and its results again. Answers the text as typed, its setter, the debounced, trimmed term,
 * and the box's composition handlers: while an input method composes a syllable (한글: 슬 → 슬ㄹ → 슬라) the half-made
 * text is shown but not searched, so a pause mid-syllable neither searches `슬ㄹ` nor flashes "no results".
 */
export function useSearchInAddress(delayMs: number) {
  const [params, setParams] = useSearchParams();
  const [text, setTyped] = useState(() => params.get(SEARCH_PARAM) ?? '');
  const [settled, setSettled] = useState(text);
  const [composing, setComposing] = useState(false);
  const setText = (value: string) => {
    setTyped(value);
    if (!composing) setSettled(value);
  };
  const composition = {
    onCompositionStart: () => setComposing(true),
    onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
      setComposing(false);
      setSettled(event.currentTarget.value);
    },
  };
  const term = useDebouncedValue(settled.trim(), delayMs);
  const addressed = params.get(SEARCH_PARAM) ?? '';
  useEffect(() => {
    if (term === addressed) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (term) next.set(SEARCH_PARAM, term);
        else next.delete(SEARCH_PARAM);
        // A new search starts at its first page.
        next.delete(PAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [term, addressed, setParams]);
  return [text, setText, term, composition] as const;
}

/** /community/search/item: search-as-you-type (000 §5: at least 2 characters after trimming). */
export default function ItemSearchPage() {
  const [text, setText, term, composition] = useSearchInAddress(ITEM_SEARCH_DEBOUNCE_MS);
  const [queryRef, loadQuery, dispose] = useQueryLoader<ItemSearchPageQueryType>(itemSearchQuery);
  const [openItemId, setOpenItemId] = useState<string | null>(null);
  /** The results come as the typing pauses, away from the box that has the focus: how many is told (a polite status). */
  const [resultsTold, announce, withdraw] = useAnnouncement();

  // Counted as the gateway counts (an emoji is one character): a term it would refuse is never sent.
  const problem = searchTermProblem(term, ITEM_SEARCH_MIN_LENGTH, ITEM_SEARCH_MAX_LENGTH);
  useEffect(() => {
    if (problem === null) loadQuery({ name: term, first: ITEM_SEARCH_PAGE_SIZE_DEFAULT }, { fetchPolicy: 'store-or-network' });
    else {
      dispose();
      // The hint replaces the results: a count left in the page would be read as the hint's.
      withdraw();
    }
  }, [term, problem, loadQuery, dispose, withdraw]);

  return (
    <>
      <PageHeader title={itemTexts.searchTitle} back />
      <section className="item-search">
        <input
          type="search"
          className="field__input item-search__input"
          placeholder={itemTexts.searchPlaceholder}
          aria-label={itemTexts.searchPlaceholder}
          {...characterLimit(ITEM_SEARCH_MAX_LENGTH, setText)}
          {...composition}
          value={text}
          autoFocus
        />
        {queryRef && problem === null ? (
          <Suspense fallback={<p className="item-search__state">{itemTexts.searching}</p>}>
            <ItemSearchResults queryRef={queryRef} onOpen={setOpenItemId} onShown={announce} />
          </Suspense>
        ) : (
          <p className="item-search__state">
            {problem === 'tooLong' ? itemTexts.searchMax(ITEM_SEARCH_MAX_LENGTH) : itemTexts.searchHint(ITEM_SEARCH_MIN_LENGTH)}
          </p>
        )}
        <LiveStatus said={resultsTold} />
      </section>
      {openItemId ? <ItemInfoModal itemId={openItemId} onClose={() => setOpenItemId(null)} /> : null}
    </>
  );
}

function ItemSearchResults(props: { queryRef: PreloadedQuery<ItemSearchPageQueryType>; onOpen: (id: string) => void; onShown: (told: string) => void }) {
  const { queryRef, onOpen, onShown } = props;
  const { searchItems } = usePreloadedQuery<ItemSearchPageQueryType>(itemSearchQuery, queryRef);
  const { totalCount } = searchItems;
  // Once per search shown (a new query), also when two searches find as many.
  useEffect(() => {
    onShown(totalCount === 0 ? itemTexts.noResults : communityTexts.search.resultCount(totalCount));
  }, [queryRef, totalCount, onShown]);
  if (searchItems.edges.length === 0) return <p className="item-search__state">{itemTexts.noResults}</p>;
  return (
    <ul className="item-search__results">
      {searchItems.edges.map(({ node }) => (
        <li key={node.id}>
          <button type="button" className="item-result" onClick={() => onOpen(node.id)}>
            {node.image ? <img className="item-result__image" src={node.image} alt="" loading="lazy" /> : <span className="item-result__image" />}
            <span className="item-result__name">{node.name}</span>
            {node.rating ? <span className="item-result__grade">{itemTexts.grade(node.rating)}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
