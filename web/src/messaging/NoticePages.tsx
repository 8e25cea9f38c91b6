import { useState } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router-dom';
import { NOTICE_PAGE_SIZE_DEFAULT } from '@domain/limits.js';
import { errorMessages, messagingTexts as m, staffTexts } from '@domain/messages.js';
import type { NoticeDetailPageQuery } from '../__generated__/NoticeDetailPageQuery.graphql';
import type { NoticePagesDeleteMutation } from '../__generated__/NoticePagesDeleteMutation.graphql';
import type { NoticeListPageQuery } from '../__generated__/NoticeListPageQuery.graphql';
import type { NoticeListPaginationQuery } from '../__generated__/NoticeListPaginationQuery.graphql';
import type { NoticePages_notices$key } from '../__generated__/NoticePages_notices.graphql';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';
import { AttachmentList } from '../ui/AttachmentList';
import { formatRelativeTime } from '../ui/formatRelativeTime';
import { RouteScreen } from '../app/RouteScreen';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useToast } from '../ui/toast/ToastProvider';
import { discardCachedNoticeLists } from './noticeStoreUpdates';

/** /my/notice: notices, important and pinned first. */
export function NoticeListPage() {
  return (
    <RouteScreen<NoticeListPageQuery> header={<PageHeader title={m.noticesTitle} back />}>
      {(queryRef) => <NoticeList queryRef={queryRef} emptyTitle={m.noticesTitle} detailPath="/my/notice/" />}
    </RouteScreen>
  );
}

/** /my/guide: the guides, notices of category guide (the loader asks for that category). */
export function GuideListPage() {
  return (
    <RouteScreen<NoticeListPageQuery> header={<PageHeader title={m.guidesTitle} back />}>
      {(queryRef) => <NoticeList queryRef={queryRef} emptyTitle={m.noGuides} detailPath="/my/guide/notion/" />}
    </RouteScreen>
  );
}

function NoticeList({ queryRef, emptyTitle, detailPath }: { queryRef: PreloadedQuery<NoticeListPageQuery>; emptyTitle: string; detailPath: string }) {
  const query = usePreloadedQuery<NoticeListPageQuery>(
    graphql`
      query NoticeListPageQuery($category: NoticeCategory) @preloadable {
        ...NoticePages_notices @arguments(category: $category)
      }
    `,
    queryRef,
  );
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<NoticeListPaginationQuery, NoticePages_notices$key>(
    graphql`
      fragment NoticePages_notices on Query
      @argumentDefinitions(category: { type: "NoticeCategory" }, count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "NoticeListPaginationQuery") {
        notices(first: $count, after: $cursor, category: $category) @connection(key: "NoticePages_notices") @required(action: THROW) {
          edges {
            node {
              id
              uuid
              title
              category
              isImportant
              isPinned
              viewCount
              createdAt
            }
          }
        }
      }
    `,
    query,
  );
  const { edges } = data.notices;
  if (edges.length === 0) return <StateScreen title={emptyTitle} />;
  return (
    <>
      <ul className="notices">
        {edges.map(({ node }) => (
          <li key={node.id} className={`notices__item${node.isImportant ? ' notices__item--important' : ''}`}>
            <Link to={detailPath + node.uuid}>
              {node.isImportant && <span className="notices__badge">{m.important}</span>}
              {node.isPinned && <span className="notices__badge notices__badge--pinned">{m.pinned}</span>}
              <strong>{node.title}</strong>
              <span className="notices__meta">
                {m.noticeCategoryLabels[node.category.toLowerCase()]} · {m.views(node.viewCount)} · {formatRelativeTime(String(node.createdAt))}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreButton
        page={{ hasNext, isLoadingNext, loadNext, shown: edges.length }}
        count={NOTICE_PAGE_SIZE_DEFAULT}
        label={m.moreNotices}
        className="button button--secondary notices__more"
      />
    </>
  );
}

/** /my/notice/:id: one notice with its attachments. */
export function NoticeDetailPage() {
  return (
    <RouteScreen<NoticeDetailPageQuery> header={<PageHeader title={m.noticesTitle} back />}>{(queryRef) => <NoticeDetail queryRef={queryRef} />}</RouteScreen>
  );
}

/** /my/guide/notion/:id: one guide; a notice of another category reads as a missing guide. */
export function GuideDetailPage() {
  return (
    <RouteScreen<NoticeDetailPageQuery> header={<PageHeader title={m.guidesTitle} back />}>
      {(queryRef) => <NoticeDetail queryRef={queryRef} guide />}
    </RouteScreen>
  );
}

function NoticeDetail({ queryRef, guide = false }: { queryRef: PreloadedQuery<NoticeDetailPageQuery>; guide?: boolean }) {
  const { notice, viewer } = usePreloadedQuery<NoticeDetailPageQuery>(
    graphql`
      query NoticeDetailPageQuery($id: ID!) @preloadable {
        viewer {
          isStaff
        }
        notice(id: $id) @required(action: THROW) {
          __typename
          ... on Notice {
            id
            uuid
            title
            content
            category
            isImportant
            viewCount
            createdAt
            authorNickname
            attachments {
              id
              fileName
              fileUrl
              thumbnailUrl
              mimeType
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
    queryRef,
  );
  if (notice.__typename !== 'Notice' || (guide && notice.category !== 'GUIDE')) return <StateScreen title={guide ? m.guideNotFound : m.noticeNotFound} />;
  return (
    <article className="notice">
      {notice.isImportant && <span className="notices__badge">{m.important}</span>}
      <h2>{notice.title}</h2>
      <p className="notices__meta">
        {notice.authorNickname} · {m.views(notice.viewCount ?? 0)} · {formatRelativeTime(String(notice.createdAt))}
      </p>
      <p className="notice__content">{notice.content}</p>
      {viewer?.isStaff && notice.id && <StaffNoticeActions id={notice.id} uuid={notice.uuid ?? ''} />}
      <AttachmentList files={(notice.attachments ?? []).map((file) => ({ ...file, key: file.id }))} label={m.attachmentsLabel} />
    </article>
  );
}

/** Staff edit a notice on its own form, or delete it after confirming. */
function StaffNoticeActions({ id, uuid }: { id: string; uuid: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [commit, inFlight] = useTypedMutation<NoticePagesDeleteMutation>(
    graphql`
      mutation NoticePagesDeleteMutation($input: DeleteNoticeInput!) {
        deleteNotice(input: $input) {
          __typename
          ... on DeleteNoticePayload {
            deletedNoticeId
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'DeleteNoticePayload', failureText: errorMessages.UNKNOWN },
  );
  const remove = () =>
    commit({ variables: { input: { id } }, updater: discardCachedNoticeLists }).then(
      () => {
        toast.show(staffTexts.noticeEdit.deleted, 'success');
        navigate('/my/notice', { replace: true });
      },
      (failure: Error) => {
        setConfirming(false);
        toast.show(failure.message, 'error');
      },
    );
  return (
    <div className="notice__staff-actions">
      <Link className="button button--secondary" to={`/my/admin/notice?id=${uuid}`}>
        {staffTexts.noticeEdit.edit}
      </Link>
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
        {staffTexts.noticeEdit.delete}
      </button>
      <ConfirmDialog kind="delete" open={confirming} busy={inFlight} onConfirm={() => void remove()} onCancel={() => setConfirming(false)} />
    </div>
  );
}
