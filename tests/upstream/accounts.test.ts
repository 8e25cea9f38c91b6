import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { readMails } from '../helpers/mail.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { DEMO_EMAIL, DEMO_PASSWORD, send } from './account-support.js';

const v = accountTexts.validation;

describe.each(backends())('accounts (%s)', (backend) => {
  let upstream: RunningUpstream;
  let url: (path: string) => string;
  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    url = (path) => upstream.url + path;
  }, 60_000);
  afterAll(async () => {
    await upstream?.stop();
  });
  /** The mails written since `since` mails were there. */
  const mailsAfter = async (since: number) => (await readMails(upstream.mailDir)).slice(since);
  const mailCount = async () => (await readMails(upstream.mailDir)).length;

  const login = (body: Record<string, unknown>) => send('POST', url('/v1/user/login/'), body);
  /** Registers a member with the terms accepted. */
  const register = (email: string, password: string, nickname: string) =>
    send('POST', url('/auth/register'), { email, password, passwordConfirm: password, nickname, agreeTerms: true, agreePrivacy: true });
  const messages = (answer: { body: any }) => (answer.body.details ?? []).map((detail: { message: string }) => detail.message);

  describe('login (001 §5)', () => {
    it('logs a demo member in by e-mail and by mobile number, with or without hyphens', async () => {
      for (const identifier of [DEMO_EMAIL, 'MALLANG@slime.community', '010-1234-5678', '01012345678']) {
        const answer = await login({ email: identifier, password: DEMO_PASSWORD, rememberMe: false, device_id: 'web' });
        expect(answer.status, identifier).toBe(200);
        expect(answer.body.user).toMatchObject({ id: 2, nickname: '말랑콩떡', email: DEMO_EMAIL });
        expect(answer.body.token).toMatch(/^[0-9a-f]{64}$/);
        expect(answer.body.refreshToken).toMatch(/^[0-9a-f]{64}$/);
        expect(answer.body.is_new_user).toBe(false);
      }
    });

    it('remembers the session for 30 days with rememberMe, a day without', async () => {
      const short = await login({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
      const long = await login({ email: DEMO_EMAIL, password: DEMO_PASSWORD, rememberMe: true });
      const days = (iso: string) => (Date.parse(iso) - Date.parse(short.body.expiresAt)) / 86_400_000;
      expect(Math.round(days(long.body.expiresAt))).toBe(29);
    });

    it('answers a wrong password and an unknown member with the same error', async () => {
      const wrong = await login({ email: DEMO_EMAIL, password: 'wrong-password1' });
      const unknown = await login({ email: 'nobody@slime.community', password: 'wrong-password1' });
      const unknownPhone = await login({ email: '010-9999-0000', password: 'wrong-password1' });
      for (const answer of [wrong, unknown, unknownPhone]) {
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe(accountTexts.errors.loginFailed);
      }
      expect({ ...wrong.body, timestamp: 0 }).toEqual({ ...unknown.body, timestamp: 0 });
    });

    it('tells a blank identifier from a malformed one, and checks the password minimum', async () => {
      expect(messages(await login({ email: '  ', password: DEMO_PASSWORD }))).toEqual([v.identifierRequired]);
      for (const bad of ['mallang', '02-123-4567', '010-12-5678', '011-1234-56789', 'a@b']) {
        const answer = await login({ email: bad, password: DEMO_PASSWORD });
        expect(answer.status, bad).toBe(422);
        expect(messages(answer)).toEqual([v.identifierInvalid]);
      }
      expect(messages(await login({ email: DEMO_EMAIL, password: '12345' }))).toEqual([v.passwordMin(6)]);
    });
  });

  describe('register', () => {
    const valid = {
      email: 'newbie@slime.community',
      password: 'secret12',
      passwordConfirm: 'secret12',
      nickname: '새내기',
      agreeTerms: true,
      agreePrivacy: true,
    };

    it('enforces every rule with its message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ email: 'not-mail' }, v.email],
        [{ password: '12345', passwordConfirm: '12345' }, v.passwordRule(8, 20)],
        [{ password: 'x1'.repeat(11), passwordConfirm: 'x1'.repeat(11) }, v.passwordRule(8, 20)],
        [{ passwordConfirm: 'secret13' }, v.passwordMismatch],
        [{ nickname: '가' }, v.nickname(2, 20)],
        [{ nickname: '가'.repeat(21) }, v.nickname(2, 20)],
        [{ agreeTerms: false }, v.agreeTerms],
        [{ agreePrivacy: false }, v.agreePrivacy],
        [{ phone: '02-1234-5678' }, v.phone],
        [{ gender: 'unknown' }, v.gender],
        [{ birthDate: '2001-13-45' }, v.birthDate],
        [{ birthDate: '2999-01-01' }, v.birthDateFuture],
      ];
      for (const [change, message] of cases) {
        const answer = await send('POST', url('/auth/register'), { ...valid, ...change });
        expect(answer.status, JSON.stringify(change)).toBe(422);
        expect(messages(answer), JSON.stringify(change)).toContain(message);
      }
    });

    it('creates a member who can log in; a taken e-mail or phone is 409 and nothing is half-written', async () => {
      const created = await send('POST', url('/auth/register'), { ...valid, phone: '010-5555-6666', gender: 'female', birthDate: '2000-02-29' });
      expect(created.status).toBe(201);
      expect(created.body.is_new_user).toBe(true);
      expect(created.body.user).toMatchObject({ nickname: '새내기', email: valid.email, phone: '01055556666', gender: 'female', birthDate: '2000-02-29' });
      expect((await login({ email: '010-5555-6666', password: 'secret12' })).status).toBe(200);

      const again = await send('POST', url('/auth/register'), { ...valid, email: 'NEWBIE@slime.community' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(accountTexts.errors.emailTaken);
      const phoneAgain = await send('POST', url('/auth/register'), { ...valid, email: 'other@slime.community', phone: '01055556666' });
      expect(phoneAgain.status).toBe(409);
      expect((await login({ email: 'other@slime.community', password: 'secret12' })).status).toBe(400);
    });
  });

  describe('sessions', () => {
    it('logout revokes the token: 401 on every authenticated call', async () => {
      const { body } = await login({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
      expect((await send('GET', url('/users/me'), undefined, body.token)).status).toBe(200);
      expect((await send('POST', url('/auth/logout'), undefined, body.token)).status).toBe(200);
      for (const [method, path] of [
        ['GET', '/users/me'],
        ['GET', '/v1/community/'],
        ['GET', '/v1/user/3/'],
        ['PUT', '/users/me'],
        ['POST', '/auth/logout'],
      ]) {
        expect((await send(method, url(path), method === 'PUT' ? {} : undefined, body.token)).status, path).toBe(401);
      }
      // The refresh token issued with it is gone too.
      expect((await send('POST', url('/auth/refresh'), { refreshToken: body.refreshToken })).status).toBe(401);
    });

    it('refresh rotates: a new working pair, the old pair revoked', async () => {
      const { body } = await login({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
      const renewed = await send('POST', url('/auth/refresh'), { refreshToken: body.refreshToken });
      expect(renewed.status).toBe(200);
      expect(renewed.body.user.id).toBe(2);
      expect((await send('GET', url('/users/me'), undefined, renewed.body.token)).status).toBe(200);
      expect((await send('GET', url('/users/me'), undefined, body.token)).status).toBe(401);
      expect((await send('POST', url('/auth/refresh'), { refreshToken: body.refreshToken })).status).toBe(401);
      expect((await send('POST', url('/auth/refresh'), {})).status).toBe(422);
    });
  });

  describe('profile', () => {
    it('updates the profile fields; private fields only for the owner', async () => {
      const token = await upstream.issueToken(4);
      const updated = await send(
        'PUT',
        url('/users/me'),
        {
          nickname: '푸딩대왕',
          bio: '안녕하세요',
          birthDate: '1999-05-05',
          gender: 'male',
          location: '대전',
          website: 'https://slime.example.com',
          preferences: { privacy: 'friends' },
        },
        token,
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        nickname: '푸딩대왕',
        bio: '안녕하세요',
        birthDate: '1999-05-05',
        gender: 'male',
        location: '대전',
        website: 'https://slime.example.com',
      });
      expect(updated.body.preferences).toEqual({ notifications: true, emailAlerts: true, pushAlerts: true, privacy: 'friends' });
      const seen = await send('GET', url('/v1/user/4/'));
      // 친구 공개: a guest sees the nickname but not the bio (tests/upstream/privacy.test.ts covers the rules).
      expect(seen.body).toMatchObject({ nickname: '푸딩대왕', bio: null, email: null, birthDate: null, restriction: 'friends' });
      const cleared = await send('PUT', url('/users/me'), { website: '' }, token);
      expect(cleared.body.website).toBeNull();
    });

    it('rejects each broken rule', async () => {
      const token = await upstream.issueToken(4);
      const cases: [Record<string, unknown>, string][] = [
        [{ nickname: 'a' }, v.nickname(2, 20)],
        [{ nickname: 'a'.repeat(21) }, v.nickname(2, 20)],
        [{ bio: 'a'.repeat(501) }, v.bioMax(500)],
        [{ website: 'not a url' }, v.website],
        [{ birthDate: '05/05/1999' }, v.birthDate],
        [{ birthDate: '2999-01-01' }, v.birthDateFuture],
        [{ gender: 'x' }, v.gender],
      ];
      for (const [body, message] of cases) {
        const answer = await send('PUT', url('/users/me'), body, token);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(messages(answer)).toContain(message);
      }
      expect((await send('PUT', url('/users/me'), { bio: 'a'.repeat(500) }, token)).status).toBe(200);
    });
  });

  describe('password', () => {
    it('changes the password with the current one; other sessions end', async () => {
      await register('changer@slime.community', 'first123', '변경자');
      const first = (await login({ email: 'changer@slime.community', password: 'first123' })).body.token;
      const second = (await login({ email: 'changer@slime.community', password: 'first123' })).body.token;
      const changePassword = (currentPassword: string, newPassword: string, newPasswordConfirm = newPassword) =>
        send('PUT', url('/users/me/password'), { currentPassword, newPassword, newPasswordConfirm }, first);
      const mismatch = await changePassword('first123', 'second12', 'second13');
      expect(messages(mismatch)).toEqual([v.newPasswordMismatch]);
      const short = await changePassword('first', 'sec');
      expect(messages(short)).toEqual([v.passwordMin(6), v.passwordRule(8, 20)]);
      // The same password again is no change: refused with the rule, before the current one is even checked.
      const unchanged = await changePassword('first123', 'first123');
      expect(unchanged.status).toBe(422);
      expect(messages(unchanged)).toEqual([v.newPasswordUnchanged]);
      const wrong = await changePassword('wrong123', 'second12');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(accountTexts.errors.currentPasswordWrong);
      const changed = await changePassword('first123', 'second12');
      expect(changed.status).toBe(200);
      expect((await send('GET', url('/users/me'), undefined, first)).status).toBe(200);
      expect((await send('GET', url('/users/me'), undefined, second)).status).toBe(401);
      expect((await login({ email: 'changer@slime.community', password: 'first123' })).status).toBe(400);
      expect((await login({ email: 'changer@slime.community', password: 'second12' })).status).toBe(200);
    });

    it('resets through a mailed one-time token', async () => {
      const before = await mailCount();
      const unknown = await send('POST', url('/auth/reset-password'), { email: 'ghost@slime.community' });
      const known = await send('POST', url('/auth/reset-password'), { email: 'jellybear@slime.community' });
      expect(unknown).toEqual(known);
      const mails = await mailsAfter(before);
      expect(mails).toHaveLength(1);
      expect(mails[0].to).toBe('jellybear@slime.community');
      expect(new URL(mails[0].link).pathname).toBe('/reset-password');
      const session = (await login({ email: 'jellybear@slime.community', password: DEMO_PASSWORD })).body.token;
      const token = mails[0].token;
      const mismatch = await send('POST', url('/auth/reset-password/confirm'), { token, newPassword: 'reset123', newPasswordConfirm: 'reset124' });
      expect(messages(mismatch)).toEqual([v.passwordMismatch]);
      const done = await send('POST', url('/auth/reset-password/confirm'), { token, newPassword: 'reset123', newPasswordConfirm: 'reset123' });
      expect(done.status).toBe(200);
      expect((await send('POST', url('/auth/reset-password/confirm'), { token, newPassword: 'reset456', newPasswordConfirm: 'reset456' })).status).toBe(400);
      expect((await send('GET', url('/users/me'), undefined, session)).status).toBe(401);
      expect((await login({ email: 'jellybear@slime.community', password: 'reset123' })).status).toBe(200);
      expect(messages(await send('POST', url('/auth/reset-password'), { email: 'nope' }))).toEqual([v.email]);
    });

    it('verifies the e-mail through a mailed token', async () => {
      const before = await mailCount();
      const token = await upstream.issueToken(5);
      expect((await send('POST', url('/auth/verify-email/request'), {}, token)).status).toBe(200);
      const [mail] = await mailsAfter(before);
      expect((await send('POST', url('/auth/verify-email/confirm'), { token: mail.token })).status).toBe(200);
      expect((await send('GET', url('/users/me'), undefined, token)).body.verifiedAt).not.toBeNull();
    });
  });

  describe('badges, follow, blocks, activities', () => {
    it('lists public, unexpired badges without authentication, the represented one first', async () => {
      const answer = await send('GET', url('/v1/user/1/badge/'));
      expect(answer.status).toBe(200);
      expect(answer.body.map((entry: any) => [entry.badge.title, entry.is_represent])).toEqual([
        ['운영진', true],
        ['슬라임 마스터', false],
      ]);
      expect(answer.body[0].badge).toMatchObject({ hex_code: '#A66CFF', grade: 'SSS' });
      // 레몬톡톡's only badge has expired.
      expect((await send('GET', url('/v1/user/10/badge/'))).body).toEqual([]);
      expect((await send('GET', url('/v1/user/9999/badge/'))).status).toBe(404);
    });

    it('follows and unfollows with counts; lists followers and following', async () => {
      const token = await upstream.issueToken(12);
      const before = (await send('GET', url('/v1/user/3/'))).body.stats.followersCount;
      const followed = await send('POST', url('/users/3/follow'), undefined, token);
      expect(followed.body).toEqual({ isFollowing: true, followersCount: before + 1, followingCount: expect.any(Number) });
      expect((await send('POST', url('/users/3/follow'), undefined, token)).body.followersCount).toBe(before + 1);
      expect((await send('GET', url('/v1/user/3/'), undefined, token)).body.isFollowing).toBe(true);
      const followers = await send('GET', url('/users/3/followers?page_size=100'));
      expect(followers.body.results.map((user: any) => user.id)).toContain(12);
      expect(followers.body.count).toBe(before + 1);
      const following = await send('GET', url('/users/12/following'));
      expect(following.body.results.map((user: any) => user.id)).toContain(3);
      const followSelf = await send('POST', url('/users/12/follow'), undefined, token);
      expect(followSelf.status).toBe(422);
      expect(followSelf.body.details).toEqual([expect.objectContaining({ path: 'id', message: accountTexts.errors.cannotFollowSelf })]);
      expect((await send('DELETE', url('/users/3/follow'), undefined, token)).body).toMatchObject({ isFollowing: false, followersCount: before });
      expect((await send('POST', url('/users/3/follow'))).status).toBe(401);
    });

    it('blocks with a reason, lists the blocked members, unblocks', async () => {
      const token = await upstream.issueToken(7);
      expect((await send('POST', url('/users/8/block'), { reason: '광고성 글' }, token)).status).toBe(201);
      expect((await send('GET', url('/v1/user/8/'), undefined, token)).body.isBlocked).toBe(true);
      const blocked = await send('GET', url('/users/me/blocked'), undefined, token);
      expect(blocked.body.results).toEqual([{ user: expect.objectContaining({ id: 8 }), blockedAt: expect.any(String), reason: '광고성 글' }]);
      expect((await send('DELETE', url('/users/8/block'), undefined, token)).status).toBe(200);
      // Idempotent, as an unfollow is: unblocking again answers the same; an unknown member is 404.
      expect(await send('DELETE', url('/users/8/block'), undefined, token)).toMatchObject({ status: 200, body: { success: true } });
      expect((await send('DELETE', url('/users/9999/block'), undefined, token)).status).toBe(404);
      const blockSelf = await send('POST', url('/users/7/block'), {}, token);
      expect(blockSelf.status).toBe(422);
      expect(blockSelf.body.details).toEqual([expect.objectContaining({ path: 'id', message: accountTexts.errors.cannotBlockSelf })]);
      expect((await send('GET', url('/users/me/blocked'), undefined, token)).body.count).toBe(0);
      expect(messages(await send('POST', url('/users/8/block'), { reason: 'x'.repeat(501) }, token))).toEqual([v.blockReasonMax(500)]);
    });

    it('searches members by nickname and lists activities newest first', async () => {
      const found = await send('GET', url('/users/search?q=' + encodeURIComponent('젤리')));
      expect(found.body.results.map((user: any) => user.nickname)).toEqual(expect.arrayContaining(['핑크젤리']));
      expect((await send('GET', url('/users/search?q=%20'))).status).toBe(422);
      const activities = await send('GET', url('/users/2/activities?page_size=5'));
      expect(activities.status).toBe(200);
      expect(activities.body.results.length).toBe(5);
      const times = activities.body.results.map((entry: any) => entry.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(activities.body.count).toBeGreaterThan(5);
    });
  });

  it('deletes the account with the password', async () => {
    await register('leaver@slime.community', 'leave123', '떠나는이');
    const { body } = await login({ email: 'leaver@slime.community', password: 'leave123' });
    expect((await send('DELETE', url('/users/me'), { password: 'wrong123' }, body.token)).status).toBe(400);
    expect((await send('DELETE', url('/users/me'), { password: 'leave123' }, body.token)).status).toBe(200);
    expect((await send('GET', url(`/v1/user/${body.user.id}/`))).status).toBe(404);
    expect((await send('GET', url('/users/me'), undefined, body.token)).status).toBe(401);
    expect((await login({ email: 'leaver@slime.community', password: 'leave123' })).status).toBe(400);
  });
});
