import type { LoginResultJson, ResetLinkCheckJson } from '../../../../domain/account.js';
import {
  ACCOUNT_TOKEN_TTL_MS,
  BIO_MAX,
  GENDERS,
  IMAGE_MIME_TYPES,
  LOCATION_TEXT_MAX,
  LOGIN_SHEET_PASSWORD_MAX,
  LOGIN_SHEET_PASSWORD_MIN,
  NICKNAME_MAX,
  NICKNAME_MIN,
  PRIVACY_LEVELS,
  REMEMBERED_SESSION_TTL_MS,
  SESSION_TTL_MS,
  WEBSITE_MAX,
  changePasswordSchema,
  deleteAccountSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileUpdateSchema,
  refreshSchema,
  registerSchema,
  tokenSchema,
  socialLoginSchema,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  SESSION_REFRESH_REUSE_SECONDS,
} from '../../../../domain/index.js';
import { IMAGE_UPLOAD_LIMIT, megabytes } from '../../../../domain/uploads.js';
import type { GatewayContext } from '../../graphql/context.js';
import { builder } from '../../graphql/builder.js';
import { enumValues } from '../../graphql/enums.js';
import { ensureWithin } from '../../graphql/uploads.js';
import {
  BadRequestError,
  ConflictError,
  GatewayError,
  ForbiddenError,
  NotAuthenticatedError,
  NotFoundError,
  TooManyAttemptsError,
  ValidationError,
} from '../../graphql/errors.js';
import { issuesAt, targetUpstreamIdOf, validateInput, withoutNulls } from '../../graphql/ids.js';
import { targetIdFields, payloadMutation, type PayloadFields } from '../../graphql/mutations.js';
import { User } from '../../graphql/refs.js';
import { Gender } from './user.js';

const hours = (ms: number) => ms / 3_600_000;
/** The rule every password a member sets follows (register, change, reset). */
const NEW_PASSWORD_RULE = `${LOGIN_SHEET_PASSWORD_MIN}-${LOGIN_SHEET_PASSWORD_MAX} characters with at least one letter and one digit`;

/** Fields every login answer carries: the session and the member it belongs to. */
const loginPayload = {
  token: { type: 'String', description: 'The session token: send it as `Authorization: token <token>` (or `Bearer <token>`).' },
  refreshToken: { type: 'String', description: 'Trade it for a new session with `refreshSession` before or after `expiresAt`.' },
  expiresAt: {
    type: 'DateTime',
    description: `When the session token stops working: ${hours(SESSION_TTL_MS)} hours after login, ${hours(REMEMBERED_SESSION_TTL_MS) / 24} days with \`rememberMe\`.`,
  },
  viewer: { type: User, description: 'The member now signed in.', resolve: (result) => (result as LoginResultJson).user },
  isNewUser: {
    type: 'Boolean',
    description: 'Whether this call created the account (a first social login, or registering).',
    resolve: (result) => (result as LoginResultJson).is_new_user,
  },
} as const satisfies PayloadFields;

const success = { success: 'Boolean' } as const;
/** The `success` answer of a call that answers nothing else. */
const succeeded = async (call: Promise<unknown>) => {
  await call;
  return { success: true };
};

const loginErrors = [ValidationError, BadRequestError, TooManyAttemptsError] as const;
/** A member's account writes: ForbiddenError for what a block refuses (following), ConflictError for a taken nickname. */
const memberErrors = [ValidationError, NotAuthenticatedError, NotFoundError, BadRequestError, ForbiddenError, ConflictError] as const;
/** A member's password re-check is throttled upstream like a login (domain/loginThrottle.ts). */
const passwordCheckErrors = [...memberErrors, TooManyAttemptsError] as const;

/** The upstream's refusal of too many password checks (429, Retry-After) as the field's typed error. */
function asTooManyAttempts(error: unknown): unknown {
  return error instanceof GatewayError && error.status === 429 ? new TooManyAttemptsError(error.message, retryAfterOf(error)) : error;
}

