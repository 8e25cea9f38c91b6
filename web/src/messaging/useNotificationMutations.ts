import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { useNotificationMutationsDeleteMutation } from '../__generated__/useNotificationMutationsDeleteMutation.graphql';
import type { useNotificationMutationsDeleteReadMutation } from '../__generated__/useNotificationMutationsDeleteReadMutation.graphql';
import type { useNotificationMutationsMarkReadMutation } from '../__generated__/useNotificationMutationsMarkReadMutation.graphql';

/** Every notification edge of the inbox connection, with a way to change the connection's unread count. */
function inboxOf(store: RecordSourceSelectorProxy, connectionId: string) {
  const connection = store.get(connectionId);
  return { connection, edges: connection?.getLinkedRecords('edges') ?? [] };
}

const settle =
  <T extends { __typename: string }>(resolve: () => void, reject: (error: Error) => void) =>
  (result: T) => {
    if (result.__typename.endsWith('Payload')) resolve();
    else reject(new Error('message' in result ? String(result.message) : ''));
  };

/** Mark some or all read; the inbox's read marks and unread count change at once. */
export function useMarkNotificationsRead(connectionId: string) {
  const [commit, inFlight] = useMutation<useNotificationMutationsMarkReadMutation>(graphql`
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
        ... on Error {
          message
        }
      }
    }
  `);
  const markRead = useCallback(
    (ids: string[] | 'all') =>
      new Promise<void>((resolve, reject) => {
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
        commit({
          variables: { input: ids === 'all' ? { all: true } : { ids } },
          optimisticUpdater: apply,
          updater: apply,
          onCompleted: ({ markNotificationsRead }) => settle(resolve, reject)(markNotificationsRead),
          onError: reject,
        });
      }),
    [commit, connectionId],
  );
  return [markRead, inFlight] as const;
}

export function useDeleteNotification(connectionId: string) {
  const [commit] = useMutation<useNotificationMutationsDeleteMutation>(graphql`
    mutation useNotificationMutationsDeleteMutation($input: DeleteNotificationInput!) {
      deleteNotification(input: $input) {
        __typename
        ... on DeleteNotificationPayload {
          deletedNotificationId @deleteRecord
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return useCallback(
    (id: string, wasUnread: boolean) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { id } },
          updater: (store) => {
            const { connection } = inboxOf(store, connectionId);
            if (!connection) return;
            ConnectionHandler.deleteNode(connection, id);
            if (wasUnread) connection.setValue(Math.max(0, Number(connection.getValue('unreadCount') ?? 0) - 1), 'unreadCount');
            connection.setValue(Math.max(0, Number(connection.getValue('totalCount') ?? 0) - 1), 'totalCount');
          },
          onCompleted: ({ deleteNotification }) => settle(resolve, reject)(deleteNotification),
          onError: reject,
        });
      }),
    [commit, connectionId],
  );
}

/** Deletes the read ones and drops them from the inbox. */
export function useDeleteReadNotifications(connectionId: string) {
  const [commit] = useMutation<useNotificationMutationsDeleteReadMutation>(graphql`
    mutation useNotificationMutationsDeleteReadMutation($input: DeleteNotificationsInput!) {
      deleteNotifications(input: $input) {
        __typename
        ... on DeleteNotificationsPayload {
          deletedCount
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { readOnly: true } },
          updater: (store) => {
            const { connection, edges } = inboxOf(store, connectionId);
            if (!connection) return;
            for (const edge of edges) {
              const node = edge?.getLinkedRecord('node');
              if (node?.getValue('isRead') === true) ConnectionHandler.deleteNode(connection, node.getDataID());
            }
          },
          onCompleted: ({ deleteNotifications }) => settle(resolve, reject)(deleteNotifications),
          onError: reject,
        });
      }),
    [commit, connectionId],
  );
}
