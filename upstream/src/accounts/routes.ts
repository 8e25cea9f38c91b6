import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshSchema,
  registerSchema,
  socialLoginSchema,
  tokenSchema,
  type LoginResultJson,
  type ResetLinkCheckJson,
} from '../../../domain/account.js';
import { SOCIAL_PROVIDERS } from '../../../domain/limits.js';
import { accountTexts } from '../../../domain/messages.js';
import {
  createMember,
  createSocialMember,
  emailTaken,
  findUserByIdentifier,
  linkIdentity,
  linkedMember,
  phoneTaken,
  resetPassword,
  upsertProfile,
} from './repository.js';
import type { Mailer } from './mailer.js';
import type { LoginThrottle } from '../../../domain/loginThrottle.js';
import { assertNicknameAvailable, withNickname } from './nicknames.js';
import { hashPassword } from './passwords.js';
import { checkPassword } from './login-throttle.js';
import {
  consumeAccountToken,
  createAccountToken,
  usableAccountTokenExpiry,
  issueSession,
  refreshSession,
  revokeAllSessions,
  revokeSession,
  type IssuedSession,
} from './sessions.js';
import { SocialTokenError, socialProviderEnabled, socialProviderStates, verifySocialToken, type SocialIdentity } from './social.js';
import { tokenFromHeader } from './tokens.js';
import { presentProfile } from './present.js';
import type { Database } from '../db/client.js';
import { member, viewerId } from '../http/auth.js';
import { ConflictError, RejectedError, UnauthenticatedError } from '../errors.js';
import { requestMedia } from '../http/request.js';
import { validate } from '../http/validate.js';
import { operation } from '../http/openapi.js';
import { successJson } from '../../../domain/api/common.js';
import {
  emailVerifiedJson,
  loginResultJson,
  passwordResetJson,
  resetLinkCheckJson,
  socialProvidersJson,
  successMessageJson,
} from '../../../domain/api/accounts.js';

const texts = accountTexts.errors;

