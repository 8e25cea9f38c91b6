import { useState } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router-dom';
import { NOTIFICATION_PAGE_SIZE_DEFAULT } from '@domain/limits.js';
import { errorMessages, messagingTexts as m } from '@domain/messages.js';
import type { InboxPageQuery } from '../__generated__/InboxPageQuery.graphql';
import type { InboxPage_inbox$data, InboxPage_inbox$key } from '../__generated__/InboxPage_inbox.graphql';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { PageHeader } from '../ui/PageHeader';
import { LiveStatus, useAnnouncement } from '../ui/LiveStatus';
import { Icon } from '../ui/icons';
import { useDeleteNotification, useDeleteReadNotifications, useMarkNotificationsRead } from './useNotificationMutations';
import { StateScreen } from '../ui/StateScreen';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';
import { useToast } from '../ui/toast/ToastProvider';
import { formatRelativeTime } from '../ui/formatRelativeTime';
import { RouteScreen } from '../app/RouteScreen';

/** What the inbox shows of a notification, alike for the first page and for one that arrives live. */
export const notificationFields = graphql`
  fragment InboxPage_notification on Notification {
    id
    title
    content
    type
    isRead
    url
    createdAt
  }
`;

/** The header's way to 알림 설정: sliders, as an icon (its name is read from the link), so the bar keeps one line. */
const SettingsIcon = () => (
  <Icon>
    <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
  </Icon>
);

/** /community/notice, the 알림 tab: the inbox (001 §2, §4), kept live by the shell's LiveInbox over graphql-ws. */
export default function InboxPage() {
  return (
    <RouteScreen<InboxPageQuery>
      header={
        <PageHeader
          title={m.inboxTitle}
          right={
            <Link to="/my/notifications" className="icon-button" aria-label={m.settingsTitle} title={m.settingsTitle}>
              <SettingsIcon />
            </Link>
          }
        />
      }
    >
      {(queryRef) => <InboxContent queryRef={queryRef} />}
    </RouteScreen>
  );
}

function InboxContent({ queryRef }: { queryRef: PreloadedQuery<InboxPageQuery> }) {
  const { viewer } = usePreloadedQuery<InboxPageQuery>(
    graphql`
      query InboxPageQuery @preloadable {
        viewer {
          ...InboxPage_inbox
        }
      }
    `,
    queryRef,
  );
  if (!viewer) return <LoginRequiredScreen />;
  return <Inbox viewer={viewer} />;
}

type Connection = NonNullable<InboxPage_inbox$data['notifications']>;

/** The member's notifications, newest first, a page at a time: older ones load below on request. */
function Inbox({ viewer }: { viewer: InboxPage_inbox$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment InboxPage_inbox on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
      @refetchable(queryName: "InboxPagePaginationQuery") {
        notifications(first: $count, after: $cursor) @connection(key: "InboxPage_notifications") @required(action: THROW) {
          __id
          totalCount
          unreadCount
          edges {
            node {
              ...InboxPage_notification @relay(mask: false)
            }
          }
        }
      }
    `,
    viewer,
  );
  const connection: Connection = data.notifications;
  const toast = useToast();
  const navigate = useNavigate();
  const [markRead, marking] = useMarkNotificationsRead(connection.__id);
  const deleteOne = useDeleteNotification(connection.__id);
  const deleteRead = useDeleteReadNotifications(connection.__id);
  // Every read notification goes at once: the member confirms first, as for deleting a notice.
  const [confirmingDeleteRead, setConfirmingDeleteRead] = useState(false);
  /** Read out (a polite status) once a notification is deleted: its row just goes. */
  const [announcement, announce] = useAnnouncement();
  const fail = (error: Error) => toast.show(error.message || errorMessages.UNKNOWN, 'error');

  const open = (node: Connection['edges'][number]['node']) => {
    if (!node.isRead) markRead([node.id]).catch(fail);
    if (node.url) {
      if (/^https?:\/\//.test(node.url)) window.location.assign(node.url);
      else navigate(node.url);
    }
  };

  return (
    <section className="inbox" aria-label={m.inboxTitle}>
      <LiveStatus said={announcement} />
      <div className="inbox__toolbar">
        <span className="inbox__unread" data-testid="unread-count">
          {m.unread(connection.unreadCount)}
        </span>
        <button
          type="button"
          className="button"
          disabled={marking || connection.unreadCount === 0}
          onClick={() => markRead('all').then(() => toast.show(m.allMarkedRead, 'success'), fail)}
        >
          {m.markAllRead}
        </button>
        <button type="button" className="button" onClick={() => setConfirmingDeleteRead(true)}>
          {m.deleteRead}
        </button>
        <ConfirmDialog
          kind="delete"
          open={confirmingDeleteRead}
          onConfirm={() => {
            setConfirmingDeleteRead(false);
            deleteRead().then(({ deletedCount }) => toast.show(m.deleted(deletedCount ?? 0), 'success'), fail);
          }}
          onCancel={() => setConfirmingDeleteRead(false)}
        />
      </div>
      <nav className="inbox__links" aria-label={m.inboxLinks}>
        <Link to="/my/notice">{m.noticesTitle}</Link>
        <Link to="/my/inquiries">{m.inquiriesTitle}</Link>
      </nav>
      {connection.edges.length === 0 ? (
        <StateScreen title={m.emptyInbox} />
      ) : (
        <ul className="inbox__list">
          {connection.edges.map(({ node }) => (
            <li key={node.id} className={`inbox__item${node.isRead ? '' : ' inbox__item--unread'}`}>
              <button type="button" className="inbox__open" data-return-focus={node.id} onClick={() => open(node)}>
                {node.isRead ? null : <span className="visually-hidden">{m.unreadMark}</span>}
                <span className="inbox__type">{m.typeLabels[node.type.toLowerCase()] ?? node.type}</span>
                <strong className="inbox__title">{node.title}</strong>
                <span className="inbox__content">{node.content}</span>
                <time className="inbox__time" dateTime={String(node.createdAt)}>
                  {formatRelativeTime(String(node.createdAt))}
                </time>
              </button>
              <button
                type="button"
                className="inbox__delete"
                aria-label={m.deleteNotification(node.title, node.content)}
                onClick={() => deleteOne(node.id, !node.isRead).then(() => announce(m.notificationDeleted(node.title)), fail)}
              >
                {m.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton
        page={{ hasNext, isLoadingNext, loadNext, shown: connection.edges.length }}
        count={NOTIFICATION_PAGE_SIZE_DEFAULT}
        label={m.moreNotifications}
        className="button button--secondary inbox__more"
      />
    </section>
  );
}
