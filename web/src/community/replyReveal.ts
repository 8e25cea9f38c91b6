import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { replyLinkTexts } from '@domain/messages.js';
import { useToast } from '../ui/toast/ToastProvider';

/**
 * A post opened at one reply: `/community/detail?id=<post>&reply=<reply>` (a comment or mention notification's link),
 * with `&thread=<reply it answers>` when it is an answer. The reply's list pages (and its thread's answers) are loaded
 * until it is shown; it is then scrolled to, marked and focused, once per history entry (going back to the entry
 * restores the scroll position instead).
 */
export interface ReplyTarget {
  replyId: string;
  /** The top-level reply that holds it: itself, or the reply it answers. */
  threadId: string;
}

/** History entries whose reply has been revealed: a re-render, or coming back to the entry, does not scroll again. */
const revealedEntries = new Set<string>();

/** The reply the address asks to open at, while it has not been revealed yet on this history entry. */
export function useReplyTarget(): ReplyTarget | null {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const replyId = params.get('reply');
  if (!replyId || revealedEntries.has(key)) return null;
  return { replyId, threadId: params.get('thread') ?? replyId };
}

/**
 * Loads the next page of a reply list while `wantedId` is not among `shownIds` and more pages remain: the reply a link
 * names may be the 21st of a post, or an answer past its thread's first page. When every page is shown without it (it
 * was deleted, or its author is blocked), a toast says so, once.
 */
export function useLoadUntilShown(
  wantedId: string | null | undefined,
  page: { shownIds: readonly string[]; hasNext: boolean; isLoadingNext: boolean; loadNext: (count: number) => unknown; pageSize: number },
) {
  const { shownIds, hasNext, isLoadingNext, loadNext, pageSize } = page;
  const missing = !!wantedId && !shownIds.includes(wantedId);
  const { key } = useLocation();
  const toast = useToast();
  useEffect(() => {
    if (!missing || isLoadingNext || revealedEntries.has(key)) return;
    if (hasNext) {
      loadNext(pageSize);
      return;
    }
    revealedEntries.add(key);
    toast.show(replyLinkTexts.gone, 'info');
  }, [missing, hasNext, isLoadingNext, loadNext, pageSize, key, toast]);
}

/**
 * Whether the reply drawn in `element` is the one the address opens at; the first time it is shown, it is scrolled to
 * the middle of the screen and focused (a screen reader starts reading there).
 */
export function useRevealedReply(replyId: string, element: RefObject<HTMLElement | null>): boolean {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const isTarget = params.get('reply') === replyId;
  const entry = useRef(key);
  entry.current = key;
  useEffect(() => {
    const shown = element.current;
    if (!isTarget || !shown || revealedEntries.has(entry.current)) return;
    revealedEntries.add(entry.current);
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    shown.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    shown.focus({ preventScroll: true });
  }, [isTarget, element]);
  return isTarget;
}
