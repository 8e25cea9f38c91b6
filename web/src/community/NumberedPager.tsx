import { Link } from 'react-router-dom';
import { NUMBERED_LIST_PAGE_SIZE } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import { visiblePages } from './numberedPages';

const s = communityTexts.search;

/** How many numbered pages `totalCount` items fill (at least one). */
export function totalPagesOf(totalCount: number): number {
  return Math.max(1, Math.ceil(totalCount / NUMBERED_LIST_PAGE_SIZE));
}

/**
 * The page buttons of a numbered list (000 §2): at most 5 around the current page, ‹ and › to the pages beyond;
 * each a link to `pathOf(page)`, so the page lives in the address (and the router scrolls to the top).
 */
export function NumberedPager({ page, totalCount, pathOf, label }: { page: number; totalCount: number; pathOf: (page: number) => string; label: string }) {
  const totalPages = totalPagesOf(totalCount);
  if (totalPages <= 1) return null;
  const pages = visiblePages(page, totalPages);
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  return (
    <nav className="pager" aria-label={label}>
      {first > 1 ? (
        <Link className="pager__button" to={pathOf(first - 1)} aria-label={s.previousPages}>
          ‹
        </Link>
      ) : null}
      {pages.map((number) => (
        <Link key={number} className="pager__button" to={pathOf(number)} aria-label={s.page(number)} aria-current={number === page ? 'page' : undefined}>
          {number}
        </Link>
      ))}
      {last < totalPages ? (
        <Link className="pager__button" to={pathOf(last + 1)} aria-label={s.nextPages}>
          ›
        </Link>
      ) : null}
    </nav>
  );
}
