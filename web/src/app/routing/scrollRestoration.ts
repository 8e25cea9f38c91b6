import { useLayoutEffect } from 'react';
import { createPath, useLocation, useNavigationType } from 'react-router-dom';

/**
 * Scroll positions per history entry, as the data router's <ScrollRestoration> keeps them (declarative mode has
 * none): a new entry opens at the top, going back or forward returns to where that entry was left, also after
 * a reload (session storage).
 */
const STORAGE_KEY = 'scrollPositions';
const positions: Record<string, number> = readPositions();

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

let shownEntryKey: string | null = null;
let shownAddress: string | null = null;

/** Called as a navigation starts, while the screen being left is still on screen. */
export function rememberScrollPosition() {
  if (shownEntryKey) positions[shownEntryKey] = window.scrollY;
}

function savePositions() {
  rememberScrollPosition();
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Without session storage a reload opens at the top, which is still usable.
  }
}

/** Mounted once, where the routes render: restores or resets the scroll when a new entry is shown. */
export function useScrollRestoration() {
  const location = useLocation();
  const { key } = location;
  const address = createPath(location);
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', savePositions);
    return () => window.removeEventListener('pagehide', savePositions);
  }, []);

  useLayoutEffect(() => {
    const saved = positions[key];
    // A new entry at the address on screen (a modal's) leaves the page where it is.
    if (navigationType === 'PUSH' && address === shownAddress) positions[key] = window.scrollY;
    else window.scrollTo(0, navigationType === 'POP' && saved !== undefined ? saved : 0);
    shownEntryKey = key;
    shownAddress = address;
  }, [key, address, navigationType]);
}
