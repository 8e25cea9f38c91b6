import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  loginSchema,
  normalizePhone,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshSchema,
  registerSchema,
  socialLoginSchema,
  tokenSchema,
  type LoginResultJson,
} from '../../../domain/account.js';
import { NICKNAME_MAX, SOCIAL_PROVIDERS, type SocialProvider } from '../../../domain/limits.js';
import { accountTexts } from '../../../domain/messages.js';
import { emailTaken, findUserByIdentifier, loadProfile, phoneTaken, upsertProfile } from './repository.js';
import { sendAccountMail } from './mailer.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { consumeAccountToken, createAccountToken, issueSession, refreshSession, revokeAllSessions, revokeSession, type IssuedSession } from './sessions.js';
import { SocialTokenError, verifySocialToken, type SocialIdentity } from './social.js';
import { tokenFromHeader } from './tokens.js';
import type { Database } from '../db/client.js';
import { socialIdentities, users } from '../db/schema.js';
import { viewerId } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { requestMedia } from '../http/request.js';
import { validate } from '../http/validate.js';

const texts = accountTexts.errors;

/** Login, register, sessions, password reset, e-mail verification and social login (001 §7 "Account", "Social login"). */
export const accountRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  async function loginResult(request: FastifyRequest, userId: number, session: IssuedSession, isNewUser: boolean): Promise<LoginResultJson> {
    const user = await loadProfile(db, userId, userId, requestMedia(request));
    if (!user) throw new HttpError(401);
    return { token: session.token, refreshToken: session.refreshToken, expiresAt: session.expiresAt.toISOString(), user, is_new_user: isNewUser };
  }

  app.post('/v1/user/login/', async (request) => {
    const input = validate(loginSchema, request.body);
    const user = await findUserByIdentifier(db, input.email);
    // Unknown member and wrong password answer alike (and take as long), so identifiers cannot be probed.
    const matches = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !matches) throw new HttpError(400, texts.loginFailed);
    const session = await issueSession(db, user.id, input.rememberMe);
    await upsertProfile(db, user.id, { lastActiveAt: new Date() });
    return loginResult(request, user.id, session, false);
  });

  app.post('/auth/register', async (request, reply) => {
    const input = validate(registerSchema, request.body);
    if (await emailTaken(db, input.email)) throw new HttpError(409, texts.emailTaken);
    if (input.phone && (await phoneTaken(db, input.phone))) throw new HttpError(409, texts.phoneTaken);
    const passwordHash = await hashPassword(input.password);
    const userId = await db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({ email: input.email.toLowerCase(), nickname: input.nickname, passwordHash }).returning({ id: users.id });
      await upsertProfile(tx as unknown as Database, created.id, {
        phone: input.phone ? normalizePhone(input.phone) : null,
        birthDate: input.birthDate ?? null,
        gender: input.gender ?? null,
        agreeMarketing: input.agreeMarketing,
      });
      return created.id;
    });
    const session = await issueSession(db, userId, false);
    reply.code(201);
    return loginResult(request, userId, session, true);
  });

  app.post('/auth/logout', async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token || viewerId(request) === null) throw new HttpError(401);
    await revokeSession(db, token);
    return { success: true };
  });

  app.post('/auth/refresh', async (request) => {
    const input = validate(refreshSchema, request.body);
    const renewed = await refreshSession(db, input.refreshToken);
    if (!renewed) throw new HttpError(401, texts.refreshTokenInvalid);
    return loginResult(request, renewed.userId, renewed, false);
  });

  app.post('/auth/reset-password', async (request) => {
    const input = validate(passwordResetRequestSchema, request.body);
    const user = await findUserByIdentifier(db, input.email);
    // The answer is the same whether or not the address belongs to a member.
    if (user) {
      const token = await createAccountToken(db, user.id, 'password_reset');
      await sendAccountMail({ to: user.email, subject: accountTexts.mail.resetSubject, token, purpose: 'password_reset' });
    }
    return { success: true, message: accountTexts.pages.resetLinkSent };
  });

  app.post('/auth/reset-password/confirm', async (request) => {
    const input = validate(passwordResetConfirmSchema, request.body);
    const passwordHash = await hashPassword(input.newPassword);
    const userId = await db.transaction(async (tx) => {
      const owner = await consumeAccountToken(tx as unknown as Database, input.token, 'password_reset');
      if (owner === null) return null;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, owner));
      return owner;
    });
    if (userId === null) throw new HttpError(400, texts.resetTokenInvalid);
    await revokeAllSessions(db, userId);
    return { success: true, message: accountTexts.pages.resetDone };
  });

  app.post('/auth/verify-email/request', async (request) => {
    const id = viewerId(request);
    if (id === null) throw new HttpError(401);
    const token = await createAccountToken(db, id, 'email_verification');
    await sendAccountMail({ to: request.viewer!.email, subject: accountTexts.mail.verifySubject, token, purpose: 'email_verification' });
    return { success: true };
  });

  app.post('/auth/verify-email/confirm', async (request) => {
    const input = validate(tokenSchema, request.body);
    const userId = await consumeAccountToken(db, input.token, 'email_verification');
    if (userId === null) throw new HttpError(400, texts.resetTokenInvalid);
    await upsertProfile(db, userId, { verifiedAt: new Date() });
    return { success: true };
  });

  for (const provider of SOCIAL_PROVIDERS) {
    app.post(`/v1/user/${provider}/login/`, async (request) => {
      const input = validate(socialLoginSchema, request.body);
      let identity: SocialIdentity;
      try {
        identity = await verifySocialToken(provider, input.access_token);
      } catch (error) {
        if (error instanceof SocialTokenError) {
          request.log.warn({ provider, reason: error.message }, 'social token rejected');
          throw new HttpError(401, texts.socialTokenInvalid);
        }
        throw error;
      }
      const { userId, isNew } = await memberForIdentity(db, identity);
      const session = await issueSession(db, userId, true);
      await upsertProfile(db, userId, { lastActiveAt: new Date() });
      return loginResult(request, userId, session, isNew);
    });
  }
};

