import { Suspense } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import { SKELETON_BLOCKS } from '@domain/limits.js';
import { accountTexts } from '@domain/messages.js';
import type { ProfileDetailPageQuery } from '../__generated__/ProfileDetailPageQuery.graphql';
import type { ProfileDetailPage_activities$data, ProfileDetailPage_activities$key } from '../__generated__/ProfileDetailPage_activities.graphql';
import { postDetailPath } from '../community/PostCard';
import { PageHeader } from '../ui/PageHeader';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';
import { ProfileBadgeList } from './ProfileTabLists';
import { RouteScreen } from '../app/RouteScreen';
import { ProfileHead, ProfileMoreButton, ProfileStats } from './ProfileParts';
import { LoginRequiredScreen } from './LoginRequiredScreen';

const p = accountTexts.profile;
const d = accountTexts.detail;

/** The Relay global id the gateway gives a record (activities name their target by database id). */

/** /my/profile: the member's own profile in full (001 §3): fields, badges with the represented one, stats, activities. */
export default function ProfileDetailPage() {
  return (
    <RouteScreen<ProfileDetailPageQuery>
      header={
        <PageHeader
          title={d.title}
          back
          right={
            <Link to="/my/profile/edit" className="link-button">
              {p.editProfile}
            </Link>
          }
        />
      }
    >
      {(queryRef) => <ProfileDetail queryRef={queryRef} />}
    </RouteScreen>
  );
}

function ProfileDetail({ queryRef }: { queryRef: PreloadedQuery<ProfileDetailPageQuery> }) {
  const { viewer } = usePreloadedQuery<ProfileDetailPageQuery>(
    graphql`
      query ProfileDetailPageQuery @preloadable {
        viewer {
          id
          nickname
          profileImage
          bio
          email
          phone
          birthDate
          gender
          location
          website
          verifiedAt
          createdAt
          representBadge { title hexCode }
          stats { postsCount followersCount followingCount likesCount }
          ...ProfileBadgeList_user
          # The activities come in a later part of the answer: the profile paints without waiting for them.
          ...ProfileDetailPage_activities @defer
        }
      }
    `,
    queryRef,
  );
  if (!viewer) return <LoginRequiredScreen />;
  const gender = viewer.gender ? accountTexts.edit.genders[viewer.gender.toLowerCase() as keyof typeof accountTexts.edit.genders] : null;
  const fields: [string, string | null | undefined][] = [
    [d.email, viewer.email],
    [d.phone, viewer.phone],
    [accountTexts.edit.birthDate, viewer.birthDate],
    [accountTexts.edit.gender, gender],
    [accountTexts.edit.location, viewer.location],
    [accountTexts.edit.website, viewer.website],
    [d.joinedAt, new Date(viewer.createdAt as string).toLocaleDateString('ko-KR')],
  ];

  return (
    <section className="profile-detail" data-testid="profile-detail">
      <ProfileHead user={viewer}>
        <p className="profile-detail__verified">{viewer.verifiedAt ? d.verified : d.notVerified}</p>
      </ProfileHead>
      <dl className="profile-detail__fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || d.empty}</dd>
          </div>
        ))}
      </dl>
      <h3 className="profile-detail__section">{d.statsSection}</h3>
      <ProfileStats
        entries={[
          { label: p.posts, value: viewer.stats.postsCount },
          { label: p.followers, value: viewer.stats.followersCount },
          { label: p.following, value: viewer.stats.followingCount },
          { label: p.likes, value: viewer.stats.likesCount },
        ]}
      />
      <nav className="profile__actions" aria-label={p.myMenu}>
        <Link to="/users/search" className="button button--secondary">
          {p.findMembers}
        </Link>
        <Link to="/my/settings" className="button button--secondary">
          {p.settings}
        </Link>
      </nav>
      <h3 className="profile-detail__section">{d.badgesSection}</h3>
      <ProfileBadgeList user={viewer} />
      <h3 className="profile-detail__section">{d.activitiesSection}</h3>
      <Suspense fallback={<ScreenSkeleton blocks={SKELETON_BLOCKS.deferredPart} />}>
        <ActivityList user={viewer} />
      </Suspense>
    </section>
  );
}

type ActivityTarget = ProfileDetailPage_activities$data['activities']['edges'][number]['node']['target'];

/** Where an activity leads: its post (a comment's post), or the member followed; nowhere once that is gone. */
function activityLink(target: ActivityTarget): string | null {
  if (target?.__typename === 'Post') return postDetailPath(target.id);
  if (target?.__typename === 'Reply') return target.post ? postDetailPath(target.post.id) : null;
  if (target?.__typename === 'User') return `/users/${encodeURIComponent(target.id)}`;
  return null;
}

function ActivityList({ user }: { user: ProfileDetailPage_activities$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment ProfileDetailPage_activities on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "ProfileDetailPageActivitiesPaginationQuery") {
        activities(first: $count, after: $cursor) @connection(key: "ProfileDetailPage_activities") @required(action: THROW) {
          edges {
            node {
              key
              type
              targetTitle
              createdAt
              target {
                __typename
                ... on Post { id }
                ... on User { id }
                ... on Reply { post { id } }
              }
            }
          }
        }
      }
    `,
    user,
  );
  if (!data.activities.edges.length) return <p className="profile__empty">{d.noActivities}</p>;
  return (
    <>
      <ul className="activity-list">
        {data.activities.edges.map(({ node }) => {
          const kind = node.type.toLowerCase() as keyof typeof d.activity;
          const text = (d.activity[kind] ?? d.activity.post)(node.targetTitle ?? '');
          const to = activityLink(node.target);
          return (
            <li key={node.key} className="activity-list__item" data-testid="activity">
              {to ? <Link to={to}>{text}</Link> : text}
              <time className="activity-list__time" dateTime={node.createdAt as string}>
                {new Date(node.createdAt as string).toLocaleDateString('ko-KR')}
              </time>
            </li>
          );
        })}
      </ul>
      <ProfileMoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={data.activities.edges.length} />
    </>
  );
}