/** Login, register, sessions, password reset, e-mail verification and social login (001 §7 "Account", "Social login"). */
export const accountRoutes: FastifyPluginAsync<{ db: Database; mailer: Mailer; loginThrottle: LoginThrottle }> = async (app, { db, mailer, loginThrottle }) => {
  async function loginResult(request: FastifyRequest, userId: number, session: IssuedSession, isNewUser: boolean): Promise<LoginResultJson> {
    const user = await presentProfile(db, userId, userId, requestMedia(request));
    if (!user) throw new UnauthenticatedError();
    return { token: session.token, refreshToken: session.refreshToken, expiresAt: session.expiresAt.toISOString(), user, is_new_user: isNewUser };
  }

  app.post(
    '/v1/user/login/',
    operation({ id: 'login', summary: 'Log in with a password', area: 'accounts', body: loginSchema, answer: loginResultJson }),
    async (request) => {
      const input = validate(loginSchema, request.body);
      const user = await findUserByIdentifier(db, input.email);
      // Unknown member and wrong password answer alike (and take as long), so identifiers cannot be probed.
      const matches = await checkPassword(loginThrottle, request, input.email, input.password, user?.passwordHash ?? null);
      if (!user || !matches) throw new RejectedError(texts.loginFailed);
      const session = await issueSession(db, user.id, input.rememberMe);
      await upsertProfile(db, user.id, { lastActiveAt: new Date() });
      return loginResult(request, user.id, session, false);
    },
  );

  app.post(
    '/auth/register',
    operation({ id: 'register', summary: 'Register a member', area: 'accounts', body: registerSchema, status: 201, answer: loginResultJson }),
    async (request, reply) => {
      const input = validate(registerSchema, request.body);
      if (await emailTaken(db, input.email)) throw new ConflictError(texts.emailTaken);
      if (input.phone && (await phoneTaken(db, input.phone))) throw new ConflictError(texts.phoneTaken);
      await assertNicknameAvailable(db, input.nickname, { isStaff: false });
      const passwordHash = await hashPassword(input.password);
      const userId = await withNickname(() => createMember(db, input, passwordHash));
      const session = await issueSession(db, userId, false);
      // The new member gets the verification mail; a mail server that is down does not undo the registration
      // (the member can ask for the mail again from the settings).
      try {
        await mailer.send({ to: input.email.toLowerCase(), purpose: 'email_verification', token: await createAccountToken(db, userId, 'email_verification') });
      } catch (error) {
        request.log.error({ err: error }, 'verification mail not sent');
      }
      reply.code(201);
      return loginResult(request, userId, session, true);
    },
  );

  app.post('/auth/logout', operation({ id: 'logout', summary: 'Log out', area: 'accounts', member: true, answer: successJson }), async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token || viewerId(request) === null) throw new UnauthenticatedError();
    await revokeSession(db, token);
    return { success: true };
  });

  app.post(
    '/auth/refresh',
    operation({ id: 'refreshSession', summary: 'Refresh a session', area: 'accounts', body: refreshSchema, answer: loginResultJson }),
    async (request) => {
      const input = validate(refreshSchema, request.body);
      const renewed = await refreshSession(db, input.refreshToken);
      if (!renewed) throw new UnauthenticatedError(texts.refreshTokenInvalid);
      return loginResult(request, renewed.userId, renewed, false);
    },
  );

  app.post(
    '/auth/reset-password',
    operation({
      id: 'requestPasswordReset',
      summary: 'Send a password reset mail',
      area: 'accounts',
      body: passwordResetRequestSchema,
      answer: successMessageJson,
    }),
    async (request) => {
      const input = validate(passwordResetRequestSchema, request.body);
      const user = await findUserByIdentifier(db, input.email);
      // The answer is the same whether or not the address belongs to a member.
      if (user) {
        await mailer.send({ to: user.email, purpose: 'password_reset', token: await createAccountToken(db, user.id, 'password_reset') });
      }
      return { success: true, message: accountTexts.pages.resetLinkSent };
    },
  );

  /** Whether a mailed reset link still works (unused, not expired), so the screen can say so before asking for a password. */
  app.post(
    '/auth/reset-password/check',
    operation({ id: 'checkResetLink', summary: 'Check a password reset link', area: 'accounts', body: tokenSchema, answer: resetLinkCheckJson }),
    async (request): Promise<ResetLinkCheckJson> => {
      const input = validate(tokenSchema, request.body);
      const expiresAt = await usableAccountTokenExpiry(db, input.token, 'password_reset');
      return { valid: expiresAt !== null, expires_at: expiresAt?.toISOString() ?? null };
    },
  );

  app.post(
    '/auth/reset-password/confirm',
    operation({
      id: 'resetPassword',
      summary: 'Set a new password from a reset link',
      area: 'accounts',
      body: passwordResetConfirmSchema,
      answer: passwordResetJson,
    }),
    async (request) => {
      const input = validate(passwordResetConfirmSchema, request.body);
      const userId = await resetPassword(db, input.token, await hashPassword(input.newPassword));
      if (userId === null) throw new RejectedError(texts.resetTokenInvalid);
      await revokeAllSessions(db, userId);
      // The reset ends logged in: every older session is gone, a new one answers as a login does.
      const session = await issueSession(db, userId, false);
      return { success: true, message: accountTexts.pages.resetDone, ...(await loginResult(request, userId, session, false)) };
    },
  );

  app.post(
    '/auth/verify-email/request',
    operation({ id: 'requestEmailVerification', summary: 'Send an e-mail verification mail', area: 'accounts', member: true, answer: successMessageJson }),
    async (request) => {
      const viewer = member(request);
      await mailer.send({ to: viewer.email, purpose: 'email_verification', token: await createAccountToken(db, viewer.id, 'email_verification') });
      return { success: true, message: accountTexts.pages.verifyMailSent };
    },
  );

  app.post(
    '/auth/verify-email/confirm',
    operation({ id: 'verifyEmail', summary: 'Confirm an e-mail address', area: 'accounts', body: tokenSchema, answer: emailVerifiedJson }),
    async (request) => {
      const input = validate(tokenSchema, request.body);
      const userId = await consumeAccountToken(db, input.token, 'email_verification');
      if (userId === null) throw new RejectedError(texts.resetTokenInvalid);
      const verifiedAt = new Date();
      await upsertProfile(db, userId, { verifiedAt });
      return { success: true, verifiedAt: verifiedAt.toISOString() };
    },
  );

  /** Which providers' logins are on, and the public id each browser SDK is started with (off: null). */
  app.get(
    '/v1/user/social/providers/',
    operation({ id: 'listSocialProviders', summary: 'List the social log-in providers', area: 'accounts', answer: socialProvidersJson }),
    async () => ({
      providers: socialProviderStates().map((state) => ({ provider: state.provider, enabled: state.enabled, client_id: state.clientId })),
    }),
  );

  /**
   * The member a verified provider identity logs in as. A linked identity: its member. Otherwise the identity is
   * linked to the member the request is logged in as, or, when its e-mail belongs to a member, to that member only
   * with their password (an e-mail match alone would hand any account to whoever controls a provider account with
   * that address); a new e-mail creates a member.
   */
  async function memberForIdentity(
    request: FastifyRequest,
    identity: SocialIdentity,
    password: string | undefined,
  ): Promise<{ userId: number; isNew: boolean }> {
    const known = await linkedMember(db, identity);
    if (known !== null) return { userId: known, isNew: false };
    const signedIn = viewerId(request);
    if (signedIn !== null) return { userId: await linkIdentity(db, identity, signedIn), isNew: false };
    const sameEmail = identity.email ? await findUserByIdentifier(db, identity.email) : null;
    if (sameEmail && identity.emailVerified) {
      if (password === undefined) throw new ConflictError(accountTexts.social.linkNeedsPassword);
      if (!(await checkPassword(loginThrottle, request, sameEmail.email, password, sameEmail.passwordHash))) throw new RejectedError(texts.loginFailed);
      return { userId: await linkIdentity(db, identity, sameEmail.id), isNew: false };
    }
    try {
      return { userId: await createSocialMember(db, identity), isNew: true };
    } catch (error) {
      // Two first logins of one identity at once: the other request created the member.
      const linked = await linkedMember(db, identity);
      if (linked === null) throw error;
      return { userId: linked, isNew: false };
    }
  }

  for (const provider of SOCIAL_PROVIDERS) {
    app.post(
      `/v1/user/${provider}/login/`,
      operation({
        id: `${provider}Login`,
        summary: `Log in with ${provider[0]!.toUpperCase()}${provider.slice(1)}`,
        area: 'accounts',
        body: socialLoginSchema,
        answer: loginResultJson,
      }),
      async (request) => {
        const input = validate(socialLoginSchema, request.body);
        if (!socialProviderEnabled(provider)) throw new RejectedError(accountTexts.social.providerOff[provider]);
        let identity: SocialIdentity;
        try {
          identity = await verifySocialToken(provider, input.access_token);
        } catch (error) {
          if (error instanceof SocialTokenError) {
            request.log.warn({ provider, reason: error.message }, 'social token rejected');
            throw new UnauthenticatedError(texts.socialTokenInvalid);
          }
          throw error;
        }
        const { userId, isNew } = await memberForIdentity(request, identity, input.password);
        const session = await issueSession(db, userId, true);
        await upsertProfile(db, userId, { lastActiveAt: new Date() });
        return loginResult(request, userId, session, isNew);
      },
    );
  }
};
