import { Suspense, useEffect, useState } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { ITEM_SEARCH_DEBOUNCE_MS, ITEM_SEARCH_MAX_LENGTH, ITEM_SEARCH_MIN_LENGTH, ITEM_SEARCH_PAGE_SIZE_DEFAULT } from '@domain/limits.js';
import { itemTexts } from '@domain/messages.js';
import type { ItemSearchPageQuery as ItemSearchPageQueryType } from '../__generated__/ItemSearchPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { ItemInfoModal } from './ItemInfoModal';

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

/** /community/search/item: search-as-you-type (000 §5: at least 2 characters after trimming). */
export default function ItemSearchPage() {
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), ITEM_SEARCH_DEBOUNCE_MS);
  const [queryRef, loadQuery, dispose] = useQueryLoader<ItemSearchPageQueryType>(itemSearchQuery);
  const [openItemId, setOpenItemId] = useState<string | null>(null);

  useEffect(() => {
    if (term.length >= ITEM_SEARCH_MIN_LENGTH) loadQuery({ name: term, first: ITEM_SEARCH_PAGE_SIZE_DEFAULT }, { fetchPolicy: 'store-or-network' });
    else dispose();
  }, [term, loadQuery, dispose]);

  return (
    <>
      <PageHeader title={itemTexts.searchTitle} back />
      <section className="item-search">
        <input
          type="search"
          className="field__input item-search__input"
          placeholder={itemTexts.searchPlaceholder}
          aria-label={itemTexts.searchPlaceholder}
          maxLength={ITEM_SEARCH_MAX_LENGTH}
          value={text}
          autoFocus
          onChange={(event) => setText(event.target.value)}
        />
        {queryRef && term.length >= ITEM_SEARCH_MIN_LENGTH ? (
          <Suspense fallback={<p className="item-search__state">{itemTexts.searching}</p>}>
            <ItemSearchResults queryRef={queryRef} onOpen={setOpenItemId} />
          </Suspense>
        ) : (
          <p className="item-search__state">{itemTexts.searchHint(ITEM_SEARCH_MIN_LENGTH)}</p>
        )}
      </section>
      {openItemId ? <ItemInfoModal itemId={openItemId} onClose={() => setOpenItemId(null)} /> : null}
    </>
  );
}

function ItemSearchResults({ queryRef, onOpen }: { queryRef: PreloadedQuery<ItemSearchPageQueryType>; onOpen: (id: string) => void }) {
  const { searchItems } = usePreloadedQuery<ItemSearchPageQueryType>(itemSearchQuery, queryRef);
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
