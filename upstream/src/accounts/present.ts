import type { ActivityJson, BlockedUserJson, PreferencesJson, UserBadgeJson, UserProfileJson } from '../../../domain/account.js';
import type { Gender } from '../../../domain/limits.js';
import type { UserSummaryJson } from '../../../domain/api.js';
import type { Database } from '../db/client.js';
import type { UserBlockRow } from '../db/schema.js';
import { serializeBadge, serializeUser, type MediaUrl } from '../serializers.js';
import type { MemberActivities } from './member-repository.js';
import { DEFAULT_PREFERENCES, profileFacts, profileRestriction, type visibleBadges } from './repository.js';
import { loadUsers } from './user-repository.js';

/** The summaries of many members by id, loaded in one query; members gone meanwhile are missing. */
export async function userSummaries(db: Database, ids: number[], media: MediaUrl, viewerId: number | null): Promise<Map<number, UserSummaryJson>> {
  const found = await loadUsers(db, ids);
  return new Map([...found].map(([id, user]) => [id, serializeUser(user, media, viewerId)]));
}

/** Member summaries in the order of `ids`. */
export async function presentUserSummaries(db: Database, ids: number[], media: MediaUrl, viewerId: number | null): Promise<UserSummaryJson[]> {
  const found = await userSummaries(db, ids, media, viewerId);
  return ids.flatMap((id) => found.get(id) ?? []);
}

export async function presentBlocked(db: Database, rows: UserBlockRow[], media: MediaUrl, viewerId: number): Promise<BlockedUserJson[]> {
  const ids = rows.map((row) => row.blockedId);
  const found = await userSummaries(db, ids, media, viewerId);
  return rows.flatMap((row) => {
    const user = found.get(row.blockedId);
    return user ? [{ user, blockedAt: row.createdAt.toISOString(), reason: row.reason }] : [];
  });
}

export function presentUserBadges(rows: Awaited<ReturnType<typeof visibleBadges>>, media: MediaUrl): UserBadgeJson[] {
  return rows.map(({ userBadge, badge }) => ({
    id: userBadge.id,
    badge: { ...serializeBadge(badge, media), description: badge.description },
    is_public: userBadge.isPublic,
    is_represent: userBadge.isRepresent,
    hidden: userBadge.hidden,
    expired_at: userBadge.expiredAt?.toISOString() ?? null,
    created_at: userBadge.createdAt.toISOString(),
  }));
}

/** How each kind of activity reads in the feed. */
const ACTIVITY_KINDS = {
  written: { type: 'post', action: 'created', targetType: 'post' },
  commented: { type: 'comment', action: 'commented', targetType: 'post' },
  liked: { type: 'like', action: 'liked', targetType: 'post' },
  followed: { type: 'follow', action: 'followed', targetType: 'user' },
} as const;

/** Every kind in one feed, newest first. A comment points at its post and names the reply in its metadata. */
export function presentActivities(activities: MemberActivities): ActivityJson[] {
  const kinds = Object.keys(ACTIVITY_KINDS) as (keyof typeof ACTIVITY_KINDS)[];
  return kinds
    .flatMap((kind) =>
      activities[kind].map((row): ActivityJson => {
        const { type, action, targetType } = ACTIVITY_KINDS[kind];
        return {
          id: `${type}-${row.id}`,
          type,
          action,
          targetType,
          targetId: row.postId ?? row.id,
          targetTitle: row.title,
          metadata: row.postId === undefined ? {} : { replyId: row.id },
          createdAt: row.at.toISOString(),
        };
      }),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

const NO_STATS = { postsCount: 0, likesCount: 0, followersCount: 0, followingCount: 0 } as const;

/**
 * The full profile of 001 §3. Private fields (e-mail, phone, birth date, preferences) only for the member
 * themself. Others see the profile, stats and their relation to the member as its privacy setting allows: a
 * restricted profile (private, or friends-only to a non-friend) shows only the summary (nickname, picture,
 * represented badge) and the relation, every other field null, empty or zero. Null when no such member.
 */
export async function presentProfile(
  db: Database,
  userId: number,
  viewerId: number | null,
  media: MediaUrl,
  viewerIsStaff = false,
): Promise<UserProfileJson | null> {
  const facts = await profileFacts(db, userId, viewerId);
  if (!facts) return null;
  const { found, profile, stats, relation } = facts;
  const own = viewerId === userId;
  const restriction = await profileRestriction(db, viewerId === null ? null : { id: viewerId, isStaff: viewerIsStaff }, userId);
  if (restriction) {
    return {
      ...serializeUser(found, media, viewerId),
      phone: null,
      bio: null,
      birthDate: null,
      gender: null,
      location: null,
      website: null,
      socialLinks: {},
      preferences: DEFAULT_PREFERENCES,
      stats: NO_STATS,
      ...relation,
      verifiedAt: null,
      lastActiveAt: null,
      createdAt: found.user.createdAt.toISOString(),
      restriction,
    };
  }
  return {
    ...serializeUser(found, media, viewerId),
    phone: own ? (profile?.phone ?? null) : null,
    bio: profile?.bio ?? null,
    birthDate: own ? (profile?.birthDate ?? null) : null,
    gender: (profile?.gender as Gender | null) ?? null,
    location: profile?.location ?? null,
    website: profile?.website ?? null,
    socialLinks: profile?.socialLinks ?? {},
    preferences: own ? { ...DEFAULT_PREFERENCES, ...(profile?.preferences as Partial<PreferencesJson>) } : DEFAULT_PREFERENCES,
    stats,
    ...relation,
    verifiedAt: profile?.verifiedAt?.toISOString() ?? null,
    lastActiveAt: profile?.lastActiveAt?.toISOString() ?? null,
    createdAt: found.user.createdAt.toISOString(),
    restriction: null,
  };
}
