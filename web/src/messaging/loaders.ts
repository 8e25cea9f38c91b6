import type { LoaderFunctionArgs } from 'react-router-dom';
import InboxPageQuery, { type InboxPageQuery as InboxPageQueryType } from '../__generated__/InboxPageQuery.graphql';
import InquiryDetailPageQuery, { type InquiryDetailPageQuery as InquiryDetailPageQueryType } from '../__generated__/InquiryDetailPageQuery.graphql';
import InquiryStatusPageQuery, { type InquiryStatusPageQuery as InquiryStatusPageQueryType } from '../__generated__/InquiryStatusPageQuery.graphql';
import InquiryListPageQuery, { type InquiryListPageQuery as InquiryListPageQueryType } from '../__generated__/InquiryListPageQuery.graphql';
import NoticeDetailPageQuery, { type NoticeDetailPageQuery as NoticeDetailPageQueryType } from '../__generated__/NoticeDetailPageQuery.graphql';
import NoticeListPageQuery, { type NoticeListPageQuery as NoticeListPageQueryType } from '../__generated__/NoticeListPageQuery.graphql';
import NotificationSettingsPageQuery, { type NotificationSettingsPageQuery as NotificationSettingsPageQueryType } from '../__generated__/NotificationSettingsPageQuery.graphql';
import { loadRouteQuery } from '../relay/loadRouteQuery';

// Route loaders start each screen's query before it renders (render-as-you-fetch).
export const inboxLoader = () => ({ queryRef: loadRouteQuery<InboxPageQueryType>('inbox', InboxPageQuery, {}) });
export const notificationSettingsLoader = () => ({
  queryRef: loadRouteQuery<NotificationSettingsPageQueryType>('notification-settings', NotificationSettingsPageQuery, {}),
});
export const noticeListLoader = () => ({ queryRef: loadRouteQuery<NoticeListPageQueryType>('notices', NoticeListPageQuery, {}) });
export const noticeDetailLoader = ({ params }: LoaderFunctionArgs) => ({
  queryRef: loadRouteQuery<NoticeDetailPageQueryType>('notice', NoticeDetailPageQuery, { id: params.id ?? '' }),
});
export const inquiryListLoader = () => ({ queryRef: loadRouteQuery<InquiryListPageQueryType>('inquiries', InquiryListPageQuery, {}) });
export const inquiryDetailLoader = ({ params }: LoaderFunctionArgs) => ({
  queryRef: loadRouteQuery<InquiryDetailPageQueryType>('inquiry', InquiryDetailPageQuery, { id: params.id ?? '' }),
});
export const inquiryStatusLoader = ({ params }: LoaderFunctionArgs) => ({
  queryRef: loadRouteQuery<InquiryStatusPageQueryType>('inquiry-status', InquiryStatusPageQuery, { id: params.id ?? '' }),
});
