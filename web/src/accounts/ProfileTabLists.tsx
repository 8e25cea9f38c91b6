import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { accountTexts } from '@domain/messages.js';
import type { ProfileBadgeList_user$key } from '../__generated__/ProfileBadgeList_user.graphql';
import type { ProfileCommentList_user$key } from '../__generated__/ProfileCommentList_user.graphql';
import type { ProfilePostList_user$key } from '../__generated__/ProfilePostList_user.graphql';
import { PostCard, postDetailPath } from '../community/PostCard';
import { ProfileMoreButton } from './ProfileParts';

const p = accountTexts.profile;
/** The POSTS tab: the member's posts, newest first, a page at a time. */
export function ProfilePostList({ user }: { user: ProfilePostList_user$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment ProfilePostList_user on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "ProfilePostListPaginationQuery") {
        posts(first: $count, after: $cursor) @connection(key: "ProfilePostList_posts") @required(action: THROW) {
          edges { node { id ...PostCard_post } }
        }
      }
    `,
    user,
  );
  if (!data.posts.edges.length) return <p className="profile__empty">{p.noPosts}</p>;
  return (
    <>
      <ul className="feed__list">
        {data.posts.edges.map(({ node }) => (
          <li key={node.id}>
            <PostCard post={node} />
          </li>
        ))}
      </ul>
      <ProfileMoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={data.posts.edges.length} />
    </>
  );
}

/** The COMMENTS tab: the member's comments with the post each belongs to, a page at a time. */
export function ProfileCommentList({ user }: { user: ProfileCommentList_user$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment ProfileCommentList_user on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "ProfileCommentListPaginationQuery") {
        replies(first: $count, after: $cursor) @connection(key: "ProfileCommentList_replies") @required(action: THROW) {
          edges { node { id content postTitle post { id } } }
        }
      }
    `,
    user,
  );
  if (!data.replies.edges.length) return <p className="profile__empty">{p.noComments}</p>;
  return (
    <>
      <ul className="profile__comments">
        {data.replies.edges.map(({ node }) => {
          const comment = (
            <>
              <p className="profile__comment">{node.content}</p>
              {node.postTitle ? <p className="profile__comment-post">{node.postTitle}</p> : null}
            </>
          );
          // A comment on a post since deleted stays listed, without a link to nowhere.
          return (
            <li key={node.id} data-testid="profile-comment">
              {node.post ? <Link to={postDetailPath(node.post.id)}>{comment}</Link> : comment}
            </li>
          );
        })}
      </ul>
      <ProfileMoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={data.replies.edges.length} />
    </>
  );
}

/** The BADGES tab (and the detail's badge section): every public badge, the represented one marked. */
export function ProfileBadgeList({ user }: { user: ProfileBadgeList_user$key }) {
  const { badges } = useFragment(
    graphql`
      fragment ProfileBadgeList_user on User {
        badges {
          databaseId
          isRepresent
          badge { title hexCode grade image description }
        }
      }
    `,
    user,
  );
  if (!badges.length) return <p className="profile__empty">{p.noBadges}</p>;
  return (
    <ul className="badge-list">
      {badges.map((entry) => (
        <li key={entry.databaseId} className="badge-list__item" data-testid="badge" style={{ borderColor: entry.badge.hexCode ?? undefined }}>
          {entry.badge.image ? <img src={entry.badge.image} alt="" width={40} height={40} /> : null}
          <div>
            <p className="badge-list__title">
              {entry.badge.title}
              {entry.isRepresent ? <span className="badge-list__represent">{p.representBadge}</span> : null}
            </p>
            <p className="badge-list__grade">{p.grade(entry.badge.grade)}</p>
            {entry.badge.description ? <p className="badge-list__description">{entry.badge.description}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
