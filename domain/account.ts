import { z } from './zod.js';
import { EMAIL_PATTERN, KOREAN_MOBILE_PATTERN, isSheetPassword } from './accountRules.js';
import {
  BIO_MAX,
  BLOCK_REASON_MAX,
  DEVICE_ID_WEB,
  GENDERS,
  LOCATION_TEXT_MAX,
  LOGIN_SHEET_PASSWORD_MAX,
  LOGIN_SHEET_PASSWORD_MIN,
  NICKNAME_MAX,
  NICKNAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PRIVACY_LEVELS,
  SEARCH_MAX_LENGTH,
  WEBSITE_MAX,
} from './limits.js';
import { accountTexts, validationTexts } from './messages.js';
import { nicknameProblem, normalizeNickname } from './nickname.js';

export * from './accountRules.js';
export * from './nickname.js';

const v = accountTexts.validation;

const password = z
  .string({ error: v.passwordMin(PASSWORD_MIN) })
  .min(PASSWORD_MIN, { error: v.passwordMin(PASSWORD_MIN) })
  .max(PASSWORD_MAX, { error: v.passwordMax(PASSWORD_MAX) });
/**
 * A password a member sets (register, change, reset): the one rule of DESIGN §5, 8-20 with a letter and a digit.
 * Logging in still takes any stored password of 6-100 (`password` above), so older accounts keep working.
 */
export const newPasswordSchema = z
  .string({ error: v.passwordRule(LOGIN_SHEET_PASSWORD_MIN, LOGIN_SHEET_PASSWORD_MAX) })
  .refine(isSheetPassword, { error: v.passwordRule(LOGIN_SHEET_PASSWORD_MIN, LOGIN_SHEET_PASSWORD_MAX) });
const email = z.string({ error: v.email }).trim().regex(EMAIL_PATTERN, { error: v.email });
/** NFKC-normalised; zero-width, format and control characters and leading or trailing spaces refused (domain/nickname.ts). */
const nicknameMessages = { invisible: v.nicknameInvisible, spaces: v.nicknameSpaces, length: v.nickname(NICKNAME_MIN, NICKNAME_MAX) } as const;
/** The nickname rule's words for `value`, or null: what a form shows under the field while the member types. */
export function nicknameMessage(value: string): string | null {
  const problem = nicknameProblem(value);
  return problem ? nicknameMessages[problem] : null;
}
const nickname = z
  .string({ error: v.nickname(NICKNAME_MIN, NICKNAME_MAX) })
  .overwrite(normalizeNickname)
  .check((ctx) => {
    const problem = nicknameProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: nicknameMessages[problem], input: ctx.value });
  });
const phone = z.string({ error: v.phone }).trim().regex(KOREAN_MOBILE_PATTERN, { error: v.phone });
const birthDate = z
  .string({ error: v.birthDate })
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: v.birthDate })
  // A malformed date is told by the rule above alone (NaN compares false).
  .refine((value) => !(Date.parse(`${value}T00:00:00Z`) > Date.now()), { error: v.birthDateFuture });
const gender = z.enum(GENDERS, { error: v.gender });
const deviceId = z.string().trim().min(1).max(100).default(DEVICE_ID_WEB);

/** The login identifier: blank and malformed are told apart (001 §5). */
const identifier = z
  .string({ error: v.identifierRequired })
  .trim()
  .min(1, { error: v.identifierRequired, abort: true })
  .refine((value) => EMAIL_PATTERN.test(value) || KOREAN_MOBILE_PATTERN.test(value), { error: v.identifierInvalid });

/** `POST /v1/user/login/`: email (an e-mail or mobile number), password, rememberMe, device_id. */
export const loginSchema = z.object({
  email: identifier,
  password,
  rememberMe: z.boolean().default(false),
  device_id: deviceId,
});

export const registerSchema = z
  .object({
    email,
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: v.passwordMismatch }),
    nickname,
    agreeTerms: z.literal(true, { error: v.agreeTerms }),
    agreePrivacy: z.literal(true, { error: v.agreePrivacy }),
    phone: phone.optional(),
    birthDate: birthDate.optional(),
    gender: gender.optional(),
    agreeMarketing: z.boolean().default(false),
  })
  .refine((input) => input.password === input.passwordConfirm, { error: v.passwordMismatch, path: ['passwordConfirm'] });