/** The wait an upstream 429 names (its Retry-After), at least a second. */
const retryAfterOf = (error: GatewayError) => Math.max(1, Number((error.extensions as { retryAfterSeconds?: number }).retryAfterSeconds) || 1);

/** The caller's address as the listener saw it (absent when the gateway is used without its listener). */
const clientIpOf = (context: GatewayContext) => (context as GatewayContext & { clientIp?: string }).clientIp;

payloadMutation('loginWithPassword', {
  description: 'Log in with an email address or phone number and a password. Too many failures block further attempts for a while.',
  guests: true,
  errors: loginErrors,
  input: (f) => ({
    identifier: f.string({ required: true, description: "The member's e-mail address or mobile phone number." }),
    password: f.string({ required: true, description: 'The password.' }),
    rememberMe: f.boolean({ defaultValue: false, description: 'Keep the session for longer (see `expiresAt`).' }),
  }),
  payload: loginPayload,
  resolve: async (input, context) => {
    const parsed = loginSchema.safeParse({ email: input.identifier, password: input.password, rememberMe: input.rememberMe ?? false });
    // The REST body's `email` is the input's `identifier`.
    if (!parsed.success) throw new ValidationError(issuesAt(parsed.error, [])).under(['input'], { email: 'identifier' });
    const body = parsed.data;
    const attempts = context.loginAttempts();
    const ip = clientIpOf(context);
    await attempts.assertAllowed(body.email, ip);
    try {
      const result = await context.accounts.loginWithPassword(body);
      await attempts.recordSuccess(body.email, ip);
      return result;
    } catch (error) {
      if (error instanceof BadRequestError) await attempts.recordFailure(body.email, ip);
      // The upstream applies the same policy; its refusal reads as this field's typed error.
      throw asTooManyAttempts(error);
    }
  },
});

const socialLogins: [string, SocialProvider, string][] = [
  ['loginWithGoogle', 'google', 'Log in with a Google access token'],
  ['loginWithKakao', 'kakao', 'Log in with a Kakao access token'],
  ['loginWithApple', 'apple', 'Log in with an Apple identity token (a JWT)'],
];
for (const [field, provider, description] of socialLogins) {
  payloadMutation(field, {
    description:
      `${description}. An account seen for the first time becomes a new member (\`isNewUser\`). ` +
      "Called while signed in, it links the provider account to the caller's account. When its e-mail address belongs to an existing member, linking needs that member's `password`; without it the answer is ConflictError. " +
      'When this provider is not set up on the server, the answer is BadRequestError.',
    guests: true,
    errors: [ValidationError, NotAuthenticatedError, BadRequestError, ConflictError],
    input: (f) => ({
      accessToken: f.string({ required: true, description: "The token the provider's sign-in gave the client." }),
      password: f.string({
        description: 'The password of the existing member with the same e-mail address: links this provider account to that member.',
      }),
    }),
    payload: loginPayload,
    resolve: (input, context) => {
      const body = validateInput(socialLoginSchema, withoutNulls({ access_token: input.accessToken, password: input.password }), ['input']);
      return context.accounts.loginWithProvider(provider, body.access_token, body.password);
    },
  });
}

interface LoginProviderJson {
  provider: SocialProvider;
  enabled: boolean;
  client_id: string | null;
}

const SocialProviderName = builder.enumType('SocialProvider', {
  description: 'A sign-in provider other than e-mail and password.',
  values: enumValues(SOCIAL_PROVIDERS, { google: 'Google.', kakao: 'Kakao.', apple: 'Apple.' }),
});
const LoginProvider = builder.objectRef<LoginProviderJson>('LoginProvider').implement({
  description: 'A social sign-in provider and whether it can be used here.',
  fields: (t) => ({
    provider: t.field({ type: SocialProviderName, description: 'Which provider.', resolve: (state) => state.provider }),
    enabled: t.exposeBoolean('enabled', { description: 'Whether the server is set up for it; a disabled provider answers BadRequestError.' }),
    clientId: t.string({
      nullable: true,
      description:
        "The public id that starts the provider's browser SDK (a Google client id, a Kakao JavaScript key, an Apple services id); null when disabled.",
      resolve: (state) => state.client_id,
    }),
  }),
});

