import { useCallback, useEffect, useRef, useState } from 'react';
import { commitLocalUpdate, useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, getRequest, type GraphQLTaggedNode, type RecordSourceSelectorProxy } from 'relay-runtime';
import { countConnectionChange } from './postStoreUpdates';

/**
 * Replies already counted in their list's `totalCount`: by the writer's own mutation or by the live event, whichever
 * reached this screen first (the other then counts nothing).
 */
const countedReplies = new Set<string>();

/** A new reply joins its list's `totalCount` once, whether it is loaded or still beyond the pages shown. */
export function countNewReply(store: RecordSourceSelectorProxy, connectionId: string, replyId: string): void {
  if (countedReplies.has(replyId)) return;
  countedReplies.add(replyId);
  countConnectionChange(store, connectionId, 1);
}

interface ReplyList {
  /** The list's refetch query (its `@refetchable` pagination query) and the id of the list's owner. */
  query: GraphQLTaggedNode;
  ownerId: string;
  /** The list's connection in the store (`__id`), whose `totalCount` a reply beyond the pages shown adds to. */
  connectionId: string;
  endCursor: string | null | undefined;
  hasNext: boolean;
  isLoadingNext: boolean;
  shownIds: readonly string[];
  pageSize: number;
}

/**
 * Brings a reply written while the list is open (told by `useReplyAdded`) into the list: its items after the last
 * one shown are read, as 더 보기 reads them, so what is open under them stays as it is. Returns `announce(replyId)`.
 * Nothing is read for a reply the list already shows (the viewer's own, added by its mutation), nor while more of
 * the list is still to load: the reply then only adds to the list's count (더보기's "N개"), and comes in its place with
 * the last page. One read at a time, each after the cursor the one before left: Relay drops a page read after a
 * cursor that is no longer the list's last.
 */
export function useNewerReplies(list: ReplyList): (replyId: string) => void {
  const environment = useRelayEnvironment();
  /** Replies announced and not read yet. */
  const [announced, setAnnounced] = useState<readonly string[]>([]);
  const reading = useRef(false);
  const announce = useCallback((replyId: string) => setAnnounced((ids) => [...ids, replyId]), []);
  const { query, ownerId, connectionId, endCursor, hasNext, isLoadingNext, shownIds, pageSize } = list;
  useEffect(() => {
    if (announced.length === 0 || reading.current || isLoadingNext) return;
    if (hasNext) commitLocalUpdate(environment, (store) => announced.forEach((id) => countNewReply(store, connectionId, id)));
    if (hasNext || announced.every((id) => shownIds.includes(id))) {
      setAnnounced([]);
      return;
    }
    reading.current = true;
    // The read comes after the replies were written: the count it brings holds them already.
    announced.forEach((id) => countedReplies.add(id));
    const done = () => {
      reading.current = false;
      // Announced while this read ran: still there, so the next read starts after the cursor this one left.
      setAnnounced((ids) => ids.filter((id) => !announced.includes(id)));
    };
    const variables = { id: ownerId, count: pageSize, cursor: endCursor ?? null };
    // Run on the environment directly, as 더 보기's own read is (react-relay's fetchQuery is not in the app's bundle);
    // not cancelled when the list changes meanwhile: a reply arriving must not cancel the read of the one before.
    environment.execute({ operation: createOperationDescriptor(getRequest(query), variables) }).subscribe({ complete: done, error: done });
  }, [announced, hasNext, isLoadingNext, shownIds, ownerId, connectionId, endCursor, pageSize, query, environment]);
  return announce;
}
