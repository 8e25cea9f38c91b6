import { graphql, useFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router-dom';
import { accountTexts, storyTexts } from '@domain/messages.js';
import type { ProfileView_user$key } from '../__generated__/ProfileView_user.graphql';
import { ProfileBadgeList, ProfileCommentList, ProfilePostList } from './ProfileTabLists';
import { ProfileHead, ProfileStats } from './ProfileParts';
import { onTabListKeyDown, tabIndexOf } from '../ui/tabKeys';

const p = accountTexts.profile;
type ProfileTab = (typeof p.tabs)[number];

/**
 * A member's profile (001 §2): picture, nickname, represented badge, stats, then POSTS=0, COMMENTS=1, BADGES=2
 * (the tab index is kept in `?tab=`); posts and comments load a page at a time. A profile restricted by its
 * privacy setting (the upstream answers only nickname, picture and represented badge) shows a notice instead
 * of its stats and tabs, as does one the page gives a `notice` of its own (a member the viewer blocked).
 */
export function ProfileView({ user, actions, notice }: { user: ProfileView_user$key; actions?: React.ReactNode; notice?: string }) {
  const data = useFragment(
    graphql`
      fragment ProfileView_user on User {
        id
        nickname
        profileImage
        bio
        representBadge { title hexCode }
        stats { postsCount followersCount followingCount likesCount }
        profileRestriction
        ...ProfilePostList_user
        ...ProfileCommentList_user
        ...ProfileBadgeList_user
      }
    `,
    user,
  );
  const [params, setParams] = useSearchParams();
  const tabIndex = Number(params.get('tab'));
  const tab: ProfileTab = p.tabs[Number.isInteger(tabIndex) && tabIndex >= 0 && tabIndex < p.tabs.length ? tabIndex : 0];

  const restriction =
    notice ??
    (data.profileRestriction === 'PRIVATE' || data.profileRestriction === 'FRIENDS'
      ? p.restricted[data.profileRestriction === 'PRIVATE' ? 'private' : 'friends']
      : undefined);
  if (restriction) {
    return (
      <section className="profile">
        <ProfileHead user={data} />
        {/* Where the stats are otherwise: the actions keep their place, so a button pressed there keeps its focus. */}
        {null}
        {actions}
        <p className="profile__restricted" role="status">
          {restriction}
        </p>
      </section>
    );
  }

  return (
    <section className="profile">
      <ProfileHead user={data} />
      <ProfileStats
        entries={[
          { label: p.posts, value: data.stats.postsCount },
          {
            label: p.followers,
            value: <StatLink to={`/users/${encodeURIComponent(data.id)}/followers`} count={data.stats.followersCount} label={p.followers} />,
            stat: 'followers',
          },
          {
            label: p.following,
            value: <StatLink to={`/users/${encodeURIComponent(data.id)}/following`} count={data.stats.followingCount} label={p.following} />,
            stat: 'following',
          },
          { label: p.likes, value: data.stats.likesCount, stat: 'likes' },
        ]}
      />
      {actions}
      <Link className="profile__highlights" to={`/stories/highlights/${encodeURIComponent(data.id)}`}>
        {storyTexts.highlights.title}
      </Link>
      <div className="profile__tabs" role="tablist" onKeyDown={onTabListKeyDown}>
        {p.tabs.map((name, index) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            tabIndex={tabIndexOf(tab === name)}
            className="profile__tab"
            onClick={() =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set('tab', String(index));
                  return next;
                },
                { replace: true },
              )
            }
          >
            {p.tabLabels[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="profile__panel">
        {tab === 'POSTS' ? <ProfilePostList user={data} /> : tab === 'COMMENTS' ? <ProfileCommentList user={data} /> : <ProfileBadgeList user={data} />}
      </div>
    </section>
  );
}

/** Named with its label (팔로워 3): the count alone was the link's whole name. */
function StatLink({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <Link className="profile__stat-link" to={to} aria-label={`${label} ${count}`}>
      {count}
    </Link>
  );
}