builder.queryField('loginProviders', (t) =>
  t.field({
    type: [LoginProvider],
    nullable: true,
    description: 'The social sign-in providers, each with whether it is enabled and the public id its SDK needs.',
    resolve: (_root, _args, context) => context.accounts.loginProviders(),
  }),
);

const PasswordResetLink = builder.objectRef<ResetLinkCheckJson>('PasswordResetLink').implement({
  description: 'Whether a mailed password reset link can still be used.',
  fields: (t) => ({
    usable: t.exposeBoolean('valid', { description: 'True when the link was not used yet and has not expired.' }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the link expires; null when it is not usable.',
      resolve: (link) => link.expires_at,
    }),
  }),
});

builder.queryField('passwordResetLink', (t) =>
  t.field({
    type: PasswordResetLink,
    nullable: true,
    description: 'Check whether a mailed password reset link can still be used, without using it. Anyone may call it.',
    args: { token: t.arg.string({ required: true, description: 'The token from the mailed link.' }) },
    resolve: (_root, args, context) => {
      const parsed = tokenSchema.safeParse(args);
      return parsed.success ? context.accounts.checkPasswordResetLink(parsed.data.token) : { valid: false, expires_at: null };
    },
  }),
);

payloadMutation('register', {
  description:
    'Register a member account; the new member is logged in at once and sent a verification e-mail. A taken e-mail address, phone number or nickname answers ConflictError.',
  guests: true,
  errors: [ValidationError, ConflictError, BadRequestError],
  input: (f) => ({
    email: f.string({ required: true, description: 'The e-mail address to log in with.' }),
    password: f.string({ required: true, description: `The password: ${NEW_PASSWORD_RULE}.` }),
    passwordConfirm: f.string({ required: true, description: 'The password again; it must match.' }),
    nickname: f.string({ required: true, description: `The name to show: ${NICKNAME_MIN}-${NICKNAME_MAX} characters, no leading or trailing spaces.` }),
    agreeTerms: f.boolean({ required: true, description: 'Agreement to the terms of service; must be true.' }),
    agreePrivacy: f.boolean({ required: true, description: 'Agreement to the privacy policy; must be true.' }),
    phone: f.string({ description: 'A Korean mobile phone number (e.g. `010-1234-5678`), which can also be used to log in.' }),
    birthDate: f.string({ description: 'The birth date as `YYYY-MM-DD`, not in the future.' }),
    gender: f.field({ type: Gender, description: 'The gender.' }),
    agreeMarketing: f.boolean({ description: 'Agreement to receive marketing messages; false when omitted.' }),
  }),
  payload: loginPayload,
  resolve: (input, context) => context.accounts.register(validateInput(registerSchema, withoutNulls(input), ['input'])),
});

payloadMutation('logout', {
  description: 'Log out: the session token sent with this request stops working.',
  errors: [NotAuthenticatedError],
  payload: success,
  resolve: async (_input, context) => {
    const answer = await succeeded(context.accounts.logout());
    if (context.caller.token) context.notificationBridge.sessionEnded(context.caller.token);
    return answer;
  },
});

payloadMutation('refreshSession', {
  description:
    'Trade a refresh token for a new session. The old session token and this refresh token stop working; an unknown, used or expired refresh token answers NotAuthenticatedError. ' +
    `Refreshes of one refresh token at once, or within ${SESSION_REFRESH_REUSE_SECONDS} seconds of the first, all get the same new session.`,
  guests: true,
  errors: [ValidationError, NotAuthenticatedError],
  input: (f) => ({ refreshToken: f.string({ required: true, description: 'The `refreshToken` of the last login or refresh.' }) }),
  payload: loginPayload,
  resolve: (input, context) => context.accounts.refresh(validateInput(refreshSchema, input, ['input']).refreshToken),
});

