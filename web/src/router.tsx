import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { followListLoader, memberProfileLoader, memberSearchLoader, myLoader, profileDetailLoader, profileEditLoader, settingsLoader } from './account/accountLoaders';
import { communityLoader } from './community/communityLoader';
import { RouteErrorScreen } from './errors/RouteErrorScreen';
import { AppLayout } from './layout/AppLayout';
import { postDetailLoader } from './post/postDetailLoader';
import { probabilityDetailLoader, probabilityListLoader } from './probability/probabilityLoaders';
import { LoadingScreen } from './shared/LoadingScreen';
import { inboxLoader, inquiryDetailLoader, inquiryListLoader, inquiryStatusLoader, noticeDetailLoader, noticeListLoader, notificationSettingsLoader } from './messaging/loaders';
import { highlightsLoader, storyViewerLoader } from './stories/storyLoaders';
import { wishListLoader } from './wishes/wishListLoader';
import { writeLoader } from './write/writeLoader';
import { communityMyLoader } from './my/communityMyLoader';
import { searchHomeLoader, searchPostLoader } from './search/searchLoaders';

// Loaders are part of the main bundle so each route's query starts at once; screens are split off and
// download in parallel with their data.
const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: LoadingScreen,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: <Navigate to="/community" replace /> },
          { path: 'stories/new', lazy: { Component: async () => (await import('./stories/StoryUploadPage')).default } },
          { path: 'stories/highlights/:userId', loader: highlightsLoader, lazy: { Component: async () => (await import('./stories/HighlightsPage')).default } },
          { path: 'stories/:userId', loader: storyViewerLoader, lazy: { Component: async () => (await import('./stories/StoryViewerPage')).default } },
          {
            path: 'community',
            loader: communityLoader,
            lazy: { Component: async () => (await import('./community/CommunityPage')).default },
          },
          {
            path: 'community/detail',
            loader: postDetailLoader,
            lazy: { Component: async () => (await import('./post/PostDetailPage')).default },
          },
          {
            path: 'community/write',
            loader: writeLoader,
            lazy: { Component: async () => (await import('./write/WritePage')).default },
          },
          {
            path: 'community/search',
            loader: searchHomeLoader,
            lazy: { Component: async () => (await import('./search/SearchHomePage')).default },
          },
          {
            path: 'community/search/post',
            loader: searchPostLoader,
            lazy: { Component: async () => (await import('./search/SearchPostPage')).default },
          },
          {
            path: 'community/my',
            loader: communityMyLoader,
            lazy: { Component: async () => (await import('./my/CommunityMyPage')).default },
          },
          {
            path: 'community/notice',
            loader: inboxLoader,
            lazy: { Component: async () => (await import('./messaging/InboxPage')).default },
          },
          { path: 'my/notifications', loader: notificationSettingsLoader, lazy: { Component: async () => (await import('./messaging/NotificationSettingsPage')).default } },
          { path: 'my/notice', loader: noticeListLoader, lazy: { Component: async () => (await import('./messaging/NoticePages')).NoticeListPage } },
          { path: 'my/notice/:id', loader: noticeDetailLoader, lazy: { Component: async () => (await import('./messaging/NoticePages')).NoticeDetailPage } },
          { path: 'my/inquiries', loader: inquiryListLoader, lazy: { Component: async () => (await import('./messaging/InquiryPages')).InquiryListPage } },
          { path: 'my/inquiries/:id', loader: inquiryDetailLoader, lazy: { Component: async () => (await import('./messaging/InquiryPages')).InquiryDetailPage } },
          { path: 'my/inquiries/:id/status', loader: inquiryStatusLoader, lazy: { Component: async () => (await import('./messaging/InquiryStatusPage')).InquiryStatusPage } },
          { path: 'my/admin/notify', lazy: { Component: async () => (await import('./messaging/StaffPages')).ComposeNotificationPage } },
          { path: 'my/admin/notice', lazy: { Component: async () => (await import('./messaging/StaffPages')).WriteNoticePage } },
          { path: 'my', loader: myLoader, lazy: { Component: async () => (await import('./account/MyPage')).default } },
          { path: 'my/profile', loader: profileDetailLoader, lazy: { Component: async () => (await import('./account/ProfileDetailPage')).default } },
          { path: 'my/profile/edit', loader: profileEditLoader, lazy: { Component: async () => (await import('./account/ProfileEditPage')).default } },
          { path: 'my/settings', loader: settingsLoader, lazy: { Component: async () => (await import('./account/SettingsPage')).default } },
          { path: 'users/search', loader: memberSearchLoader, lazy: { Component: async () => (await import('./account/MemberSearchPage')).default } },
          { path: 'users/:id/followers', loader: followListLoader, lazy: { Component: async () => (await import('./account/FollowListPage')).default } },
          { path: 'users/:id/following', loader: followListLoader, lazy: { Component: async () => (await import('./account/FollowListPage')).default } },
          { path: 'users/:id', loader: memberProfileLoader, lazy: { Component: async () => (await import('./account/MemberProfilePage')).default } },
          { path: 'login', lazy: { Component: async () => (await import('./account/LoginPages')).LoginPage } },
          { path: 'login/sign-in', lazy: { Component: async () => (await import('./account/LoginPages')).SignInPage } },
          { path: 'privacy', lazy: { Component: async () => (await import('./account/PrivacyPolicyPage')).default } },
          { path: 'login/set-password', lazy: { Component: async () => (await import('./account/LoginPages')).SetPasswordPage } },
          {
            path: 'community/search/item',
            lazy: { Component: async () => (await import('./items/ItemSearchPage')).default },
          },
          {
            path: 'my/wishes',
            loader: wishListLoader,
            lazy: { Component: async () => (await import('./wishes/WishListPage')).default },
          },
          {
            path: 'probability',
            lazy: { Component: async () => (await import('./probability/ProbabilityIndexPage')).default },
          },
          {
            path: 'probability/:kind',
            loader: probabilityListLoader,
            lazy: { Component: async () => (await import('./probability/ProbabilityListPage')).default },
          },
          {
            path: 'probability/:kind/:id',
            loader: probabilityDetailLoader,
            lazy: { Component: async () => (await import('./probability/ProbabilityDetailPage')).default },
          },
          {
            path: '*',
            lazy: { Component: async () => (await import('./pages/NotFoundPage')).default },
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
