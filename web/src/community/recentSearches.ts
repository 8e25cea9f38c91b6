import { useSyncExternalStore } from 'react';
import { RECENT_SEARCHES_MAX } from '@domain/limits.js';

/**
 * The post search's recent keywords (001 §3: a recent-search-keyword list, at most RECENT_SEARCHES_MAX), newest first,
 * kept in this browser's localStorage like the rest of the client's state: a keyword searched again moves to the front.
 */
const STORAGE_KEY = 'recentSearchKeywords';
const listeners = new Set<() => void>();
const NONE: readonly string[] = [];
let cached: { raw: string | null; keywords: readonly string[] } = { raw: null, keywords: NONE };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored list, the same array while the storage holds the same text (useSyncExternalStore compares snapshots). */
function snapshot(): readonly string[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.keywords;
  let keywords: readonly string[] = NONE;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) keywords = parsed.filter((entry): entry is string => typeof entry === 'string').slice(0, RECENT_SEARCHES_MAX);
  } catch {
    // A damaged entry starts the list again.
  }
  cached = { raw, keywords };
  return keywords;
}

function store(keywords: readonly string[]): void {
  try {
    if (keywords.length) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(keywords));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Without storage nothing is remembered; searching still works.
  }
  listeners.forEach((listener) => listener());
}

/** Remembers a keyword just searched (already trimmed and accepted by the search rules). */
export function rememberSearch(keyword: string): void {
  store([keyword, ...snapshot().filter((kept) => kept !== keyword)].slice(0, RECENT_SEARCHES_MAX));
}

export function forgetSearch(keyword: string): void {
  store(snapshot().filter((kept) => kept !== keyword));
}

export function forgetAllSearches(): void {
  store([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's search shows here too.
  const fromOtherTab = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

export function useRecentSearches(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
