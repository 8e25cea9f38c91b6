import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { uiTexts } from '@domain/messages.js';
import type { AuthorProfile_user$key } from '../__generated__/AuthorProfile_user.graphql';
import { Avatar } from '../ui/Avatar';
import { badgeTitleStyle } from '../ui/badgeColours';

/** The author line of a post: profile image, represented badge in its own colour (000 §2), nickname (a link to the profile). */
export function AuthorProfile({ user, children }: { user: AuthorProfile_user$key | null; children?: ReactNode }) {
  const data = useFragment(
    graphql`
      fragment AuthorProfile_user on User {
        id
        nickname
        profileImage
        representBadge {
          title
          hexCode
          image
        }
      }
    `,
    user,
  );
  const badge = data?.representBadge;
  return (
    <div className="author-profile">
      <Avatar src={data?.profileImage} size="medium" />
      <div className="author-profile__text">
        <div className="author-profile__name-row">
          {badge ? (
            <span className="badge" style={badgeTitleStyle(badge.hexCode)} data-testid="author-badge">
              {badge.image ? <img className="badge__image" src={badge.image} alt="" /> : null}
              {badge.title}
            </span>
          ) : null}
          {data ? (
            <Link to={`/users/${encodeURIComponent(data.id)}`} className="author-profile__name">
              {data.nickname}
            </Link>
          ) : (
            <span className="author-profile__name">{uiTexts.unknownAuthor}</span>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
