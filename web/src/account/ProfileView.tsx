import { graphql, useFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router-dom';
import { accountTexts, storyTexts } from '@domain/messages.js';
import type { ProfileView_user$key } from '../__generated__/ProfileView_user.graphql';
import { PostCard, postDetailPath } from '../community/PostCard';
import { Avatar } from '../shared/Avatar';

const p = accountTexts.profile;
type ProfileTab = (typeof p.tabs)[number];

/** A member's profile (001 §2): picture, nickname, represented badge, stats, then POSTS=0, COMMENTS=1, BADGES=2. */
export function ProfileView({ user, actions }: { user: ProfileView_user$key; actions?: React.ReactNode }) {
  const data = useFragment(
    graphql`
      fragment ProfileView_user on User {
        id
        nickname
        profileImage
        bio
        representBadge { title hexCode }
        stats { postsCount followersCount followingCount likesCount }
        badges {
          databaseId
          isRepresent
          badge { title hexCode grade image description }
        }
        posts(first: 20) { edges { node { id ...PostCard_post } } }
        replies(first: 20) { edges { node { id content postTitle postId } } }
      }
    `,
    user,
  );
  const [params, setParams] = useSearchParams();
  const tabIndex = Number(params.get('tab'));
  const tab: ProfileTab = p.tabs[Number.isInteger(tabIndex) && tabIndex >= 0 && tabIndex < p.tabs.length ? tabIndex : 0];

  return (
    <section className="profile">
      <div className="profile__head">
        <Avatar src={data.profileImage} size="medium" />
        <div>
          <h2 className="profile__nickname">
            {data.nickname}
            {data.representBadge ? (
              <span className="badge-chip" style={{ backgroundColor: data.representBadge.hexCode ?? undefined }}>
                {data.representBadge.title}
              </span>
            ) : null}
          </h2>
          {data.bio ? <p className="profile__bio">{data.bio}</p> : null}
        </div>
      </div>
      <dl className="profile__stats">
        <div><dt>{p.posts}</dt><dd>{data.stats.postsCount}</dd></div>
        <div><dt>{p.followers}</dt><dd data-stat="followers">{data.stats.followersCount}</dd></div>
        <div><dt>{p.following}</dt><dd>{data.stats.followingCount}</dd></div>
        <div><dt>{p.likes}</dt><dd>{data.stats.likesCount}</dd></div>
      </dl>
      {actions}
      <Link className="profile__highlights" to={`/stories/highlights/${encodeURIComponent(data.id)}`}>
        {storyTexts.highlights.title}
      </Link>
      <div className="profile__tabs" role="tablist">
        {p.tabs.map((name, index) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className="profile__tab"
            onClick={() => setParams((current) => { const next = new URLSearchParams(current); next.set('tab', String(index)); return next; }, { replace: true })}
          >
            {p.tabLabels[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="profile__panel">
        {tab === 'POSTS' ? (
          data.posts.edges.length ? (
            <ul className="feed">{data.posts.edges.map(({ node }) => <li key={node.id}><PostCard post={node} /></li>)}</ul>
          ) : (
            <p className="profile__empty">{p.noPosts}</p>
          )
        ) : tab === 'COMMENTS' ? (
          data.replies.edges.length ? (
            <ul className="profile__comments">
              {data.replies.edges.map(({ node }) => (
                <li key={node.id}>
                  <Link to={postDetailPath(node.postId)}>
                    <p className="profile__comment">{node.content}</p>
                    {node.postTitle ? <p className="profile__comment-post">{node.postTitle}</p> : null}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="profile__empty">{p.noComments}</p>
          )
        ) : data.badges.length ? (
          <ul className="badge-list">
            {data.badges.map((entry) => (
              <li key={entry.databaseId} className="badge-list__item" style={{ borderColor: entry.badge.hexCode ?? undefined }}>
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
        ) : (
          <p className="profile__empty">{p.noBadges}</p>
        )}
      </div>
    </section>
  );
}
