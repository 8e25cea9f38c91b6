import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { authTokens, users } from './core.js';
import { createdAt, id, optionalRef, ownedBy, timestamptz, updatedAt } from './columns.js';

/** The profile of 001 §3 beyond the user summary: one row per member, created on first write. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Korean mobile number, digits only (01012345678); a login identifier like the e-mail. */
    phone: text('phone'),
    bio: text('bio'),
    /** YYYY-MM-DD */
    birthDate: text('birth_date'),
    gender: text('gender'),
    location: text('location'),
    website: text('website'),
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull().default({}),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    notificationSettings: jsonb('notification_settings').$type<Record<string, unknown>>().notNull().default({}),
    agreeMarketing: boolean('agree_marketing').notNull().default(false),
    verifiedAt: timestamptz('verified_at'),
    lastActiveAt: timestamptz('last_active_at'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_profiles_phone_idx').on(t.phone)],
);

/** A refresh token belongs to one session token; refreshing revokes both and issues a new pair. Only its SHA-256 is stored. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: ownedBy('user_id', () => users.id),
    accessTokenId: optionalRef('access_token_id', () => authTokens.id),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId)],
);

/** One-time tokens mailed to members: password reset and e-mail verification. Only the SHA-256 is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: ownedBy('user_id', () => users.id),
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId)],
);

/** A member's identity at a social provider (Google `sub`, Kakao id, Apple `sub`). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: ownedBy('user_id', () => users.id),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_identities_user_idx').on(t.userId)],
);

export const follows = pgTable(
  'follows',
  {
    followerId: ownedBy('follower_id', () => users.id),
    followingId: ownedBy('following_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followingId] }), index('follows_following_idx').on(t.followingId)],
);

export type UserProfileRow = typeof userProfiles.$inferSelect;
