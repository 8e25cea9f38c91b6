import type { RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * 000 §4: creating a post, deleting one or blocking a member discards the cached post lists. Root fields
 * (the feed, search, trending) become stale, so the next screen that shows one fetches it again.
 */
export function discardCachedPostLists(store: RecordSourceSelectorProxy): void {
  store.getRoot().invalidateRecord();
}
