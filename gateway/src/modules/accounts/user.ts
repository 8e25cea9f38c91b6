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
import { firstPagesOf } from '../../graphql/lookahead.js';
import { NotFoundError } from '../../graphql/errors.js';
import { RENAMED_INPUT_REMOVAL_DATE } from '../../graphql/mutations.js';
import { nodeReference, upstreamNode } from '../../graphql/nodes.js';
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
    databaseId: t.exposeInt('id', { description: "The badge's numeric id." }),
    title: t.exposeString('title', { description: 'The name shown to members.' }),
    description: t.string({ nullable: true, description: 'What it is awarded for; null when not given.', resolve: (badge) => badge.description ?? null }),
    hexCode: t.exposeString('hex_code', { nullable: true, description: 'Its colour as `#RRGGBB`; null when it has none.' }),
    image: t.field({
      type: 'URL',
      nullable: true,
      description: 'Its picture; null when it has none.',
      resolve: (parent, _args, context) => context.mediaUrl(parent.image),
    }),
    grade: t.exposeString('grade', { description: 'Its rank, e.g. `SSS`, `SS`, `S`.' }),
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
    databaseId: t.exposeInt('id', { description: 'The numeric id of this holding.' }),
    badge: t.field({ type: Badge, description: 'The badge held.', resolve: (entry) => entry.badge }),
    isPublic: t.exposeBoolean('is_public', { description: 'Whether the member shows it to others.' }),
    isRepresent: t.exposeBoolean('is_represent', { description: 'Whether it is the badge the member shows beside their name (`User.representBadge`).' }),
    hidden: t.exposeBoolean('hidden', { description: 'Whether the staff hid it from others.' }),
    expiredAt: t.expose('expired_at', { type: 'DateTime', nullable: true, description: 'When it stops being held; null when it never does.' }),
    createdAt: t.expose('created_at', { type: 'DateTime', description: 'When the member got it.' }),
  }),
});

export const Gender = builder.enumType('Gender', {
  description: 'The gender a member gave in their profile.',
  values: enumValues(GENDERS, { male: 'Male.', female: 'Female.', other: 'Another gender.' }),
});
const PrivacyLevel = builder.enumType('PrivacyLevel', {
  description: 'Who may see the whole of a profile.',
  values: enumValues(PRIVACY_LEVELS, {
    public: 'Everyone.',
    friends: 'Friends only: members who follow the member and whom the member follows back.',
    private: 'Only the member.',
  }),
});
const ActivityType = builder.enumType('ActivityType', {
  description: 'What kind of thing a member did, in their activity history.',
  values: enumValues(ACTIVITY_TYPES, {
    post: 'Wrote a post.',
    like: 'Liked a post.',
    comment: 'Replied to a post.',
    follow: 'Followed a member.',
    share: 'Shared a post.',
  }),
});

const Preferences = builder.objectRef<UserProfileJson['preferences']>('UserPreferences').implement({
  description: "The member's own settings for notifications and profile privacy.",
  fields: (t) => ({
    notifications: t.exposeBoolean('notifications', { description: 'Whether they get notifications at all.' }),
    emailAlerts: t.exposeBoolean('emailAlerts', { description: 'Whether they get notifications by e-mail.' }),
    pushAlerts: t.exposeBoolean('pushAlerts', { description: 'Whether they get push notifications on their devices.' }),
    privacy: t.field({ type: PrivacyLevel, description: 'Who may see their whole profile.', resolve: (preferences) => preferences.privacy }),
  }),
});

