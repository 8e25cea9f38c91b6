import type { ReactNode } from 'react';
import { Avatar } from '../ui/Avatar';
import { PROFILE_LIST_PAGE_SIZE } from '@domain/limits.js';
import { accountTexts } from '@domain/messages.js';
import { LoadMoreButton, type ListPage } from '../ui/LoadMoreButton';
import { badgeChipStyle } from '../ui/badgeColours';

// The profile lists' fragments ask for a first page of 10 (`defaultValue: 10`), PROFILE_LIST_PAGE_SIZE: GraphQL
// text cannot import it.

export type { ListPage };

/** The "more" button under a profile list (posts, comments, members, activities): the next page when there is one. */
export function ProfileMoreButton(page: ListPage) {
  return <LoadMoreButton page={page} count={PROFILE_LIST_PAGE_SIZE} label={accountTexts.profile.more} className="button button--secondary profile__more" />;
}

/** A member's counts as a profile shows them; `stat` names the entry for the followers and following links. */
export function ProfileStats({ entries }: { entries: ReadonlyArray<{ label: string; value: ReactNode; stat?: string }> }) {
  return (
    <dl className="profile__stats">
      {entries.map(({ label, value, stat }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-stat={stat}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Badge = { readonly title: string; readonly hexCode: string | null | undefined };

/** The badge a member represents, in its colour. */
export function BadgeChip({ badge }: { badge: Badge }) {
  return (
    <span className="badge-chip" style={badgeChipStyle(badge.hexCode)}>
      {badge.title}
    </span>
  );
}

interface ProfileHeadProps {
  user: {
    readonly profileImage: string | null | undefined;
    readonly nickname: string;
    readonly bio: string | null | undefined;
    readonly representBadge: Badge | null | undefined;
  };
  /** Between the nickname and the bio (the detail's verification line). */
  children?: ReactNode;
}

/** A profile's head: picture, nickname with the represented badge, and the bio. */
export function ProfileHead({ user, children }: ProfileHeadProps) {
  return (
    <div className="profile__head">
      <Avatar src={user.profileImage} size="medium" />
      <div>
        <h2 className="profile__nickname">
          {user.nickname}
          {user.representBadge ? <BadgeChip badge={user.representBadge} /> : null}
        </h2>
        {children}
        {user.bio ? <p className="profile__bio">{user.bio}</p> : null}
      </div>
    </div>
  );
}