payloadMutation('updateProfile', {
  description: "Edit the caller's profile. Every field is optional; an empty string clears it.",
  errors: memberErrors,
  input: (f) => ({
    nickname: f.string({
      description: `A new nickname: ${NICKNAME_MIN}-${NICKNAME_MAX} characters, no leading or trailing spaces; a taken one answers ConflictError.`,
    }),
    bio: f.string({ description: `A self-introduction: at most ${BIO_MAX} characters.` }),
    birthDate: f.string({ description: 'The birth date as `YYYY-MM-DD`, not in the future; an empty string clears it.' }),
    gender: f.string({ description: `One of ${GENDERS.join(', ')}; an empty string clears it.` }),
    location: f.string({ description: `Where the member is: at most ${LOCATION_TEXT_MAX} characters.` }),
    website: f.string({ description: `An http(s) address: at most ${WEBSITE_MAX} characters; an empty string clears it.` }),
    notifications: f.boolean({ description: 'Whether to get notifications at all.' }),
    emailAlerts: f.boolean({ description: 'Whether to get notifications by e-mail.' }),
    pushAlerts: f.boolean({ description: 'Whether to get push notifications.' }),
    privacy: f.string({ description: `Who may see the whole profile: one of ${PRIVACY_LEVELS.join(', ')}.` }),
  }),
  payload: { viewer: User },
  resolve: async (input, context) => {
    const { notifications, emailAlerts, pushAlerts, privacy, ...fields } = withoutNulls(input);
    const preferences = withoutNulls({ notifications, emailAlerts, pushAlerts, privacy });
    const parsed = profileUpdateSchema.safeParse({ ...fields, ...(Object.keys(preferences).length ? { preferences } : {}) });
    // The input is flat where the REST body nests the preferences: issues name the input's own fields.
    if (!parsed.success) {
      const issues = issuesAt(parsed.error, []).map(({ path, ...issue }) => ({
        ...issue,
        path: ['input', ...(path[0] === 'preferences' ? path.slice(1) : path)],
      }));
      throw new ValidationError(issues);
    }
    const body = parsed.data;
    return { viewer: await context.accounts.updateProfile(body) };
  },
});

payloadMutation('uploadProfileImage', {
  description: `Replace the caller's profile picture; it shows on their posts too. The file must be one of ${IMAGE_MIME_TYPES.join(', ')} (checked by its content) and at most ${megabytes(IMAGE_UPLOAD_LIMIT.maxBytes)} MB.`,
  errors: memberErrors,
  input: (f) => ({ file: f.field({ type: 'File', required: true, description: 'The picture.' }) }),
  payload: { viewer: User },
  upstreamNames: { image: 'file' },
  resolve: async (input, context) => ({
    viewer: await context.accounts.uploadProfileImage(ensureWithin(input.file, IMAGE_UPLOAD_LIMIT, ['input', 'file'])),
  }),
});

payloadMutation('deleteProfileImage', {
  description: "Remove the caller's profile picture; the default picture shows instead.",
  errors: memberErrors,
  payload: { viewer: User },
  resolve: async (_input, context) => ({ viewer: await context.accounts.deleteProfileImage() }),
});

payloadMutation('changePassword', {
  description:
    "Change the caller's password; sessions on other devices end. A wrong current password answers BadRequestError, and too many wrong ones TooManyAttemptsError.",
  errors: passwordCheckErrors,
  input: (f) => ({
    currentPassword: f.string({ required: true, description: 'The password now.' }),
    newPassword: f.string({ required: true, description: `The new password: ${NEW_PASSWORD_RULE}.` }),
    newPasswordConfirm: f.string({ required: true, description: 'The new password again; it must match.' }),
  }),
  payload: success,
  resolve: async (input, context) =>
    succeeded(
      context.accounts.changePassword(validateInput(changePasswordSchema, input, ['input'])).catch((error) => Promise.reject(asTooManyAttempts(error))),
    ),
});

