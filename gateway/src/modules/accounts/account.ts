import type { LoginResultJson, UserProfileJson } from '../../../../domain/account.js';
import {
  changePasswordSchema,
  deleteAccountSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileUpdateSchema,
  refreshSchema,
  registerSchema,
  socialLoginSchema,
  type SocialProvider,
} from '../../../../domain/index.js';
import { IMAGE_UPLOAD_LIMIT } from '../../../../domain/uploads.js';
import { builder } from '../../graphql/builder.js';
import type { GatewayContext } from '../../server/context.js';
import { ensureWithin } from '../../server/limits/uploads.js';
import { BadRequestError, ConflictError, NotAuthenticatedError, NotFoundError, TooManyAttemptsError, ValidationError } from '../../graphql/errors.js';
import { upstreamIdOf, validateInput } from '../../graphql/ids.js';
import { loginAttempts } from '../../server/limits/loginAttempts.js';
import { User } from '../../graphql/refs.js';
import { Gender } from './user.js';

/** Fields every login answer carries: the session and the member it belongs to. */
function loginPayload(name: string) {
  return builder.objectRef<LoginResultJson>(name).implement({
    fields: (t) => ({
      token: t.exposeString('token', { description: '`Authorization: token <token>`로 보냅니다' }),
      refreshToken: t.exposeString('refreshToken', { description: 'refreshSession으로 새 토큰을 받습니다' }),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
      viewer: t.field({ type: User, resolve: (result) => result.user }),
      isNewUser: t.exposeBoolean('is_new_user'),
    }),
  });
}

const SuccessPayload = (name: string) => builder.objectRef<{ success: boolean }>(name).implement({ fields: (t) => ({ success: t.exposeBoolean('success') }) });

const loginErrors = [ValidationError, BadRequestError, TooManyAttemptsError] as const;
const memberErrors = [ValidationError, NotAuthenticatedError, NotFoundError, BadRequestError] as const;

/** The caller's address as the listener saw it (absent when the gateway is used without its listener). */
const clientIpOf = (context: GatewayContext) => (context as GatewayContext & { clientIp?: string }).clientIp;

