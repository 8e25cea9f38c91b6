import { badgeJson, pageJsonOf, userSummaryJson } from '../api.js';
import { ACTIVITY_TYPES, GENDERS, PRIVACY_LEVELS } from '../limits.js';
import { z } from '../zod.js';

/**
 * The account calls' answers (001 §3, §7) as zod schemas, named in the upstream's /openapi.json;
 * domain/account.ts re-exports their types. The web app never imports this file (it would add zod schemas to its
 * bundle).
 */

export const preferencesJson = z
  .object({ notifications: z.boolean(), emailAlerts: z.boolean(), pushAlerts: z.boolean(), privacy: z.enum(PRIVACY_LEVELS) })
  .meta({ id: 'Preferences' });
export type PreferencesJson = z.infer<typeof preferencesJson>;

export const userStatsJson = z
  .object({ postsCount: z.number().int(), followersCount: z.number().int(), followingCount: z.number().int(), likesCount: z.number().int() })
  .meta({ id: 'UserStats' });
export type UserStatsJson = z.infer<typeof userStatsJson>;

export const userProfileJson = userSummaryJson
  .extend({
    phone: z.string().nullable(),
    bio: z.string().nullable(),
    birthDate: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    location: z.string().nullable(),
    website: z.string().nullable(),
    socialLinks: z.record(z.string(), z.string()),
    preferences: preferencesJson,
    stats: userStatsJson,
    isFollowing: z.boolean(),
    isFollower: z.boolean(),
    isBlocked: z.boolean(),
    verifiedAt: z.string().nullable(),
    lastActiveAt: z.string().nullable(),
    createdAt: z.string(),
    restriction: z
      .enum(PRIVACY_LEVELS)
      .exclude(['public'])
      .nullable()
      .describe(
        'Why the caller sees only the nickname, picture and represented badge: `private` (비공개) or `friends` (친구 공개, and the two do not follow each other); null when the caller sees everything.',
      ),
    is_staff: z.boolean().optional().describe('Only in the member’s own answer (`GET /users/me`): whether they are staff.'),
  })
  .meta({ id: 'UserProfile' });
export type UserProfileJson = z.infer<typeof userProfileJson>;

export const loginResultJson = z
  .object({ token: z.string(), refreshToken: z.string(), expiresAt: z.string(), user: userProfileJson, is_new_user: z.boolean() })
  .meta({ id: 'LoginResult' });
export type LoginResultJson = z.infer<typeof loginResultJson>;

/** `POST /auth/reset-password/confirm`: the reset ends logged in, answering as a login does. */
export const passwordResetJson = loginResultJson.extend({ success: z.literal(true), message: z.string() }).meta({ id: 'PasswordReset' });

/** `POST /auth/reset-password/check`: whether a mailed reset link still works. */
export const resetLinkCheckJson = z.object({ valid: z.boolean(), expires_at: z.string().nullable() }).meta({ id: 'ResetLinkCheck' });
export type ResetLinkCheckJson = z.infer<typeof resetLinkCheckJson>;

/** A done request with a Korean sentence saying so. */
export const successMessageJson = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'SuccessMessage' });

export const emailVerifiedJson = z.object({ success: z.literal(true), verifiedAt: z.string() }).meta({ id: 'EmailVerified' });

export const socialProvidersJson = z
  .object({
    providers: z.array(
      z.object({ provider: z.string(), enabled: z.boolean(), client_id: z.string().nullable().describe('The browser SDK’s public id; null when off.') }),
    ),
  })
  .meta({ id: 'SocialProviders' });

export const userBadgeJson = z
  .object({
    id: z.number().int(),
    badge: badgeJson.extend({ description: z.string() }),
    is_public: z.boolean(),
    is_represent: z.boolean(),
    hidden: z.boolean(),
    expired_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'UserBadge' });
export type UserBadgeJson = z.infer<typeof userBadgeJson>;

export const followResultJson = z
  .object({ isFollowing: z.boolean(), followersCount: z.number().int(), followingCount: z.number().int() })
  .meta({ id: 'FollowResult' });
export type FollowResultJson = z.infer<typeof followResultJson>;

export const blockCreatedJson = z.object({ blocked_id: z.number().int(), reason: z.string().nullable(), created_at: z.string() }).meta({ id: 'BlockCreated' });

export const blockedUserJson = z.object({ user: userSummaryJson, blockedAt: z.string(), reason: z.string().nullable() }).meta({ id: 'BlockedUser' });
export type BlockedUserJson = z.infer<typeof blockedUserJson>;

export const activityJson = z
  .object({
    id: z.string(),
    type: z.enum(ACTIVITY_TYPES),
    action: z.string(),
    targetType: z.enum(['post', 'comment', 'user']),
    targetId: z.number().int(),
    targetTitle: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'Activity' });
export type ActivityJson = z.infer<typeof activityJson>;

export const userSummaryPageJson = pageJsonOf(userSummaryJson, 'UserSummaryPage');
export const blockedUserPageJson = pageJsonOf(blockedUserJson, 'BlockedUserPage');
export const activityPageJson = pageJsonOf(activityJson, 'ActivityPage');