payloadMutation('requestPasswordReset', {
  description:
    'Mail a password reset link to this address. The answer is the same whether or not a member has the address, so it tells nobody who is registered.',
  guests: true,
  errors: [ValidationError],
  input: (f) => ({ email: f.string({ required: true, description: 'The e-mail address of the account.' }) }),
  payload: success,
  resolve: async (input, context) => succeeded(context.accounts.requestPasswordReset(validateInput(passwordResetRequestSchema, input, ['input']).email)),
});

payloadMutation('confirmPasswordReset', {
  description:
    'Set a new password with the token of a mailed reset link. Sessions on other devices end and the answer is a new login. A used or expired token answers BadRequestError.',
  guests: true,
  errors: [ValidationError, BadRequestError],
  input: (f) => ({
    token: f.string({ required: true, description: 'The token from the mailed link.' }),
    newPassword: f.string({ required: true, description: `The new password: ${NEW_PASSWORD_RULE}.` }),
    newPasswordConfirm: f.string({ required: true, description: 'The new password again; it must match.' }),
  }),
  payload: { ...success, ...loginPayload },
  resolve: (input, context) => context.accounts.confirmPasswordReset(validateInput(passwordResetConfirmSchema, input, ['input'])),
});

payloadMutation('requestEmailVerification', {
  description: "Mail a verification link to the caller's e-mail address (registering sends one too).",
  errors: [NotAuthenticatedError, BadRequestError],
  payload: success,
  resolve: async (_input, context) => succeeded(context.accounts.requestEmailVerification()),
});

payloadMutation('confirmEmailVerification', {
  description: `Confirm an e-mail address with the token of a mailed verification link; no session is needed. A token works once, within ${ACCOUNT_TOKEN_TTL_MS / 60_000} minutes of mailing; otherwise the answer is BadRequestError.`,
  guests: true,
  errors: [ValidationError, BadRequestError],
  input: (f) => ({ token: f.string({ required: true, description: 'The token from the mailed link.' }) }),
  payload: {
    ...success,
    verifiedAt: { type: 'DateTime', description: 'When the address was confirmed.' },
    viewer: {
      type: User,
      nullable: true,
      description: 'The signed-in member, now verified; null for guests.',
      resolve: (_result, context) => context.accounts.me(),
    },
  },
  resolve: (input, context) => context.accounts.confirmEmailVerification(validateInput(tokenSchema, input, ['input']).token),
});

payloadMutation('deleteAccount', {
  description:
    "Delete the caller's account with their posts and replies, after checking their password. A wrong password answers BadRequestError, and too many wrong ones TooManyAttemptsError.",
  errors: passwordCheckErrors,
  input: (f) => ({ password: f.string({ required: true, description: "The caller's password." }) }),
  payload: success,
  resolve: async (input, context) =>
    succeeded(
      context.accounts.deleteAccount(validateInput(deleteAccountSchema, input, ['input']).password).catch((error) => Promise.reject(asTooManyAttempts(error))),
    ),
});

const relationMutations: [string, string, (context: GatewayContext, id: number) => Promise<unknown>][] = [
  [
    'followUser',
    'Follow a member. Answers the member with `isFollowing` and their follower count updated; a block between the two answers ForbiddenError.',
    async (context, id) => {
      await context.accounts.follow(id);
      context.notificationBridge.hint({ userIds: [id] });
    },
  ],
  [
    'unfollowUser',
    'Stop following a member. Answers the member with `isFollowing` and their follower count updated.',
    (context, id) => context.accounts.unfollow(id),
  ],
  [
    'unblockUser',
    'Unblock a member: their posts and replies show to the caller again. Idempotent: a member not blocked is answered as they are.',
    (context, id) => context.accounts.unblock(id),
  ],
];
for (const [field, description, act] of relationMutations) {
  payloadMutation(field, {
    description,
    errors: memberErrors,
    input: (f) => targetIdFields(f, 'userId', 'member'),
    payload: { user: User },
    resolve: async (input, context) => {
      const id = targetUpstreamIdOf(input, 'userId', 'User');
      await act(context, id);
      // The member as the caller now sees them: isFollowing, isBlocked and counts after the change.
      return { user: await context.accounts.profile(id) };
    },
  });
}
