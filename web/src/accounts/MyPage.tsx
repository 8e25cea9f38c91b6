import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import { accountTexts, communityTexts, itemTexts, messagingTexts, staffTexts } from '@domain/messages.js';
import type { MyPageQuery } from '../__generated__/MyPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { ProfileView } from './ProfileView';
import { RouteScreen } from '../app/RouteScreen';
import { LoginRequired } from '../ui/StateScreen';
import { useOpenLoginModal } from './LoginModal';

const p = accountTexts.profile;
/** Where the staff's own menu leads (shown to staff only). */
const STAFF_LINKS = [
  ['/my/admin/notice', messagingTexts.writeNotice],
  ['/my/admin/notify', messagingTexts.composeNotification],
  ['/my/inquiries', staffTexts.staffInquiries],
  ['/my/notice', messagingTexts.noticesTitle],
] as const;
/** Where the hub leads. */
const MY_LINKS = [
  ['/my/profile/edit', p.editProfile],
  ['/my/posts', communityTexts.my.myPosts],
  ['/my/comments', communityTexts.my.myComments],
  ['/my/likes', communityTexts.my.likes],
  ['/community/my', communityTexts.my.title],
  ['/my/wishes', itemTexts.myWishes],
  ['/probability', itemTexts.probability.title],
  ['/my/bookmarks', communityTexts.bookmark.label],
  ['/my/inquiries', messagingTexts.inquiriesTitle],
  ['/my/notice', messagingTexts.noticesTitle],
  ['/my/guide', messagingTexts.guidesTitle],
  ['/my/notifications', messagingTexts.settingsTitle],
  ['/my/profile', p.profileInfo],
  ['/users/search', p.findMembers],
] as const;

/** /my: the hub: the member's own profile, links to everything the member owns (posts, comments, likes, activity, wishes, inquiries, notices, guides, notification settings, the profile detail and edit; settings in the header) and member search, and the POSTS, COMMENTS, BADGES tabs. */
export default function MyPage() {
  return (
    <RouteScreen<MyPageQuery>
      header={
        <PageHeader
          title={p.myTitle}
          right={
            <Link to="/my/settings" className="link-button">
              {p.settings}
            </Link>
          }
        />
      }
    >
      {(queryRef) => <MyProfile queryRef={queryRef} />}
    </RouteScreen>
  );
}

function MyProfile({ queryRef }: { queryRef: PreloadedQuery<MyPageQuery> }) {
  const { viewer } = usePreloadedQuery<MyPageQuery>(
    graphql`
      query MyPageQuery @preloadable {
        viewer {
          id
          isStaff
          ...ProfileView_user
        }
      }
    `,
    queryRef,
  );
  const openLogin = useOpenLoginModal();
  if (!viewer) {
    return <LoginRequired onLogin={() => openLogin({ returnTo: '/my' })} />;
  }
  return (
    <ProfileView
      user={viewer}
      actions={
        <>
          <nav className="profile__actions" aria-label={p.myMenu}>
            {MY_LINKS.map(([to, label]) => (
              <Link key={to} to={to} className="button button--secondary">
                {label}
              </Link>
            ))}
          </nav>
          {viewer.isStaff && (
            <nav className="profile__actions profile__staff-menu" aria-labelledby="staff-menu-title">
              <h2 id="staff-menu-title" className="profile__staff-title">
                {staffTexts.staffMenu}
              </h2>
              {STAFF_LINKS.map(([to, label]) => (
                <Link key={to} to={to} className="button button--secondary">
                  {label}
                </Link>
              ))}
            </nav>
          )}
        </>
      }
    />
  );
}
