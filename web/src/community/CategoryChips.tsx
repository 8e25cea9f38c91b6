import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { CATEGORY_IDS } from '@domain/limits.js';
import { uiTexts } from '@domain/messages.js';
import type { CategoryChips_query$key } from '../__generated__/CategoryChips_query.graphql';
import { categoryIdFrom, communityPath } from './categoryParam';
import { useLatestLocation } from '../app/routing/navigation';

/**
 * The category filter above the feed: 전체 plus every visible top-level category. The 'all' category of
 * 000 §3 is the 전체 chip itself, so it is not listed twice.
 */
export function CategoryChips({ query }: { query: CategoryChips_query$key }) {
  const { categories } = useFragment(
    graphql`
      fragment CategoryChips_query on Query {
        categories {
          id
          databaseId
          name
          hidden
        }
      }
    `,
    query,
  );
  const pending = useLatestLocation();
  const requestedId = pending.pathname === '/community' ? categoryIdFrom(pending.search) : null;
  const selectedId = requestedId === CATEGORY_IDS.all ? null : requestedId;

  const chips = [
    { key: 'all', categoryId: null, name: uiTexts.allCategories },
    ...(categories ?? [])
      .filter((category) => !category.hidden && category.databaseId !== CATEGORY_IDS.all)
      .map((category) => ({ key: category.id, categoryId: category.databaseId, name: category.name })),
  ];

  return (
    <nav className="chips" aria-label={uiTexts.categoryFilter}>
      <ul className="chips__list">
        {chips.map((chip) => {
          const selected = chip.categoryId === selectedId;
          return (
            <li key={chip.key}>
              <Link
                to={communityPath(chip.categoryId)}
                className={`chip${selected ? ' chip--selected' : ''}`}
                aria-current={selected ? 'page' : undefined}
                data-testid="category-chip"
                replace
              >
                {chip.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
