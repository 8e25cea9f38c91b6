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
  noticeEditLoader,
  noticeListLoader,
  notificationSettingsLoader,
} from '../messaging/loaders';
import { highlightsLoader, highlightViewerLoader, storyViewerLoader } from '../stories/storyLoaders';
import { wishListLoader } from '../items/wishListLoader';
import { writeLoader } from '../community/writeLoader';
import { communityMyLoader } from '../accounts/communityMyLoader';
import { searchHomeLoader, searchPostLoader } from '../community/searchLoaders';
import { ScreenFrame } from './RouteScreen';
import { networkFailure } from './relay/fetchGraphQL';
import type { RouteLoader } from './routing/navigation';

const loaders = new Map<RouteObject, RouteLoader>();
/**
 * Login, sign-up, forgotten password, reset, e-mail verification and terms: one chunk, its screens named by their
 * paths (the first visit downloads this table: each chunk name and screen name here counts toward its budget).
 */
const journeyScreens = () => import('../accounts/AccountJourneyPages').then((module) => module.screensByPath);
/** /community/my and the member's own lists (/my/posts, /my/comments, /my/likes, /my/bookmarks): one chunk and one query. */
const myLists = () => import('../accounts/CommunityMyPage');
/** Notices and guides (notices of category guide). */
const noticePages = () => import('../messaging/NoticePages');

/**
 * A route whose screen is split off and downloads in parallel with its loader's data; `name` picks the screen
 * among a module's exports (several screens share a module).
 */
function screen<M>(path: string, loadModule: () => Promise<M>, loader?: RouteLoader | null, name = 'default' as keyof M): RouteObject {
  // A screen whose code cannot be downloaded (offline) fails as a request that could not reach the gateway: the screen
  // says to check the connection (not "unexpected error"), and 다시 시도 (a reload) loads it once the connection is back.
  const Screen = lazy(() => loadModule().then((module) => ({ default: module[name] as ComponentType }), networkFailure));
  const route: RouteObject = { path, element: <Screen /> };
  // The screen's code starts downloading with its data, as the address changes, not once React has rendered the
  // app around it (on a first visit on a slow phone, over a second later). The lazy screen then finds it under way;
  // a failed download is reported there, when the screen renders.
  loaders.set(route, (args) => {
    const data = loader ? loader(args) : null;
    loadModule().catch(() => {});
    return data;
  });
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
          screen('stories/highlights/:userId/:highlightId', () => import('../stories/HighlightViewerPage'), highlightViewerLoader),
          screen('stories/:userId', () => import('../stories/StoryViewerPage'), storyViewerLoader),
          screen('community', () => import('../community/CommunityPage'), communityLoader),
          screen('community/detail', () => import('../community/PostDetailPage'), postDetailLoader),
          screen('community/write', () => import('../community/WritePage'), writeLoader),
          screen('community/search', () => import('../community/SearchHomePage'), searchHomeLoader),
          screen('community/search/post', () => import('../community/SearchPostPage'), searchPostLoader),
          screen('community/my', myLists, communityMyLoader),
          screen('community/posts', () => import('../community/SearchPostPage'), searchPostLoader, 'PostListPage'),
          screen('my/posts', myLists, communityMyLoader, 'MyPostsPage'),
          screen('my/comments', myLists, communityMyLoader, 'MyCommentsPage'),
          screen('my/likes', myLists, communityMyLoader, 'MyLikesPage'),
          screen('my/bookmarks', myLists, communityMyLoader, 'MyBookmarksPage'),
          screen('my/guide', noticePages, noticeListLoader, 'GuideListPage'),
          screen('my/guide/notion/:id', noticePages, noticeDetailLoader, 'GuideDetailPage'),
          screen('community/notice', () => import('../messaging/InboxPage'), inboxLoader),
          screen('my/notifications', () => import('../messaging/NotificationSettingsPage'), notificationSettingsLoader),
          screen('my/notice', noticePages, noticeListLoader, 'NoticeListPage'),
          screen('my/notice/:id', noticePages, noticeDetailLoader, 'NoticeDetailPage'),
          screen('my/inquiries', () => import('../messaging/InquiryPages'), inquiryListLoader, 'InquiryListPage'),
          screen('my/inquiries/:id', () => import('../messaging/InquiryPages'), inquiryDetailLoader, 'InquiryDetailPage'),
          screen('my/inquiries/:id/status', () => import('../messaging/InquiryStatusPage'), inquiryStatusLoader, 'InquiryStatusPage'),
          screen('my/admin/notify', () => import('../messaging/StaffPages'), null, 'ComposeNotificationPage'),
          screen('my/admin/notice', () => import('../messaging/StaffPages'), noticeEditLoader, 'WriteNoticePage'),
          screen('my', () => import('../accounts/MyPage'), myLoader),
          screen('my/profile', () => import('../accounts/ProfileDetailPage'), profileDetailLoader),
          screen('my/profile/edit', () => import('../accounts/ProfileEditPage'), profileEditLoader),
          screen('my/settings', () => import('../accounts/SettingsPage'), settingsLoader),
          screen('users/search', () => import('../accounts/MemberSearchPage'), memberSearchLoader),
          screen('users/:id/followers', () => import('../accounts/FollowListPage'), followListLoader),
          screen('users/:id/following', () => import('../accounts/FollowListPage'), followListLoader),
          screen('users/:id', () => import('../accounts/MemberProfilePage'), memberProfileLoader),
          ...['login', 'login/sign-in', 'login/set-password', 'forgot-password', 'reset-password', 'verify-email', 'register', 'signup', 'terms'].map((path) =>
            screen(path, journeyScreens, null, path),
          ),
          screen('privacy', () => import('../accounts/PrivacyPolicyPage')),
          screen('community/search/item', () => import('../items/ItemSearchPage')),
          screen('my/wishes', () => import('../items/WishListPage'), wishListLoader),
          screen('probability', () => import('../items/ProbabilityIndexPage')),
          screen('probability/:kind', () => import('../items/ProbabilityListPage'), probabilityListLoader),
          screen('probability/:kind/:id', () => import('../items/ProbabilityDetailPage'), probabilityDetailLoader),
          // Every other address: the static, error and in-the-app screens of 002 §2.1 (matched there, so their
          // paths cost the first visit nothing), else the 404 screen.
          screen('*', () => import('../info/InfoPages')),
        ],
      },
    ],
  },
];

export const routeLoaders: ReadonlyMap<RouteObject, RouteLoader> = loaders;