/** `PUT /users/me`: every field optional; an empty string clears an optional text field. */
export const profileUpdateSchema = z.object({
  nickname: nickname.optional(),
  bio: z
    .string()
    .max(BIO_MAX, { error: v.bioMax(BIO_MAX) })
    .optional(),
  birthDate: z.union([z.literal(''), birthDate]).optional(),
  gender: z.enum(['', ...GENDERS], { error: v.gender }).optional(),
  location: z
    .string()
    .trim()
    .max(LOCATION_TEXT_MAX, { error: v.locationMax(LOCATION_TEXT_MAX) })
    .optional(),
  website: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(WEBSITE_MAX, { error: v.website })
        .refine((value) => /^https?:\/\/[^\s]+\.[^\s]+/.test(value) && URL.canParse(value), { error: v.website }),
    ])
    .optional(),
  preferences: z
    .object({
      notifications: z.boolean().optional(),
      emailAlerts: z.boolean().optional(),
      pushAlerts: z.boolean().optional(),
      privacy: z.enum(PRIVACY_LEVELS, { error: v.privacy(PRIVACY_LEVELS) }).optional(),
    })
    .optional(),
});

export const changePasswordSchema = z
  .object({
    currentPassword: password,
    newPassword: newPasswordSchema,
    newPasswordConfirm: z.string({ error: v.newPasswordMismatch }),
  })
  .refine((input) => input.newPassword !== input.currentPassword, { error: v.newPasswordUnchanged, path: ['newPassword'] })
  .refine((input) => input.newPassword === input.newPasswordConfirm, { error: v.newPasswordMismatch, path: ['newPasswordConfirm'] });

export const passwordResetRequestSchema = z.object({ email });

export const passwordResetConfirmSchema = z
  .object({
    token: z.string({ error: v.tokenRequired }).trim().min(1, { error: v.tokenRequired }),
    newPassword: newPasswordSchema,
    newPasswordConfirm: z.string({ error: v.passwordMismatch }),
  })
  .refine((input) => input.newPassword === input.newPasswordConfirm, { error: v.passwordMismatch, path: ['newPasswordConfirm'] });

export const tokenSchema = z.object({ token: z.string({ error: v.tokenRequired }).trim().min(1, { error: v.tokenRequired }) });
export const refreshSchema = z.object({ refreshToken: z.string({ error: v.tokenRequired }).trim().min(1, { error: v.tokenRequired }) });

/** `POST /v1/user/{google,kakao,apple}/login/`. */
export const socialLoginSchema = z.object({
  access_token: z.string({ error: v.accessTokenRequired }).trim().min(1, { error: v.accessTokenRequired }),
  device_id: deviceId,
  /** The password of the member whose e-mail the provider account has: proves the link is theirs (optional). */
  password: z
    .string({ error: v.passwordRequired })
    .min(1, { error: v.passwordRequired })
    .max(PASSWORD_MAX, { error: v.passwordMax(PASSWORD_MAX) })
    .optional(),
});

export const blockSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(BLOCK_REASON_MAX, { error: v.blockReasonMax(BLOCK_REASON_MAX) })
    .optional(),
});

export const deleteAccountSchema = z.object({ password: z.string({ error: v.passwordRequired }).min(1, { error: v.passwordRequired }) });

export const userSearchSchema = z.object({
  q: z
    .string({ error: v.searchRequired })
    .trim()
    .min(1, { error: v.searchRequired })
    .max(SEARCH_MAX_LENGTH, { error: validationTexts.searchMax(SEARCH_MAX_LENGTH) }),
});

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

/** Wire shapes of the account calls (001 §3, §7): zod schemas in ./api/accounts.ts. */
export type {
  ActivityJson,
  BlockedUserJson,
  FollowResultJson,
  LoginResultJson,
  PreferencesJson,
  ResetLinkCheckJson,
  UserBadgeJson,
  UserProfileJson,
  UserStatsJson,
} from './api/accounts.js';

/** `page`/`page_size` of the account lists (followers, following, search, blocked, activities). */
export const accountPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
