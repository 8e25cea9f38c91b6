import { useState } from 'react';
import { globalErrorTexts, recoveryTexts, uiTexts } from '@domain/messages.js';

/** What a paginated list needs of usePaginationFragment to show its "more" button. */
export interface ListPage {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number, options?: { onComplete?: (error: Error | null) => void }) => unknown;
}

/**
 * The "more" button under a list that pages: the next `count` items while there are more. A page that fails to load
 * says so in place (it was silent: the button simply came back), and the button then reads 다시 시도.
 */
export function LoadMoreButton({ page, count, label, className }: { page: ListPage; count: number; label: string; className: string }) {
  const [failed, setFailed] = useState(false);
  if (!page.hasNext) return null;
  const more = () => page.loadNext(count, { onComplete: (error) => setFailed(error !== null) });
  return (
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
  );
}
