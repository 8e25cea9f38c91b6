import type { RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * 000 §4: creating a post, deleting one or blocking a member discards the cached post lists. Root fields
 * (the feed, search, trending) become stale, so the next screen that shows one fetches it again.
 */
export function discardCachedPostLists(store: RecordSourceSelectorProxy): void {
  store.getRoot().invalidateRecord();
}

/** A connection gained (+1) or lost (-1) an item: its `totalCount` follows, whether or not the edge is loaded. */
export function countConnectionChange(store: RecordSourceSelectorProxy, connectionId: string, delta: number): void {
  const connection = store.get(connectionId);
  const total = connection?.getValue('totalCount');
  if (typeof total === 'number') connection?.setValue(Math.max(0, total + delta), 'totalCount');
}