/**
 * A known identity logs its member in. A new one joins the member with the same verified e-mail, or
 * creates a member (without a password) named after the provider's profile.
 */
async function memberForIdentity(db: Database, identity: SocialIdentity): Promise<{ userId: number; isNew: boolean }> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ userId: socialIdentities.userId })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)))
      .limit(1);
    if (known) return { userId: known.userId, isNew: false };
    const sameEmail = identity.email && identity.emailVerified ? await findUserByIdentifier(tx as unknown as Database, identity.email) : null;
    let userId = sameEmail?.id;
    const isNew = !userId;
    if (!userId) {
      const [created] = await tx
        .insert(users)
        .values({
          email:
            identity.email && !sameEmail && !(await emailTaken(tx as unknown as Database, identity.email))
              ? identity.email.toLowerCase()
              : placeholderEmail(identity.provider, identity.subject),
          nickname: nicknameFor(identity),
          profileImage: identity.profileImage,
        })
        .returning({ id: users.id });
      userId = created.id;
    }
    await tx.insert(socialIdentities).values({ provider: identity.provider, subject: identity.subject, userId, email: identity.email });
    return { userId, isNew };
  });
}

function placeholderEmail(provider: SocialProvider, subject: string): string {
  return `${provider}_${subject.replace(/[^A-Za-z0-9._-]/g, '')}@social.slime.community`;
}

function nicknameFor(identity: SocialIdentity): string {
  const name = identity.nickname?.trim();
  if (name && name.length >= 2) return name.slice(0, NICKNAME_MAX);
  return `슬라임${identity.subject.replace(/\D/g, '').slice(-4).padStart(4, '0')}`;
}
