import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { hashPassword } from '../../upstream/src/accounts/passwords.js';
import { accountTokens, users } from '../../upstream/src/db/schema.js';
import { lastMail, linkIn, readMails, startSmtpSink } from '../helpers/mail.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { DEMO_PASSWORD, send } from './account-support.js';

const v = accountTexts.validation;
const rule = v.passwordRule(8, 20);
const messages = (answer: { body: any }) => (answer.body.details ?? []).map((detail: { message: string }) => detail.message);

describe.each(backends())('account mails, reset and verification (%s)', (backend) => {
  let upstream: RunningUpstream;
  let url: (path: string) => string;
  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    url = (path) => upstream.url + path;
  }, 60_000);
  afterAll(async () => upstream?.stop());

  const login = (email: string, password: string) => send('POST', url('/v1/user/login/'), { email, password });
  const register = (email: string, password: string, nickname: string, passwordConfirm = password) =>
    send('POST', url('/auth/register'), { email, password, passwordConfirm, nickname, agreeTerms: true, agreePrivacy: true });
  const confirmReset = (token: string, newPassword: string, newPasswordConfirm = newPassword) =>
    send('POST', url('/auth/reset-password/confirm'), { token, newPassword, newPasswordConfirm });

  it('writes each mail as an .eml file with a link into the web app, in Korean, as text and HTML', async () => {
    expect((await send('POST', url('/auth/reset-password'), { email: 'mallang@slime.community' })).status).toBe(200);
    const mail = await lastMail(upstream.mailDir, 'mallang@slime.community', '/reset-password');
    expect(mail.file).toMatch(/\.eml$/);
    // The default address is where `npm start` serves the web app.
    expect(mail.link).toMatch(/^http:\/\/localhost:4000\/reset-password\?token=[0-9a-f]{64}$/);
    expect(mail.text).toContain('Content-Type: text/plain; charset=utf-8');
    expect(mail.text).toContain('Content-Type: text/html; charset=utf-8');
    expect(mail.text).toContain(accountTexts.mail.resetBody);
    expect(mail.text).toContain(`<a href="${mail.link}">${accountTexts.mail.resetAction}</a>`);
    expect(mail.text).toContain(accountTexts.mail.expires(60));
    // The link works: the token in it sets a new password.
    expect((await confirmReset(mail.token, 'mailed123')).status).toBe(200);
  });

  it('a reset ends logged in: the answer is a session like a login, older sessions end, the link works once', async () => {
    await register('reset-flow@example.com', 'before123', '재설정회원');
    const older = (await login('reset-flow@example.com', 'before123')).body.token;
    await send('POST', url('/auth/reset-password'), { email: 'Reset-Flow@example.com' });
    const { token } = await lastMail(upstream.mailDir, 'reset-flow@example.com', '/reset-password');

    expect(messages(await confirmReset(token, 'abcdef'))).toEqual([rule]);
    expect(messages(await confirmReset(token, 'abcdefgh'))).toEqual([rule]);
    expect(messages(await confirmReset(token, '12345678'))).toEqual([rule]);
    expect(messages(await confirmReset(token, 'after1234', 'after12345'))).toEqual([v.passwordMismatch]);

    const done = await confirmReset(token, 'after1234');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: accountTexts.pages.resetDone, user: { email: 'reset-flow@example.com' }, is_new_user: false });
    expect(done.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(done.body.refreshToken).toMatch(/^[0-9a-f]{64}$/);
    expect((await send('GET', url('/users/me'), undefined, done.body.token)).body.email).toBe('reset-flow@example.com');
    expect((await send('GET', url('/users/me'), undefined, older)).status).toBe(401);

    const again = await confirmReset(token, 'again1234');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(accountTexts.errors.resetTokenInvalid);
    expect((await login('reset-flow@example.com', 'before123')).status).toBe(400);
    expect((await login('reset-flow@example.com', 'after1234')).status).toBe(200);
  });

  it('refuses an expired link, and a verification link for a reset', async () => {
    await send('POST', url('/auth/reset-password'), { email: 'jellybear@slime.community' });
    const expired = await lastMail(upstream.mailDir, 'jellybear@slime.community', '/reset-password');
    await upstream.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, 'password_reset'));
    const answer = await confirmReset(expired.token, 'late12345');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(accountTexts.errors.resetTokenInvalid);
    expect((await login('jellybear@slime.community', DEMO_PASSWORD)).status).toBe(200);

    const member = await upstream.issueToken(6);
    await send('POST', url('/auth/verify-email/request'), {}, member);
    const verification = (await readMails(upstream.mailDir)).at(-1)!;
    expect(new URL(verification.link).pathname).toBe('/verify-email');
    expect((await confirmReset(verification.token, 'other1234')).status).toBe(400);
  });

  it('registering sends the verification mail; its link verifies the e-mail once', async () => {
    const created = await register('verify-flow@example.com', 'verify123', '인증회원');
    expect(created.status).toBe(201);
    expect(created.body.user.verifiedAt).toBeNull();
    const mail = await lastMail(upstream.mailDir, 'verify-flow@example.com', '/verify-email');
    expect(mail.link).toMatch(/^http:\/\/localhost:4000\/verify-email\?token=[0-9a-f]{64}$/);
    expect(mail.text).toContain(accountTexts.mail.verifyBody);

    // Opened without a session (another device): the token alone is enough.
    const confirmed = await send('POST', url('/auth/verify-email/confirm'), { token: mail.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.verifiedAt).toEqual(expect.any(String));
    expect((await send('GET', url('/users/me'), undefined, created.body.token)).body.verifiedAt).toBe(confirmed.body.verifiedAt);
    const used = await send('POST', url('/auth/verify-email/confirm'), { token: mail.token });
    expect(used.status).toBe(400);
    expect(used.body.message).toBe(accountTexts.errors.resetTokenInvalid);
  });

  it('asking for the verification mail again needs a session and sends a fresh link', async () => {
    expect((await send('POST', url('/auth/verify-email/request'), {})).status).toBe(401);
    const member = await upstream.issueToken(7);
    const answer = await send('POST', url('/auth/verify-email/request'), {}, member);
    expect(answer.body).toEqual({ success: true, message: accountTexts.pages.verifyMailSent });
    const email = (await send('GET', url('/users/me'), undefined, member)).body.email;
    const mail = await lastMail(upstream.mailDir, email, '/verify-email');
    expect((await send('POST', url('/auth/verify-email/confirm'), { token: mail.token })).status).toBe(200);
  });

  it('every password a member sets keeps one rule (8-20, a letter and a digit)', async () => {
    for (const weak of ['abcdef', 'abcdefgh', '12345678', 'abc1234', 'abcd1234'.repeat(3)]) {
      const answer = await register(`weak-${weak.length}-${weak[0]}@example.com`, weak, '약한비번');
      expect(answer.status, weak).toBe(422);
      expect(messages(answer), weak).toEqual([rule]);
    }
    const created = await register('rule@example.com', 'strong123', '규칙회원');
    expect(created.status).toBe(201);
    const change = (newPassword: string) =>
      send('PUT', url('/users/me/password'), { currentPassword: 'strong123', newPassword, newPasswordConfirm: newPassword }, created.body.token);
    const refused = await change('abcdef');
    expect(refused.status).toBe(422);
    expect(messages(refused)).toEqual([rule]);
    expect((await change('stronger123')).status).toBe(200);
  });

  it('logging in still accepts a stored 6-character password, and changing it from there', async () => {
    const [member] = await upstream.db.select({ email: users.email }).from(users).where(eq(users.id, 8));
    await upstream.db
      .update(users)
      .set({ passwordHash: await hashPassword('abc123') })
      .where(eq(users.id, 8));
    const session = await login(member.email, 'abc123');
    expect(session.status).toBe(200);
    const changed = await send(
      'PUT',
      url('/users/me/password'),
      { currentPassword: 'abc123', newPassword: 'longer123', newPasswordConfirm: 'longer123' },
      session.body.token,
    );
    expect(changed.status).toBe(200);
    expect((await login(member.email, 'longer123')).status).toBe(200);
  });
});

describe('account mails over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let upstream: RunningUpstream;
  beforeAll(async () => {
    sink = await startSmtpSink();
    upstream = await startUpstream({ mail: { smtpUrl: sink.url, appUrl: 'https://slime.example/' } });
  }, 60_000);
  afterAll(async () => {
    await upstream?.stop();
    await sink?.close();
  });

  it('with SMTP_URL the mail goes to the server (no file), its link on APP_URL', async () => {
    expect(upstream.mailDir).toBe('');
    expect((await send('POST', upstream.url + '/auth/reset-password', { email: 'mallang@slime.community' })).status).toBe(200);
    expect(sink.delivered).toHaveLength(1);
    expect(sink.delivered[0]).toMatchObject({ from: 'no-reply@slime.community', to: ['mallang@slime.community'] });
    const link = linkIn(sink.delivered[0]);
    expect(link).toMatch(/^https:\/\/slime\.example\/reset-password\?token=[0-9a-f]{64}$/);
    const token = new URL(link).searchParams.get('token');
    expect(
      (await send('POST', upstream.url + '/auth/reset-password/confirm', { token, newPassword: 'smtp12345', newPasswordConfirm: 'smtp12345' })).status,
    ).toBe(200);
  });
});
