import DataLoader from 'dataloader';
import type { BadgeJson, UserSummaryJson } from '../../../../domain/api.js';
import type { ActivityJson, BlockedUserJson, UserBadgeJson, UserProfileJson } from '../../../../domain/account.js';
import { ACTIVITY_TYPES, GENDERS, PRIVACY_LEVELS, userSearchSchema } from '../../../../domain/index.js';
import { validateInput } from '../../graphql/ids.js';
import { builder } from '../../graphql/builder.js';
import { isViewer } from '../../graphql/viewer.js';
import type { GatewayContext } from '../../graphql/context.js';
import { byField, byIdentity, listConnection, queryConnection, resultsConnection } from '../../graphql/connections.js';
import { enumValues } from '../../graphql/enums.js';
import { NotFoundError } from '../../graphql/errors.js';
import { referencedNode, upstreamNode } from '../../graphql/nodes.js';
import { Post, Reply, User } from '../../graphql/refs.js';

/** A user object from a list or a post carries the summary only; profile fields load the full profile once. */
async function profileOf(user: UserSummaryJson, context: GatewayContext): Promise<UserProfileJson> {
  if ('stats' in user) return user as UserProfileJson;
  return (await User.getDataloader(context).load(String(user.id))) as UserProfileJson;
}

/** Badges per member: one public badge call per distinct member per request, sent without the caller's token. */
const badgeLoaders = new WeakMap<GatewayContext, DataLoader<number, UserBadgeJson[]>>();
function badgeLoader(context: GatewayContext): DataLoader<number, UserBadgeJson[]> {
  let loader = badgeLoaders.get(context);
  if (!loader) {
    loader = new DataLoader((ids) => Promise.all(ids.map((id) => context.accounts.badges(id).catch((error: Error) => error))));
    badgeLoaders.set(context, loader);
  }
  return loader;
}

/**
 * Not a Node: the REST API reads a catalogue badge only as part of a member's badge (UserBadge, which is a Node),
 * so there is nothing to load one by on its own.
 */
export const Badge = builder.objectRef<BadgeJson & { description?: string }>('Badge').implement({
  description: 'A badge a member can earn and show on their profile.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    description: t.string({ nullable: true, resolve: (badge) => badge.description ?? null }),
    hexCode: t.exposeString('hex_code', { nullable: true, description: '배지 색 (#RRGGBB)' }),
    image: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.image) }),
    grade: t.exposeString('grade'),
  }),
});

type MemberBadge = UserBadgeJson & { userId: number };

/** The REST API reads a member's badge only in their badge list: the key is `<userId>/<userBadgeId>`. */
const UserBadge = upstreamNode<MemberBadge>('UserBadge', {
  id: (entry) => `${entry.userId}/${entry.id}`,
  key: /^\d{1,10}\/\d{1,10}$/,
  read: async (key, context) => {
    const [userId, id] = key.split('/').map(Number);
    const entry = (await context.accounts.badges(userId, true)).find((candidate) => candidate.id === id);
    if (!entry) throw new NotFoundError();
    return { ...entry, userId };
  },
});

UserBadge.implement({
  description: "A badge a member holds. Its id names the member too: it is read through the member's badges.",
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    badge: t.field({ type: Badge, resolve: (entry) => entry.badge }),
    isPublic: t.exposeBoolean('is_public'),
    isRepresent: t.exposeBoolean('is_represent', { description: '대표 배지인지' }),
    hidden: t.exposeBoolean('hidden'),
    expiredAt: t.expose('expired_at', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
  }),
});

export const Gender = builder.enumType('Gender', { values: enumValues(GENDERS) });
const PrivacyLevel = builder.enumType('PrivacyLevel', { values: enumValues(PRIVACY_LEVELS) });
const ActivityType = builder.enumType('ActivityType', { values: enumValues(ACTIVITY_TYPES) });

