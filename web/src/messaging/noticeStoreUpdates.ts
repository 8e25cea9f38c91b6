import type { RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * Writing, editing or deleting a notice changes the notice lists (which notices, their order: pinned and important
 * first), root fields Relay cannot update in place: they become stale, so the next screen showing one fetches it
 * again. A deleted notice is not taken out of the store: the screen still showing it would lose it under its feet.
 */
export function discardCachedNoticeLists(store: RecordSourceSelectorProxy): void {
  store.getRoot().invalidateRecord();
}
