import type { RouteLoaderArgs } from '../app/routing/navigation';
import InboxPageQuery from '../__generated__/InboxPageQuery$parameters';
import type { InboxPageQuery as InboxPageQueryType } from '../__generated__/InboxPageQuery.graphql';
import InquiryDetailPageQuery from '../__generated__/InquiryDetailPageQuery$parameters';
import type { InquiryDetailPageQuery as InquiryDetailPageQueryType } from '../__generated__/InquiryDetailPageQuery.graphql';
import InquiryStatusPageQuery from '../__generated__/InquiryStatusPageQuery$parameters';
import type { InquiryStatusPageQuery as InquiryStatusPageQueryType } from '../__generated__/InquiryStatusPageQuery.graphql';
import InquiryListPageQuery from '../__generated__/InquiryListPageQuery$parameters';
import type { InquiryListPageQuery as InquiryListPageQueryType } from '../__generated__/InquiryListPageQuery.graphql';
import NoticeDetailPageQuery from '../__generated__/NoticeDetailPageQuery$parameters';
import type { NoticeDetailPageQuery as NoticeDetailPageQueryType } from '../__generated__/NoticeDetailPageQuery.graphql';
import NoticeListPageQuery from '../__generated__/NoticeListPageQuery$parameters';
import type { NoticeListPageQuery as NoticeListPageQueryType } from '../__generated__/NoticeListPageQuery.graphql';
import NotificationSettingsPageQuery from '../__generated__/NotificationSettingsPageQuery$parameters';
import type { NotificationSettingsPageQuery as NotificationSettingsPageQueryType } from '../__generated__/NotificationSettingsPageQuery.graphql';
import StaffPagesNoticeEditQuery from '../__generated__/StaffPagesNoticeEditQuery$parameters';
import type { StaffPagesNoticeEditQuery as StaffPagesNoticeEditQueryType } from '../__generated__/StaffPagesNoticeEditQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';

// Route loaders start each screen's query before it renders (render-as-you-fetch).
// The inbox shows what it has at once and reads the list again: what arrived while away appears on return.
export const inboxLoader = () => loadRouteQuery<InboxPageQueryType>(InboxPageQuery, {}, 'store-and-network');
export const notificationSettingsLoader = () => loadRouteQuery<NotificationSettingsPageQueryType>(NotificationSettingsPageQuery, {});
/** /my/notice, and /my/guide: the notices of category guide. */
export const noticeListLoader = ({ request }: RouteLoaderArgs) =>
  loadRouteQuery<NoticeListPageQueryType>(NoticeListPageQuery, { category: new URL(request.url).pathname.startsWith('/my/guide') ? 'GUIDE' : null });
export const noticeDetailLoader = ({ params }: RouteLoaderArgs) => loadRouteQuery<NoticeDetailPageQueryType>(NoticeDetailPageQuery, { id: params.id ?? '' });
export const inquiryListLoader = () => loadRouteQuery<InquiryListPageQueryType>(InquiryListPageQuery, {});
export const inquiryDetailLoader = ({ params }: RouteLoaderArgs) => loadRouteQuery<InquiryDetailPageQueryType>(InquiryDetailPageQuery, { id: params.id ?? '' });
export const inquiryStatusLoader = ({ params }: RouteLoaderArgs) => loadRouteQuery<InquiryStatusPageQueryType>(InquiryStatusPageQuery, { id: params.id ?? '' });
/** /my/admin/notice?id=: the notice to edit; without an id the form starts empty. */
export function noticeEditLoader({ request }: RouteLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  return id ? loadRouteQuery<StaffPagesNoticeEditQueryType>(StaffPagesNoticeEditQuery, { id }) : null;
}
