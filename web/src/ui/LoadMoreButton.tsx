import { useState } from 'react';
import { globalErrorTexts, recoveryTexts, uiTexts } from '@domain/messages.js';
import { LiveStatus } from './LiveStatus';

/** What a paginated list needs of usePaginationFragment to show its "more" button, and how many items it shows. */
export interface ListPage {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number, options?: { onComplete?: (error: Error | null) => void }) => unknown;
  /** The list's items on screen now: a page loaded is told by how many it added. */
  shown: number;
}

/**
 * The "more" button under a list that pages: the next `count` items while there are more. A page that loads is told
 * to a screen reader by how many items it added (the button itself only said 더 불러오는 중...); one that fails says so
 * in place, and the button then reads 다시 시도.
 */
export function LoadMoreButton({ page, count, label, className }: { page: ListPage; count: number; label: string; className: string }) {
  const [failed, setFailed] = useState(false);
  /** How many items showed when the last page asked for came in; null until one has. */
  const [shownBefore, setShownBefore] = useState<number | null>(null);
  const more = () => {
    const before = page.shown;
    page.loadNext(count, {
      onComplete: (error) => {
        setFailed(error !== null);
        setShownBefore(error === null ? before : null);
      },
    });
  };
  const told = shownBefore !== null && !page.isLoadingNext ? recoveryTexts.moreLoaded(Math.max(0, page.shown - shownBefore), !page.hasNext) : '';
  return (
    <>
      {/* Kept while the list lasts, also once the last page is in: a live region reads only what changes inside it. */}
      <LiveStatus said={told ? { text: told, serial: shownBefore ?? 0 } : null} />
      {!page.hasNext ? null : (
        <>
          {failed && !page.isLoadingNext ? (
            <p className="field__error load-more__error" role="alert">
              {recoveryTexts.moreFailed}
            </p>
          ) : null}
          <button type="button" className={className} disabled={page.isLoadingNext} onClick={more}>
            {page.isLoadingNext ? uiTexts.loadingMore : failed ? globalErrorTexts.tryAgain : label}
          </button>
        </>
      )}
    </>
  );
}
