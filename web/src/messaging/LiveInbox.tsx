import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { graphql, RelayEnvironmentProvider, useSubscription } from 'react-relay';
import { ConnectionHandler, type GraphQLSubscriptionConfig, type RecordSourceSelectorProxy, type Environment } from 'relay-runtime';
import type { LiveInboxAddedSubscription } from '../__generated__/LiveInboxAddedSubscription.graphql';
import type { LiveInboxUnreadSubscription } from '../__generated__/LiveInboxUnreadSubscription.graphql';
import type { useSession as UseSession } from '../app/session';
import { UNREAD_BADGE_MAX } from '@domain/limits.js';
import { messagingTexts as m } from '@domain/messages.js';
import { LiveStatus, useAnnouncement } from '../ui/LiveStatus';

/** The 알림 screen's list in the store, when it has been read (InboxPage's `InboxPage_notifications`). */
function inboxConnection(store: RecordSourceSelectorProxy) {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  return viewer ? ConnectionHandler.getConnection(viewer, 'InboxPage_notifications') : null;
}

/**
 * The signed-in member's live inbox on every screen (`startLiveInbox`): the unread count shows over the
 * notification tab's dot and in the inbox's own count, and each new notification joins the top of
 * the inbox's list in the store, so the 알림 screen shows it at once, or on return.
 */
function LiveInbox() {
  const [unreadCount, setUnreadCount] = useState(0);
  /** What arrived last, told by the live region below (each arrival, also one titled as the one before). */
  const [arrived, announce] = useAnnouncement();
  const tab = useNotificationTab();
  const icon = tab?.querySelector('.tab__icon');
  const added = useMemo<GraphQLSubscriptionConfig<LiveInboxAddedSubscription>>(
    () => ({
      subscription: graphql`
        subscription LiveInboxAddedSubscription {
          notificationAdded {
            ...InboxPage_notification @relay(mask: false)
          }
        }
      `,
      variables: {},
      onNext: (data) => {
        if (data?.notificationAdded) announce(m.arrived(data.notificationAdded.title));
      },
      updater: (store) => {
        const connection = inboxConnection(store);
        const node = store.getRootField('notificationAdded');
        if (!connection || !node) return;
        const exists = (connection.getLinkedRecords('edges') ?? []).some((edge) => edge?.getLinkedRecord('node')?.getDataID() === node.getDataID());
        if (exists) return;
        const edge = ConnectionHandler.createEdge(store, connection, node, 'NotificationEdge');
        ConnectionHandler.insertEdgeBefore(connection, edge);
        connection.setValue(Number(connection.getValue('totalCount') ?? 0) + 1, 'totalCount');
      },
    }),
    [announce],
  );
  const unread = useMemo<GraphQLSubscriptionConfig<LiveInboxUnreadSubscription>>(
    () => ({
      subscription: graphql`
        subscription LiveInboxUnreadSubscription {
          unreadNotificationCount
        }
      `,
      variables: {},
      onNext: (data) => {
        if (data?.unreadNotificationCount != null) setUnreadCount(data.unreadNotificationCount);
      },
      updater: (store, data) => {
        if (data?.unreadNotificationCount != null) inboxConnection(store)?.setValue(data.unreadNotificationCount, 'unreadCount');
      },
    }),
    [],
  );
  useSubscription(added);
  useSubscription(unread);
  return (
    <>
      <LiveStatus said={arrived} />
      {unreadCount && tab && icon ? (
        <>
          {createPortal(
            <span className="tab__count" aria-hidden="true">
              {unreadCount > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : unreadCount}
            </span>,
            icon,
          )}
          {/* Said after the tab's label, so its name reads "알림, 읽지 않은 알림 N개": in the icon, before the label, the
              count came first. (Its own text, not an aria-label: the name keeps the tab's visible words.) */}
          {createPortal(
            <span className="visually-hidden" data-testid="unread-badge">
              , {m.unread(unreadCount)}
            </span>,
            tab,
          )}
        </>
      ) : null}
    </>
  );
}

/** The notification tab, where the count goes: found again whenever the page changes (the shell may redraw it). */
function useNotificationTab(): Element | null {
  const find = () => document.querySelector('.tab[data-tab="notification"]');
  const [icon, setIcon] = useState(find);
  useEffect(() => {
    const observer = new MutationObserver(() => setIcon(find()));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return icon;
}

/** A member's live inbox for each session token; nothing for a guest. */
function LiveInboxForSession({ useSession }: { useSession: typeof UseSession }) {
  const { token } = useSession();
  return token ? <LiveInbox key={token} /> : null;
}

/**
 * Starts the live inbox in a root of its own beside the app's (main.tsx loads this module after the first paint,
 * so graphql-ws and these subscriptions stay out of the first visit's JavaScript).
 */
export function startLiveInbox(environment: Environment, useSession: typeof UseSession): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <RelayEnvironmentProvider environment={environment}>
      <LiveInboxForSession useSession={useSession} />
    </RelayEnvironmentProvider>,
  );
}