const UserStats = builder.objectRef<UserProfileJson['stats']>('UserStats').implement({
  description: "A member's counts; all 0 on a profile the caller may not see in full.",
  fields: (t) => ({
    postsCount: t.exposeInt('postsCount', { description: 'How many posts they wrote.' }),
    followersCount: t.exposeInt('followersCount', { description: 'How many members follow them.' }),
    followingCount: t.exposeInt('followingCount', { description: 'How many members they follow.' }),
    likesCount: t.exposeInt('likesCount', { description: 'How many likes their posts received.' }),
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
    key: t.exposeString('id', {
      description: "Tells this entry apart from the member's other activities (stable between reads), e.g. to key a rendered list. Not a global id.",
    }),
    activityId: t.exposeString('id', {
      description: 'The former name of `key`.',
      deprecationReason: `Use key. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
    }),
    type: t.field({ type: ActivityType, description: 'What kind of thing the member did.', resolve: (activity) => activity.type }),
    action: t.exposeString('action', { description: 'What was done, as a past-tense verb: `created`, `commented`, `liked` or `followed`.' }),
    targetType: t.exposeString('targetType', { description: 'What kind of thing `target` is: `post`, `comment` or `user`.' }),
    target: t.field({
      type: ActivityTarget,
      nullable: true,
      description: 'The post, comment or member the activity was about; null when it is gone. Asked for its `id` alone, it is answered without reading it.',
      resolve: (activity, _args, context, info) => {
        const key = String(activity.targetId);
        if (activity.targetType === 'post') return nodeReference(Post, key, context, info);
        if (activity.targetType === 'comment') return nodeReference(Reply, key, context, info);
        return nodeReference(User, key, context, info);
      },
    }),
    targetId: t.exposeInt('targetId', {
      description: "The target's numeric id (a post's, comment's or member's, by `targetType`).",
      deprecationReason: 'Use `target` (a Post, Reply or User with its global id). Removal after 2027-03-01.',
    }),
    targetTitle: t.exposeString('targetTitle', {
      nullable: true,
      description: "The target's title (a member's nickname), to show without loading `target`; null when it has none.",
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the member did it.' }),
  }),
});

const BlockedUser = builder.objectRef<BlockedUserJson>('BlockedUser').implement({
  description: 'A member the caller blocked, with when and why.',
  fields: (t) => ({
    user: t.field({ type: User, description: 'The blocked member.', resolve: (entry) => entry.user }),
    blockedAt: t.expose('blockedAt', { type: 'DateTime', description: 'When the caller blocked them.' }),
    reason: t.exposeString('reason', { nullable: true, description: 'The reason the caller gave; null when none.' }),
  }),
});

User.implement({
  description: 'A member: public profile, representative badge, statistics, and follow and block relations with the caller.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The member's numeric id (`id` is their global id)." }),
    uuid: t.exposeString('uuid', { nullable: true, description: "The member's UUID: another stable identifier; null when unknown." }),
    nickname: t.exposeString('nickname', { description: 'The name the member shows.' }),
    profileImage: t.field({
      type: 'URL',
      nullable: true,
      description: 'Their profile picture; null when they have none (show the default picture).',
      resolve: (parent, _args, context) => context.mediaUrl(parent.profile_image),
    }),
    email: t.exposeString('email', { nullable: true, description: 'Their e-mail address: only the member themself sees it; null for everyone else.' }),
    representBadge: t.field({
      type: Badge,
      nullable: true,
      description: 'The badge they show beside their name; null when none.',
      resolve: (user) => user.represent_badge ?? null,
    }),
    badges: t.field({
      type: [UserBadge],
      description:
        'The badges they show, the representative one first. On a profile the caller may not see in full, only the representative badge; the member themself sees every badge they hold.',
      // Others' badges are read as a guest (001 §7); one's own with the token, so a private profile still shows its owner every badge.
      resolve: async (user, _args, context) => {
        const entries = await (isViewer(user, context) ? context.accounts.badges(user.id, true) : badgeLoader(context).load(user.id));
        return entries.map((entry) => ({ ...entry, userId: user.id }));
      },
    }),
    bio: t.string({
      nullable: true,
      description: 'Their self-introduction; null when empty or not visible to the caller.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).bio,
    }),
    location: t.string({
      nullable: true,
      description: 'Where they say they are; null when empty or not visible to the caller.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).location,
    }),
    website: t.string({
      nullable: true,
      description: 'Their website; null when empty or not visible to the caller.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).website,
    }),
    gender: t.field({
      type: Gender,
      nullable: true,
      description: 'Their gender; null when not given or not visible to the caller.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).gender,
    }),
    birthDate: t.string({
      nullable: true,
      description: 'Their birth date as `YYYY-MM-DD`: only the member themself sees it; null for everyone else or when not given.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).birthDate,
    }),
    phone: t.string({
      nullable: true,
      description: 'Their mobile phone number: only the member themself sees it; null for everyone else or when not given.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).phone,
    }),
    preferences: t.field({
      type: Preferences,
      nullable: true,
      description: 'Their settings: only the member themself sees them; null for everyone else.',
      resolve: async (user, _args, context) => (isViewer(user, context) ? (await profileOf(user, context)).preferences : null),
    }),
    stats: t.field({
      type: UserStats,
      description: 'Their counts of posts, followers, followings and likes received.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).stats,
    }),
    profileRestriction: t.field({
      type: PrivacyLevel,
      nullable: true,
      description:
        'Why the caller sees only part of this profile: `PRIVATE` (the member shows it to no one) or `FRIENDS` (to friends only, and the caller and the member do not follow each other). Only the nickname, picture and representative badge show then; other fields are null, empty or 0, and lists are empty. Null when the caller sees the whole profile.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).restriction,
    }),
    isFollowing: t.boolean({
      description: 'Whether the caller follows this member (false for guests).',
      resolve: async (user, _args, context) => (await profileOf(user, context)).isFollowing,
    }),
    isFollower: t.boolean({
      description: 'Whether this member follows the caller (false for guests).',
      resolve: async (user, _args, context) => (await profileOf(user, context)).isFollower,
    }),
    isBlocked: t.boolean({
      description: 'Whether the caller blocked this member (false for guests).',
      resolve: async (user, _args, context) => (await profileOf(user, context)).isBlocked,
    }),
    verifiedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When they confirmed their e-mail address; null when they have not.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).verifiedAt,
    }),
    createdAt: t.field({
      type: 'DateTime',
      description: 'When they joined.',
      resolve: async (user, _args, context) => (await profileOf(user, context)).createdAt,
    }),
    followers: listConnection(t, 'UserFollowers', {
      type: User,
      description: 'The members who follow this member, most recent follow first.',
      // Followers and followings are ordered by the time of the follow, which members do not carry: re-anchored by id alone.
      resolve: (user, args, context) => resultsConnection(args, (page) => context.accounts.followers(user.id, page), byIdentity),
    }),
    following: listConnection(t, 'UserFollowing', {
      type: User,
      description: 'The members this member follows, most recent follow first.',
      resolve: (user, args, context) => resultsConnection(args, (page) => context.accounts.following(user.id, page), byIdentity),
    }),
    activities: listConnection(t, 'UserActivity', {
      type: Activity,
      description: "This member's activity history (posts written, replies, likes, follows), newest first.",
      resolve: (user, args, context) => resultsConnection(args, (page) => context.accounts.activities(user.id, page), byIdentity),
    }),
    blockedUsers: listConnection(t, 'BlockedUser', {
      type: BlockedUser,
      nullable: true,
      description: 'The members the caller blocked, most recently blocked first; null on any member but the caller.',
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
    description: 'The signed-in member the request is authenticated as; null for guests.',
    resolve: (_root, _args, context, info) => {
      // The inbox is the token's own: its first page is read beside the member, not after it.
      if (context.caller.token) for (const { page, pageSize } of firstPagesOf(info, 'notifications')) context.messaging.prefetchNotifications(page, pageSize);
      return context.accounts.me();
    },
  }),
);

builder.queryField('searchUsers', (t) =>
  queryConnection(t, 'UserSearch', {
    type: User,
    description: 'Find members whose nickname contains the query, in nickname order. A blank query is refused with VALIDATION_ERROR.',
    args: {
      query: t.arg.string({ required: true, description: `Part of a nickname: at most ${userSearchSchema.shape.q.maxLength} characters after trimming.` }),
    },
    resolve: (_root, args, context) => {
      // A blank search is refused here, with the domain's message, before any upstream call.
      const q = validateInput(userSearchSchema.shape.q, args.query, ['query']);
      // Ordered by collated nickname, which the gateway cannot compare: re-anchored by id alone.
      return resultsConnection(args, (page) => context.accounts.search(q, page), byIdentity);
    },
  }),
);
