import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { useNotificationMutationsDeleteMutation } from '../__generated__/useNotificationMutationsDeleteMutation.graphql';
import type { useNotificationMutationsDeleteReadMutation } from '../__generated__/useNotificationMutationsDeleteReadMutation.graphql';
import type { useNotificationMutationsMarkReadMutation } from '../__generated__/useNotificationMutationsMarkReadMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** Every notification edge of the inbox connection, with a way to change the connection's unread count. */
function inboxOf(store: RecordSourceSelectorProxy, connectionId: string) {
  const connection = store.get(connectionId);
  return { connection, edges: connection?.getLinkedRecords('edges') ?? [] };
}

/** Mark some or all read; the inbox's read marks and unread count change at once. */
export function useMarkNotificationsRead(connectionId: string) {
  const [commit, inFlight] = useTypedMutation<useNotificationMutationsMarkReadMutation>(
    graphql`
      mutation useNotificationMutationsMarkReadMutation($input: MarkNotificationsReadInput!) {
        markNotificationsRead(input: $input) {
          __typename
          ... on MarkNotificationsReadPayload {
            updatedCount
            notifications {
              id
              isRead
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'MarkNotificationsReadPayload' },
  );
  const markRead = useCallback(
    (ids: string[] | 'all') => {
      const apply = (store: RecordSourceSelectorProxy) => {
        const { connection, edges } = inboxOf(store, connectionId);
        let changed = 0;
        for (const edge of edges) {
          const node = edge?.getLinkedRecord('node');
          if (!node || node.getValue('isRead') === true) continue;
          if (ids !== 'all' && !ids.includes(node.getDataID())) continue;
          node.setValue(true, 'isRead');
          changed += 1;
        }
        const unread = Number(connection?.getValue('unreadCount') ?? 0);
        connection?.setValue(ids === 'all' ? 0 : Math.max(0, unread - changed), 'unreadCount');
      };
      return commit({ variables: { input: ids === 'all' ? { all: true } : { ids } }, optimisticUpdater: apply, updater: apply });
    },
    [commit, connectionId],
  );
  return [markRead, inFlight] as const;
}

/**
 * Deletes one and drops its edge from the inbox. The edge goes (`@deleteEdge`), not the record: a deleted
 * record would leave an edge pointing at nothing, which the list cannot render.
 */
export function useDeleteNotification(connectionId: string) {
  const [commit] = useTypedMutation<useNotificationMutationsDeleteMutation>(
    graphql`
      mutation useNotificationMutationsDeleteMutation($input: DeleteNotificationInput!, $connections: [ID!]!) {
        deleteNotification(input: $input) {
          __typename
          ... on DeleteNotificationPayload {
            deletedNotificationId @deleteEdge(connections: $connections)
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'DeleteNotificationPayload' },
  );
  return useCallback(
    (id: string, wasUnread: boolean) =>
      commit({
        variables: { input: { id }, connections: [connectionId] },
        updater: (store) => {
          const { connection } = inboxOf(store, connectionId);
          if (!connection) return;
          if (wasUnread) connection.setValue(Math.max(0, Number(connection.getValue('unreadCount') ?? 0) - 1), 'unreadCount');
          connection.setValue(Math.max(0, Number(connection.getValue('totalCount') ?? 0) - 1), 'totalCount');
        },
      }),
    [commit, connectionId],
  );
}

/** Deletes the read ones and drops them from the inbox. */
export function useDeleteReadNotifications(connectionId: string) {
  const [commit] = useTypedMutation<useNotificationMutationsDeleteReadMutation>(
    graphql`
      mutation useNotificationMutationsDeleteReadMutation($input: DeleteNotificationsInput!) {
        deleteNotifications(input: $input) {
          __typename
          ... on DeleteNotificationsPayload {
            deletedCount
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'DeleteNotificationsPayload' },
  );
  return useCallback(
    () =>
      commit({
        variables: { input: { readOnly: true } },
        updater: (store) => {
          const { connection, edges } = inboxOf(store, connectionId);
          if (!connection) return;
          let removed = 0;
          for (const edge of edges) {
            const node = edge?.getLinkedRecord('node');
            if (node?.getValue('isRead') !== true) continue;
            ConnectionHandler.deleteNode(connection, node.getDataID());
            removed += 1;
          }
          // The read ones of the pages not loaded went too: the count is the server's, and when what is left is all
          // on screen there is no page more to ask for.
          const deleted = Number(store.getRootField('deleteNotifications')?.getValue('deletedCount') ?? removed);
          const left = Math.max(0, Number(connection.getValue('totalCount') ?? 0) - Math.max(deleted, removed));
          connection.setValue(left, 'totalCount');
          if (left <= edges.length - removed) connection.getLinkedRecord('pageInfo')?.setValue(false, 'hasNextPage');
        },
      }),
    [commit, connectionId],
  );
}