builder.mutationField('loginWithPassword', (t) =>
  t.field({
    type: loginPayload('LoginWithPasswordPayload'),
    description: '이메일 또는 휴대전화 번호와 비밀번호로 로그인 (001 §5). 실패가 잦으면 잠시 막힙니다.',
    errors: { types: [...loginErrors], directResult: true },
    args: {
      input: t.arg({
        type: builder.inputType('LoginWithPasswordInput', {
          fields: (f) => ({
            identifier: f.string({ required: true, description: '이메일 또는 휴대전화 번호' }),
            password: f.string({ required: true }),
            rememberMe: f.boolean({ defaultValue: false }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_root, { input }, context) => {
      const body = validateInput(loginSchema, { email: input.identifier, password: input.password, rememberMe: input.rememberMe ?? false }, 'input');
      const attempts = loginAttempts();
      const ip = clientIpOf(context);
      await attempts.assertAllowed(body.email, ip);
      try {
        const result = await context.accounts.loginWithPassword(body);
        await attempts.recordSuccess(body.email);
        return result;
      } catch (error) {
        if (error instanceof BadRequestError) await attempts.recordFailure(body.email, ip);
        throw error;
      }
    },
  }),
);

const socialLogins: [string, SocialProvider, string][] = [
  ['loginWithGoogle', 'google', 'Google 액세스 토큰으로 로그인'],
  ['loginWithKakao', 'kakao', '카카오 액세스 토큰으로 로그인'],
  ['loginWithApple', 'apple', 'Apple 아이덴티티 토큰(JWT)으로 로그인'],
];
for (const [field, provider, description] of socialLogins) {
  const typeName = field[0].toUpperCase() + field.slice(1);
  builder.mutationField(field, (t) =>
    t.field({
      type: loginPayload(`${typeName}Payload`),
      description: `${description}. 처음 보는 계정이면 회원이 새로 만들어집니다 (isNewUser).`,
      errors: { types: [ValidationError, NotAuthenticatedError, BadRequestError], directResult: true },
      args: {
        input: t.arg({
          type: builder.inputType(`${typeName}Input`, { fields: (f) => ({ accessToken: f.string({ required: true }) }) }),
          required: true,
        }),
      },
      resolve: (_root, { input }, context) => {
        const body = validateInput(socialLoginSchema, { access_token: input.accessToken }, 'input');
        return context.accounts.loginWithProvider(provider, body.access_token);
      },
    }),
  );
}

builder.mutationField('register', (t) =>
  t.field({
    type: loginPayload('RegisterPayload'),
    description: '회원 가입 (001 §5). 가입하면 바로 로그인됩니다.',
    errors: { types: [ValidationError, ConflictError, BadRequestError], directResult: true },
    args: {
      input: t.arg({
        type: builder.inputType('RegisterInput', {
          fields: (f) => ({
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
        }),
        required: true,
      }),
    },
    resolve: (_root, { input }, context) => {
      const body = validateInput(registerSchema, withoutNulls(input), 'input');
      return context.accounts.register(body);
    },
  }),
);

builder.mutationField('logout', (t) =>
  t.field({
    type: SuccessPayload('LogoutPayload'),
    description: '현재 토큰을 폐기합니다.',
    authScopes: { member: true },
    errors: { types: [NotAuthenticatedError], directResult: true },
    resolve: async (_root, _args, context) => {
      await context.accounts.logout();
      return { success: true };
    },
  }),
);

builder.mutationField('refreshSession', (t) =>
  t.field({
    type: loginPayload('RefreshSessionPayload'),
    description: 'refreshToken으로 새 토큰을 받습니다 (이전 토큰과 refreshToken은 폐기).',
    errors: { types: [ValidationError, NotAuthenticatedError], directResult: true },
    args: {
      input: t.arg({ type: builder.inputType('RefreshSessionInput', { fields: (f) => ({ refreshToken: f.string({ required: true }) }) }), required: true }),
    },
    resolve: (_root, { input }, context) => context.accounts.refresh(validateInput(refreshSchema, input, 'input').refreshToken),
  }),
);

builder.mutationField('updateProfile', (t) =>
  t.field({
    type: builder.objectRef<{ viewer: UserProfileJson }>('UpdateProfilePayload').implement({
      fields: (p) => ({ viewer: p.field({ type: User, resolve: (payload) => payload.viewer }) }),
    }),
    description: '내 프로필 수정 (001 §5): 모두 선택 항목이며 빈 문자열은 지웁니다.',
    authScopes: { member: true },
    errors: { types: [...memberErrors], directResult: true },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateProfileInput', {
          fields: (f) => ({
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
        }),
        required: true,
      }),
    },
    resolve: async (_root, { input }, context) => {
      const { notifications, emailAlerts, pushAlerts, privacy, ...fields } = withoutNulls(input);
      const preferences = withoutNulls({ notifications, emailAlerts, pushAlerts, privacy });
      const body = validateInput(profileUpdateSchema, { ...fields, ...(Object.keys(preferences).length ? { preferences } : {}) }, 'input');
      return { viewer: await context.accounts.updateProfile(body) };
    },
  }),
);

const ViewerPayload = (name: string) =>
  builder
    .objectRef<{ viewer: UserProfileJson }>(name)
    .implement({ fields: (p) => ({ viewer: p.field({ type: User, resolve: (payload) => payload.viewer }) }) });

builder.mutationField('uploadProfileImage', (t) =>
  t.field({
    type: ViewerPayload('UploadProfileImagePayload'),
    description: '프로필 사진 바꾸기: JPEG, PNG, GIF, WebP를 내용으로 확인합니다. 내 글의 작성자 사진도 바뀝니다.',
    authScopes: { member: true },
    errors: { types: [...memberErrors], directResult: true },
    args: {
      input: t.arg({
        type: builder.inputType('UploadProfileImageInput', { fields: (f) => ({ file: f.field({ type: 'File', required: true }) }) }),
        required: true,
      }),
    },
    resolve: async (_root, { input }, context) => ({
      viewer: await context.accounts.uploadProfileImage(ensureWithin(input.file, IMAGE_UPLOAD_LIMIT, 'input.file')),
    }),
  }),
);

builder.mutationField('deleteProfileImage', (t) =>
  t.field({
    type: ViewerPayload('DeleteProfileImagePayload'),
    description: '프로필 사진 지우기 (기본 사진으로 돌아갑니다)',
    authScopes: { member: true },
    errors: { types: [...memberErrors], directResult: true },
    resolve: async (_root, _args, context) => ({ viewer: await context.accounts.deleteProfileImage() }),
  }),
);

builder.mutationField('changePassword', (t) =>
  t.field({
    type: SuccessPayload('ChangePasswordPayload'),
    description: '비밀번호 변경: 다른 기기의 로그인은 끝납니다.',
    authScopes: { member: true },
    errors: { types: [...memberErrors], directResult: true },
    args: {
      input: t.arg({
        type: builder.inputType('ChangePasswordInput', {
          fields: (f) => ({
            currentPassword: f.string({ required: true }),
            newPassword: f.string({ required: true }),
            newPasswordConfirm: f.string({ required: true }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_root, { input }, context) => {
      await context.accounts.changePassword(validateInput(changePasswordSchema, input, 'input'));
      return { success: true };
    },
  }),
);

builder.mutationField('requestPasswordReset', (t) =>
  t.field({
    type: SuccessPayload('RequestPasswordResetPayload'),
    description: '비밀번호 재설정 메일 보내기 (가입 여부와 관계없이 같은 답)',
    errors: { types: [ValidationError], directResult: true },
    args: {
      input: t.arg({ type: builder.inputType('RequestPasswordResetInput', { fields: (f) => ({ email: f.string({ required: true }) }) }), required: true }),
    },
    resolve: async (_root, { input }, context) => {
      await context.accounts.requestPasswordReset(validateInput(passwordResetRequestSchema, input, 'input').email);
      return { success: true };
    },
  }),
);

builder.mutationField('confirmPasswordReset', (t) =>
  t.field({
    type: SuccessPayload('ConfirmPasswordResetPayload'),
    description: '메일로 받은 토큰으로 새 비밀번호 정하기',
    errors: { types: [ValidationError, BadRequestError], directResult: true },
    args: {
      input: t.arg({
        type: builder.inputType('ConfirmPasswordResetInput', {
          fields: (f) => ({ token: f.string({ required: true }), newPassword: f.string({ required: true }), newPasswordConfirm: f.string({ required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_root, { input }, context) => {
      await context.accounts.confirmPasswordReset(validateInput(passwordResetConfirmSchema, input, 'input'));
      return { success: true };
    },
  }),
);

builder.mutationField('deleteAccount', (t) =>
  t.field({
    type: SuccessPayload('DeleteAccountPayload'),
    description: '회원 탈퇴: 비밀번호를 확인한 뒤 계정과 글, 댓글을 지웁니다.',
    authScopes: { member: true },
    errors: { types: [...memberErrors], directResult: true },
    args: {
      input: t.arg({ type: builder.inputType('DeleteAccountInput', { fields: (f) => ({ password: f.string({ required: true }) }) }), required: true }),
    },
    resolve: async (_root, { input }, context) => {
      await context.accounts.deleteAccount(validateInput(deleteAccountSchema, input, 'input').password);
      return { success: true };
    },
  }),
);

const UserPayload = (name: string) =>
  builder.objectRef<{ user: UserProfileJson }>(name).implement({ fields: (p) => ({ user: p.field({ type: User, resolve: (payload) => payload.user }) }) });
const UserIdInput = (name: string) => builder.inputType(name, { fields: (f) => ({ userId: f.id({ required: true }) }) });

const relationMutations: [string, string, (context: GatewayContext, id: number) => Promise<unknown>][] = [
  ['followUser', '회원 팔로우: 그 회원의 isFollowing과 팔로워 수가 바뀝니다.', (context, id) => context.accounts.follow(id)],
  ['unfollowUser', '팔로우 취소', (context, id) => context.accounts.unfollow(id)],
  ['unblockUser', '차단 해제: 그 회원의 글과 댓글이 다시 보입니다.', (context, id) => context.accounts.unblock(id)],
];
for (const [field, description, act] of relationMutations) {
  const typeName = field[0].toUpperCase() + field.slice(1);
  builder.mutationField(field, (t) =>
    t.field({
      type: UserPayload(`${typeName}Payload`),
      description,
      authScopes: { member: true },
      errors: { types: [...memberErrors], directResult: true },
      args: { input: t.arg({ type: UserIdInput(`${typeName}Input`), required: true }) },
      resolve: async (_root, { input }, context) => {
        const id = upstreamIdOf(String(input.userId), 'User', 'input.userId');
        await act(context, id);
        // The member as the caller now sees them: isFollowing, isBlocked and counts after the change.
        return { user: await context.accounts.profile(id) };
      },
    }),
  );
}

/** Input checked with a domain schema before any upstream call; issues point into `input`. */
function withoutNulls<T extends Record<string, unknown>>(input: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)) as { [K in keyof T]?: Exclude<T[K], null> };
}