const Preferences = builder.objectRef<UserProfileJson['preferences']>('UserPreferences').implement({
  fields: (t) => ({
    notifications: t.exposeBoolean('notifications'),
    emailAlerts: t.exposeBoolean('emailAlerts'),
    pushAlerts: t.exposeBoolean('pushAlerts'),
    privacy: t.field({ type: PrivacyLevel, resolve: (preferences) => preferences.privacy }),
  }),
});

const UserStats = builder.objectRef<UserProfileJson['stats']>('UserStats').implement({
  fields: (t) => ({
    postsCount: t.exposeInt('postsCount'),
    followersCount: t.exposeInt('followersCount'),
    followingCount: t.exposeInt('followingCount'),
    likesCount: t.exposeInt('likesCount', { description: '받은 좋아요 수' }),
  }),
});

const ActivityTarget = builder.unionType('ActivityTarget', {
  description: 'What an activity was about: a post, a comment or a member.',
  types: [Post, Reply, User],
});

/**
 * Not a Node: an activity is a view of another row (the post written, the comment, the like, the follow) that the
 * upstream makes on each read, not a stored thing of its own; the thing it is about is `target`.
 */
const Activity = builder.objectRef<ActivityJson>('Activity').implement({
  description: "One entry of a member's activity history.",
  fields: (t) => ({
    activityId: t.exposeString('id'),
    type: t.field({ type: ActivityType, resolve: (activity) => activity.type }),
    action: t.exposeString('action'),
    targetType: t.exposeString('targetType'),
    target: t.field({
      type: ActivityTarget,
      nullable: true,
      description: 'The post, comment or member the activity was about; null when it is gone.',
      resolve: (activity, _args, context) => {
        const key = String(activity.targetId);
        if (activity.targetType === 'post') return referencedNode(Post.getDataloader(context).load(key), Post);
        if (activity.targetType === 'comment') return referencedNode(Reply.getDataloader(context).load(key), Reply);
        return referencedNode(User.getDataloader(context).load(key), User);
      },
    }),
    targetId: t.exposeInt('targetId', {
      description: "The target's upstream id (a post's, comment's or member's, by `targetType`).",
      deprecationReason: 'Use `target` (a Post, Reply or User with its global id). Removal after 2027-03-01.',
    }),
    targetTitle: t.exposeString('targetTitle', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const BlockedUser = builder.objectRef<BlockedUserJson>('BlockedUser').implement({
  description: '차단한 회원과 차단 시각·사유',
  fields: (t) => ({
    user: t.field({ type: User, resolve: (entry) => entry.user }),
    blockedAt: t.expose('blockedAt', { type: 'DateTime' }),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

User.implement({
  description: 'A member: public profile, representative badge, statistics, and follow and block relations with the caller.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid', { nullable: true }),
    nickname: t.exposeString('nickname'),
    profileImage: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.profile_image) }),
    email: t.exposeString('email', { nullable: true, description: '본인에게만 보입니다' }),
    representBadge: t.field({ type: Badge, nullable: true, resolve: (user) => user.represent_badge ?? null }),
    badges: t.field({
      type: [UserBadge],
      description: '공개 배지 (대표 배지가 먼저; 가려진 프로필은 대표 배지만). 여러 회원의 배지는 회원마다 한 번씩만 불러옵니다.',
      // Others' badges are read as a guest (001 §7); one's own with the token, so a private profile still shows its owner every badge.
      resolve: async (user, _args, context) => {
        const entries = await (isViewer(user, context) ? context.accounts.badges(user.id, true) : badgeLoader(context).load(user.id));
        return entries.map((entry) => ({ ...entry, userId: user.id }));
      },
    }),
    bio: t.string({ nullable: true, resolve: async (user, _args, context) => (await profileOf(user, context)).bio }),
    location: t.string({ nullable: true, resolve: async (user, _args, context) => (await profileOf(user, context)).location }),
    website: t.string({ nullable: true, resolve: async (user, _args, context) => (await profileOf(user, context)).website }),
    gender: t.field({ type: Gender, nullable: true, resolve: async (user, _args, context) => (await profileOf(user, context)).gender }),
    birthDate: t.string({
      nullable: true,
      description: '본인에게만 보입니다 (YYYY-MM-DD)',
      resolve: async (user, _args, context) => (await profileOf(user, context)).birthDate,
    }),
    phone: t.string({ nullable: true, description: '본인에게만 보입니다', resolve: async (user, _args, context) => (await profileOf(user, context)).phone }),
    preferences: t.field({
      type: Preferences,
      nullable: true,
      description: '본인에게만 보입니다',
      resolve: async (user, _args, context) => (isViewer(user, context) ? (await profileOf(user, context)).preferences : null),
    }),
    stats: t.field({ type: UserStats, resolve: async (user, _args, context) => (await profileOf(user, context)).stats }),
    profileRestriction: t.field({
      type: PrivacyLevel,
      nullable: true,
      description:
        '프로필이 가려진 이유: private(비공개) 또는 friends(친구 공개, 서로 팔로우하지 않음). 가려지면 닉네임·사진·대표 배지만 보이고 나머지는 비어 있습니다 (목록도 빈 목록). 다 보이면 null.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).restriction,
    }),
    isFollowing: t.boolean({
      description: '요청한 회원이 팔로우하는지',
      resolve: async (user, _args, context) => (await profileOf(user, context)).isFollowing,
    }),
    isFollower: t.boolean({
      description: '이 회원이 요청한 회원을 팔로우하는지',
      resolve: async (user, _args, context) => (await profileOf(user, context)).isFollower,
    }),
    isBlocked: t.boolean({ description: '요청한 회원이 차단했는지', resolve: async (user, _args, context) => (await profileOf(user, context)).isBlocked }),
    verifiedAt: t.field({ type: 'DateTime', nullable: true, resolve: async (user, _args, context) => (await profileOf(user, context)).verifiedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: async (user, _args, context) => (await profileOf(user, context)).createdAt }),
    followers: listConnection(t, 'UserFollowers', {
      type: User,
      // Followers and followings are ordered by the time of the follow, which members do not carry: re-anchored by id alone.
      resolve: (user, args, context) => resultsConnection(args, (page) => context.accounts.followers(user.id, page), byIdentity),
    }),
    following: listConnection(t, 'UserFollowing', {
      type: User,
      resolve: (user, args, context) => resultsConnection(args, (page) => context.accounts.following(user.id, page), byIdentity),
    }),
    activities: listConnection(t, 'UserActivity', {
      type: Activity,
      resolve: (user, args, context) => resultsConnection(args, (page) => context.accounts.activities(user.id, page), byIdentity),
    }),
    blockedUsers: listConnection(t, 'BlockedUser', {
      type: BlockedUser,
      nullable: true,
      description: '내가 차단한 회원 (본인만, 다른 회원에게는 null)',
      resolve: (user, args, context) =>
        isViewer(user, context)
          ? resultsConnection(
              args,
              (page) => context.accounts.blocked(page),
              byField<BlockedUserJson>('blockedAt', 'desc', (blocked) => blocked.user.id),
            )
          : null,
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: User,
    nullable: true,
    description: '요청한 토큰의 회원 (비회원은 null)',
    resolve: (_root, _args, context) => context.accounts.me(),
  }),
);

builder.queryField('searchUsers', (t) =>
  queryConnection(t, 'UserSearch', {
    type: User,
    description: '닉네임으로 회원 찾기',
    args: { query: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      // A blank search is refused here, with the domain's message, before any upstream call.
      const q = validateInput(userSearchSchema.shape.q, args.query, ['query']);
      // Ordered by collated nickname, which the gateway cannot compare: re-anchored by id alone.
      return resultsConnection(args, (page) => context.accounts.search(q, page), byIdentity);
    },
  }),
);
