import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { goBackPastModals, modalEntriesOnTop } from '../../ui/modalHistory';

const PREVIOUS_PATH_KEY = 'previousPath';
const CURRENT_PATH_KEY = 'currentPath';

export type BackDestination = { kind: 'history' } | { kind: 'path'; path: string };

/** A detail screen's list, by its address: where its back button goes when the screen was opened directly (a story, where its viewer closes to). */
const PARENT_LISTS: readonly [RegExp, string][] = [
  [/^\/my\/notice\/[^/]+$/, '/my/notice'],
  [/^\/my\/guide\/notion\/[^/]+$/, '/my/guide'],
  [/^\/my\/inquiries\/([^/]+)\/status$/, '/my/inquiries/$1'],
  [/^\/my\/inquiries\/[^/]+$/, '/my/inquiries'],
  [/^\/stories\/highlights\/([^/]+)\/[^/]+$/, '/stories/highlights/$1'],
  [/^\/stories\/highlights\/([^/]+)$/, '/users/$1'],
  [/^\/stories\/[^/]+$/, '/community'],
];

/**
 * Where a screen falls back to when there is nothing to go back to: a detail screen's list (a notice, a guide, an
 * inquiry), else 002 §2.4's fallback. A screen whose list its data names (a post: its board) says so with useParentScreen.
 */
export function fallbackPathFor(path: string): string {
  for (const [detail, list] of PARENT_LISTS) if (detail.test(path)) return path.replace(detail, list);
  if (path.includes('community')) return '/community';
  if (path.includes('mission')) return '/mission';
  return '/';
}

/**
 * 002 §2.4: go back in history when a previous path is known, otherwise to the fallback of the current
 * path. (With or without a referrer the spec's two branches agree; `canGoBack` adds the check that
 * history inside the app exists, so a back tap never leaves the site.)
 */
export function backDestination(previousPath: string | null, currentPath: string, canGoBack: boolean): BackDestination {
  if (!previousPath || previousPath.includes('null') || !canGoBack) {
    return { kind: 'path', path: fallbackPathFor(currentPath) };
  }
  return { kind: 'history' };
}

function sessionValue(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function setSessionValue(key: string, value: string) {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Without session storage every back tap uses the fallback, which is still correct.
  }
}

/** Keeps the previous in-app path in session storage; mounted once, in the layout. */
export function useTrackPreviousPath() {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  useEffect(() => {
    const current = sessionValue(CURRENT_PATH_KEY);
    if (current === here) return;
    if (current) setSessionValue(PREVIOUS_PATH_KEY, current);
    setSessionValue(CURRENT_PATH_KEY, here);
  }, [here]);
}

/**
 * The data router records the position in its history stack; 0 means this is the first in-app entry. The entries
 * open modals pushed above the screen's own do not count: a screen opened directly has nothing to go back to under them.
 */
function canGoBackInApp(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) - modalEntriesOnTop() > 0;
}

/** The list the screen on show belongs to, as its data says (useParentScreen), with the entry it was said for. */
let screenParent: { entry: string; path: string } | null = null;

/** Names the list this screen belongs to (a post: its board's list), where its back button goes when opened directly. */
export function useParentScreen(path: string): void {
  const { key } = useLocation();
  useEffect(() => {
    screenParent = { entry: key, path };
  }, [key, path]);
}

/** The default back action of 002 §2.4; with no history in the app, to the screen's list (fallbackPathFor). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  return useCallback(() => {
    const destination = backDestination(sessionValue(PREVIOUS_PATH_KEY), pathname, canGoBackInApp());
    // With modals open over the screen, their entries are passed over with it (a replace replaces the top one, and
    // the modal kit replaces the screen's own once it has gone back to it).
    if (destination.kind === 'history') goBackPastModals(navigate);
    else navigate(screenParent?.entry === key ? screenParent.path : destination.path, { replace: true });
  }, [navigate, pathname, key]);
}

/**
 * 000 §2 "Shared blocks": a custom handler if given, else the supplied one, else history back. A failing
 * handler is logged and history back is used when there is history to go back to.
 */
export function runBackHandler(handler: (() => void) | undefined, goBack: () => void, historyBack: () => void, hasHistory: boolean) {
  if (!handler) {
    goBack();
    return;
  }
  try {
    handler();
  } catch (error) {
    console.error('back handler failed', error);
    if (hasHistory) historyBack();
  }
}

export function useBackHandler(custom?: () => void, supplied?: () => void): () => void {
  const goBack = useGoBack();
  const navigate = useNavigate();
  return useCallback(() => runBackHandler(custom ?? supplied, goBack, () => navigate(-1), canGoBackInApp()), [custom, supplied, goBack, navigate]);
}
