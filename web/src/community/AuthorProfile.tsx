import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { uiTexts } from '@domain/messages.js';
import type { AuthorProfile_user$key } from '../__generated__/AuthorProfile_user.graphql';
import { Avatar } from '../ui/Avatar';

/** A colour the badge may be painted in: only plain hex codes from the server are used. */
function badgeColour(hexCode: string | null | undefined): string | undefined {
  if (!hexCode) return undefined;
  const value = hexCode.startsWith('#') ? hexCode : `#${hexCode}`;
  return /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ? value : undefined;
}

/** The author line of a post: profile image, represented badge in its own colour (000 §2), nickname. */
export function AuthorProfile({ user, children }: { user: AuthorProfile_user$key | null; children?: ReactNode }) {
  const data = useFragment(
    graphql`
      fragment AuthorProfile_user on User {
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
            <span className="badge" style={{ color: badgeColour(badge.hexCode) }} data-testid="author-badge">
              {badge.image ? <img className="badge__image" src={badge.image} alt="" /> : null}
              {badge.title}
            </span>
          ) : null}
          <span className="author-profile__name">{data?.nickname ?? uiTexts.unknownAuthor}</span>
        </div>
        {children}
      </div>
    </div>
  );
}
