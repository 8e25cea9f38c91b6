import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import {
  followListLoader,
  memberProfileLoader,
  memberSearchLoader,
  myLoader,
  profileDetailLoader,
  profileEditLoader,
  settingsLoader,
} from '../accounts/accountLoaders';
import { communityLoader } from '../community/communityLoader';
import { AppLayout } from './AppLayout';
import { postDetailLoader } from '../community/postDetailLoader';
import { probabilityDetailLoader, probabilityListLoader } from '../items/probabilityLoaders';
import {
  inboxLoader,
  inquiryDetailLoader,
  inquiryListLoader,
  inquiryStatusLoader,
  noticeDetailLoader,
  noticeListLoader,
  notificationSettingsLoader,
} from '../messaging/loaders';
import { highlightsLoader, storyViewerLoader } from '../stories/storyLoaders';
import { wishListLoader } from '../items/wishListLoader';
import { writeLoader } from '../community/writeLoader';
import { communityMyLoader } from '../accounts/communityMyLoader';
import { searchHomeLoader, searchPostLoader } from '../community/searchLoaders';
import { ScreenFrame } from './routing/AppRoutes';
import type { RouteLoader } from './routing/navigation';

const loaders = new Map<RouteObject, RouteLoader>();

/** A route whose screen is split off and downloads in parallel with its loader's data. */
function screen(path: string, loadScreen: () => Promise<{ default: ComponentType }>, loader?: RouteLoader): RouteObject {
  const Screen = lazy(loadScreen);
  const route: RouteObject = { path, element: <Screen /> };
  if (loader) loaders.set(route, loader);
  return route;
}

// Loaders are part of the main bundle so each route's query starts at once (routing/navigation.ts runs them);
// screens are split off and download in parallel with their data.
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        element: <ScreenFrame />,
        children: [
          { index: true, element: <Navigate to="/community" replace /> },
          screen('stories/new', () => import('../stories/StoryUploadPage')),
          screen('stories/highlights/:userId', () => import('../stories/HighlightsPage'), highlightsLoader),
          screen('stories/:userId', () => import('../stories/StoryViewerPage'), storyViewerLoader),
          screen('community', () => import('../community/CommunityPage'), communityLoader),
          screen('community/detail', () => import('../community/PostDetailPage'), postDetailLoader),
          screen('community/write', () => import('../community/WritePage'), writeLoader),
          screen('community/search', () => import('../community/SearchHomePage'), searchHomeLoader),
          screen('community/search/post', () => import('../community/SearchPostPage'), searchPostLoader),
          screen('community/my', () => import('../accounts/CommunityMyPage'), communityMyLoader),
          screen('community/notice', () => import('../messaging/InboxPage'), inboxLoader),
          screen('my/notifications', () => import('../messaging/NotificationSettingsPage'), notificationSettingsLoader),
          screen('my/notice', async () => ({ default: (await import('../messaging/NoticePages')).NoticeListPage }), noticeListLoader),
          screen('my/notice/:id', async () => ({ default: (await import('../messaging/NoticePages')).NoticeDetailPage }), noticeDetailLoader),
          screen('my/inquiries', async () => ({ default: (await import('../messaging/InquiryPages')).InquiryListPage }), inquiryListLoader),
          screen('my/inquiries/:id', async () => ({ default: (await import('../messaging/InquiryPages')).InquiryDetailPage }), inquiryDetailLoader),
          screen('my/inquiries/:id/status', async () => ({ default: (await import('../messaging/InquiryStatusPage')).InquiryStatusPage }), inquiryStatusLoader),
          screen('my/admin/notify', async () => ({ default: (await import('../messaging/StaffPages')).ComposeNotificationPage })),
          screen('my/admin/notice', async () => ({ default: (await import('../messaging/StaffPages')).WriteNoticePage })),
          screen('my', () => import('../accounts/MyPage'), myLoader),
          screen('my/profile', () => import('../accounts/ProfileDetailPage'), profileDetailLoader),
          screen('my/profile/edit', () => import('../accounts/ProfileEditPage'), profileEditLoader),
          screen('my/settings', () => import('../accounts/SettingsPage'), settingsLoader),
          screen('users/search', () => import('../accounts/MemberSearchPage'), memberSearchLoader),
          screen('users/:id/followers', () => import('../accounts/FollowListPage'), followListLoader),
          screen('users/:id/following', () => import('../accounts/FollowListPage'), followListLoader),
          screen('users/:id', () => import('../accounts/MemberProfilePage'), memberProfileLoader),
          screen('login', async () => ({ default: (await import('../accounts/LoginPages')).LoginPage })),
          screen('login/sign-in', async () => ({ default: (await import('../accounts/LoginPages')).SignInPage })),
          screen('privacy', () => import('../accounts/PrivacyPolicyPage')),
          screen('login/set-password', async () => ({ default: (await import('../accounts/LoginPages')).SetPasswordPage })),
          screen('community/search/item', () => import('../items/ItemSearchPage')),
          screen('my/wishes', () => import('../items/WishListPage'), wishListLoader),
          screen('probability', () => import('../items/ProbabilityIndexPage')),
          screen('probability/:kind', () => import('../items/ProbabilityListPage'), probabilityListLoader),
          screen('probability/:kind/:id', () => import('../items/ProbabilityDetailPage'), probabilityDetailLoader),
          screen('*', () => import('./NotFoundPage')),
        ],
      },
    ],
  },
];

export const routeLoaders: ReadonlyMap<RouteObject, RouteLoader> = loaders;
