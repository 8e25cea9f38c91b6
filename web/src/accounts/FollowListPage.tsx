import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLocation } from 'react-router-dom';
import { accountTexts, uiTexts } from '@domain/messages.js';
import type { FollowListPageQuery } from '../__generated__/FollowListPageQuery.graphql';
import type { FollowListPage_followers$key } from '../__generated__/FollowListPage_followers.graphql';
import type { FollowListPage_following$key } from '../__generated__/FollowListPage_following.graphql';
import { PageHeader } from '../ui/PageHeader';
import { Avatar } from '../ui/Avatar';
import { StateScreen } from '../ui/StateScreen';
import { RouteScreen } from '../app/RouteScreen';
import { ProfileMoreButton, type ListPage } from './ProfileParts';

const p = accountTexts.profile;
export type FollowListKind = 'followers' | 'following';

/** /users/:id/followers and /users/:id/following: a member's follow lists, a page at a time. */
export default function FollowListPage() {
  const kind: FollowListKind = useLocation().pathname.endsWith('/followers') ? 'followers' : 'following';
  return (
    <RouteScreen<FollowListPageQuery> header={<PageHeader title={kind === 'followers' ? p.followers : p.following} back />}>
      {(queryRef) => <FollowList queryRef={queryRef} kind={kind} />}
    </RouteScreen>
  );
}

function FollowList({ queryRef, kind }: { queryRef: PreloadedQuery<FollowListPageQuery>; kind: FollowListKind }) {
  const { node } = usePreloadedQuery<FollowListPageQuery>(
    graphql`
      query FollowListPageQuery($id: ID!, $followers: Boolean!) @preloadable {
        node(id: $id) {
          ... on User {
            id
            ...FollowListPage_followers @include(if: $followers) @alias(as: "followerList")
            ...FollowListPage_following @skip(if: $followers) @alias(as: "followingList")
          }
        }
      }
    `,
    queryRef,
  );
  if (!node?.id) return <StateScreen title={uiTexts.notFoundTitle} text={uiTexts.notFoundText} />;
  if (kind === 'followers') return node.followerList ? <Followers user={node.followerList} /> : null;
  return node.followingList ? <Following user={node.followingList} /> : null;
}

type Member = { readonly id: string; readonly nickname: string; readonly profileImage: string | null | undefined };

function MemberRows({ members, ...page }: { members: readonly Member[] } & Omit<ListPage, 'shown'>) {
  if (!members.length) return <p className="profile__empty">{p.noMembers}</p>;
  return (
    <>
      <ul className="member-list">
        {members.map((member) => (
          <li key={member.id} data-testid="follow-member">
            <Link className="member-list__item" to={`/users/${encodeURIComponent(member.id)}`}>
              <Avatar src={member.profileImage} size="medium" />
              <span className="member-list__nickname">{member.nickname}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ProfileMoreButton {...page} shown={members.length} />
    </>
  );
}

function Followers({ user }: { user: FollowListPage_followers$key }) {
  const { data, ...page } = usePaginationFragment(
    graphql`
      fragment FollowListPage_followers on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "FollowListPageFollowersPaginationQuery") {
        followers(first: $count, after: $cursor) @connection(key: "FollowListPage_followers") @required(action: THROW) {
          edges { node { id nickname profileImage } }
        }
      }
    `,
    user,
  );
  return <MemberRows members={data.followers.edges.map((edge) => edge.node)} {...page} />;
}

function Following({ user }: { user: FollowListPage_following$key }) {
  const { data, ...page } = usePaginationFragment(
    graphql`
      fragment FollowListPage_following on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "FollowListPageFollowingPaginationQuery") {
        following(first: $count, after: $cursor) @connection(key: "FollowListPage_following") @required(action: THROW) {
          edges { node { id nickname profileImage } }
        }
      }
    `,
    user,
  );
  return <MemberRows members={data.following.edges.map((edge) => edge.node)} {...page} />;
}
