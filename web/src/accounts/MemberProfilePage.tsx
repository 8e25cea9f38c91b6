import { Fragment, useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { accountTexts, communityTexts, globalErrorTexts } from '@domain/messages.js';
import { failureMessage } from '../app/relay/mutationFailure';
import type { MemberProfilePageQuery } from '../__generated__/MemberProfilePageQuery.graphql';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PageHeader } from '../ui/PageHeader';
import { useOpenLoginModal } from './LoginModal';
import { useFollowMutations } from './useFollowMutations';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';
import { NotFoundScreen } from '../app/NotFoundPage';
import { useToast } from '../ui/toast/ToastProvider';
import { useSession } from '../app/session';
import { ProfileView } from './ProfileView';
import { RouteScreen } from '../app/RouteScreen';
import { Link } from 'react-router-dom';
import { searchPath } from '../community/numberedPages';

const p = accountTexts.profile;

/** /users/:id: another member's profile with 게시글로 이동하기 (their posts, 000 §2), follow and block. */
export default function MemberProfilePage() {
  return (
    <RouteScreen<MemberProfilePageQuery>
      fallback={
        <>
          <PageHeader title="" back />
          <ScreenSkeleton />
        </>
      }
    >
      {(queryRef) => <MemberProfile queryRef={queryRef} />}
    </RouteScreen>
  );
}

function MemberProfile({ queryRef }: { queryRef: PreloadedQuery<MemberProfilePageQuery> }) {
  const { node: user } = usePreloadedQuery<MemberProfilePageQuery>(
    graphql`
      query MemberProfilePageQuery($id: ID!) @preloadable {
        node(id: $id) {
          ... on User {
            id
            nickname
            isFollowing
            isBlocked
          }
          ...ProfileView_user @alias
        }
      }
    `,
    queryRef,
  );
  const { follow, block, unblock, inFlight } = useFollowMutations();
  const session = useSession();
  const openLogin = useOpenLoginModal();
  const toast = useToast();
  const [confirmingBlock, setConfirmingBlock] = useState(false);

  if (!user?.id || user.nickname === undefined || !user.ProfileView_user) {
    return (
      <>
        <PageHeader title="" back />
        <NotFoundScreen />
      </>
    );
  }
  const userId = user.id;
  const memberOnly = (action: () => void) => () => (session.isGuest ? openLogin() : action());
  // The server's reason (blocked, not found …) in its own words.
  const refused = (failure: unknown) => toast.show(failureMessage(failure, globalErrorTexts.fallbackText), 'error');

  // A refusal leaves the button as it was and says why.
  const confirmBlock = () => {
    setConfirmingBlock(false);
    block(userId).then(() => toast.show(communityTexts.post.userBlocked, 'success'), refused);
  };
  // One button whose label turns (keyed, so it stays the same element in both layouts below and keeps the focus).
  const blockButton = (
    <Fragment key="block">
      <button
        type="button"
        className="button button--secondary"
        disabled={inFlight}
        onClick={memberOnly(() => {
          if (user.isBlocked) unblock(userId).then(() => toast.show(accountTexts.settings.unblocked, 'success'), refused);
          else setConfirmingBlock(true);
        })}
      >
        {user.isBlocked ? p.unblock : p.block}
      </button>
      {/* The app's own dialog, as a post's 작성자 차단 asks (a native confirm is blocked or looks foreign in web views). */}
      {confirmingBlock ? <ConfirmDialog kind="block" open onConfirm={confirmBlock} onCancel={() => setConfirmingBlock(false)} busy={inFlight} /> : null}
    </Fragment>
  );

  // A member the viewer blocked: their activity stays out of sight (as in the feeds) and the one thing to do is unblock.
  if (user.isBlocked) {
    return (
      <>
        <PageHeader title={p.title(user.nickname)} back />
        <ProfileView user={user.ProfileView_user} notice={p.blocked} actions={<div className="profile__actions">{blockButton}</div>} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={p.title(user.nickname)} back />
      <ProfileView
        user={user.ProfileView_user}
        actions={
          <div className="profile__actions">
            <button
              type="button"
              className={`button ${user.isFollowing ? 'button--secondary' : 'button--primary'}`}
              disabled={inFlight}
              onClick={memberOnly(() => follow(userId, Boolean(user.isFollowing)).catch(refused))}
            >
              {user.isFollowing ? p.unfollow : p.follow}
            </button>
            <Link className="button button--secondary" to={searchPath({ query: user.nickname, type: 'nickname', page: 1 })}>
              {p.goToPosts}
            </Link>
            <button type="button" className="button button--secondary" onClick={() => toast.show(p.chatUnavailable, 'info')}>
              {p.chat}
            </button>
            {blockButton}
          </div>
        }
      />
    </>
  );
}
