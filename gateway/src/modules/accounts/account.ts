import type { LoginResultJson, ResetLinkCheckJson } from '../../../../domain/account.js';
import {
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
} from '../../../../domain/index.js';
import { IMAGE_UPLOAD_LIMIT } from '../../../../domain/uploads.js';
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
import { targetUpstreamIdOf, validateInput, withoutNulls } from '../../graphql/ids.js';
import { targetIdFields, payloadMutation, type PayloadFields } from '../../graphql/mutations.js';
import { User } from '../../graphql/refs.js';
import { Gender } from './user.js';

/** Fields every login answer carries: the session and the member it belongs to. */
const loginPayload = {
  token: { type: 'String', description: '`Authorization: token <token>`로 보냅니다' },
  refreshToken: { type: 'String', description: 'refreshSession으로 새 토큰을 받습니다' },
  expiresAt: 'DateTime',
  viewer: { type: User, resolve: (result) => (result as LoginResultJson).user },
  isNewUser: { type: 'Boolean', resolve: (result) => (result as LoginResultJson).is_new_user },
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
    identifier: f.string({ required: true, description: '이메일 또는 휴대전화 번호' }),
    password: f.string({ required: true }),
    rememberMe: f.boolean({ defaultValue: false }),
  }),
  payload: loginPayload,
  resolve: async (input, context) => {
    const body = validateInput(loginSchema, { email: input.identifier, password: input.password, rememberMe: input.rememberMe ?? false }, ['input']);
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
  ['loginWithGoogle', 'google', 'Google 액세스 토큰으로 로그인'],
  ['loginWithKakao', 'kakao', '카카오 액세스 토큰으로 로그인'],
  ['loginWithApple', 'apple', 'Apple 아이덴티티 토큰(JWT)으로 로그인'],
];
for (const [field, provider, description] of socialLogins) {
  payloadMutation(field, {
    description:
      `${description}. 처음 보는 계정이면 회원이 새로 만들어집니다 (isNewUser). ` +
      '로그인한 채로 부르면 내 계정에 연결합니다. 이메일이 이미 가입된 회원의 것이면 그 회원의 password가 있어야 연결되고, 없으면 ConflictError입니다. ' +
      '이 제공자가 설정되지 않았으면 BadRequestError (준비 중)입니다.',
    guests: true,
    errors: [ValidationError, NotAuthenticatedError, BadRequestError, ConflictError],
    input: (f) => ({
      accessToken: f.string({ required: true }),
      password: f.string({ description: '이메일이 같은 기존 회원의 비밀번호: 이 소셜 계정을 그 회원에 연결합니다' }),
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

const SocialProviderName = builder.enumType('SocialProvider', { values: enumValues(SOCIAL_PROVIDERS) });
const LoginProvider = builder.objectRef<LoginProviderJson>('LoginProvider').implement({
  description: '소셜 로그인 제공자: 서버에 앱이 설정되지 않은 제공자는 꺼져 있습니다 (enabled false)',
  fields: (t) => ({
    provider: t.field({ type: SocialProviderName, resolve: (state) => state.provider }),
    enabled: t.exposeBoolean('enabled'),
    clientId: t.string({
      nullable: true,
      description: '브라우저 SDK를 시작하는 공개 id (Google 클라이언트 id, 카카오 JavaScript 키, Apple 서비스 id); 꺼져 있으면 null',
      resolve: (state) => state.client_id,
    }),
  }),
});

builder.queryField('loginProviders', (t) =>
  t.field({
    type: [LoginProvider],
    nullable: true,
    description: '로그인 화면의 소셜 로그인 버튼: 켜져 있는 제공자와 SDK의 공개 id',
    resolve: (_root, _args, context) => context.accounts.loginProviders(),
  }),
);

const PasswordResetLink = builder.objectRef<ResetLinkCheckJson>('PasswordResetLink').implement({
  description: '메일로 받은 비밀번호 재설정 링크의 상태',
  fields: (t) => ({
    usable: t.exposeBoolean('valid', { description: '아직 쓰지 않았고 만료되지 않았으면 true' }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (link) => link.expires_at }),
  }),
});

builder.queryField('passwordResetLink', (t) =>
  t.field({
    type: PasswordResetLink,
    nullable: true,
    description: '재설정 링크를 쓰기 전에 아직 쓸 수 있는지 확인합니다 (링크를 쓰지는 않습니다).',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      const parsed = tokenSchema.safeParse(args);
      return parsed.success ? context.accounts.checkPasswordResetLink(parsed.data.token) : { valid: false, expires_at: null };
    },
  }),
);

payloadMutation('register', {
  description: 'Register a member account; the new member is logged in at once.',
  guests: true,
  errors: [ValidationError, ConflictError, BadRequestError],
  input: (f) => ({
    email: f.string({ required: true }),
    password: f.string({ required: true }),
    passwordConfirm: f.string({ required: true }),
    nickname: f.string({ required: true }),
    agreeTerms: f.boolean({ required: true }),
    agreePrivacy: f.boolean({ required: true }),
    phone: f.string(),
    birthDate: f.string({ description: 'YYYY-MM-DD' }),
    gender: f.field({ type: Gender }),
    agreeMarketing: f.boolean(),
  }),
  payload: loginPayload,
  resolve: (input, context) => context.accounts.register(validateInput(registerSchema, withoutNulls(input), ['input'])),
});

payloadMutation('logout', {
  description: '현재 토큰을 폐기합니다.',
  errors: [NotAuthenticatedError],
  payload: success,
  resolve: async (_input, context) => succeeded(context.accounts.logout()),
});

payloadMutation('refreshSession', {
  description: 'refreshToken으로 새 토큰을 받습니다 (이전 토큰과 refreshToken은 폐기).',
  guests: true,
  errors: [ValidationError, NotAuthenticatedError],
  input: (f) => ({ refreshToken: f.string({ required: true }) }),
  payload: loginPayload,
  resolve: (input, context) => context.accounts.refresh(validateInput(refreshSchema, input, ['input']).refreshToken),
});

payloadMutation('updateProfile', {
  description: "Edit the caller's profile. Every field is optional; an empty string clears it.",
  errors: memberErrors,
  input: (f) => ({
    nickname: f.string(),
    bio: f.string(),
    birthDate: f.string({ description: 'YYYY-MM-DD, 빈 문자열은 지움' }),
    gender: f.string({ description: 'male, female, other, 빈 문자열은 지움' }),
    location: f.string(),
    website: f.string(),
    notifications: f.boolean(),
    emailAlerts: f.boolean(),
    pushAlerts: f.boolean(),
    privacy: f.string({ description: 'public, friends, private' }),
  }),
  payload: { viewer: User },
  resolve: async (input, context) => {
    const { notifications, emailAlerts, pushAlerts, privacy, ...fields } = withoutNulls(input);
    const preferences = withoutNulls({ notifications, emailAlerts, pushAlerts, privacy });
    const body = validateInput(profileUpdateSchema, { ...fields, ...(Object.keys(preferences).length ? { preferences } : {}) }, ['input']);
    return { viewer: await context.accounts.updateProfile(body) };
  },
});

payloadMutation('uploadProfileImage', {
  description: '프로필 사진 바꾸기: JPEG, PNG, GIF, WebP를 내용으로 확인합니다. 내 글의 작성자 사진도 바뀝니다.',
  errors: memberErrors,
  input: (f) => ({ file: f.field({ type: 'File', required: true }) }),
  payload: { viewer: User },
  upstreamNames: { image: 'file' },
  resolve: async (input, context) => ({
    viewer: await context.accounts.uploadProfileImage(ensureWithin(input.file, IMAGE_UPLOAD_LIMIT, ['input', 'file'])),
  }),
});

payloadMutation('deleteProfileImage', {
  description: '프로필 사진 지우기 (기본 사진으로 돌아갑니다)',
  errors: memberErrors,
  payload: { viewer: User },
  resolve: async (_input, context) => ({ viewer: await context.accounts.deleteProfileImage() }),
});

payloadMutation('changePassword', {
  description: '비밀번호 변경: 다른 기기의 로그인은 끝납니다.',
  errors: passwordCheckErrors,
  input: (f) => ({
    currentPassword: f.string({ required: true }),
    newPassword: f.string({ required: true }),
    newPasswordConfirm: f.string({ required: true }),
  }),
  payload: success,
  resolve: async (input, context) =>
    succeeded(
      context.accounts.changePassword(validateInput(changePasswordSchema, input, ['input'])).catch((error) => Promise.reject(asTooManyAttempts(error))),
    ),
});

payloadMutation('requestPasswordReset', {
  description: '비밀번호 재설정 메일 보내기 (가입 여부와 관계없이 같은 답)',
  guests: true,
  errors: [ValidationError],
  input: (f) => ({ email: f.string({ required: true }) }),
  payload: success,
  resolve: async (input, context) => succeeded(context.accounts.requestPasswordReset(validateInput(passwordResetRequestSchema, input, ['input']).email)),
});

payloadMutation('confirmPasswordReset', {
  description: '메일로 받은 토큰으로 새 비밀번호 정하기 (영문과 숫자를 포함한 8~20자). 다른 기기의 로그인은 끝나고, 이 답이 새 로그인입니다.',
  guests: true,
  errors: [ValidationError, BadRequestError],
  input: (f) => ({ token: f.string({ required: true }), newPassword: f.string({ required: true }), newPasswordConfirm: f.string({ required: true }) }),
  payload: { ...success, ...loginPayload },
  resolve: (input, context) => context.accounts.confirmPasswordReset(validateInput(passwordResetConfirmSchema, input, ['input'])),
});

payloadMutation('requestEmailVerification', {
  description: '내 이메일로 인증 메일 보내기 (가입할 때도 한 번 보냅니다)',
  errors: [NotAuthenticatedError, BadRequestError],
  payload: success,
  resolve: async (_input, context) => succeeded(context.accounts.requestEmailVerification()),
});

payloadMutation('confirmEmailVerification', {
  description: '메일로 받은 토큰으로 이메일 인증하기: 로그인하지 않아도 됩니다. 토큰은 한 번만, 한 시간 안에 쓸 수 있습니다.',
  guests: true,
  errors: [ValidationError, BadRequestError],
  input: (f) => ({ token: f.string({ required: true }) }),
  payload: {
    ...success,
    verifiedAt: 'DateTime',
    viewer: {
      type: User,
      nullable: true,
      description: '로그인한 회원이면 그 회원 (인증 상태가 바뀐 채로)',
      resolve: (_result, context) => context.accounts.me(),
    },
  },
  resolve: (input, context) => context.accounts.confirmEmailVerification(validateInput(tokenSchema, input, ['input']).token),
});

payloadMutation('deleteAccount', {
  description: '회원 탈퇴: 비밀번호를 확인한 뒤 계정과 글, 댓글을 지웁니다.',
  errors: passwordCheckErrors,
  input: (f) => ({ password: f.string({ required: true }) }),
  payload: success,
  resolve: async (input, context) =>
    succeeded(
      context.accounts.deleteAccount(validateInput(deleteAccountSchema, input, ['input']).password).catch((error) => Promise.reject(asTooManyAttempts(error))),
    ),
});

const relationMutations: [string, string, (context: GatewayContext, id: number) => Promise<unknown>][] = [
  [
    'followUser',
    '회원 팔로우: 그 회원의 isFollowing과 팔로워 수가 바뀝니다.',
    async (context, id) => {
      await context.accounts.follow(id);
      context.notificationBridge.hint({ userIds: [id] });
    },
  ],
  ['unfollowUser', '팔로우 취소', (context, id) => context.accounts.unfollow(id)],
  ['unblockUser', '차단 해제: 그 회원의 글과 댓글이 다시 보입니다.', (context, id) => context.accounts.unblock(id)],
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
